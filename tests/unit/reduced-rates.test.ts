import { describe, expect, it } from "vitest";
import {
  CABIN_CLASS_MESSAGE,
  COMPANION_NAME_MESSAGE,
  COMPANION_RELATION_MESSAGE,
  REQUEST_FAILED,
  canWithdraw,
  estimateMoney,
  estimateNote,
  monthOptions,
  monthRange,
  parseRateSearch,
  parseRequest,
  rateMoney,
  rateSearchParams,
  refusalMessage,
  typedRequest,
  upstreamRateQuery,
  widenHints,
  yourRequestLabel,
  type RequestFields,
} from "~/domain/reduced-rates";

const fields = (over: Partial<RequestFields> = {}): RequestFields => ({
  sailingId: "RC-ALL-20260601",
  cabinClass: "INTERIOR",
  companion: "no",
  companionName: "",
  companionRelation: "",
  ...over,
});

describe("the list's search parameters", () => {
  it.each([
    ["", { brand: null, ship: null, month: null, rateType: null, sort: "date", order: "asc", page: 1 }],
    [
      "brand=C&ship=ab1&month=2026-07&rateType=FAM&sort=rate&order=desc&page=3",
      { brand: "C", ship: "AB1", month: "2026-07", rateType: "FAM", sort: "rate", order: "desc", page: 3 },
    ],
    // Junk is left out, never an error.
    [
      "brand=X&ship=<script>&month=2026-13&rateType=CHEAP&sort=price&order=up&page=-2",
      { brand: null, ship: null, month: null, rateType: null, sort: "date", order: "asc", page: 1 },
    ],
    ["page=abc&month=%20", { page: 1, month: null }],
  ])("%j reads as %o", (query, expected) => {
    expect(parseRateSearch(new URLSearchParams(query))).toMatchObject(expected);
  });

  it("writes the search back in one order, defaults left out, so a URL survives a round trip", () => {
    const search = parseRateSearch(new URLSearchParams("page=2&sort=nights&brand=R&month=2026-07"));
    const query = rateSearchParams(search);
    expect(query).toBe("brand=R&month=2026-07&sort=nights&page=2");
    expect(parseRateSearch(new URLSearchParams(query))).toEqual(search);
    expect(rateSearchParams(search, { page: 1, sort: "date" })).toBe("brand=R&month=2026-07");
  });

  it("asks the upstream for the month as a date range", () => {
    const search = parseRateSearch(new URLSearchParams("month=2028-02&ship=XX"));
    const query = upstreamRateQuery(search, 20);
    expect(Object.fromEntries(query)).toEqual({
      sort: "date",
      order: "asc",
      page: "1",
      pageSize: "20",
      ship: "XX",
      from: "2028-02-01",
      to: "2028-02-29",
    });
  });

  it.each([
    ["2026-12", "2026-12-01", "2026-12-31"],
    ["2027-02", "2027-02-01", "2027-02-28"],
    ["2026-04", "2026-04-01", "2026-04-30"],
  ])("the month %s runs from %s to %s", (month, from, to) => {
    expect(monthRange(month)).toEqual({ from, to });
  });

  it("offers this month and the next 24, across the year's end", () => {
    const options = monthOptions("2026-11-24");
    expect(options).toHaveLength(25);
    expect(options[0]).toEqual({ value: "2026-11", label: "NOV 2026" });
    expect(options[2]).toEqual({ value: "2027-01", label: "JAN 2027" });
    expect(options[24]?.value).toBe("2028-11");
  });

  it("names what to widen when nothing is found", () => {
    const search = parseRateSearch(new URLSearchParams("brand=V&month=2026-07"));
    expect(widenHints(search).map((h) => h.text)).toEqual([
      "search every cruise line, not only Silversea",
      "search every month, not only JUL 2026",
    ]);
    expect(widenHints(parseRateSearch(new URLSearchParams("")))).toEqual([]);
  });

  // Each way to widen links to the same search without that one filter, from the first page.
  it.each([
    [
      "brand=V&month=2026-07&sort=rate&page=3",
      "search every cruise line, not only Silversea",
      "/reduced-rates?month=2026-07&sort=rate",
    ],
    [
      "brand=V&month=2026-07&sort=rate&page=3",
      "search every month, not only JUL 2026",
      "/reduced-rates?brand=V&sort=rate",
    ],
    ["ship=OA", "search every ship, not only Oasis of the Seas", "/reduced-rates"],
  ])("from ?%s, %s links to %s", (query, text, href) => {
    const hints = widenHints(parseRateSearch(new URLSearchParams(query)), "Oasis of the Seas");
    expect(hints.find((h) => h.text === text)?.href).toBe(href);
  });
});

