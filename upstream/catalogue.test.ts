import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATALOGUE_DAYS, checkDeployments, generateSailings } from "./catalogue/generate";
import { DESTINATIONS } from "./catalogue/destinations";
import { SHIPS } from "./catalogue/ships";
import { CABIN_CLASSES, DESTINATION_CODES } from "./catalogue/types";
import {
  catalogueAnchor,
  ensureCatalogue,
  forgetGeneratedRows,
  searchSql,
  SUMMARY_SQL,
  type SailingSearch,
} from "./db/catalogue";
import type { Db } from "./db/database";
import { startHarness, TEST_START, type Harness } from "./testing/harness";

const TODAY = "2026-03-02";
const DAY_MS = 86_400_000;

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

/** A sailing as the oracle sees it: the database row with its full prices parsed. */
type Row = {
  sailing_id: string;
  ship_code: string;
  brand: string;
  ship_class: string;
  destination_code: string;
  sail_date: string;
  return_date: string;
  nights: number;
  cruise_nights: number;
  departure_port: string;
  return_port: string;
  voyage_type: string;
  tour_type: string;
  tour_name: string | null;
  tour_land_nights: number | null;
  refundability: string;
  ports_of_call: string;
  lowest_price: number | null;
  single_supplement_percent: number;
  final_payment_date: string;
  prices: Array<{
    cabinClass: string;
    pricePerGuest: number;
    additionalGuestPrice: number;
    taxesAndFees: number;
    deposit: number;
    availability: string;
  }>;
  listPrices: Row["prices"];
};

type Fare = {
  sailing_id: string;
  cabin_class: string;
  price_per_guest: number;
  additional_guest_price: number;
  effective_on: string;
  offer_code: string | null;
  offer_name: string | null;
};

let rowsCache: Row[] | undefined;
/**
 * Every sailing as generated (`listPrices`, the catalogue's list fares) and as priced today (`prices`: the
 * fare schedule's fare in force today, decision 046, with how it moved from the list fare).
 */
function allRows(): Row[] {
  if (rowsCache) return rowsCache;
  const fares = h.db
    .prepare(
      `SELECT * FROM insight_fares f WHERE f.id = (SELECT g.id FROM insight_fares g WHERE g.sailing_id = f.sailing_id
         AND g.cabin_class = f.cabin_class AND g.effective_on <= ? ORDER BY g.effective_on DESC, g.id DESC LIMIT 1)`,
    )
    .all(TODAY) as Fare[];
  const today = new Map(fares.map((f) => [`${f.sailing_id} ${f.cabin_class}`, f]));
  rowsCache = (h.db.prepare("SELECT * FROM catalogue_sailings").all() as Array<Row & { price_details: string }>).map(
    (r) => {
      const listPrices = JSON.parse(r.price_details) as Row["prices"];
      const prices = listPrices.map((p) => {
        const f = today.get(`${r.sailing_id} ${p.cabinClass}`)!;
        const moved = f.price_per_guest !== p.pricePerGuest || f.additional_guest_price !== p.additionalGuestPrice;
        return {
          ...p,
          pricePerGuest: f.price_per_guest,
          additionalGuestPrice: f.additional_guest_price,
          fareChange: moved
            ? {
                since: f.effective_on,
                listPricePerGuest: p.pricePerGuest,
                offer: f.offer_code ? { code: f.offer_code, name: f.offer_name } : null,
              }
            : null,
        };
      });
      return { ...r, listPrices, prices };
    },
  );
  return rowsCache;
}

/** The price a search by `cabinClass` (or none) filters and sorts on: null when sold out or not offered. */
function searchPrice(row: Row, cabinClass?: string): number | null {
  if (!cabinClass) return row.lowest_price;
  const price = row.prices.find((p) => p.cabinClass === cabinClass);
  return price && price.availability !== "SOLD_OUT" ? price.pricePerGuest : null;
}

type Oracle = {
  filter?: (row: Row) => boolean;
  from?: string;
  cabinClass?: string;
  sort?: "date" | "price" | "nights";
  order?: "asc" | "desc";
};

/** The sailing ids a search should answer, in order, computed here from the rows. */
function expectedIds({ filter = () => true, from = TODAY, cabinClass, sort = "date", order = "asc" }: Oracle) {
  const sign = order === "desc" ? -1 : 1;
  const key = (row: Row): number | string | null =>
    sort === "price" ? searchPrice(row, cabinClass) : sort === "nights" ? row.nights : row.sail_date;
  return allRows()
    .filter((row) => row.sail_date >= from && filter(row))
    .sort((a, b) => {
      const ka = key(a);
      const kb = key(b);
      if (ka === null || kb === null) {
        if (ka !== kb) return ka === null ? 1 : -1;
      } else if (ka !== kb) {
        return (ka < kb ? -1 : 1) * sign;
      }
      if (a.sail_date !== b.sail_date) return a.sail_date < b.sail_date ? -1 : 1;
      return a.sailing_id < b.sailing_id ? -1 : 1;
    })
    .map((row) => row.sailing_id);
}

/** Asks the search and checks the total and the first page (100) against the oracle. */
async function checkSearch(query: string, oracle: Oracle) {
  const reply = await get(`/catalogue/sailings?pageSize=100&${query}`);
  expect(reply.status, query).toBe(200);
  const expected = expectedIds(oracle);
  expect(reply.body.data.total, query).toBe(expected.length);
  expect(
    reply.body.data.items.map((s: { sailingId: string }) => s.sailingId),
    query,
  ).toEqual(expected.slice(0, 100));
  return reply.body.data;
}

