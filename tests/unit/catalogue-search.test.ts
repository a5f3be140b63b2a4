import { describe, expect, it } from "vitest";
import { changeSelection, COMPARE_LIMIT, compareReturnTo } from "~/domain/catalogue/compare";
import { chooseFilter, FILTER_MESSAGES } from "~/domain/catalogue/filters";
import { partyFare } from "~/domain/catalogue/fares";
import {
  defaultSearch,
  parseItinerarySearch,
  sailingDetailHref,
  searchParams,
  SEARCH_MESSAGES,
  upstreamQuery,
  defaultPriceMax,
  CATALOGUE_PRICE_MAX,
  widenHints,
  type SearchContext,
} from "~/domain/catalogue/itinerary-search";
import { money } from "~/domain/money";
import { displayDate } from "~/domain/dates";

const ctx: SearchContext = {
  today: "2026-11-23",
  lastSailDate: "2028-11-20",
  ships: [
    { code: "OA", name: "Oasis of the Seas", brand: "R" },
    { code: "EG", name: "Celebrity Edge", brand: "C" },
  ],
  destinations: [
    { code: "CARIBBEAN", name: "Caribbean" },
    { code: "ALASKA", name: "Alaska" },
  ],
  ports: ["MIA", "FLL", "BCN"],
  currencies: new Set(["USD", "EUR", "GBP"]),
  residencies: new Set(["USA", "CAN", "PRI", "GBR"]),
  defaultCurrency: "USD",
};
const parse = (query: string, c: SearchContext = ctx) => parseItinerarySearch(new URLSearchParams(query), c);
/** One filter at its default value. */
const defaultPick = (key: string) => ({ [key]: (defaultSearch(ctx) as Record<string, unknown>)[key] });

describe("itinerary search: the cruise search filter defaults", () => {
  it("an empty URL is the default search", () => {
    const { search, errors, notices } = parse("");
    expect(search).toEqual(defaultSearch(ctx));
    expect(search).toMatchObject({
      voyageType: "",
      brand: "",
      ship: "",
      destination: "",
      departureDate: "2026-11-23",
      adults: 2,
      children: 0,
      infants: 0,
      residency: "",
      currency: "USD",
      priceMin: 0,
      priceMax: 10000,
      loyaltyNumber: "",
      promoCode: "",
      age55Plus: false,
      lawEnforcement: false,
      fireDepartmentOrEMT: false,
      militaryOrForces: false,
      refundable: false,
      sort: "date",
      order: "asc",
      page: 1,
    });
    expect(errors).toEqual({});
    expect(notices).toEqual([]);
  });

  it("the agent's primary currency is the default when it has a rate", () => {
    expect(parse("", { ...ctx, defaultCurrency: "GBP" }).search.currency).toBe("GBP");
  });

  it("a full search is read as written, and written back to the same URL", () => {
    const query =
      "voyageType=ROUNDTRIP&brand=R&ship=OA&destination=CARIBBEAN&departureDate=2027-01-10&nights=6-9&cabinClass=BALCONY&tourType=CO&adults=2&children=1&infants=0&residency=USA&currency=EUR&priceMin=500&priceMax=4000&loyaltyNumber=123456789&promoCode=SAVE-20&age55Plus=true&lawEnforcement=true&fireDepartmentOrEMT=true&militaryOrForces=true&refundable=true&sort=price&order=desc&page=3";
    const { search, errors, notices } = parse(query);
    expect(errors).toEqual({});
    expect(notices).toEqual([]);
    expect(searchParams(search).toString()).toBe(query);
  });
});

