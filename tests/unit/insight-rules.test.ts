import { describe, expect, it } from "vitest";
import {
  ALERT_KEYS,
  ALERT_TYPES,
  CONCRETE_ALERT_TYPES,
  concreteTypes,
  isUrgent,
  type ConcreteAlertType,
} from "~/domain/insights/alerts";
import { LISTS, listHref, listParams, parseListSearch, upstreamListQuery, widenings } from "~/domain/insights/lists";
import { actionQueue, alertCentreHref, countGrid } from "~/domain/insights/summary";
import { inTimeframe, TIMEFRAMES, type Timeframe } from "~/domain/insights/timeframes";

const TODAY = "2026-11-24";

describe("the timeframe filters as windows of days from today (both ends inclusive)", () => {
  // [timeframe, the first day in, the last day in] (null: open-ended); the days either side are out.
  const WINDOWS: Array<[Timeframe, string | null, string | null]> = [
    ["NEXT_10_DAYS", "2026-11-24", "2026-12-04"],
    ["DAYS_11_TO_30", "2026-12-05", "2026-12-24"],
    ["DAYS_31_TO_60", "2026-12-25", "2027-01-23"],
    ["DAYS_61_TO_90", "2027-01-24", "2027-02-22"],
    ["MORE_THAN_90_DAYS", "2027-02-23", null],
    ["REDEEM_WITHIN_120_DAYS", "2026-11-24", "2027-03-24"],
    ["EXPIRED_WITHIN_120_DAYS", "2026-07-27", "2026-11-23"],
    ["DAYS_10_TO_30", "2026-12-05", "2026-12-24"],
    ["DAYS_30_TO_60", "2026-12-25", "2027-01-23"],
    ["DAYS_60_TO_90", "2027-01-24", "2027-02-22"],
    ["DAYS_90_TO_120", "2027-02-23", "2027-03-24"],
    ["MORE_THAN_120_DAYS", "2027-03-25", null],
    ["CANCELLED_PAST_120_DAYS", "2026-07-27", "2026-11-24"],
    ["EXPIRED_WITHIN_48_HS", "2026-11-22", "2026-11-23"],
    ["DUE_WITHIN_48_HS", "2026-11-24", "2026-11-26"],
    ["PAST_SIX_MONTHS", "2026-05-25", "2026-11-24"],
    ["ALL", null, null],
  ];
  const dayBefore = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const dayAfter = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

  it("every timeframe of the specification but the {token} placeholder, and the portal's 48-hour one, has a window", () => {
    expect(new Set(WINDOWS.map(([tf]) => tf))).toEqual(new Set(TIMEFRAMES));
  });

  it.each(WINDOWS)("%s runs from %s to %s", (timeframe, first, last) => {
    if (first) {
      expect(inTimeframe(first, timeframe, TODAY)).toBe(true);
      expect(inTimeframe(dayBefore(first), timeframe, TODAY)).toBe(false);
    } else expect(inTimeframe("1990-01-01", timeframe, TODAY)).toBe(true);
    if (last) {
      expect(inTimeframe(last, timeframe, TODAY)).toBe(true);
      expect(inTimeframe(dayAfter(last), timeframe, TODAY)).toBe(false);
    } else expect(inTimeframe("2099-12-31", timeframe, TODAY)).toBe(true);
  });

  it("the forward windows of the alert centre meet without a gap or an overlap", () => {
    const forward: Timeframe[] = [
      "NEXT_10_DAYS",
      "DAYS_11_TO_30",
      "DAYS_31_TO_60",
      "DAYS_61_TO_90",
      "MORE_THAN_90_DAYS",
    ];
    for (let d = 0; d < 400; d++) {
      const day = new Date(Date.parse(`${TODAY}T00:00:00Z`) + d * 86_400_000).toISOString().slice(0, 10);
      expect(forward.filter((tf) => inTimeframe(day, tf, TODAY))).toHaveLength(1);
    }
  });
});

describe("the urgent-in-48-hours test: today up to 48 hours ahead", () => {
  it.each([
    ["2026-11-23", false],
    ["2026-11-24", true],
    ["2026-11-25", true],
    ["2026-11-26", true],
    ["2026-11-27", false],
  ])("due %s is urgent: %s", (due, urgent) => {
    expect(isUrgent(due, TODAY)).toBe(urgent);
  });
});