describe("the catalogue data", () => {
  it("has the fleets, about two years of sailings, the ports and the destinations", () => {
    const count = (sql: string) => (h.db.prepare(sql).get() as { n: number }).n;
    expect(count("SELECT count(*) AS n FROM catalogue_ships")).toBe(56);
    expect(count("SELECT count(*) AS n FROM catalogue_ships WHERE brand = 'R'")).toBe(29);
    expect(count("SELECT count(*) AS n FROM catalogue_ships WHERE brand = 'C'")).toBe(15);
    expect(count("SELECT count(*) AS n FROM catalogue_ships WHERE brand = 'V'")).toBe(12);
    expect(count("SELECT count(*) AS n FROM catalogue_sailings")).toBeGreaterThanOrEqual(4000);
    expect(count("SELECT count(*) AS n FROM catalogue_sailings")).toBeLessThanOrEqual(7000);
    expect(count("SELECT count(*) AS n FROM catalogue_ports")).toBeGreaterThanOrEqual(100);
    expect(count("SELECT count(*) AS n FROM catalogue_destinations")).toBe(17);
    // Every ship sails through the window, every destination and every port is used.
    expect(count("SELECT count(DISTINCT ship_code) AS n FROM catalogue_sailings")).toBe(56);
    expect(count("SELECT count(DISTINCT destination_code) AS n FROM catalogue_sailings")).toBe(17);
    expect(
      count(
        "SELECT count(*) AS n FROM catalogue_ports WHERE port_code NOT IN (SELECT port_code FROM catalogue_destination_ports)",
      ),
    ).toBe(0);
    const last = new Date(TEST_START + (CATALOGUE_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
    for (const ship of h.db
      .prepare(
        "SELECT ship_code, min(sail_date) AS first, max(return_date) AS last FROM catalogue_sailings GROUP BY ship_code",
      )
      .all() as Array<{ ship_code: string; first: string; last: string }>) {
      expect(ship.first <= "2026-03-08", ship.ship_code).toBe(true);
      expect(ship.last >= last.slice(0, 7), ship.ship_code).toBe(true);
    }
    expect(catalogueAnchor(h.db)).toBe(TODAY);
  });

  it("keeps its invariants on every sailing", () => {
    const days = h.db.prepare("SELECT * FROM catalogue_sailing_days ORDER BY sailing_id, day").all() as Array<{
      sailing_id: string;
      day: number;
      date: string;
      port_code: string | null;
      arrival: string | null;
      departure: string | null;
    }>;
    const daysOf = new Map<string, typeof days>();
    for (const d of days) {
      const list = daysOf.get(d.sailing_id) ?? [];
      list.push(d);
      daysOf.set(d.sailing_id, list);
    }
    const silversea = new Set(SHIPS.filter((s) => s.brand === "V").map((s) => s.code));
    const time = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
    const addDays = (date: string, n: number) =>
      new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
    // Thousands of sailings: collect what is wrong and compare once (an expect per check is slow).
    const wrong: string[] = [];
    const check = (ok: boolean, id: string, what: string) => {
      if (!ok && wrong.length < 20) wrong.push(`${id}: ${what}`);
    };
    const byShip = new Map<string, Row[]>();

    for (const row of allRows()) {
      const id = row.sailing_id;
      check(id === `${row.ship_code}${row.sail_date.replace(/-/g, "")}`, id, "id");
      const list = daysOf.get(id) ?? [];
      const land = row.tour_land_nights ?? 0;
      check(list.length === row.cruise_nights + 1, id, "days = cruise nights + 1");
      check(row.cruise_nights === row.nights - land, id, "nights = cruise + land nights");
      check(row.return_date === addDays(row.sail_date, row.nights), id, "return date");
      const first = list[0]!;
      const last = list[list.length - 1]!;
      check(first.port_code === row.departure_port && first.date === row.sail_date, id, "day 1 at the departure port");
      check(first.arrival === null && time.test(first.departure ?? ""), id, "day 1 departs");
      check(last.port_code === row.return_port && last.date === addDays(row.sail_date, row.cruise_nights), id, "last");
      check(last.departure === null && time.test(last.arrival ?? ""), id, "the last day arrives");
      check(
        list.every((d, i) => d.day === i + 1 && d.date === addDays(row.sail_date, i)),
        id,
        "days numbered and dated in order",
      );
      const calls: string[] = [];
      for (const d of list.slice(1, -1)) {
        if (d.port_code === null) {
          check(d.arrival === null && d.departure === null, id, "a sea day has no times");
        } else {
          check(time.test(d.arrival ?? "") && time.test(d.departure ?? ""), id, "a port day has both times");
          check(d.arrival! < d.departure!, id, "arrives before it leaves");
          check(d.port_code !== row.departure_port && d.port_code !== row.return_port, id, "calls elsewhere");
          calls.push(d.port_code);
        }
      }
      check(JSON.parse(row.ports_of_call).length === calls.length, id, "ports of call");
      check(
        row.voyage_type === (row.departure_port === row.return_port ? "ROUNDTRIP" : "ONEWAY"),
        id,
        "ROUNDTRIP when it returns to its departure port",
      );
      check((row.tour_type === "CT") === (row.tour_name !== null && land > 0), id, "a tour for CT only");

      // List prices: whole dollars, classes in order, dearer as the class rises; the lowest open one today.
      const classes = row.listPrices.map((p) => p.cabinClass);
      check(classes.join() === CABIN_CLASSES.filter((c) => classes.includes(c)).join(), id, "class order");
      check(!silversea.has(row.ship_code) || !classes.includes("INTERIOR"), id, "Silversea has no interior");
      check(
        row.listPrices.every((p, i) => i === 0 || p.pricePerGuest > row.listPrices[i - 1]!.pricePerGuest),
        id,
        "dearer by class",
      );
      for (const p of row.listPrices) {
        check(Number.isInteger(p.pricePerGuest) && p.pricePerGuest > 0, id, "whole dollars");
        const ratio = p.additionalGuestPrice / p.pricePerGuest;
        check(ratio >= 0.39 && ratio <= 0.61, id, "third and fourth guests pay 40–60 %");
        check(p.taxesAndFees >= 14 * row.cruise_nights, id, "taxes and fees");
        const deposit = row.brand === "V" ? Math.round(p.pricePerGuest * 0.15) : row.nights <= 5 ? 250 : 500;
        check(p.deposit === deposit, id, "deposit");
      }
      const open = row.prices.filter((p) => p.availability !== "SOLD_OUT").map((p) => p.pricePerGuest);
      check(row.lowest_price === (open.length > 0 ? Math.min(...open) : null), id, "lowest open price");
      check((row.brand === "V" ? [25, 50] : [100]).includes(row.single_supplement_percent), id, "single supplement");
      const before = row.brand === "V" || row.nights >= 15 ? 120 : 90;
      check(row.final_payment_date === addDays(row.sail_date, -before), id, "final payment date");

      const sailings = byShip.get(row.ship_code) ?? [];
      sailings.push(row);
      byShip.set(row.ship_code, sailings);
    }

    // Each ship sails continuously: the next sailing leaves where and when the cruise before it ended.
    for (const [ship, sailings] of byShip) {
      sailings.sort((a, b) => (a.sail_date < b.sail_date ? -1 : 1));
      for (let i = 1; i < sailings.length; i++) {
        const prev = sailings[i - 1]!;
        const next = sailings[i]!;
        check(next.departure_port === prev.return_port, ship, `${next.sailing_id} leaves where the last ended`);
        check(next.sail_date === addDays(prev.sail_date, prev.cruise_nights), ship, `${next.sailing_id} back to back`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("follows the seasons and the mix the portal expects", () => {
    const rows = allRows();
    const month = (row: Row) => Number(row.sail_date.slice(5, 7));
    const months = (code: string) => new Set(rows.filter((r) => r.destination_code === code).map(month));
    const seasons = new Map(DESTINATIONS.map((d) => [d.code as string, d.season]));
    expect(rows.filter((r) => !seasons.get(r.destination_code)!.includes(month(r))).map((r) => r.sailing_id)).toEqual(
      [],
    );
    expect([...months("ALASKA")].sort((a, b) => a - b)).toEqual([5, 6, 7, 8, 9]);
    expect([...months("NORTHERN_EUROPE")].every((m) => m >= 5 && m <= 9)).toBe(true);
    expect([...months("ANTARCTICA")].every((m) => m >= 11 || m <= 2)).toBe(true);
    expect(months("CARIBBEAN").size).toBe(12);
    expect(months("GALAPAGOS").size).toBe(12);
    // More ships in the Caribbean in the northern winter.
    const caribbean = rows.filter((r) => r.destination_code === "CARIBBEAN");
    const winter = caribbean.filter((r) => month(r) >= 10 || month(r) <= 4).length / 7;
    const summer = caribbean.filter((r) => month(r) >= 5 && month(r) <= 9).length / 5;
    expect(winter).toBeGreaterThan(summer * 1.2);
    const galapagosShips = new Set(rows.filter((r) => r.destination_code === "GALAPAGOS").map((r) => r.ship_code));
    expect([...galapagosShips].sort()).toEqual(["FL", "OR"]);

    const share = (predicate: (r: Row) => boolean) => rows.filter(predicate).length / rows.length;
    expect(share((r) => r.tour_type === "CT")).toBeGreaterThan(0.07);
    expect(share((r) => r.tour_type === "CT")).toBeLessThan(0.13);
    const alaska = rows.filter((r) => r.destination_code === "ALASKA");
    expect(alaska.filter((r) => r.tour_type === "CT").length / alaska.length).toBeGreaterThan(0.4);
    expect(share((r) => r.nights === 7)).toBeGreaterThan(0.3);
    expect(share((r) => r.nights <= 5)).toBeGreaterThan(0.1);
    expect(share((r) => r.nights >= 15)).toBeGreaterThan(0.01);
    for (const brand of ["R", "C", "V"]) {
      // Per night, the lowest class of cruise-only sailings.
      const lowest = rows
        .filter((r) => r.brand === brand && r.tour_type === "CO")
        .map((r) => r.prices[0]!.pricePerGuest / r.cruise_nights)
        .sort((a, b) => a - b);
      const median = lowest[Math.floor(lowest.length / 2)]!;
      const [min, max] = { R: [80, 160], C: [110, 220], V: [550, 1100] }[brand]!;
      expect(median, brand).toBeGreaterThanOrEqual(min!);
      expect(median, brand).toBeLessThanOrEqual(max!);
    }
    const prices = rows.flatMap((r) => r.prices);
    const availability = (a: string) => prices.filter((p) => p.availability === a).length / prices.length;
    expect(availability("OPEN")).toBeGreaterThan(0.7);
    expect(availability("FEW_LEFT")).toBeGreaterThan(0.1);
    expect(availability("SOLD_OUT")).toBeGreaterThan(0.04);
    expect(availability("SOLD_OUT")).toBeLessThan(0.11);
    const soon = rows.filter((r) => r.sail_date < "2026-04-01").flatMap((r) => r.prices);
    expect(soon.filter((p) => p.availability === "SOLD_OUT").length / soon.length).toBeGreaterThan(
      availability("SOLD_OUT") * 1.5,
    );
    const refundability = (x: string) => share((r) => r.refundability === x);
    expect(refundability("B")).toBeGreaterThan(refundability("R"));
    expect(refundability("B")).toBeGreaterThan(refundability("N"));
    expect(refundability("N")).toBeGreaterThan(0.1);
  });

  it("is generated the same way every time, anchored on the date it is first generated", async () => {
    checkDeployments();
    const later = generateSailings("2026-09-15");
    expect(later.every((s) => s.sailDate >= "2026-09-15" && s.sailDate < "2028-09-14")).toBe(true);

    const dump = (db: Db) => {
      const hash = createHash("sha256");
      for (const table of ["catalogue_ships", "catalogue_ports", "catalogue_sailings", "catalogue_sailing_days"]) {
        hash.update(JSON.stringify(db.prepare(`SELECT * FROM ${table} ORDER BY 1, 2`).raw().all()));
      }
      return hash.digest("hex");
    };
    // A second fresh database, its catalogue generated from scratch, holds exactly the same data.
    forgetGeneratedRows();
    const other = startHarness();
    try {
      expect(dump(other.db)).toBe(dump(h.db));
    } finally {
      other.close();
    }
  });

  it("is kept by later starts and by /dev/reset", async () => {
    const before = (h.db.prepare("SELECT count(*) AS n FROM catalogue_sailings").get() as { n: number }).n;
    expect((await h.call("POST", "/dev/reset")).status).toBe(200);
    expect((h.db.prepare("SELECT count(*) AS n FROM catalogue_sailings").get() as { n: number }).n).toBe(before);
    const again = ensureCatalogue(h.db, TEST_START + 100 * DAY_MS);
    expect(again).toMatchObject({ generated: false, anchor: TODAY, sailings: before });
  });
});

describe("catalogue access", () => {
  it("answers 401 without a valid bearer token, except for the ship pictures", async () => {
    for (const path of [
      "/catalogue/reference",
      "/catalogue/destinations",
      "/catalogue/ports",
      "/catalogue/ships",
      "/catalogue/ships/OA",
      "/catalogue/sailings",
      "/catalogue/sailings/OA20260308",
    ]) {
      const attempts: Array<Record<string, string>> = [{}, { authorization: "Bearer nonsense" }];
      for (const headers of attempts) {
        const reply = await h.call("GET", path, undefined, headers);
        expect(reply.status, path).toBe(401);
        expect(reply.body.message.errorCode).toBe("INVALID_TOKEN");
      }
    }
    expect((await h.app.request("/catalogue/ships/OA/image.svg")).status).toBe(200);
  });
});

describe("GET /catalogue/reference", () => {
  it("answers the window, codes and names", async () => {
    const { status, body } = await get("/catalogue/reference");
    expect(status).toBe(200);
    const data = body.data;
    const last = (h.db.prepare("SELECT max(sail_date) AS d FROM catalogue_sailings").get() as { d: string }).d;
    expect(data.window).toEqual({ from: TODAY, to: last });
    expect(data.brands).toEqual([
      { code: "R", name: "Royal Caribbean International" },
      { code: "C", name: "Celebrity Cruises" },
      { code: "V", name: "Silversea" },
    ]);
    expect(data.ships).toHaveLength(56);
    expect(data.ships[0]).toEqual({ code: "AD", name: "Adventure of the Seas", brand: "R", shipClass: "Voyager" });
    expect(data.ships.map((s: { brand: string }) => s.brand).join("")).toMatch(/^R+C+V+$/);
    expect(data.shipClasses).toContainEqual({ name: "Oasis", brand: "R" });
    expect(data.shipClasses).toContainEqual({ name: "Edge", brand: "C" });
    expect(data.shipClasses).toContainEqual({ name: "Muse", brand: "V" });
    expect(data.destinations).toHaveLength(17);
    expect(data.destinations).toContainEqual({ code: "AUSTRALIA_NZ", name: "Australia & New Zealand" });
    expect(data.destinations.map((d: { code: string }) => d.code).sort()).toEqual([...DESTINATION_CODES].sort());
    expect(data.voyageTypes).toEqual(["ROUNDTRIP", "ONEWAY"]);
    expect(data.tourTypes).toEqual(["CO", "CT"]);
    expect(data.cabinClasses).toEqual(["INTERIOR", "OUTSIDE", "BALCONY", "DELUXE"]);
  });

  it("moves its window with the clock and refuses parameters", async () => {
    await at(TEST_START + 40 * DAY_MS, async (getThen) => {
      expect((await getThen("/catalogue/reference")).body.data.window.from).toBe("2026-04-11");
      const first = (await getThen("/catalogue/sailings?pageSize=1")).body.data.items[0];
      expect(first.sailDate).toBe(
        expectedIds({ from: "2026-04-11" })[0]!
          .slice(2)
          .replace(/(\d{4})(\d{2})(\d{2})/, "$1-$2-$3"),
      );
      const early = (await getThen("/catalogue/sailings?departureFrom=2026-03-05&pageSize=1")).body.data;
      expect(early.total).toBe(expectedIds({ from: "2026-04-11" }).length);
    });
    expect((await get("/catalogue/reference?x=1")).status).toBe(400);
  });
});

describe("GET /catalogue/destinations", () => {
  it("answers every destination by name with its sailings from today on", async () => {
    const { body } = await get("/catalogue/destinations");
    const names = body.data.map((d: { name: string }) => d.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, "en")));
    expect(body.data).toHaveLength(17);
    const total = body.data.reduce((sum: number, d: { sailingCount: number }) => sum + d.sailingCount, 0);
    expect(total).toBe(allRows().filter((r) => r.sail_date >= TODAY).length);
    const alaska = body.data.find((d: { code: string }) => d.code === "ALASKA");
    expect(alaska).toEqual({
      code: "ALASKA",
      name: "Alaska",
      sailingCount: allRows().filter((r) => r.destination_code === "ALASKA").length,
    });
    await at(TEST_START + 365 * DAY_MS, async (getThen) => {
      const later = (await getThen("/catalogue/destinations")).body.data;
      expect(later.find((d: { code: string }) => d.code === "ALASKA").sailingCount).toBe(
        allRows().filter((r) => r.destination_code === "ALASKA" && r.sail_date >= "2027-03-02").length,
      );
    });
  });
});

describe("GET /catalogue/ports", () => {
  it("answers every port by name, or those of a destination or a country", async () => {
    const all = (await get("/catalogue/ports")).body.data;
    expect(all.length).toBeGreaterThanOrEqual(100);
    expect(all.map((p: { name: string }) => p.name)).toEqual(
      [...all.map((p: { name: string }) => p.name)].sort((a, b) => a.localeCompare(b, "en")),
    );
    expect(all).toContainEqual({
      code: "MIA",
      name: "Miami",
      country: "United States",
      countryCode: "US",
      region: "North America",
    });
    for (const p of all) expect(p.code).toMatch(/^[A-Z]{3}$/);

    const alaska = (await get("/catalogue/ports?destination=ALASKA")).body.data.map((p: { code: string }) => p.code);
    expect(alaska).toEqual(expect.arrayContaining(["JNU", "KTN", "SGY", "SEA", "YVR", "SWD"]));
    expect(alaska).not.toContain("BCN");
    const greek = (await get("/catalogue/ports?country=gr")).body.data;
    expect(greek.length).toBeGreaterThan(3);
    expect(greek.every((p: { countryCode: string }) => p.countryCode === "GR")).toBe(true);
    const both = (await get("/catalogue/ports?destination=ALASKA&country=CA")).body.data.map(
      (p: { code: string }) => p.code,
    );
    expect(both.sort()).toEqual(["YPR", "YVR", "YYJ"]);
    expect((await get("/catalogue/ports?country=CH")).body.data).toEqual([]);
  });

  it("departure=true answers the ports sailings leave from, from today on", async () => {
    const leaving = (await get("/catalogue/ports?departure=true")).body.data.map((p: { code: string }) => p.code);
    const expected = [
      ...new Set(
        allRows()
          .filter((r) => r.sail_date >= TODAY)
          .map((r) => r.departure_port),
      ),
    ];
    expect([...leaving].sort()).toEqual(expected.sort());
    expect(leaving).toEqual(expect.arrayContaining(["MIA", "FLL", "BCN"]));
    expect(leaving.length).toBeLessThan((await get("/catalogue/ports")).body.data.length);
    const alaska = (await get("/catalogue/ports?destination=ALASKA&departure=true")).body.data.map(
      (p: { code: string }) => p.code,
    );
    expect(alaska.every((code: string) => leaving.includes(code))).toBe(true);
    expect((await get("/catalogue/ports?departure=maybe")).status).toBe(400);
  });

  it("refuses unknown codes and parameters", async () => {
    for (const [query, name] of [
      ["destination=MARS", "destination"],
      ["country=XX", "country"],
      ["country=USA", "country"],
      ["region=Europe", "region"],
      ["country=US&country=CA", "country"],
    ]) {
      const reply = await get(`/catalogue/ports?${query}`);
      expect(reply.status, query).toBe(400);
      expect(reply.body.message.errorCode).toBe("INVALID_REQUEST");
      expect(reply.body.message.message, query).toContain(name);
    }
  });
});

describe("GET /catalogue/ships", () => {
  it("answers the fleet by brand then name, each with its destinations from today", async () => {
    const ships = (await get("/catalogue/ships")).body.data;
    expect(ships).toHaveLength(56);
    const order = ships.map((s: { brand: string; name: string }) => `${"RCV".indexOf(s.brand)} ${s.name}`);
    expect(order).toEqual([...order].sort((a, b) => a.localeCompare(b, "en")));
    const oasis = ships.find((s: { code: string }) => s.code === "OA");
    expect(oasis).toEqual({
      code: "OA",
      name: "Oasis of the Seas",
      brand: "R",
      shipClass: "Oasis",
      yearBuilt: 2009,
      yearRefurbished: 2019,
      grossTonnage: 226838,
      guests: 5602,
      crew: 2140,
      decks: 16,
      lengthMetres: 361.6,
      imageUrl: "/catalogue/ships/OA/image.svg",
      destinations: ["BAHAMAS", "BERMUDA", "CANADA_NEW_ENGLAND", "CARIBBEAN"],
    });
    const codes = new Set<string>();
    for (const s of ships) {
      expect(s.code).toMatch(/^[A-Z]{2}$/);
      codes.add(s.code);
      const expected = [
        ...new Set(
          allRows()
            .filter((r) => r.ship_code === s.code)
            .map((r) => r.destination_code),
        ),
      ];
      expect([...s.destinations].sort(), s.code).toEqual(expected.sort());
    }
    expect(codes.size).toBe(56);
    expect(ships.find((s: { code: string }) => s.code === "IC").yearRefurbished).toBeNull();
  });

  it("filters by brand, class and destination", async () => {
    const codes = async (query: string) =>
      (await get(`/catalogue/ships?${query}`)).body.data.map((s: { code: string }) => s.code);
    expect(await codes("brand=V")).toHaveLength(12);
    expect(await codes("brand=c")).toHaveLength(15);
    expect((await codes("shipClass=oasis")).sort()).toEqual(["AL", "HM", "OA", "SY", "UT", "WN"]);
    expect(await codes("shipClass=Quantum%20Ultra")).toEqual(["OY", "SC"]);
    expect(await codes("destination=GALAPAGOS")).toEqual(["FL", "OR"]);
    const alaska = allRows().filter((r) => r.destination_code === "ALASKA");
    expect((await codes("destination=ALASKA")).sort()).toEqual([...new Set(alaska.map((r) => r.ship_code))].sort());
    expect(await codes("brand=C&destination=ALASKA")).toEqual(expect.arrayContaining(["EG", "SO"]));
    expect(await codes("brand=V&shipClass=Oasis")).toEqual([]);
  });

  it("refuses unknown codes and repeated parameters", async () => {
    for (const [query, name] of [
      ["brand=X", "brand"],
      ["shipClass=Titanic", "shipClass"],
      ["destination=MARS", "destination"],
      ["brand=R&brand=C", "brand"],
      ["ship=OA", "ship"],
    ]) {
      const reply = await get(`/catalogue/ships?${query}`);
      expect(reply.status, query).toBe(400);
      expect(reply.body.message.message, query).toContain(name);
    }
  });
});

describe("GET /catalogue/ships/:code", () => {
  it("answers a ship with its description, staterooms, dining, activities and destinations", async () => {
    const { status, body } = await get("/catalogue/ships/OA");
    expect(status).toBe(200);
    const ship = body.data;
    expect(ship).toMatchObject({ code: "OA", name: "Oasis of the Seas", imageUrl: "/catalogue/ships/OA/image.svg" });
    expect(ship.description.split(". ").length).toBeGreaterThanOrEqual(2);
    expect(ship.staterooms.map((s: { cabinClass: string }) => s.cabinClass)).toEqual([...CABIN_CLASSES]);
    expect(ship.staterooms.reduce((n: number, s: { count: number }) => n + s.count, 0)).toBe(2706);
    expect(ship.dining).toEqual(expect.arrayContaining(["Main Dining Room", "Chops Grille"]));
    expect(ship.activities).toContain("FlowRider");
    expect(ship.destinations).toContainEqual({ code: "CARIBBEAN", name: "Caribbean" });

    for (const s of SHIPS.filter((x) => x.brand === "V")) {
      const silver = (await get(`/catalogue/ships/${s.code}`)).body.data;
      expect(silver.staterooms.find((r: { cabinClass: string }) => r.cabinClass === "INTERIOR").count).toBe(0);
    }
    expect((await get("/catalogue/ships/oa")).body.data.code).toBe("OA");
  });

  it("answers 404 for an unknown ship", async () => {
    for (const code of ["ZZ", "OASIS", "1"]) {
      const reply = await get(`/catalogue/ships/${code}`);
      expect(reply.status).toBe(404);
      expect(reply.body.message.errorCode).toBe("NOT_FOUND");
    }
  });
});

describe("GET /catalogue/ships/:code/image.svg", () => {
  it("serves generated art, public and cacheable for a day", async () => {
    for (const ship of SHIPS) {
      const response = await h.app.request(`/catalogue/ships/${ship.code}/image.svg`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/svg+xml");
      expect(response.headers.get("cache-control")).toBe("public, max-age=86400");
      const svg = await response.text();
      expect(svg).toMatch(
        /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="480" height="270" viewBox="0 0 800 450" role="img"/,
      );
      expect(svg).toContain(`<title id="ship-title">${ship.name.replace(/&/g, "&amp;")},`);
      expect(svg).toContain(`>${ship.name}</text>`);
      expect(svg.trim().endsWith("</svg>")).toBe(true);
    }
  });

  it("answers 404 JSON for an unknown ship", async () => {
    const reply = await h.call("GET", "/catalogue/ships/ZZ/image.svg");
    expect(reply.status).toBe(404);
    expect(reply.body.message.errorCode).toBe("NOT_FOUND");
  });
});

describe("GET /catalogue/sailings", () => {
  it("answers the first page by date by default, from today on", async () => {
    const { status, body } = await get("/catalogue/sailings");
    expect(status).toBe(200);
    const expected = expectedIds({});
    expect(body.data.total).toBe(expected.length);
    expect(body.data.page).toBe(1);
    expect(body.data.pageSize).toBe(20);
    expect(body.data.pageCount).toBe(Math.ceil(expected.length / 20));
    expect(body.data.items.map((s: { sailingId: string }) => s.sailingId)).toEqual(expected.slice(0, 20));
    const item = body.data.items[0];
    expect(Object.keys(item)).toEqual([
      "sailingId",
      "shipCode",
      "shipName",
      "brand",
      "sailDate",
      "returnDate",
      "nights",
      "destination",
      "departurePort",
      "returnPort",
      "ports",
      "voyageType",
      "tourType",
      "refundability",
      "prices",
      "lowestPrice",
    ]);
    const row = allRows().find((r) => r.sailing_id === item.sailingId)!;
    expect(item.departurePort).toEqual({
      code: row.departure_port,
      name: expect.any(String),
      country: expect.any(String),
    });
    expect(item.ports).toEqual(JSON.parse(row.ports_of_call));
    expect(item.prices).toEqual(
      row.prices.map((p) => ({
        cabinClass: p.cabinClass,
        pricePerGuest: p.pricePerGuest,
        availability: p.availability,
      })),
    );
    expect(item.lowestPrice).toBe(row.lowest_price);
  });

  it("filters by every parameter", async () => {
    const cases: Array<[string, Oracle]> = [
      ["brand=V", { filter: (r) => r.brand === "V" }],
      ["brand=r", { filter: (r) => r.brand === "R" }],
      ["ship=OA", { filter: (r) => r.ship_code === "OA" }],
      ["shipClass=Edge", { filter: (r) => r.ship_class === "Edge" }],
      ["destination=ALASKA", { filter: (r) => r.destination_code === "ALASKA" }],
      ["port=MIA", { filter: (r) => r.departure_port === "MIA" }],
      ["voyageType=ONEWAY", { filter: (r) => r.voyage_type === "ONEWAY" }],
      ["voyageType=ROUNDTRIP&brand=C", { filter: (r) => r.voyage_type === "ROUNDTRIP" && r.brand === "C" }],
      ["tourType=CT", { filter: (r) => r.tour_type === "CT" }],
      [
        "tourType=CO&destination=GALAPAGOS",
        { filter: (r) => r.tour_type === "CO" && r.destination_code === "GALAPAGOS" },
      ],
      ["departureFrom=2026-07-01", { from: "2026-07-01" }],
      ["departureFrom=2025-01-01", {}],
      ["departureTo=2026-04-15", { filter: (r) => r.sail_date <= "2026-04-15" }],
      [
        "departureFrom=2026-06-01&departureTo=2026-06-30&destination=NORTHERN_EUROPE",
        { from: "2026-06-01", filter: (r) => r.sail_date <= "2026-06-30" && r.destination_code === "NORTHERN_EUROPE" },
      ],
      ["departureTo=2026-01-01", { filter: () => false }],
      ["nightsMin=15", { filter: (r) => r.nights >= 15 }],
      ["nightsMax=4", { filter: (r) => r.nights <= 4 }],
      ["nightsMin=7&nightsMax=7", { filter: (r) => r.nights === 7 }],
      ["cabinClass=INTERIOR&brand=V", { filter: () => false }],
      ["cabinClass=DELUXE", { filter: (r) => r.prices.some((p) => p.cabinClass === "DELUXE") }],
      ["cabinClass=interior", { filter: (r) => r.prices.some((p) => p.cabinClass === "INTERIOR") }],
      ["priceMax=600", { filter: (r) => r.lowest_price !== null && r.lowest_price <= 600 }],
      ["priceMin=5000", { filter: (r) => r.lowest_price !== null && r.lowest_price >= 5000 }],
      [
        "priceMin=1000&priceMax=1500&cabinClass=BALCONY",
        {
          cabinClass: "BALCONY",
          filter: (r) => {
            const p = searchPrice(r, "BALCONY");
            return p !== null && p >= 1000 && p <= 1500;
          },
        },
      ],
      ["priceMin=0&priceMax=10000", { filter: (r) => r.lowest_price !== null && r.lowest_price <= 10000 }],
      ["refundable=true", { filter: (r) => r.refundability === "R" || r.refundability === "B" }],
      ["refundable=false", { filter: (r) => r.refundability === "N" }],
      [
        "brand=R&destination=CARIBBEAN&port=FLL&nightsMin=5&priceMax=1200&refundable=true",
        {
          filter: (r) =>
            r.brand === "R" &&
            r.destination_code === "CARIBBEAN" &&
            r.departure_port === "FLL" &&
            r.nights >= 5 &&
            r.lowest_price !== null &&
            r.lowest_price <= 1200 &&
            r.refundability !== "N",
        },
      ],
    ];
    for (const [query, oracle] of cases) await checkSearch(query, oracle);

    // A sold-out class never matches a price; a sailing with every class sold out never matches without one.
    const soldOut = allRows().find((r) => r.sail_date >= TODAY && r.lowest_price === null);
    expect(soldOut).toBeDefined();
    const search = await get(`/catalogue/sailings?ship=${soldOut!.ship_code}&pageSize=100&priceMin=0`);
    expect(search.body.data.items.map((s: { sailingId: string }) => s.sailingId)).not.toContain(soldOut!.sailing_id);
  });

  it("sorts by date, price and nights in both orders, ties by sail date then id", async () => {
    for (const sort of ["date", "price", "nights"] as const) {
      for (const order of ["asc", "desc"] as const) {
        await checkSearch(`sort=${sort}&order=${order}`, { sort, order });
        await checkSearch(`sort=${sort}&order=${order}&cabinClass=OUTSIDE&destination=MEDITERRANEAN`, {
          sort,
          order,
          cabinClass: "OUTSIDE",
          filter: (r) => r.destination_code === "MEDITERRANEAN" && r.prices.some((p) => p.cabinClass === "OUTSIDE"),
        });
      }
    }
    const asc = (await get("/catalogue/sailings?sort=PRICE&pageSize=5")).body.data.items;
    expect(asc.map((s: { lowestPrice: number }) => s.lowestPrice)).toEqual(
      [...asc.map((s: { lowestPrice: number }) => s.lowestPrice)].sort((a, b) => a - b),
    );
  });

  it("pages, and answers an empty page past the last with the real total", async () => {
    const expected = expectedIds({ filter: (r) => r.destination_code === "ALASKA" });
    const page3 = (await get("/catalogue/sailings?destination=ALASKA&page=3&pageSize=7")).body.data;
    expect(page3).toMatchObject({
      total: expected.length,
      page: 3,
      pageSize: 7,
      pageCount: Math.ceil(expected.length / 7),
    });
    expect(page3.items.map((s: { sailingId: string }) => s.sailingId)).toEqual(expected.slice(14, 21));
    const lastPage = Math.ceil(expected.length / 100);
    const last = (await get(`/catalogue/sailings?destination=ALASKA&page=${lastPage}&pageSize=100`)).body.data;
    expect(last.items).toHaveLength(expected.length - (lastPage - 1) * 100);
    const past = (await get(`/catalogue/sailings?destination=ALASKA&page=${lastPage + 1}&pageSize=100`)).body.data;
    expect(past).toEqual({ items: [], total: expected.length, page: lastPage + 1, pageSize: 100, pageCount: lastPage });
    const none = (await get("/catalogue/sailings?departureTo=2026-01-01")).body.data;
    expect(none).toEqual({ items: [], total: 0, page: 1, pageSize: 20, pageCount: 0 });
    expect((await get("/catalogue/sailings?pageSize=1")).body.data.items).toHaveLength(1);
    expect((await get("/catalogue/sailings?pageSize=100")).body.data.items).toHaveLength(100);
  });

  it("refuses bad, unknown and repeated parameters, naming them", async () => {
    const bad: Array<[string, string]> = [
      ["brand=X", "brand"],
      ["ship=ZZ", "ship"],
      ["shipClass=Titanic", "shipClass"],
      ["destination=MARS", "destination"],
      ["port=XYZ", "port"],
      ["port=MIAMI", "port"],
      ["voyageType=CIRCLE", "voyageType"],
      ["tourType=XX", "tourType"],
      ["cabinClass=SUITE", "cabinClass"],
      ["departureFrom=2026-02-30", "departureFrom"],
      ["departureFrom=tomorrow", "departureFrom"],
      ["departureTo=2026-7-1", "departureTo"],
      ["nightsMin=abc", "nightsMin"],
      ["nightsMin=0", "nightsMin"],
      ["nightsMax=-1", "nightsMax"],
      ["priceMin=-1", "priceMin"],
      ["priceMax=1.5", "priceMax"],
      ["refundable=yes", "refundable"],
      ["sort=name", "sort"],
      ["order=up", "order"],
      ["page=0", "page"],
      ["page=x", "page"],
      ["pageSize=0", "pageSize"],
      ["pageSize=101", "pageSize"],
      ["nightsMin=10&nightsMax=7", "nightsMin"],
      ["priceMin=2000&priceMax=1000", "priceMin"],
      ["departureFrom=2026-08-01&departureTo=2026-07-01", "departureFrom"],
      ["brand=R&brand=R", "brand"],
      ["page=1&page=2", "page"],
      ["colour=blue", "colour"],
    ];
    for (const [query, name] of bad) {
      const reply = await get(`/catalogue/sailings?${query}`);
      expect(reply.status, query).toBe(400);
      expect(reply.body.message.errorCode, query).toBe("INVALID_REQUEST");
      expect(reply.body.message.message, query).toContain(name);
    }
    // Blank values mean "not given".
    expect((await get("/catalogue/sailings?brand=&ship=&pageSize=")).status).toBe(200);
  });
});

describe("GET /catalogue/sailings/:id", () => {
  it("answers the sailing with full prices, payment terms and the days", async () => {
    const row = allRows().find((r) => r.tour_type === "CT" && r.destination_code === "ALASKA" && r.sail_date >= TODAY)!;
    const { status, body } = await get(`/catalogue/sailings/${row.sailing_id}`);
    expect(status).toBe(200);
    const sailing = body.data;
    expect(sailing).toMatchObject({
      sailingId: row.sailing_id,
      shipCode: row.ship_code,
      nights: row.nights,
      tourType: "CT",
      tour: { name: row.tour_name, landNights: row.tour_land_nights },
      singleSupplementPercent: row.single_supplement_percent,
      finalPaymentDate: row.final_payment_date,
      lowestPrice: row.lowest_price,
      destination: { code: "ALASKA", name: "Alaska" },
    });
    expect(sailing.prices).toEqual(row.prices);
    expect(sailing.days).toHaveLength(row.nights - row.tour_land_nights! + 1);
    const [first, ...rest] = sailing.days;
    const last = rest[rest.length - 1];
    expect(first).toMatchObject({ day: 1, date: row.sail_date, seaDay: false, arrival: null });
    expect(first.port).toEqual(sailing.departurePort);
    expect(last).toMatchObject({ seaDay: false, departure: null });
    expect(last.port).toEqual(sailing.returnPort);
    const calls = sailing.days.slice(1, -1).filter((d: { seaDay: boolean }) => !d.seaDay);
    expect(calls.map((d: { port: { name: string } }) => d.port.name)).toEqual(sailing.ports);
    for (const d of sailing.days.slice(1, -1)) {
      if (d.seaDay) expect(d).toMatchObject({ port: null, arrival: null, departure: null });
      else expect(Object.keys(d.port)).toEqual(["code", "name", "country"]);
    }

    const cruiseOnly = allRows().find((r) => r.tour_type === "CO")!;
    expect((await get(`/catalogue/sailings/${cruiseOnly.sailing_id.toLowerCase()}`)).body.data.tour).toBeNull();
  });

  it("answers a past sailing by id, and 404 for an unknown id", async () => {
    await at(TEST_START + 60 * DAY_MS, async (getThen) => {
      const old = allRows().find((r) => r.sail_date < "2026-04-01")!;
      expect((await getThen(`/catalogue/sailings/${old.sailing_id}`)).status).toBe(200);
    });
    for (const id of ["OA20200101", "ZZ20260308", "nonsense"]) {
      const reply = await get(`/catalogue/sailings/${id}`);
      expect(reply.status, id).toBe(404);
      expect(reply.body.message.errorCode).toBe("NOT_FOUND");
    }
  });
});

describe("search performance", () => {
  const planOf = (sql: string, params: unknown[]) =>
    (h.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{ detail: string }>).map((r) => r.detail);
  const base: SailingSearch = { from: TODAY, sort: "date", order: "asc", page: 1, pageSize: 20 };

  it("uses an index for the count and the page of the default search", () => {
    const sql = searchSql(base);
    for (const [query, params] of [
      [sql.count, sql.params],
      [sql.ids, [...sql.params, 20, 0]],
      [SUMMARY_SQL, ["OA20260308"]],
    ] as const) {
      const plan = planOf(query, [...params]);
      expect(
        plan.some((line) => /USING (COVERING )?INDEX|USING PRIMARY KEY/.test(line)),
        query,
      ).toBe(true);
      expect(
        plan.filter((line) => /^SCAN catalogue_sailings(?! USING)/.test(line)),
        query,
      ).toEqual([]);
    }
    expect(planOf(sql.count, sql.params)).toEqual([
      "SEARCH catalogue_sailings USING COVERING INDEX catalogue_sailings_date (sail_date>?)",
    ]);
  });

  it("never scans the sailings table, whatever the filters and the sort", () => {
    const variants: Array<Partial<SailingSearch>> = [
      { sort: "price" },
      { sort: "nights", order: "desc" },
      { order: "desc", to: "2026-09-01" },
      { brand: "V", priceMin: 0, priceMax: 10_000 },
      { ship: "OA" },
      { shipClass: "Oasis" },
      { destination: "ALASKA", tourType: "CT" },
      { port: "MIA", voyageType: "ROUNDTRIP" },
      { cabinClass: "BALCONY", priceMax: 2000, sort: "price" },
      { nightsMin: 10, nightsMax: 14, refundable: true, page: 30 },
    ];
    for (const variant of variants) {
      const sql = searchSql({ ...base, ...variant });
      for (const [query, params] of [
        [sql.count, sql.params],
        [sql.ids, [...sql.params, 20, 0]],
      ] as const) {
        const plan = planOf(query, [...params]);
        expect(
          plan.filter((line) => /^SCAN catalogue_sailings(?! USING)/.test(line)),
          JSON.stringify(variant),
        ).toEqual([]);
        expect(
          plan.some((line) => /^SEARCH catalogue_sailings USING/.test(line)),
          JSON.stringify(variant),
        ).toBe(true);
      }
    }
  });

  it("answers a search over the whole catalogue in a few milliseconds", async () => {
    const queries = ["", "priceMin=0&priceMax=10000", "sort=price&order=desc", "sort=nights&page=50"];
    for (const query of queries) await get(`/catalogue/sailings?${query}`);
    const started = performance.now();
    for (let i = 0; i < 10; i++) for (const query of queries) await get(`/catalogue/sailings?${query}`);
    // Generous for a loaded test machine: typically about a millisecond each.
    expect((performance.now() - started) / 40).toBeLessThan(40);
  });
});

describe("the destinations' definitions", () => {
  it("name every destination code once", () => {
    expect(DESTINATIONS.map((d) => d.code)).toEqual([...DESTINATION_CODES]);
  });
});