describe("a sailing's page carries the search it was found with, after the sailing", () => {
  const { search } = parse("destination=CARIBBEAN&adults=2&children=1&currency=SGD");
  it.each([
    ["alone (a ship's next sailings)", undefined, "/itinerary/detail?sailing=OA20990601"],
    [
      "with a search's parameters (compare)",
      searchParams(search),
      `/itinerary/detail?sailing=OA20990601&${searchParams(search)}`,
    ],
    [
      "with a query string written once (a results page's rows)",
      searchParams(search).toString(),
      `/itinerary/detail?sailing=OA20990601&${searchParams(search)}`,
    ],
    [
      "with a party's pairs (a promotion)",
      [
        ["residency", "USA"],
        ["age55Plus", "true"],
      ] as Array<[string, string]>,
      "/itinerary/detail?sailing=OA20990601&residency=USA&age55Plus=true",
    ],
  ])("%s", (_name, found, href) => {
    expect(sailingDetailHref("OA20990601", found)).toBe(href);
  });
  it("an id is escaped like any value", () => {
    expect(sailingDetailHref("A&B C")).toBe("/itinerary/detail?sailing=A%26B+C");
  });
});

describe("itinerary search: the departure port", () => {
  it("is read from the URL, sent to the catalogue and written back in its place", () => {
    const { search, notices } = parse("port=mia&destination=CARIBBEAN");
    expect(notices).toEqual([]);
    expect(search.port).toBe("MIA");
    expect(upstreamQuery(search, 1).get("port")).toBe("MIA");
    expect(searchParams(search).toString()).toMatch(/^destination=CARIBBEAN&port=MIA&departureDate=/);
    expect(widenHints(search, ctx).map((h) => h.text)).toContain("choose every departure port");
  });
  it("a port sailings do not leave from is dropped, with a notice", () => {
    const { search, notices } = parse("port=XXX");
    expect(search.port).toBe("");
    expect(notices).toEqual([FILTER_MESSAGES.unknown("departure port", "XXX", "search", "every departure port")]);
  });
});

describe("itinerary search: bad input is normalised with a message, never an error", () => {
  it.each([
    ["brand=X", "brand", "", FILTER_MESSAGES.unknown("cruise line", "X", "search", "every cruise line")],
    ["ship=ZZ", "ship", "", FILTER_MESSAGES.unknown("ship", "ZZ", "search", "every ship")],
    [
      "destination=MOON",
      "destination",
      "",
      FILTER_MESSAGES.unknown("destination", "MOON", "search", "every destination"),
    ],
    [
      "cabinClass=PENTHOUSE",
      "cabinClass",
      "",
      FILTER_MESSAGES.unknown("stateroom type", "PENTHOUSE", "search", "every stateroom type"),
    ],
    [
      "voyageType=SPACE",
      "voyageType",
      "",
      FILTER_MESSAGES.unknown("voyage type", "SPACE", "search", "every voyage type"),
    ],
    ["currency=XXX", "currency", "USD", FILTER_MESSAGES.unknown("currency", "XXX", "search", "prices in USD")],
    ["brand=C&ship=OA", "ship", "", SEARCH_MESSAGES.shipOfOtherBrand("Oasis of the Seas", "C")],
    ["departureDate=2020-01-01", "departureDate", "2026-11-23", SEARCH_MESSAGES.pastDate("2026-11-23")],
    ["page=abc", "page", 1, SEARCH_MESSAGES.page],
    ["page=0", "page", 1, SEARCH_MESSAGES.page],
    ["priceMin=9000&priceMax=100", "priceMin", 100, SEARCH_MESSAGES.swapped],
  ] as const)("%s → %s %o with a notice", (query, field, value, notice) => {
    const { search, notices } = parse(query);
    expect(search[field]).toBe(value);
    expect(notices).toContain(notice);
  });

  it.each([
    ["departureDate=2026-02-30", "departureDate", SEARCH_MESSAGES.badDate],
    ["departureDate=tomorrow", "departureDate", SEARCH_MESSAGES.badDate],
    ["departureDate=2029-06-01", "departureDate", SEARCH_MESSAGES.beyondCatalogue("2028-11-20")],
    ["priceMax=lots", "priceMax", SEARCH_MESSAGES.price],
    ["priceMin=-5", "priceMin", SEARCH_MESSAGES.price],
    ["loyaltyNumber=<script>", "loyaltyNumber", SEARCH_MESSAGES.loyalty],
    ["promoCode=SAVE 20%", "promoCode", SEARCH_MESSAGES.promo],
  ] as const)("%s → an error by the %s field, and what was typed is kept", (query, field, message) => {
    const { errors, typed } = parse(query);
    expect(errors[field]).toBe(message);
    // A date beyond the catalogue is a real date: the search keeps it, so nothing typed needs keeping aside.
    const beyond = message === SEARCH_MESSAGES.beyondCatalogue("2028-11-20");
    expect(typed[field]).toBe(beyond ? undefined : new URLSearchParams(query).get(field));
  });

  it("guests outside the group size rules are clamped, with a message by the guests", () => {
    const { search, errors } = parse("adults=3&children=2&infants=1");
    expect(search).toMatchObject({ adults: 3, children: 1, infants: 0 });
    expect(errors.guests).toBe(SEARCH_MESSAGES.guests({ adults: 3, children: 1, infants: 0 }));
    expect(parse("adults=x").search.adults).toBe(2);
    expect(parse("adults=x").errors.guests).toBeDefined();
  });

  it("a repeated parameter counts once (the first, said so), unknown parameters are ignored, case is forgiven", () => {
    const { search, notices } = parse(
      "brand=c&brand=R&sort=PRICE&foo=bar&cabinClass=balcony&currency=eur&residency=none",
    );
    expect(search).toMatchObject({ brand: "C", sort: "price", cabinClass: "BALCONY", currency: "EUR", residency: "" });
    expect(notices).toEqual([FILTER_MESSAGES.repeated("cruise line", "c", "search")]);
  });

  it("the fleet list and the itinerary search read a filter by the same rule", () => {
    const given = ["  alaska ", "CARIBBEAN"];
    const names = { what: "destination", fallback: "every destination" };
    expect(chooseFilter(given, ["ALASKA", "CARIBBEAN"], { ...names, page: "search" }).value).toBe("ALASKA");
    expect(chooseFilter(["all"], ["ALASKA"], { ...names, page: "list" })).toEqual({ value: "", notices: [] });
    expect(chooseFilter(["Moon"], ["ALASKA"], { ...names, page: "list" }).notices).toEqual([
      FILTER_MESSAGES.unknown("destination", "Moon", "list", "every destination"),
    ]);
  });

  it("a very long junk value is cut before it is quoted back", () => {
    const { notices } = parse(`destination=${"A".repeat(5000)}`);
    expect(notices[0]!.length).toBeLessThan(200);
  });
});

