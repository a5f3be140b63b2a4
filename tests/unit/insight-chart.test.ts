import { describe, expect, it } from "vitest";
import { bookingsByMonthChart } from "~/server/insights/chart.server";
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
    expect(chart.yTicks[0]).toEqual({ value: 0, y: chart.plot.bottom });
    expect(chart.yTicks.every((t) => Number.isInteger(t.value))).toBe(true);
  });

  it("an empty branch still draws axes, without bars", () => {
    const empty = bookingsByMonthChart([{ month: "2026-11", R: 0, C: 0, V: 0 }]);
    expect(empty.bars).toEqual([]);
    expect(empty.yTicks.length).toBeGreaterThan(1);
  });
});
