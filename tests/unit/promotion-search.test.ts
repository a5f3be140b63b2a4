import { describe, expect, it } from "vitest";
import { FILTER_MESSAGES } from "~/domain/catalogue/filters";
import { EXPIRED_RANGE } from "~/domain/catalogue/offers";
import {
  chooseBrand,
  defaultPromotionSearch,
  offerWidenHints,
  parseExpiredRange,
  parsePromotionSearch,
  promotionParams,
  PROMOTION_MESSAGES,
  upstreamOfferQuery,
  type PromotionContext,
} from "~/domain/catalogue/promotion-search";

const ctx: PromotionContext = {
  today: "2026-11-24",
  offerNames: ["Seniors Savings", "Wave Season Sale"],
  ships: [
    { code: "OA", name: "Oasis of the Seas", brand: "R" },
    { code: "EG", name: "Celebrity Edge", brand: "C" },
  ],
  destinations: [{ code: "MEDITERRANEAN" }, { code: "ALASKA" }],
  residencies: new Set(["USA", "USA-FL", "CAN", "GBR"]),
};
const parse = (query: string) => parsePromotionSearch(new URLSearchParams(query), ctx);

describe("offer search: the cruise search filter defaults", () => {
  it("an empty URL is the default search (offerName all, offerFor all offers, flags false, today)", () => {
    const { search, notices, errors } = parse("");
    expect(search).toEqual(defaultPromotionSearch(ctx.today));
    expect(search).toMatchObject({
      offerName: "",
      offerFor: "ALL_OFFERS",
      offerType: "",
      brand: "",
      ship: "",
      destination: "",
      departureDate: "2026-11-24",
      residency: "",
      age55Plus: false,
      lawEnforcement: false,
      fireDepartmentOrEMT: false,
      militaryOrForces: false,
      refundable: false,
      sort: "expires",
      order: "asc",
      page: 1,
    });
    expect(notices).toEqual([]);
    expect(errors).toEqual({});
  });

  it("the done-when search reads back as written", () => {
    const { search, notices } = parse(
      "brand=C&destination=MEDITERRANEAN&departureDate=2027-06-01&residency=USA&age55Plus=true",
    );
    expect(notices).toEqual([]);
    expect(search).toMatchObject({ brand: "C", destination: "MEDITERRANEAN", residency: "USA", age55Plus: true });
    expect(upstreamOfferQuery(search).toString()).toBe(
      "brand=C&destination=MEDITERRANEAN&departureFrom=2027-06-01&residency=USA&age55Plus=true&sort=expires&order=asc&page=1&pageSize=20",
    );
  });

  it("equal searches have equal URLs, in one order, and parse back to themselves", () => {
    const { search } = parse("page=2&residency=usa-fl&offerType=kids_sail_free&brand=r&ship=oa&militaryOrForces=on");
    const written = promotionParams(search).toString();
    expect(written).toBe(
      "offerFor=ALL_OFFERS&offerType=KIDS_SAIL_FREE&brand=R&ship=OA&departureDate=2026-11-24&residency=USA-FL&militaryOrForces=true&sort=expires&order=asc&page=2",
    );
    expect(parse(written).search).toEqual(search);
  });
});