describe("itinerary search → the catalogue's query", () => {
  it("turns the range of nights into bounds and prices into US dollars", () => {
    const { search } = parse("nights=6-9&currency=EUR&priceMin=100&priceMax=1000&refundable=true&cabinClass=BALCONY");
    const q = upstreamQuery(search, 1 / 0.9);
    expect(Object.fromEntries(q)).toEqual({
      cabinClass: "BALCONY",
      departureFrom: "2026-11-23",
      nightsMin: "6",
      nightsMax: "9",
      priceMin: "111",
      priceMax: "1112",
      refundable: "true",
      sort: "date",
      order: "asc",
      page: "1",
      pageSize: "20",
    });
    expect(upstreamQuery(parse("nights=15%2B").search, 1).get("nightsMax")).toBeNull();
  });

  it.each([
    [1, 10_000],
    [0.86115, 8_700],
    [1.3, 13_000],
    [153.86, 1_600_000],
    [16_612.5, 170_000_000],
    [0.00000921, 0.093],
    [undefined, 10_000],
    [0, 10_000],
  ])(
    "at %s units per dollar the default highest price is %s (10,000 dollars, two figures, rounded up)",
    (rate, max) => {
      expect(defaultPriceMax(rate)).toBe(max);
    },
  );

  it("the default price range follows the chosen currency, and a Bitcoin price may have eight decimals", () => {
    const rates = { USD: 1, JPY: 153.86, BTC: 0.00000921 };
    const currencies = new Set(["USD", "JPY", "BTC"]);
    const at = (query: string) => parse(query, { ...ctx, rates, currencies });
    expect(at("currency=JPY").search.priceMax).toBe(1_600_000);
    expect(at("currency=JPY").priceMaxDefault).toBe(1_600_000);
    expect(at("currency=USD").search.priceMax).toBe(10_000);
    expect(at("currency=BTC&priceMax=0.05123456").search.priceMax).toBe(0.05123456);
    expect(at("currency=JPY&priceMax=20000").search.priceMax).toBe(20_000);
  });

  it.each([
    // Bitcoin: the default 10,000 BTC is about a billion dollars, past the catalogue's largest bound.
    ["priceMax=10000", 0.00000921, null],
    ["priceMax=1", 0.00000921, "108578"],
    ["priceMax=10000", 1, "10000"],
  ])(
    "a price range %s at %s units per dollar asks for priceMax %j (never past what the catalogue takes)",
    (query, rate, max) => {
      const q = upstreamQuery(parse(query).search, 1 / rate);
      expect(q.get("priceMax")).toBe(max);
      expect(Number(q.get("priceMin"))).toBeLessThanOrEqual(CATALOGUE_PRICE_MAX);
    },
  );

  it("an empty result names what to widen", () => {
    expect(widenHints(parse("").search, ctx)).toEqual([]);
    expect(widenHints(parse("ship=OA&cabinClass=DELUXE&priceMax=10").search, ctx).map((h) => h.text)).toEqual([
      "choose every ship",
      "allow staterooms other than Suite",
      "widen the price range",
    ]);
  });

  // Each way to widen is a link: the same search, that one filter back to its default, first page.
  const base = "destination=CARIBBEAN&departureDate=2027-01-10&adults=1&currency=EUR&sort=price";
  it.each([
    ["ship=OA", "choose every ship", "ship"],
    ["nights=6-9", "allow any length of cruise", "nights"],
    ["cabinClass=BALCONY", "allow staterooms other than Balcony", "cabinClass"],
    ["tourType=CT", "include cruises with and without tours", "tourType"],
    ["voyageType=ONEWAY", "include round trips and one-way voyages", "voyageType"],
    ["refundable=true", "include non-refundable fares", "refundable"],
  ])("with %s, %s links to the search without it", (filter, text, key) => {
    const { search } = parse(`${base}&${filter}&page=3`);
    const hint = widenHints(search, ctx).find((h) => h.text === text)!;
    const [path, query] = hint.href.split("?");
    expect(path).toBe("/itinerary/results");
    const widened = new URLSearchParams(query);
    expect(widened.has(key)).toBe(false);
    expect(widened.get("page")).toBe("1");
    // Everything else the agent chose stays.
    expect(parse(query!).search).toEqual({ ...search, ...defaultPick(key), page: 1 });
  });
  it("an earlier departure date starts today; a price range widens to the whole range", () => {
    const { search } = parse(`${base}&priceMin=100&priceMax=900`);
    const hints = widenHints(search, ctx);
    const [dateHint, priceHint] = [hints[0], hints.find((h) => h.text === "widen the price range")];
    expect(dateHint!.text).toBe("start from an earlier departure date");
    expect(new URLSearchParams(dateHint!.href.split("?")[1]).get("departureDate")).toBe(ctx.today);
    expect(new URLSearchParams(dateHint!.href.split("?")[1]).get("destination")).toBe("CARIBBEAN");
    const widened = new URLSearchParams(priceHint!.href.split("?")[1]);
    expect([widened.get("priceMin"), widened.get("priceMax")]).toEqual(["0", "10000"]);
  });
});

