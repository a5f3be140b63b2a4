import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dayNumber, generateSailings, isoDate } from "./catalogue/generate";
import { SHIPS } from "./catalogue/ships";
import { createApp } from "./app";
import { forgetGeneratedRows } from "./db/catalogue";
import type { Db } from "./db/database";
import { openDatabase } from "./db/index";
import {
  ensurePromotions,
  findOffer,
  forgetGeneratedOffers,
  offerSailingsSql,
  promotionsAnchor,
} from "./db/promotions";
import {
  brandClasses,
  brandRunsType,
  generateOffers,
  offerSailing,
  type GeneratedOffer,
  type OfferSailing,
} from "./promotions/generate";
import { KINDS_OF_TYPE, OFFER_FOR_CODES, OFFER_TYPE_CODES, REGIONS } from "./promotions/types";
import { startHarness, TEST_START, type Harness } from "./testing/harness";
import { undoPromotionsMigration } from "./testing/schema";

const TODAY = "2026-03-02";
const DAY_MS = 86_400_000;
const NA = ["USA", "CAN", "PRI"];
const BRANDS = ["R", "C", "V"] as const;

let h: Harness;
let token: string;

beforeAll(async () => {
  h = startHarness();
  const login = await h.login("agent.usa");
  token = login.body.data.access_token;
});
afterAll(() => h.close());

const get = (path: string) => h.call("GET", path, undefined, h.bearer(token));

/** Runs `fn` with the clock moved to `ms` (and a token issued then), then puts the clock back. */
async function at<T>(ms: number, fn: (getThen: typeof get) => Promise<T>): Promise<T> {
  h.clock.set(ms);
  try {
    const login = await h.login("agent.usa");
    const then: string = login.body.data.access_token;
    return await fn((path) => h.call("GET", path, undefined, h.bearer(then)));
  } finally {
    h.clock.set(TEST_START);
  }
}

const addDays = (iso: string, n: number) => isoDate(dayNumber(iso) + n);

type Offer = {
  offerId: string;
  name: string;
  brand: string;
  offerType: string;
  offerFor: string;
  residency: string[];
  headline: string;
  value: { kind: string; amount: number };
  bookFrom: string;
  bookTo: string;
  sailFrom: string;
  sailTo: string;
  ships: string[];
  destinations: string[];
  cabinClasses: string[];
  refundability: string;
  codes: string[];
  featured: boolean;
  status: string;
  imageUrl: string;
};

/** The rule's view of a sailing (the oracle reads availability from the full prices). */
type Sailing = {
  sailingId: string;
  shipCode: string;
  brand: string;
  destination: string;
  sailDate: string;
  refundability: string;
  open: string[];
  lowestPrice: number | null;
};

let sailingsCache: Sailing[] | undefined;
function allSailings(): Sailing[] {
  sailingsCache ??= (
    h.db
      .prepare(
        "SELECT sailing_id, ship_code, brand, destination_code, sail_date, refundability, lowest_price, price_details FROM catalogue_sailings ORDER BY sail_date, sailing_id",
      )
      .all() as Array<{
      sailing_id: string;
      ship_code: string;
      brand: string;
      destination_code: string;
      sail_date: string;
      refundability: string;
      lowest_price: number | null;
      price_details: string;
    }>
  ).map((r) => ({
    sailingId: r.sailing_id,
    shipCode: r.ship_code,
    brand: r.brand,
    destination: r.destination_code,
    sailDate: r.sail_date,
    refundability: r.refundability,
    lowestPrice: r.lowest_price,
    open: (JSON.parse(r.price_details) as Array<{ cabinClass: string; availability: string }>)
      .filter((p) => p.availability !== "SOLD_OUT")
      .map((p) => p.cabinClass),
  }));
  return sailingsCache;
}

type RuleOffer = Pick<
  Offer,
  "brand" | "ships" | "destinations" | "sailFrom" | "sailTo" | "cabinClasses" | "refundability"
>;

/** The contract's sailing rule, written out again. */
function appliesToSailing(offer: RuleOffer, s: Pick<Sailing, keyof OfferSailing>): boolean {
  return (
    offer.brand === s.brand &&
    (offer.ships.length === 0 || offer.ships.includes(s.shipCode)) &&
    (offer.destinations.length === 0 || offer.destinations.includes(s.destination)) &&
    s.sailDate >= offer.sailFrom &&
    s.sailDate <= offer.sailTo &&
    offer.cabinClasses.some((c) => s.open.includes(c as never)) &&
    (offer.refundability === "B" || s.refundability === "B" || s.refundability === offer.refundability)
  );
}

type Party = {
  residency?: string;
  age55Plus?: boolean;
  lawEnforcement?: boolean;
  fireDepartmentOrEMT?: boolean;
  militaryOrForces?: boolean;
  refundable?: boolean;
};

/** The contract's party rule, written out again. */
function appliesToParty(offer: Pick<Offer, "offerFor" | "residency" | "refundability">, party: Party): boolean {
  const audience =
    offer.offerFor === "EVERYONE" ||
    offer.offerFor === "RESIDENTS" ||
    (offer.offerFor === "SENIORS" && !!party.age55Plus) ||
    (offer.offerFor === "MILITARY" && !!party.militaryOrForces) ||
    (offer.offerFor === "LAW_ENFORCEMENT" && !!party.lawEnforcement) ||
    (offer.offerFor === "FIRE_EMT" && !!party.fireDepartmentOrEMT);
  const r = party.residency;
  const residency =
    offer.residency.length === 0 ||
    (r !== undefined && (offer.residency.includes(r) || (r.includes("-") && offer.residency.includes(r.slice(0, 3)))));
  const refundable = !party.refundable || offer.refundability === "R" || offer.refundability === "B";
  return audience && residency && refundable;
}

const statusOn = (o: Pick<Offer, "bookFrom" | "bookTo">, day: string) =>
  o.bookFrom > day ? "UPCOMING" : o.bookTo < day ? "EXPIRED" : "CURRENT";