describe("the alert types and their keys", () => {
  it("every concrete type has its key, and the two groups have none", () => {
    expect(ALERT_KEYS).toEqual({
      FINAL_PAYMENT_DUE: "finalPaymentDue",
      BALANCE_DUE: "balanceDue",
      EXPIRING_DEPOSIT: "nextCruiseExpiringDeposit",
      EXPIRING_OFFER: "nextCruiseExpiringOffer",
      EXPIRING_48_HOURS: "expiringIn48Hours",
      FCC: "fccSailBy",
      CREDIT_EXPIRING_SOON: "creditExpiringSoon",
      CHECKING_REQUIRED: "checkInRequired",
      DINING_CONFLICT: "diningConflict",
    });
    expect(ALERT_TYPES).toHaveLength(11);
  });

  it("FINANCIAL_ALERTS and ALL_OTHER split the concrete types between them", () => {
    const financial = concreteTypes("FINANCIAL_ALERTS");
    const other = concreteTypes("ALL_OTHER");
    expect(financial).toEqual(["FINAL_PAYMENT_DUE", "BALANCE_DUE", "EXPIRING_DEPOSIT", "FCC", "CREDIT_EXPIRING_SOON"]);
    expect([...financial, ...other].sort()).toEqual([...CONCRETE_ALERT_TYPES].sort());
  });

  it.each(CONCRETE_ALERT_TYPES.map((t) => [t]))("%s stands for itself", (type) => {
    expect(concreteTypes(type)).toEqual([type]);
  });
});

describe("an insights list's search in the URL", () => {
  const alerts = LISTS.alerts;
  const ships = ["OA", "EG"];
  const parse = (query: string, flexPay = true) =>
    parseListSearch(alerts, new URLSearchParams(query), { flexPay, ships });

  it("an empty URL is the alert centre's default: every type, due in the next 10 days, by due date", () => {
    const { search, notices } = parse("");
    expect(search).toEqual({
      filters: { type: "", timeframe: "NEXT_10_DAYS", brand: "", ship: "", flexPay: "", enrolment: "" },
      sort: "dueDate",
      order: "asc",
      page: 1,
    });
    expect(notices).toEqual([]);
  });

  it.each([
    ["type=NOPE", "type", "", /^Alert type: “NOPE”/],
    ["timeframe=NEXT_2_DAYS", "timeframe", "NEXT_10_DAYS", /^Due:/],
    ["timeframe=REDEEM_WITHIN_120_DAYS", "timeframe", "NEXT_10_DAYS", /^Due:/],
    ["brand=X", "brand", "", /^Cruise line:/],
    ["ship=ZZ", "ship", "", /^Ship:/],
    ["enrolment=Maybe", "enrolment", "", /^Enrolment:/],
  ])("junk is normalised with a notice: %s", (query, filter, value, notice) => {
    const { search, notices } = parse(query);
    expect(search.filters[filter]).toBe(value);
    expect(notices.join(" ")).toMatch(notice);
  });

  it("known values are kept; a ship code in any case", () => {
    const { search } = parse(
      "type=FINANCIAL_ALERTS&timeframe=ALL&brand=C&ship=eg&flexPay=true&enrolment=Not%20Eligible",
    );
    expect(search.filters).toEqual({
      type: "FINANCIAL_ALERTS",
      timeframe: "ALL",
      brand: "C",
      ship: "EG",
      flexPay: "true",
      enrolment: "Not Eligible",
    });
  });

  it("without flex pay access (hasFlexPayAccess) the flex pay filter does not exist", () => {
    expect(parse("flexPay=true", false).search.filters).not.toHaveProperty("flexPay");
  });

  it.each([
    ["page=0", 1],
    ["page=-3", 1],
    ["page=2.5", 1],
    ["page=abc", 1],
    ["page=7", 7],
    ["page=99999999", 100_000],
  ])("%s reads as page %i", (query, page) => {
    expect(parse(query).search.page).toBe(page);
  });

  it("an unknown sort or order falls back to the list's own", () => {
    expect(parse("sort=secret&order=sideways").search).toMatchObject({ sort: "dueDate", order: "asc" });
    expect(parse("sort=amountDue&order=desc").search).toMatchObject({ sort: "amountDue", order: "desc" });
  });

  it("free text is trimmed and cut to 40 characters", () => {
    const { search } = parseListSearch(LISTS.reservations, new URLSearchParams(`q=  ${"x".repeat(60)}  `), {
      flexPay: true,
    });
    expect(search.filters.q).toBe("x".repeat(40));
  });

  it("the URL holds only what differs from the defaults, and reads back to the same search", () => {
    const { search } = parse("type=BALANCE_DUE&timeframe=ALL&sort=ship&order=desc&page=3");
    const query = listParams(alerts, search);
    expect(query).toBe("type=BALANCE_DUE&timeframe=ALL&sort=ship&order=desc&page=3");
    expect(parse(query).search).toEqual(search);
    expect(listHref(alerts, parse("").search)).toBe("/insights/alert-centre");
  });

  it("the future-compensation lists carry their view", () => {
    const { search } = parseListSearch(LISTS.credits, new URLSearchParams(), { flexPay: true });
    expect(listHref(LISTS.credits, search)).toBe("/insights/future-compensation?view=credits");
  });

  it("the upstream query names the branch, expands a group into its types and leaves out 'any'", () => {
    const { search } = parse("type=ALL_OTHER&brand=R");
    const query = upstreamListQuery(alerts, search, "FLL", { page: 2, pageSize: 25 });
    expect(Object.fromEntries(query)).toEqual({
      branch: "FLL",
      type: "EXPIRING_OFFER,EXPIRING_48_HOURS,CHECKING_REQUIRED,DINING_CONFLICT",
      timeframe: "NEXT_10_DAYS",
      brand: "R",
      sort: "dueDate",
      order: "asc",
      page: "2",
      pageSize: "25",
    });
    expect(upstreamListQuery(alerts, search, "FLL", null).has("page")).toBe(false);
  });

  it("an empty list offers to widen each narrowed filter: 'any', or ALL for a timeframe", () => {
    const { search } = parse("type=FCC&brand=V");
    expect(widenings(alerts, search)).toEqual([
      { label: "Alert type: Every alert type", filters: { type: "" } },
      { label: "Due: Any time", filters: { timeframe: "ALL" } },
      { label: "Cruise line: All cruise lines", filters: { brand: "" } },
    ]);
  });
});