describe("what a party pays (the catalogue's pricing rule)", () => {
  const price = { pricePerGuest: 1000, additionalGuestPrice: 500, taxesAndFees: 150, deposit: 250 };
  const terms = { singleSupplementPercent: 100, finalPaymentDate: "2027-03-01", today: "2026-11-23" };
  it.each([
    [{ adults: 1, children: 0, infants: 0 }, 2000, 150, 250],
    [{ adults: 2, children: 0, infants: 0 }, 2000, 300, 500],
    [{ adults: 2, children: 1, infants: 0 }, 2500, 450, 750],
    [{ adults: 2, children: 1, infants: 1 }, 3000, 600, 1000],
    [{ adults: 1, children: 1, infants: 0 }, 2000, 300, 500],
  ])("%o pays fare %i, taxes %i, deposit %i", (party, fare, taxes, deposit) => {
    const result = partyFare(price, party, terms);
    expect(result).toMatchObject({ fare, taxesAndFees: taxes, total: fare + taxes, deposit, payInFull: false });
    expect(result.finalPayment).toBe(fare + taxes - deposit);
  });
  it("inside the final payment window everything is due now", () => {
    const result = partyFare(price, { adults: 2, children: 0, infants: 0 }, { ...terms, today: "2027-03-01" });
    expect(result).toMatchObject({ payInFull: true, deposit: 2300, finalPayment: 0 });
  });
  // "Per guest" is what each guest pays on average, so an agent quoting it times the guests quotes
  // the cruise fare: a guest alone carries the whole single supplement, not half of it.
  it.each([
    [{ adults: 1, children: 0, infants: 0 }, 2000],
    [{ adults: 2, children: 0, infants: 0 }, 1000],
    [{ adults: 2, children: 1, infants: 0 }, 833.33],
    [{ adults: 3, children: 0, infants: 0 }, 833.33],
    [{ adults: 2, children: 1, infants: 1 }, 750],
    [{ adults: 4, children: 0, infants: 0 }, 750],
  ])("per guest for %o is the cruise fare shared evenly: %d", (party, perGuest) => {
    const result = partyFare(price, party, terms);
    expect(result.perGuest).toBe(perGuest);
    const guests = party.adults + party.children + party.infants;
    expect(Math.abs(result.perGuest * guests - result.fare)).toBeLessThan(0.01 * guests);
  });
  it("a Silversea-style 25% single supplement", () => {
    expect(
      partyFare(price, { adults: 1, children: 0, infants: 0 }, { ...terms, singleSupplementPercent: 25 }).fare,
    ).toBe(1250);
  });
});

