import { describe, expect, it } from "vitest";
import { barChart, bookingsByMonthChart, moneyDueChart } from "~/server/insights/chart.server";
import { monthName } from "~/domain/dates";

describe("the overview's chart of bookings by cruise line and month, laid out on the server", () => {
  const months = [
    { month: "2026-11", R: 10, C: 5, V: 0 },
    { month: "2026-12", R: 20, C: 10, V: 10 },
  ];
  const chart = bookingsByMonthChart(months);

  it("stacks each month's brands: one bar per non-zero figure, heights in proportion", () => {
    expect(chart.bars.map((b) => b.key)).toEqual(["2026-11:R", "2026-12:R", "2026-11:C", "2026-12:C", "2026-12:V"]);
    const height = (key: string) => chart.bars.find((b) => b.key === key)!.height;
    expect(height("2026-12:R")).toBeCloseTo(2 * height("2026-11:R"), 0);
    expect(height("2026-12:C")).toBeCloseTo(height("2026-12:V"), 5);
  });

  it("the tallest stack fits the plot, and the stacks sit on its floor", () => {
    const tallest = chart.bars.filter((b) => b.key.startsWith("2026-12"));
    expect(Math.min(...tallest.map((b) => b.y))).toBeGreaterThanOrEqual(chart.plot.top);
    const r = chart.bars.find((b) => b.key === "2026-12:R")!;
    expect(r.y + r.height).toBeCloseTo(chart.plot.bottom, 0);
  });

  it("labels months as the portal writes months ('NOV 2026') and ticks the value axis from 0 at round numbers", () => {
    expect(chart.xTicks.map((t) => t.label)).toEqual(["NOV 2026", "DEC 2026"]);
    expect(monthName("2027-01")).toBe("JAN 2027");
    expect(chart.yTicks[0]).toEqual({ value: 0, label: "0", y: chart.plot.bottom });
    expect(chart.yTicks.every((t) => Number.isInteger(t.value))).toBe(true);
  });

  it("an empty branch still draws axes, without bars", () => {
    const empty = bookingsByMonthChart([{ month: "2026-11", R: 0, C: 0, V: 0 }]);
    expect(empty.bars).toEqual([]);
    expect(empty.yTicks.length).toBeGreaterThan(1);
  });
});

describe("the overview's money due by week over the next 90 days, the same layout", () => {
  const weeks = Array.from({ length: 13 }, (_, i) => ({
    from: `2026-W${String(i).padStart(2, "0")}`,
    to: "",
    amount: i === 3 ? 0 : 1000 * (i + 1),
  }));
  const chart = moneyDueChart(
    weeks,
    (n) => `$${n / 1000}k`,
    (day) => day.slice(5),
  );

  it("draws a bar per week with money due (none for a week without), heights in proportion", () => {
    expect(chart.bars).toHaveLength(12);
    const height = (i: number) => chart.bars.find((b) => b.key === `${weeks[i]!.from}:due`)!.height;
    expect(height(1)).toBeCloseTo(2 * height(0), 0);
    expect(chart.series).toEqual([{ key: "due", label: "Money due" }]);
  });

  it("labels every other week on the axis (thirteen dates would collide) and money on the value axis", () => {
    expect(chart.xTicks.map((t) => t.label)).toEqual(["W00", "W02", "W04", "W06", "W08", "W10", "W12"]);
    expect(chart.yTicks[0]!.label).toBe("$0k");
    expect(Math.min(...chart.bars.map((b) => b.y))).toBeGreaterThanOrEqual(chart.plot.top);
  });

  it("the layout is one function for any categories and series (other charts reuse it)", () => {
    const grouped = barChart({
      categories: ["a", "b"],
      key: (c) => c,
      label: (c) => c.toUpperCase(),
      series: [
        { key: "held", label: "Held" },
        { key: "booked", label: "Booked" },
      ],
      value: (c, s) => (c === "a" ? 1 : 2) * (s === "held" ? 3 : 1),
    });
    expect(grouped.bars.map((b) => b.key)).toEqual(["a:held", "b:held", "a:booked", "b:booked"]);
    expect(grouped.xTicks.map((t) => t.label)).toEqual(["A", "B"]);
  });
});