describe("the request form", () => {
  it("takes the agent alone", () => {
    expect(parseRequest(fields({ sailingId: " rc-all-20260601 " }))).toEqual({
      success: true,
      data: { sailingId: "RC-ALL-20260601", cabinClass: "INTERIOR", companion: null },
    });
  });

  it("takes one companion with a name and relation; a companion's fields are ignored when travelling alone", () => {
    const withCompanion = parseRequest(
      fields({ companion: "yes", companionName: " Sam Stone ", companionRelation: "PARTNER" }),
    );
    expect(withCompanion).toMatchObject({
      success: true,
      data: { companion: { name: "Sam Stone", relation: "PARTNER" } },
    });
    const alone = parseRequest(fields({ companion: "no", companionName: "Sam", companionRelation: "FRIEND" }));
    expect(alone).toMatchObject({ success: true, data: { companion: null } });
  });

  it.each([
    ["no cabin class", fields({ cabinClass: "" }), { cabinClass: [CABIN_CLASS_MESSAGE] }],
    ["a suite (no reduced rate)", fields({ cabinClass: "DELUXE" }), { cabinClass: [CABIN_CLASS_MESSAGE] }],
    [
      "no cabin class and a companion without a name or relation: every message at once",
      fields({ cabinClass: "", companion: "yes" }),
      {
        cabinClass: [CABIN_CLASS_MESSAGE],
        companionName: [COMPANION_NAME_MESSAGE],
        companionRelation: [COMPANION_RELATION_MESSAGE],
      },
    ],
    [
      "a companion without a name",
      fields({ companion: "yes", companionRelation: "FRIEND" }),
      { companionName: [COMPANION_NAME_MESSAGE] },
    ],
    [
      "a companion with an unknown relation",
      fields({ companion: "yes", companionName: "Sam Stone", companionRelation: "BOSS" }),
      { companionRelation: [COMPANION_RELATION_MESSAGE] },
    ],
    ["no companion answer", fields({ companion: "" }), { companion: [expect.stringMatching(/companion/)] }],
    ["a junk sailing", fields({ sailingId: "<x>" }), { sailingId: [expect.any(String)] }],
  ])("refuses %s", (_what, input, fieldErrors) => {
    expect(parseRequest(input)).toEqual({ success: false, fieldErrors });
  });

  it("keeps what was typed, cut to a sane length", () => {
    const form = new URLSearchParams({ cabinClass: "BALCONY", companion: "yes", companionName: "x".repeat(500) });
    expect(typedRequest(form)).toEqual({
      sailingId: "",
      cabinClass: "BALCONY",
      companion: "yes",
      companionName: "x".repeat(120),
      companionRelation: "",
    });
  });
});

describe("refusals and withdrawal", () => {
  it.each([
    ["NOT_QUALIFYING", /no reduced rate for travel professionals/],
    ["DEADLINE_PASSED", /request deadline has passed/],
    ["CLASS_NOT_OFFERED", /no reduced rate in that cabin class/],
    ["ALREADY_REQUESTED", /already requested/],
    ["TOO_MANY_OPEN", /3 requests waiting/],
    ["ALREADY_DECIDED", /already been decided/],
  ])("%s reads as a clear message", (code, message) => {
    expect(refusalMessage(code)).toMatch(message);
  });

  it("an unknown or missing code is the retry message", () => {
    expect(refusalMessage("SOMETHING_ELSE")).toBe(REQUEST_FAILED);
    expect(refusalMessage(undefined)).toBe(REQUEST_FAILED);
  });

  it.each([
    ["REQUESTED", true],
    ["APPROVED", false],
    ["DECLINED", false],
    ["WITHDRAWN", false],
  ])("a %s request can be withdrawn: %s", (status, expected) => {
    expect(canWithdraw(status)).toBe(expected);
  });
});

describe("the rate per guest", () => {
  it.each([
    [367, "USD", "$367"],
    [1250, "USD", "$1,250"],
    [99.6, "USD", "$100"],
    [500, "EUR", "€500"],
    [42, "??", "?? 42"],
  ])("%d %s reads %s", (amount, currency, text) => {
    expect(rateMoney(amount, currency)).toBe(text);
  });
});

describe("the list's mark of the agent's own request", () => {
  it.each([
    ["REQUESTED", "2026-11-24T09:30:00.000Z", "Requested 24NOV2026"],
    ["REQUESTED", "2026-11-24T23:59:59.000Z", "Requested 24NOV2026"],
    ["REQUESTED", "soon", "Requested"],
    ["APPROVED", "2026-11-24T09:30:00.000Z", "Approved"],
    ["DECLINED", "2026-11-24T09:30:00.000Z", "Declined"],
  ])("a %s request made at %s reads %s", (status, requestedAt, text) => {
    expect(yourRequestLabel({ status, requestedAt })).toBe(text);
  });
});

describe("the estimate in the agent's currency", () => {
  const gbp = { code: "GBP", rate: 0.8, rateDate: "2026-11-20" };
  it.each([
    [420, gbp, "about £336"],
    [1250, { code: "EUR", rate: 0.9, rateDate: null }, "about €1,125"],
  ])("$%d reads %s", (usd, estimate, text) => {
    expect(estimateMoney(usd, estimate)).toBe(text);
  });

  it("is said to be an estimate, at the rate's day, charged in dollars", () => {
    expect(estimateNote(gbp)).toBe(
      "Amounts in GBP are estimates at the exchange rate of 20NOV2026; the cruise line quotes and charges the rate in US dollars.",
    );
    expect(estimateNote({ ...gbp, rateDate: null })).toMatch(/^Amounts in GBP are estimates at today's exchange rate;/);
  });
});