describe("compare: up to four sailings", () => {
  it("adds in order, ignores a repeat, refuses a fifth, removes and clears", () => {
    let selection: string[] = [];
    for (const id of ["A", "B", "C", "D"])
      selection = changeSelection(selection, { intent: "add", sailingId: id }).selection;
    expect(selection).toEqual(["A", "B", "C", "D"]);
    expect(changeSelection(selection, { intent: "add", sailingId: "B" })).toEqual({ selection, refused: false });
    expect(changeSelection(selection, { intent: "add", sailingId: "E" })).toEqual({ selection, refused: true });
    expect(changeSelection(selection, { intent: "remove", sailingId: "B" }).selection).toEqual(["A", "C", "D"]);
    expect(changeSelection(selection, { intent: "clear" }).selection).toEqual([]);
    expect(COMPARE_LIMIT).toBe(4);
  });
});

describe("compare: a list's compare button comes back to its row", () => {
  it.each([
    [
      "/itinerary/results?sort=price&page=2",
      "OA20261205",
      true,
      "/itinerary/results?sort=price&page=2#sailing-OA20261205",
    ],
    ["/itinerary/results?sort=price#results", "OA20261205", true, "/itinerary/results?sort=price#sailing-OA20261205"],
    ["/itinerary/detail?sailing=OA20261205", "OA20261205", false, "/itinerary/detail?sailing=OA20261205"],
    ["/itinerary/results", undefined, true, "/itinerary/results"],
  ])("from %s, pressing %s (a list: %s) returns to %s", (returnTo, sailingId, toRow, expected) => {
    expect(compareReturnTo(returnTo, sailingId, toRow)).toBe(expected);
  });
});

describe("money and dates as shown", () => {
  it("shows dollars in the chosen currency at its rate", () => {
    expect(money(1000, { code: "EUR", rate: 0.9, rateDate: "2026-11-20" })).toBe("€900");
    expect(money(1234.5, { code: "USD", rate: 1, rateDate: null }, "amount")).toBe("$1,234.50");
  });
  it.each([
    ["2026-12-05", "05DEC2026"],
    ["2027-01-31", "31JAN2027"],
    ["not a date", ""],
  ])("a calendar date %s reads %s (ddMMMyyyy)", (iso, shown) => expect(displayDate(iso)).toBe(shown));
});