describe("offer search: junk is normalised with a notice, never an error", () => {
  it.each([
    ["offerName=Nope", FILTER_MESSAGES.unknown("offer name", "Nope", "search", "every offer")],
    ["offerFor=PIRATES", FILTER_MESSAGES.unknown("kind of guest", "PIRATES", "search", "offers for every guest")],
    ["offerType=FREE_LUNCH", FILTER_MESSAGES.unknown("kind of offer", "FREE_LUNCH", "search", "every kind of offer")],
    ["brand=Z", FILTER_MESSAGES.unknown("cruise line", "Z", "search", "every cruise line")],
    [
      "residency=ATLANTIS",
      FILTER_MESSAGES.unknown("country or region of residence", "ATLANTIS", "search", "offers for every residency"),
    ],
    ["brand=R&brand=C", FILTER_MESSAGES.repeated("cruise line", "R", "search")],
    ["brand=C&ship=OA", PROMOTION_MESSAGES.shipOfOtherBrand("Oasis of the Seas", "C")],
    ["departureDate=2020-01-01", PROMOTION_MESSAGES.pastDate("2026-11-24")],
    ["page=-3", PROMOTION_MESSAGES.page],
  ])("%s", (query, notice) => {
    expect(parse(query).notices).toEqual([notice]);
  });

  it("a date that is not a date is said by its field and kept as typed", () => {
    const { search, errors, typed } = parse("departureDate=next+summer");
    expect(search.departureDate).toBe("2026-11-24");
    expect(errors.departureDate).toBe(PROMOTION_MESSAGES.badDate);
    expect(typed.departureDate).toBe("next summer");
  });

  it("contradictory values of one flag: the first wins", () => {
    expect(parse("age55Plus=true&age55Plus=false").search.age55Plus).toBe(true);
    expect(parse("age55Plus=false&age55Plus=true").search.age55Plus).toBe(false);
  });

  it("asking for a restricted rate the party does not claim ticks the claim, and says so", () => {
    const { search, notices } = parse("offerFor=SENIORS&residency=USA");
    expect(search.age55Plus).toBe(true);
    expect(notices).toEqual([PROMOTION_MESSAGES.audienceNeedsFlag("age55Plus")]);
    // With nothing said about the party, the audience filter alone lists those offers.
    expect(parse("offerFor=SENIORS").notices).toEqual([]);
    expect(parse("offerFor=SENIORS").search.age55Plus).toBe(false);
  });

  it("resident offers for a party without a residency are explained", () => {
    expect(parse("offerFor=RESIDENTS&militaryOrForces=true").notices).toEqual([
      PROMOTION_MESSAGES.residentsNeedResidency,
    ]);
  });

  it("an unsaid party is not sent: the service shows every offer", () => {
    const q = upstreamOfferQuery(parse("").search);
    for (const key of ["residency", "age55Plus", "refundable", "offerFor"]) expect(q.has(key)).toBe(false);
  });

  it("an empty result says what to widen", () => {
    const { search } = parse("offerName=Seniors+Savings&brand=R&departureDate=2027-06-01&refundable=true");
    const hints = offerWidenHints(search, ctx.today);
    expect(hints.map((h) => h.text)).toEqual([
      "choose every offer name",
      "choose every cruise line",
      "start from an earlier departure date",
      "include offers on non-refundable fares",
    ]);
    // Each is a link to the same search with that one filter widened, from the first page.
    const widened = hints.map((h) => {
      const [path, query] = h.href.split("?");
      expect(path).toBe("/promotion/results");
      return parse(query!).search;
    });
    expect(widened[0]).toEqual({ ...search, offerName: "", page: 1 });
    expect(widened[1]).toEqual({ ...search, brand: "", page: 1 });
    expect(widened[2]).toEqual({ ...search, departureDate: ctx.today, page: 1 });
    expect(widened[3]).toEqual({ ...search, refundable: false, page: 1 });
  });
});

describe("archived offers: the expired range (30 days by default)", () => {
  it.each([
    ["", 30, false],
    ["expiredRange=1", 1, false],
    ["expiredRange=365", 365, false],
    ["expiredRange=90", 90, false],
    ["expiredRange=0", 1, true],
    ["expiredRange=366", 365, true],
    ["expiredRange=99999", 365, true],
    ["expiredRange=-5", 30, true],
    ["expiredRange=ten", 30, true],
  ])("%s → %i days", (query, days, said) => {
    const choice = parseExpiredRange(new URLSearchParams(query));
    expect(choice.expiredRange).toBe(days);
    expect(choice.notice !== null).toBe(said);
  });
  it("the default is 30 and the range 1 to 365", () => {
    expect(EXPIRED_RANGE).toEqual({ default: 30, min: 1, max: 365 });
  });
});

describe("a brand's offers", () => {
  it.each([
    ["brand=R", "R", 0],
    ["brand=v", "V", 0],
    ["", null, 0],
    ["brand=X", null, 1],
    ["brand=C&brand=R", "C", 1],
  ] as const)("%s", (query, brand, notices) => {
    const chosen = chooseBrand(new URLSearchParams(query));
    expect(chosen.brand).toBe(brand);
    expect(chosen.notices).toHaveLength(notices);
  });
});