describe("the overview's counts and the home page's action queue", () => {
  const count = (type: ConcreteAlertType, timeframe: Timeframe, n: number) => ({ type, timeframe, count: n });

  it("the grid has a row per concrete type with zeros filled in and a total", () => {
    const grid = countGrid([count("BALANCE_DUE", "NEXT_10_DAYS", 3), count("BALANCE_DUE", "MORE_THAN_90_DAYS", 4)]);
    expect(grid).toHaveLength(9);
    expect(grid.find((r) => r.type === "BALANCE_DUE")).toEqual({
      type: "BALANCE_DUE",
      byTimeframe: { NEXT_10_DAYS: 3, DAYS_11_TO_30: 0, DAYS_31_TO_60: 0, DAYS_61_TO_90: 0, MORE_THAN_90_DAYS: 4 },
      total: 7,
    });
  });

  it("the queue shows the next 10 days only, the 48-hour alerts first, then by count", () => {
    const queue = actionQueue([
      count("BALANCE_DUE", "NEXT_10_DAYS", 3),
      count("FINAL_PAYMENT_DUE", "NEXT_10_DAYS", 9),
      count("EXPIRING_48_HOURS", "NEXT_10_DAYS", 1),
      count("DINING_CONFLICT", "NEXT_10_DAYS", 0),
      count("FCC", "DAYS_11_TO_30", 50),
    ]);
    expect(queue.map((q) => [q.type, q.count])).toEqual([
      ["EXPIRING_48_HOURS", 1],
      ["FINAL_PAYMENT_DUE", 9],
      ["BALANCE_DUE", 3],
    ]);
    expect(queue[1]?.href).toBe("/insights/alert-centre?type=FINAL_PAYMENT_DUE");
  });

  it("a count links to the alert centre showing that type in that timeframe", () => {
    expect(alertCentreHref("FCC", "DAYS_31_TO_60")).toBe("/insights/alert-centre?type=FCC&timeframe=DAYS_31_TO_60");
  });
});