/** Every page of a list, in order. */
async function everyPage(path: string, getter = get): Promise<{ items: Offer[]; total: number }> {
  const items: Offer[] = [];
  let total = 0;
  for (let page = 1; ; page++) {
    const sep = path.includes("?") ? "&" : "?";
    const reply = await getter(`${path}${sep}pageSize=100&page=${page}`);
    expect(reply.status, path).toBe(200);
    items.push(...reply.body.data.items);
    total = reply.body.data.total;
    if (page >= reply.body.data.pageCount) break;
  }
  expect(items).toHaveLength(total);
  return { items, total };
}

let offersCache: Offer[] | undefined;
async function allOffers(): Promise<Offer[]> {
  offersCache ??= (await everyPage("/promotions/offers?status=ALL")).items;
  return offersCache;
}

type Sort = "expires" | "name" | "brand" | "starts";
const BRAND_ORDER: Record<string, number> = { R: 0, C: 1, V: 2 };

/** The offer ids a search should answer, in order, computed here. */
async function expectedOffers(filter: (o: Offer) => boolean, sort: Sort = "expires", order: "asc" | "desc" = "asc") {
  const sign = order === "desc" ? -1 : 1;
  const key = (o: Offer): string | number =>
    sort === "expires" ? o.bookTo : sort === "starts" ? o.bookFrom : sort === "name" ? o.name : BRAND_ORDER[o.brand]!;
  return (await allOffers())
    .filter(filter)
    .sort((a, b) => {
      const ka = key(a);
      const kb = key(b);
      if (ka !== kb) return (ka < kb ? -1 : 1) * sign;
      return a.offerId < b.offerId ? -1 : 1;
    })
    .map((o) => o.offerId);
}

async function checkSearch(query: string, filter: (o: Offer) => boolean, sort?: Sort, order?: "asc" | "desc") {
  const { items } = await everyPage(`/promotions/offers?${query}`);
  const expected = await expectedOffers(filter, sort, order);
  expect(
    items.map((o) => o.offerId),
    query,
  ).toEqual(expected);
  return items;
}

const current = (o: Offer) => statusOn(o, TODAY) === "CURRENT";

/** A digest of the promotion tables. */
function dump(db: Db): string {
  const hash = createHash("sha256");
  for (const table of [
    "promotion_offers",
    "promotion_offer_ships",
    "promotion_offer_destinations",
    "promotion_offer_residency",
  ]) {
    hash.update(JSON.stringify(db.prepare(`SELECT * FROM ${table} ORDER BY 1, 2`).raw().all()));
  }
  return hash.digest("hex");
}

// -------------------------------------------------------------------------------------------------------------

