import { describe, expect, it } from "vitest";
import { isUrgent } from "~/domain/insights/alerts";
import { alertCentreHref, windowTotal } from "~/domain/insights/summary";
import { inTimeframe } from "~/domain/insights/timeframes";
import { URGENCY_NAMES, urgencyOf, urgencyRank, type Urgency } from "~/domain/insights/urgency";

const TODAY = "2026-11-24";

describe("what is urgent, relative to the server's today: overdue, due today, due within 48 hours", () => {
  // [due date, settled, the flag]
  const CASES: Array<[string | null, boolean, Urgency | null]> = [
    ["2026-08-01", false, "overdue"],
    ["2026-11-23", false, "overdue"],
    ["2026-11-24", false, "due-today"],
    ["2026-11-25", false, "due-soon"],
    ["2026-11-26", false, "due-soon"],
    ["2026-11-27", false, null],
    ["2027-03-01", false, null],
    [null, false, null],
    // Nothing left to pay (or a cancelled booking) is never urgent, whatever its date.
    ["2026-11-23", true, null],
    ["2026-11-24", true, null],
  ];
  it.each(CASES)("due %s (settled: %s) is %s", (due, settled, expected) => {
    expect(urgencyOf(due, TODAY, settled)).toBe(expected);
  });

  it("each flag says itself in words, not colour alone", () => {
    expect(URGENCY_NAMES).toEqual({ overdue: "Overdue", "due-today": "Due today", "due-soon": "Due in 48 h" });
  });

  it("sorts overdue first, then due today, due soon, then the rest", () => {
    const flags: Array<Urgency | null> = [null, "due-soon", "overdue", "due-today"];
    expect([...flags].sort((a, b) => urgencyRank(a) - urgencyRank(b))).toEqual([
      "overdue",
      "due-today",
      "due-soon",
      null,
    ]);
  });

  it("the 48-hour window the overview and home link to holds exactly today, due today and due soon", () => {
    for (const [due] of CASES.filter(([d, settled]) => d !== null && !settled)) {
      const u = urgencyOf(due, TODAY);
      const inWindow = u === "due-today" || u === "due-soon";
      expect(inTimeframe(due!, "DUE_WITHIN_48_HS", TODAY), due!).toBe(inWindow);
      expect(isUrgent(due!, TODAY), due!).toBe(inWindow);
    }
  });
});

describe("the insights figures agree: a window's total is the sum of its counts by type", () => {
  const counts = [
    { type: "BALANCE_DUE" as const, timeframe: "NEXT_10_DAYS" as const, count: 3 },
    { type: "FINAL_PAYMENT_DUE" as const, timeframe: "NEXT_10_DAYS" as const, count: 9 },
    { type: "FINAL_PAYMENT_DUE" as const, timeframe: "DAYS_11_TO_30" as const, count: 40 },
  ];
  it.each([
    ["NEXT_10_DAYS", 12],
    ["DAYS_11_TO_30", 40],
    ["DAYS_31_TO_60", 0],
  ] as const)("%s totals %i", (timeframe, total) => {
    expect(windowTotal(counts, timeframe)).toBe(total);
  });

  it("the 48-hour figure links to the alert centre showing exactly that window, every type", () => {
    expect(alertCentreHref(null, "DUE_WITHIN_48_HS")).toBe("/insights/alert-centre?timeframe=DUE_WITHIN_48_HS");
    expect(alertCentreHref(null, "NEXT_10_DAYS")).toBe("/insights/alert-centre");
  });
});