describe("the offers data", () => {
  it("has about 300 offers over the brands: a quarter expired, half current, a quarter upcoming", async () => {
    const offers = await allOffers();
    expect(offers.length).toBeGreaterThanOrEqual(250);
    expect(offers.length).toBeLessThanOrEqual(350);
    expect(promotionsAnchor(h.db)).toBe(TODAY);
    const share = (status: string) => offers.filter((o) => statusOn(o, TODAY) === status).length / offers.length;
    expect(share("EXPIRED")).toBeGreaterThan(0.2);
    expect(share("EXPIRED")).toBeLessThan(0.3);
    expect(share("CURRENT")).toBeGreaterThan(0.45);
    expect(share("CURRENT")).toBeLessThan(0.55);
    expect(share("UPCOMING")).toBeGreaterThan(0.2);
    expect(share("UPCOMING")).toBeLessThan(0.3);
    for (const brand of BRANDS) expect(offers.filter((o) => o.brand === brand).length).toBeGreaterThan(80);
    for (const o of offers) {
      expect(o.status, o.offerId).toBe(statusOn(o, TODAY));
      if (o.status === "EXPIRED") expect(o.bookTo >= addDays(TODAY, -180), o.offerId).toBe(true);
    }
    // Campaign names shared by several offers.
    const names = new Map<string, number>();
    for (const o of offers) names.set(o.name, (names.get(o.name) ?? 0) + 1);
    expect(names.size).toBeGreaterThanOrEqual(15);
    for (const name of ["Wave Season Sale", "Black Friday Sale", "Kids Sail Free", "Military Appreciation"]) {
      expect(names.get(name) ?? 0, name).toBeGreaterThanOrEqual(2);
    }
    expect([...names.values()].filter((n) => n >= 3).length).toBeGreaterThanOrEqual(15);
  });

  it("has current offers of every type and audience, and featured ones, for every brand", async () => {
    const offers = (await allOffers()).filter(current);
    for (const brand of BRANDS) {
      const mine = offers.filter((o) => o.brand === brand);
      for (const type of OFFER_TYPE_CODES) {
        if (!brandRunsType(brand, type)) continue;
        expect(
          mine.some((o) => o.offerType === type),
          `${brand} ${type}`,
        ).toBe(true);
      }
      for (const audience of OFFER_FOR_CODES) {
        expect(
          mine.some((o) => o.offerFor === audience),
          `${brand} ${audience}`,
        ).toBe(true);
      }
      expect(mine.filter((o) => o.featured).length, brand).toBeGreaterThanOrEqual(4);
    }
    expect(offers.some((o) => o.brand === "V" && o.offerType === "KIDS_SAIL_FREE")).toBe(false);
  });

  it("keeps every offer's facts consistent", async () => {
    const offers = await allOffers();
    const shipBrand = new Map(SHIPS.map((s) => [s.code, s.brand]));
    const wrong: string[] = [];
    const check = (ok: boolean, id: string, what: string) => {
      if (!ok && wrong.length < 20) wrong.push(`${id}: ${what}`);
    };
    const ranges: Record<string, [number, number]> = {
      PERCENT_OFF: [10, 60],
      AMOUNT_OFF: [50, 500],
      SECOND_GUEST_PERCENT_OFF: [10, 60],
      ADDITIONAL_GUESTS_FREE: [0, 0],
      UPGRADE: [1, 1],
      ONBOARD_CREDIT: [50, 500],
      REDUCED_DEPOSIT: [50, 200],
      BONUS_COMMISSION: [2, 5],
    };
    const regionCodes = new Set<string>(REGIONS.map((r) => r.code));
    for (const o of offers) {
      const id = o.offerId;
      check(/^[RCV]-\d{4}$/.test(id) && id.startsWith(o.brand), id, "id");
      check(o.imageUrl === `/promotions/offers/${id}/image.svg`, id, "imageUrl");
      check((KINDS_OF_TYPE[o.offerType as never] as readonly string[]).includes(o.value.kind), id, "kind");
      const [min, max] = ranges[o.value.kind]!;
      check(o.value.amount >= min && o.value.amount <= max, id, `amount ${o.value.amount}`);
      check(o.bookFrom <= o.bookTo && o.sailFrom <= o.sailTo, id, "windows");
      check(o.cabinClasses.length > 0, id, "cabin classes");
      const priced = brandClasses(o.brand as never) as string[];
      check(
        o.cabinClasses.every((c) => priced.includes(c)),
        id,
        "classes the brand prices",
      );
      if (o.offerType === "UPGRADE") check(!o.cabinClasses.includes("INTERIOR"), id, "upgrade from interior");
      check(
        o.ships.every((s) => shipBrand.get(s) === o.brand),
        id,
        "ships of the brand",
      );
      check(
        o.codes.every((c) => /^[A-Z0-9]{4,12}$/.test(c)),
        id,
        "codes",
      );
      check(
        o.residency.every((r) => /^[A-Z]{3}$/.test(r) || regionCodes.has(r)),
        id,
        "residency codes",
      );
      if (o.offerFor === "RESIDENTS") check(o.residency.length > 0, id, "residents of somewhere");
      if (o.residency.includes("PRI") || o.residency.includes("CAN")) {
        // The North-American list is always the whole list (or Canada alone, or provinces).
        check(o.residency.join() === NA.join() || o.residency.join() === "CAN", id, "NA list");
      }
      check(!o.headline.includes("\n") && o.headline.length <= 60, id, "headline");
    }
    expect(wrong).toEqual([]);
    expect(offers.filter((o) => o.codes.length > 0).length).toBeGreaterThanOrEqual(30);
    expect(offers.some((o) => o.residency.join() === NA.join())).toBe(true);
  });

  it("details every offer: description, terms and combinability", async () => {
    for (const o of (await allOffers()).filter((_, i) => i % 7 === 0)) {
      const detail = (await get(`/promotions/offers/${o.offerId}`)).body.data;
      expect(detail.description.split(/\. (?=[A-Z])/).length, o.offerId).toBeLessThanOrEqual(2);
      expect(detail.terms.length, o.offerId).toBeGreaterThanOrEqual(3);
      expect(detail.terms.length, o.offerId).toBeLessThanOrEqual(5);
      const terms = detail.terms.join(" ");
      expect(terms).toContain("capacity controlled");
      for (const code of o.codes) expect(terms).toContain(code);
      expect(detail.combinableWith).not.toContain(o.offerType);
      expect(detail.notCombinableWith).toContain(o.offerType);
      expect(detail.combinableWith.filter((t: string) => detail.notCombinableWith.includes(t))).toEqual([]);
      expect([...detail.combinableWith, ...detail.notCombinableWith].sort()).toEqual([...OFFER_TYPE_CODES].sort());
    }
  });

  it("builds every offer on real sailings: its ships, destinations and windows match the catalogue", async () => {
    const sailings = allSailings().filter((s) => s.sailDate >= TODAY);
    const wrong: string[] = [];
    for (const o of await allOffers()) {
      const from = o.sailFrom > TODAY ? o.sailFrom : TODAY;
      const inWindow = sailings.filter((s) => s.brand === o.brand && s.sailDate >= from && s.sailDate <= o.sailTo);
      if (!inWindow.some((s) => appliesToSailing(o, s))) wrong.push(`${o.offerId}: no sailing`);
      for (const ship of o.ships) {
        const there = inWindow.filter((s) => s.shipCode === ship);
        if (!there.some((s) => o.destinations.length === 0 || o.destinations.includes(s.destination))) {
          wrong.push(`${o.offerId}: ${ship} does not sail there`);
        }
      }
      for (const destination of o.destinations) {
        const there = inWindow.filter((s) => s.destination === destination);
        if (!there.some((s) => o.ships.length === 0 || o.ships.includes(s.shipCode))) {
          wrong.push(`${o.offerId}: nobody sails to ${destination}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("is generated the same way every time, and kept by later starts and by /dev/reset", async () => {
    const before = dump(h.db);
    forgetGeneratedRows();
    forgetGeneratedOffers();
    const other = startHarness();
    try {
      expect(dump(other.db)).toBe(before);
    } finally {
      other.close();
    }
    expect((await h.call("POST", "/dev/reset")).status).toBe(200);
    expect(dump(h.db)).toBe(before);
    const again = ensurePromotions(h.db, TEST_START + 100 * DAY_MS);
    expect(again).toMatchObject({ generated: false, anchor: TODAY });
    // Generated from the catalogue generator's sailings, the offers are the same as from the tables.
    const fresh = generateOffers(TODAY, generateSailings(TODAY).map(offerSailing));
    const stored = findOffer(h.db, fresh[42]!.offerId);
    expect(stored?.headline).toBe(fresh[42]!.headline);
    expect(fresh.length).toBe((await allOffers()).length);
  });

  it("gives a database generated before the promotions offers anchored on its catalogue's anchor", () => {
    const other = startHarness();
    try {
      undoPromotionsMigration(other.db);
      other.db.close();
      const { db } = openDatabase(other.dataDir);
      try {
        expect(promotionsAnchor(db)).toBeUndefined();
        createApp({ db, config: other.config, keys: other.keys, clock: () => TEST_START + 100 * DAY_MS });
        expect(promotionsAnchor(db)).toBe(TODAY);
        expect(dump(db)).toBe(dump(h.db));
      } finally {
        db.close();
      }
    } finally {
      other.close();
    }
  });
});

describe("the guarantees for the demo, whatever the anchor", () => {
  const checkAnchor = (anchor: string) => {
    const sailings = generateSailings(anchor).map(offerSailing);
    const offers: GeneratedOffer[] = generateOffers(anchor, sailings);
    const again = generateOffers(anchor, [...sailings].reverse());
    expect(again).toEqual(offers);

    const isCurrent = (o: GeneratedOffer) => statusOn(o, anchor) === "CURRENT";
    const nextYear = Number(anchor.slice(0, 4)) + 1;
    const medSummer = sailings.filter(
      (s) =>
        s.brand === "C" &&
        s.destination === "MEDITERRANEAN" &&
        s.sailDate >= `${nextYear}-06-01` &&
        s.sailDate <= `${nextYear}-08-31`,
    );
    const appliesToMedSummer = (o: GeneratedOffer) => medSummer.some((s) => appliesToSailing(o, s));
    const seniors = offers.filter(
      (o) => o.brand === "C" && o.offerFor === "SENIORS" && isCurrent(o) && appliesToMedSummer(o),
    );
    expect(seniors.length, anchor).toBeGreaterThan(0);
    // A senior of any residency qualifies for at least one of them.
    expect(seniors.some((o) => appliesToParty(o, { age55Plus: true, residency: "GBR", refundable: true }))).toBe(true);
    const northAmerica = offers.filter(
      (o) => o.brand === "C" && o.residency.join() === NA.join() && isCurrent(o) && appliesToMedSummer(o),
    );
    expect(northAmerica.length, anchor).toBeGreaterThan(0);
    expect(northAmerica.some((o) => o.offerFor === "RESIDENTS")).toBe(true);

    for (const brand of BRANDS) {
      const recent = offers.filter((o) => o.brand === brand && o.bookTo < anchor && o.bookTo >= addDays(anchor, -30));
      expect(recent.length, `${anchor} ${brand}`).toBeGreaterThan(0);
      const mine = offers.filter((o) => o.brand === brand && isCurrent(o));
      for (const type of OFFER_TYPE_CODES) {
        if (brandRunsType(brand, type)) expect(mine.some((o) => o.offerType === type)).toBe(true);
      }
      for (const audience of OFFER_FOR_CODES) expect(mine.some((o) => o.offerFor === audience)).toBe(true);
      expect(mine.filter((o) => o.featured).length).toBeGreaterThanOrEqual(4);
    }
    expect(offers.some((o) => o.residency.includes("USA-FL"))).toBe(true);
    expect(offers.some((o) => o.residency.some((r) => r.startsWith("CAN-")))).toBe(true);
    const expired = offers.filter((o) => o.bookTo < anchor).length / offers.length;
    expect(expired).toBeGreaterThan(0.2);
    expect(expired).toBeLessThan(0.3);
    // Every offer applies to at least one sailing from the anchor.
    const fromAnchor = sailings.filter((s) => s.sailDate >= anchor);
    expect(offers.filter((o) => !fromAnchor.some((s) => appliesToSailing(o, s))).map((o) => o.offerId)).toEqual([]);
  };

  it("holds for the demo anchor 2026-11-24", () => checkAnchor("2026-11-24"));
  it("holds for 2027-03-01", () => checkAnchor("2027-03-01"));
  it("holds for the tests' anchor, through the API", async () => {
    const party = "age55Plus=true&brand=C&destination=MEDITERRANEAN";
    const nextYear = Number(TODAY.slice(0, 4)) + 1;
    const july = allSailings().find(
      (s) =>
        s.brand === "C" &&
        s.destination === "MEDITERRANEAN" &&
        s.sailDate >= `${nextYear}-07-01` &&
        s.refundability === "B" &&
        s.open.length >= 3,
    )!;
    const seniors = (await get(`/promotions/offers?${party}&offerFor=SENIORS&sailing=${july.sailingId}`)).body.data;
    expect(seniors.total).toBeGreaterThan(0);
    const na = (await get(`/promotions/offers?residency=USA-FL&offerFor=RESIDENTS&sailing=${july.sailingId}`)).body
      .data;
    expect(na.items.some((o: Offer) => o.brand === "C" && o.residency.join() === NA.join())).toBe(true);
    const archived = (await get("/promotions/archived")).body.data;
    expect(new Set(archived.items.map((o: Offer) => o.brand))).toEqual(new Set(BRANDS));
  });
});

// -------------------------------------------------------------------------------------------------------------

describe("promotions access", () => {
  it("answers 401 without a valid bearer token, except for the pictures", async () => {
    const id = (await allOffers())[0]!.offerId;
    for (const path of [
      "/promotions/reference",
      "/promotions/offers",
      `/promotions/offers/${id}`,
      `/promotions/offers/${id}/sailings`,
      "/promotions/featured",
      "/promotions/archived",
    ]) {
      for (const headers of [{}, { authorization: "Bearer nonsense" }] as Array<Record<string, string>>) {
        const reply = await h.call("GET", path, undefined, headers);
        expect(reply.status, path).toBe(401);
        expect(reply.body.message.errorCode).toBe("INVALID_TOKEN");
      }
    }
    expect((await h.app.request(`/promotions/offers/${id}/image.svg`)).status).toBe(200);
  });
});

describe("GET /promotions/reference", () => {
  it("answers the offer names, types, audiences and the regions offers list", async () => {
    const { status, body } = await get("/promotions/reference");
    expect(status).toBe(200);
    const offers = await allOffers();
    expect(body.data.offerNames).toEqual([...new Set(offers.map((o) => o.name))].sort());
    expect(body.data.offerTypes.map((t: { code: string }) => t.code)).toEqual([...OFFER_TYPE_CODES]);
    expect(body.data.offerTypes).toContainEqual({ code: "INSTANT_SAVINGS", name: "Instant Savings" });
    expect(body.data.audiences.map((t: { code: string }) => t.code)).toEqual([...OFFER_FOR_CODES]);
    const listed = [...new Set(offers.flatMap((o) => o.residency.filter((r) => r.includes("-"))))].sort();
    expect(body.data.regions.map((r: { code: string }) => r.code)).toEqual(listed);
    expect(body.data.regions).toContainEqual({ code: "USA-FL", name: "Florida", country: "USA" });
    expect(body.data.regions.some((r: { country: string }) => r.country === "CAN")).toBe(true);
    expect((await get("/promotions/reference?x=1")).status).toBe(400);
  });
});

describe("GET /promotions/offers", () => {
  it("answers the current offers by expiry by default, twenty a page", async () => {
    const reply = await get("/promotions/offers");
    expect(reply.status).toBe(200);
    const expected = await expectedOffers(current);
    expect(reply.body.data).toMatchObject({
      total: expected.length,
      page: 1,
      pageSize: 20,
      pageCount: Math.ceil(expected.length / 20),
    });
    expect(reply.body.data.items.map((o: Offer) => o.offerId)).toEqual(expected.slice(0, 20));
    const first = reply.body.data.items[0];
    expect(Object.keys(first).sort()).toEqual(
      [
        "offerId",
        "name",
        "brand",
        "offerType",
        "offerFor",
        "residency",
        "headline",
        "value",
        "bookFrom",
        "bookTo",
        "sailFrom",
        "sailTo",
        "ships",
        "destinations",
        "cabinClasses",
        "refundability",
        "codes",
        "featured",
        "status",
        "imageUrl",
      ].sort(),
    );
  });

  it("filters by brand, ship, destination, name, type, audience, departure and featured", async () => {
    const offers = await allOffers();
    const withShips = offers.find((o) => current(o) && o.ships.length > 0)!;
    const ship = withShips.ships[0]!;
    const shipBrand = SHIPS.find((s) => s.code === ship)!.brand;
    const name = offers.find((o) => o.name === "Black Friday Sale")!.name;
    await checkSearch("brand=C", (o) => current(o) && o.brand === "C");
    await checkSearch("brand=v", (o) => current(o) && o.brand === "V");
    await checkSearch(
      `ship=${ship.toLowerCase()}`,
      (o) => current(o) && o.brand === shipBrand && (o.ships.length === 0 || o.ships.includes(ship)),
    );
    await checkSearch(
      "destination=ALASKA",
      (o) => current(o) && (o.destinations.length === 0 || o.destinations.includes("ALASKA")),
    );
    await checkSearch(`offerName=${encodeURIComponent(name)}&status=ALL`, (o) => o.name === name);
    expect((await get("/promotions/offers?offerName=Nothing%20Like%20It")).body.data.total).toBe(0);
    for (const type of OFFER_TYPE_CODES)
      await checkSearch(`offerType=${type}`, (o) => current(o) && o.offerType === type);
    for (const audience of OFFER_FOR_CODES) {
      await checkSearch(`offerFor=${audience}`, (o) => current(o) && o.offerFor === audience);
    }
    await checkSearch("departureFrom=2027-06-01&status=ALL", (o) => o.sailTo >= "2027-06-01");
    await checkSearch("featured=true", (o) => current(o) && o.featured);
    await checkSearch("featured=false", current);
    await checkSearch(
      "brand=R&offerType=INSTANT_SAVINGS&destination=CARIBBEAN&status=ALL",
      (o) =>
        o.brand === "R" &&
        o.offerType === "INSTANT_SAVINGS" &&
        (o.destinations.length === 0 || o.destinations.includes("CARIBBEAN")),
    );
  });

  it("filters by status, and expired offers by how recently they expired", async () => {
    await checkSearch("status=CURRENT", current);
    await checkSearch("status=upcoming", (o) => o.bookFrom > TODAY);
    await checkSearch("status=EXPIRED", (o) => o.bookTo < TODAY);
    await checkSearch("status=ALL", () => true);
    for (const days of [1, 30, 90, 365]) {
      await checkSearch(
        `status=EXPIRED&expiredWithin=${days}`,
        (o) => o.bookTo < TODAY && o.bookTo >= addDays(TODAY, -days),
      );
    }
    // Statuses follow the clock.
    const later = addDays(TODAY, 100);
    await at(TEST_START + 100 * DAY_MS, async (getThen) => {
      const { items } = await everyPage("/promotions/offers?status=CURRENT", getThen);
      expect(items.map((o) => o.offerId)).toEqual(await expectedOffers((o) => statusOn(o, later) === "CURRENT"));
      expect(items.every((o) => o.status === "CURRENT")).toBe(true);
      const all = (await everyPage("/promotions/offers?status=ALL", getThen)).items;
      expect(all.every((o) => o.status === statusOn(o, later))).toBe(true);
    });
  });

  it("filters by the party only when a party is given", async () => {
    const offers = await allOffers();
    // Off: no party, or every flag false and no residency: restricted offers show too.
    for (const query of [
      "status=ALL",
      "status=ALL&age55Plus=false&lawEnforcement=false&fireDepartmentOrEMT=false&militaryOrForces=false&refundable=false",
    ]) {
      const { total } = await everyPage(`/promotions/offers?${query}`);
      expect(total, query).toBe(offers.length);
    }
    const parties: Array<[string, Party]> = [
      ["residency=USA-FL", { residency: "USA-FL" }],
      ["residency=usa", { residency: "USA" }],
      ["residency=CAN-QC", { residency: "CAN-QC" }],
      ["residency=PRI", { residency: "PRI" }],
      ["residency=GBR", { residency: "GBR" }],
      ["age55Plus=true", { age55Plus: true }],
      ["age55Plus=true&residency=USA", { age55Plus: true, residency: "USA" }],
      ["militaryOrForces=true&residency=USA-TX", { militaryOrForces: true, residency: "USA-TX" }],
      ["lawEnforcement=TRUE", { lawEnforcement: true }],
      ["fireDepartmentOrEMT=true&refundable=true", { fireDepartmentOrEMT: true, refundable: true }],
      ["refundable=true", { refundable: true }],
      ["refundable=false&age55Plus=true", { age55Plus: true }],
    ];
    for (const [query, party] of parties) {
      await checkSearch(`status=ALL&${query}`, (o) => appliesToParty(o, party));
    }
    // The region rule: a Florida resident gets the offers for US residents, a US resident not Florida's.
    const florida = (await everyPage("/promotions/offers?status=ALL&residency=USA-FL")).items;
    const usa = (await everyPage("/promotions/offers?status=ALL&residency=USA")).items;
    expect(florida.some((o) => o.residency.join() === "USA-FL")).toBe(true);
    expect(florida.some((o) => o.residency.includes("USA") && !o.residency.includes("USA-FL"))).toBe(true);
    expect(usa.some((o) => o.residency.includes("USA-FL"))).toBe(false);
    expect(usa.some((o) => o.residency.join() === NA.join())).toBe(true);
    const quebec = (await everyPage("/promotions/offers?status=ALL&residency=CAN-QC")).items;
    expect(quebec.some((o) => o.residency.join() === NA.join())).toBe(true);
    expect(quebec.some((o) => o.residency.includes("USA-FL"))).toBe(false);
    const uk = (await everyPage("/promotions/offers?status=ALL&residency=GBR")).items;
    expect(uk.some((o) => o.residency.join() === NA.join())).toBe(false);
    // Restricted audiences need their flag.
    expect(usa.some((o) => o.offerFor === "SENIORS")).toBe(false);
  });

  it("answers exactly the offers that apply to a sailing", async () => {
    const sailings = allSailings();
    const picks = [
      ...sailings.filter((s) => s.brand === "C" && s.destination === "MEDITERRANEAN").slice(10, 13),
      ...sailings.filter((s) => s.refundability === "N").slice(50, 52),
      ...sailings.filter((s) => s.refundability === "R" && s.brand === "V").slice(5, 7),
      ...sailings.filter((s) => s.open.length === 1).slice(0, 2),
      ...sailings.filter((s) => s.open.length === 0).slice(0, 1),
      ...sailings.filter((_, i) => i % 997 === 0),
    ];
    let some = 0;
    for (const s of picks) {
      const applying = await checkSearch(`sailing=${s.sailingId}&status=ALL`, (o) => appliesToSailing(o, s));
      if (applying.length > 0) some++;
      await checkSearch(`sailing=${s.sailingId.toLowerCase()}`, (o) => current(o) && appliesToSailing(o, s));
      await checkSearch(
        `sailing=${s.sailingId}&status=ALL&age55Plus=true&residency=USA-FL`,
        (o) => appliesToSailing(o, s) && appliesToParty(o, { age55Plus: true, residency: "USA-FL" }),
      );
    }
    expect(some).toBeGreaterThan(picks.length / 2);
    for (const id of ["OA19990101", "nonsense"]) {
      const reply = await get(`/promotions/offers?sailing=${id}`);
      expect(reply.status).toBe(404);
      expect(reply.body.message.errorCode).toBe("NOT_FOUND");
    }
  });

  it("sorts by expiry, name, brand and start in both orders, ties by offer id", async () => {
    for (const sort of ["expires", "name", "brand", "starts"] as const) {
      for (const order of ["asc", "desc"] as const) {
        await checkSearch(`status=ALL&sort=${sort}&order=${order}`, () => true, sort, order);
      }
    }
    const byBrand = (await everyPage("/promotions/offers?status=ALL&sort=brand")).items;
    expect(byBrand.map((o) => o.brand).join("")).toMatch(/^R+C+V+$/);
    const byBrandDesc = (await everyPage("/promotions/offers?status=ALL&sort=brand&order=desc")).items;
    expect(byBrandDesc.map((o) => o.brand).join("")).toMatch(/^V+C+R+$/);
    // Ties keep offer ids ascending whatever the order.
    const rs = byBrandDesc.filter((o) => o.brand === "R").map((o) => o.offerId);
    expect(rs).toEqual([...rs].sort());
  });

  it("pages, and answers an empty page past the last with the real total", async () => {
    const expected = await expectedOffers(() => true);
    const page3 = (await get("/promotions/offers?status=ALL&page=3&pageSize=7")).body.data;
    expect(page3).toMatchObject({
      total: expected.length,
      page: 3,
      pageSize: 7,
      pageCount: Math.ceil(expected.length / 7),
    });
    expect(page3.items.map((o: Offer) => o.offerId)).toEqual(expected.slice(14, 21));
    const past = (await get("/promotions/offers?status=ALL&page=40&pageSize=100")).body.data;
    expect(past).toEqual({
      items: [],
      total: expected.length,
      page: 40,
      pageSize: 100,
      pageCount: Math.ceil(expected.length / 100),
    });
    const none = (await get("/promotions/offers?offerName=None")).body.data;
    expect(none).toEqual({ items: [], total: 0, page: 1, pageSize: 20, pageCount: 0 });
  });

  it("refuses bad, unknown and repeated parameters, naming them", async () => {
    const bad: Array<[string, string]> = [
      ["brand=X", "brand"],
      ["ship=ZZ", "ship"],
      ["destination=MARS", "destination"],
      ["offerType=FREE_BEER", "offerType"],
      ["offerFor=PIRATES", "offerFor"],
      ["departureFrom=2026-02-30", "departureFrom"],
      ["status=SOON", "status"],
      ["expiredWithin=30", "expiredWithin"],
      ["status=CURRENT&expiredWithin=30", "expiredWithin"],
      ["status=EXPIRED&expiredWithin=0", "expiredWithin"],
      ["status=EXPIRED&expiredWithin=366", "expiredWithin"],
      ["featured=yes", "featured"],
      ["residency=US", "residency"],
      ["residency=XXX", "residency"],
      ["residency=USA-FLORIDA", "residency"],
      ["age55Plus=1", "age55Plus"],
      ["lawEnforcement=no", "lawEnforcement"],
      ["fireDepartmentOrEMT=y", "fireDepartmentOrEMT"],
      ["militaryOrForces=maybe", "militaryOrForces"],
      ["refundable=yes", "refundable"],
      ["sort=price", "sort"],
      ["order=up", "order"],
      ["page=0", "page"],
      ["pageSize=101", "pageSize"],
      ["brand=R&brand=C", "brand"],
      ["residency=USA&residency=CAN", "residency"],
      ["colour=blue", "colour"],
    ];
    for (const [query, name] of bad) {
      const reply = await get(`/promotions/offers?${query}`);
      expect(reply.status, query).toBe(400);
      expect(reply.body.message.errorCode, query).toBe("INVALID_REQUEST");
      expect(reply.body.message.message, query).toContain(name);
    }
    expect((await get("/promotions/offers?brand=&residency=&pageSize=")).status).toBe(200);
  });
});

describe("GET /promotions/offers/:id", () => {
  it("answers the offer with its description, combinability, terms and sailings from today", async () => {
    const offers = await allOffers();
    const sailings = allSailings().filter((s) => s.sailDate >= TODAY);
    for (const o of [offers[0]!, offers[100]!, offers.find((x) => x.codes.length > 0)!]) {
      const reply = await get(`/promotions/offers/${o.offerId.toLowerCase()}`);
      expect(reply.status).toBe(200);
      const { description, combinableWith, notCombinableWith, terms, sailingCount, ...summary } = reply.body.data;
      expect(summary).toEqual(o);
      expect(typeof description).toBe("string");
      expect(Array.isArray(combinableWith) && Array.isArray(notCombinableWith)).toBe(true);
      expect(terms.length).toBeGreaterThanOrEqual(3);
      expect(sailingCount).toBe(sailings.filter((s) => appliesToSailing(o, s)).length);
      expect((await get(`/promotions/offers/${o.offerId}?x=1`)).status).toBe(400);
    }
    const reply = await get("/promotions/offers/R-9999");
    expect(reply.status).toBe(404);
    expect(reply.body.message.errorCode).toBe("NOT_FOUND");
  });
});

describe("GET /promotions/offers/:id/sailings", () => {
  it("answers the sailings from today the offer applies to, as the catalogue answers them, whatever its status", async () => {
    const offers = await allOffers();
    const sailings = allSailings().filter((s) => s.sailDate >= TODAY);
    const picks = [
      offers.find((o) => o.status === "EXPIRED" && o.ships.length > 0)!,
      offers.find((o) => o.status === "CURRENT" && o.destinations.length > 0 && o.refundability === "N")!,
      offers.find((o) => o.status === "UPCOMING" && o.refundability === "R")!,
      offers.find((o) => o.offerType === "UPGRADE")!,
      offers.find((o) => o.ships.length === 0 && o.destinations.length === 0)!,
    ];
    for (const o of picks) {
      const expected = sailings.filter((s) => appliesToSailing(o, s));
      expect(expected.length, o.offerId).toBeGreaterThan(0);
      const { items, total } = (await everyPage(`/promotions/offers/${o.offerId}/sailings`)) as unknown as {
        items: Array<{ sailingId: string; sailDate: string; lowestPrice: number | null }>;
        total: number;
      };
      expect(total).toBe(expected.length);
      expect(items.map((s) => s.sailingId)).toEqual(expected.map((s) => s.sailingId));
      const byPrice = (await everyPage(`/promotions/offers/${o.offerId}/sailings?sort=price&order=desc`))
        .items as unknown as Array<{ sailingId: string }>;
      const priced = [...expected].sort(
        (a, b) =>
          (b.lowestPrice ?? -1) - (a.lowestPrice ?? -1) ||
          a.sailDate.localeCompare(b.sailDate) ||
          a.sailingId.localeCompare(b.sailingId),
      );
      expect(byPrice.map((s) => s.sailingId)).toEqual(priced.map((s) => s.sailingId));
    }
    // The catalogue's own summary.
    const o = picks[4]!;
    const first = (await get(`/promotions/offers/${o.offerId}/sailings?pageSize=1`)).body.data.items[0];
    const fromCatalogue = (await get(`/catalogue/sailings/${first.sailingId}`)).body.data;
    expect(first).toEqual({
      ...fromCatalogue,
      prices: fromCatalogue.prices.map((p: { cabinClass: string; pricePerGuest: number; availability: string }) => ({
        cabinClass: p.cabinClass,
        pricePerGuest: p.pricePerGuest,
        availability: p.availability,
      })),
      singleSupplementPercent: undefined,
      finalPaymentDate: undefined,
      tour: undefined,
      days: undefined,
    });
    const past = (await get(`/promotions/offers/${o.offerId}/sailings?page=999&pageSize=100`)).body.data;
    expect(past.items).toEqual([]);
    expect(past.total).toBeGreaterThan(0);
    for (const [query, name] of [
      ["sort=nights", "sort"],
      ["order=up", "order"],
      ["pageSize=0", "pageSize"],
      ["brand=X", "brand"],
      ["nightsMin=9&nightsMax=3", "nightsMin"],
      ["page=1&page=2", "page"],
    ]) {
      const reply = await get(`/promotions/offers/${o.offerId}/sailings?${query}`);
      expect(reply.status, query).toBe(400);
      expect(reply.body.message.message).toContain(name);
    }
    expect((await get("/promotions/offers/R-9999/sailings")).status).toBe(404);
  });

  it("narrows by the catalogue sailing search's own filters (ship, destination, departure date…)", async () => {
    const offers = await allOffers();
    const o = offers.find((x) => x.ships.length === 0 && x.destinations.length === 0)!;
    const eligible = allSailings().filter((s) => s.sailDate >= TODAY && appliesToSailing(o, s));
    const sample = eligible[Math.floor(eligible.length / 2)]!;
    const expected = eligible.filter(
      (s) => s.shipCode === sample.shipCode && s.destination === sample.destination && s.sailDate >= sample.sailDate,
    );
    const query = `ship=${sample.shipCode}&destination=${sample.destination}&departureFrom=${sample.sailDate}`;
    const { items, total } = (await everyPage(`/promotions/offers/${o.offerId}/sailings?${query}`)) as unknown as {
      items: Array<{ sailingId: string }>;
      total: number;
    };
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThan(eligible.length);
    expect(items.map((s) => s.sailingId)).toEqual(expected.map((s) => s.sailingId));
  });

  it("reads the catalogue's indexes, never scanning the sailings table", async () => {
    const offers = await allOffers();
    const plans = [
      offers.find((o) => o.ships.length === 0 && o.destinations.length === 0)!,
      offers.find((o) => o.ships.length > 0 && o.destinations.length === 0)!,
      offers.find((o) => o.ships.length === 0 && o.destinations.length > 0)!,
      offers.find((o) => o.ships.length > 0 && o.destinations.length > 0)!,
    ];
    for (const o of plans) {
      const row = findOffer(h.db, o.offerId)!;
      for (const sort of ["date", "price"] as const) {
        const sql = offerSailingsSql(row, { today: TODAY, sort, order: "asc" });
        for (const [query, params] of [
          [sql.count, sql.params],
          [sql.ids, [...sql.params, 20, 0]],
        ] as const) {
          const plan = (h.db.prepare(`EXPLAIN QUERY PLAN ${query}`).all(...params) as Array<{ detail: string }>).map(
            (r) => r.detail,
          );
          expect(
            plan.filter((line) => /^SCAN catalogue_sailings(?! USING)/.test(line)),
            `${o.offerId} ${query}`,
          ).toEqual([]);
          expect(
            plan.some((line) => /^SEARCH catalogue_sailings USING/.test(line)),
            `${o.offerId} ${query}`,
          ).toBe(true);
        }
      }
    }
  });
});

describe("GET /promotions/offers/:id/image.svg", () => {
  it("serves generated art in the brand's colours, public and cacheable for a day", async () => {
    const offers = await allOffers();
    const svgs = new Map<string, string>();
    for (const o of offers.filter((_, i) => i % 10 === 0)) {
      const response = await h.app.request(o.imageUrl);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/svg+xml");
      expect(response.headers.get("cache-control")).toBe("public, max-age=86400");
      const svg = await response.text();
      expect(svg).toMatch(
        /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="480" height="270" viewBox="0 0 800 450" role="img"/,
      );
      expect(svg).toContain(`<title id="offer-title">${o.name.replace(/&/g, "&amp;")}`);
      expect(svg.trim().endsWith("</svg>")).toBe(true);
      svgs.set(o.brand, svg);
    }
    const colour = (svg: string) => /<rect x="40" y="64" width="300" height="92" rx="14" fill="([^"]+)"/.exec(svg)?.[1];
    expect(new Set(BRANDS.map((b) => colour(svgs.get(b)!))).size).toBe(3);
    const reply = await h.call("GET", "/promotions/offers/R-9999/image.svg");
    expect(reply.status).toBe(404);
    expect(reply.body.message.errorCode).toBe("NOT_FOUND");
  });
});

describe("GET /promotions/featured", () => {
  it("answers the current featured offers, soonest to expire first, at most 12", async () => {
    const all = (await get("/promotions/featured")).body.data as Offer[];
    expect(all.map((o) => o.offerId)).toEqual((await expectedOffers((o) => current(o) && o.featured)).slice(0, 12));
    expect(all).toHaveLength(12);
    for (const brand of BRANDS) {
      const mine = (await get(`/promotions/featured?brand=${brand}`)).body.data as Offer[];
      expect(mine.length).toBeGreaterThan(0);
      expect(mine.map((o) => o.offerId)).toEqual(
        (await expectedOffers((o) => current(o) && o.featured && o.brand === brand)).slice(0, 12),
      );
    }
    expect((await get("/promotions/featured?brand=X")).status).toBe(400);
    expect((await get("/promotions/featured?page=1")).status).toBe(400);
  });
});

describe("GET /promotions/archived", () => {
  it("answers offers expired within the range, latest first, 30 days by default", async () => {
    const expired = (days: number) => (o: Offer) => o.bookTo < TODAY && o.bookTo >= addDays(TODAY, -days);
    const { items } = await everyPage("/promotions/archived");
    expect(items.map((o) => o.offerId)).toEqual(await expectedOffers(expired(30), "expires", "desc"));
    expect(items.length).toBeGreaterThanOrEqual(3);
    expect(items.every((o) => o.status === "EXPIRED")).toBe(true);
    const year = await everyPage("/promotions/archived?expiredRange=365");
    expect(year.items.map((o) => o.offerId)).toEqual(await expectedOffers(expired(365), "expires", "desc"));
    const week = await everyPage("/promotions/archived?expiredRange=7&brand=c");
    expect(week.items.map((o) => o.offerId)).toEqual(
      await expectedOffers((o) => expired(7)(o) && o.brand === "C", "expires", "desc"),
    );
    const page2 = (await get("/promotions/archived?expiredRange=365&page=2&pageSize=5")).body.data;
    expect(page2).toMatchObject({ page: 2, pageSize: 5, total: year.total, pageCount: Math.ceil(year.total / 5) });
    expect(page2.items.map((o: Offer) => o.offerId)).toEqual(year.items.slice(5, 10).map((o) => o.offerId));
    for (const [query, name] of [
      ["expiredRange=0", "expiredRange"],
      ["expiredRange=366", "expiredRange"],
      ["expiredRange=x", "expiredRange"],
      ["brand=Q", "brand"],
      ["status=CURRENT", "status"],
      ["expiredRange=30&expiredRange=60", "expiredRange"],
    ]) {
      const reply = await get(`/promotions/archived?${query}`);
      expect(reply.status, query).toBe(400);
      expect(reply.body.message.message, query).toContain(name);
    }
  });
});
