import { describe, expect, it } from "vitest";
import { spaceChange, type SpacePoint } from "~/domain/groups";
import { spaceChart } from "~/server/groups/space-chart.server";

describe("a day of a group's space history in words", () => {
  const day = (held: number, booked: number, released: number) => ({ held, booked, released });
  it.each([
    ["the first day", day(16, 0, 0), null, "16 staterooms held for the group"],
    ["a booking", day(16, 2, 0), day(16, 0, 0), "2 staterooms booked"],
    ["a cancellation", day(16, 1, 0), day(16, 2, 0), "1 stateroom cancelled"],
    ["a release", day(13, 2, 3), day(16, 2, 0), "3 staterooms released"],
    ["a booking and a release", day(13, 4, 3), day(16, 2, 0), "2 staterooms booked; 3 staterooms released"],
    ["a booking beyond the space held", day(9, 9, 0), day(8, 8, 0), "1 stateroom booked; 1 stateroom more held"],
    ["today's closing point", day(13, 4, 3), day(13, 4, 3), "No change since"],
  ])("%s: %s", (_, point, before, text) => {
    expect(spaceChange(point, before)).toBe(text);
  });
});

describe("a group's space chart, laid out on the server", () => {
  const history: SpacePoint[] = [
    { date: "2025-11-01", held: 16, booked: 0, released: 0 },
    { date: "2026-01-15", held: 16, booked: 4, released: 0 },
    { date: "2026-03-10", held: 13, booked: 4, released: 3 },
    { date: "2026-11-26", held: 13, booked: 11, released: 3 },
  ];
  const chart = spaceChart(history)!;

  it("draws one step line per count, each ending at today with its value", () => {
    expect(chart.lines.map((l) => [l.key, l.end.value])).toEqual([
      ["held", 13],
      ["booked", 11],
      ["released", 3],
    ]);
    for (const l of chart.lines) {
      expect(l.path).toMatch(/^M[\d.]+,[\d.]+(L[\d.]+,[\d.]+)+$/);
      expect(l.end.x).toBe(chart.plot.right);
    }
  });

  it("starts the value axis at 0 on the floor and fits the largest count", () => {
    expect(chart.yTicks[0]).toEqual({ value: 0, y: chart.plot.bottom });
    const held = chart.lines.find((l) => l.key === "held")!;
    expect(held.path.startsWith(`M${chart.plot.left},`)).toBe(true);
    expect(Math.min(...chart.yTicks.map((t) => t.y))).toBeGreaterThanOrEqual(chart.plot.top);
  });

  it("labels months as NOV 2026, each month once", () => {
    const labels = chart.xTicks.map((t) => t.label);
    expect(labels.every((l) => /^[A-Z]{3} \d{4}$/.test(l))).toBe(true);
    expect(new Set(labels).size).toBe(labels.length);
  });

  it("keeps the end labels apart when counts are equal", () => {
    const same = spaceChart([{ date: "2026-11-20", held: 8, booked: 8, released: 0 }])!;
    const [a, b] = same.lines.map((l) => l.labelY);
    expect(Math.abs(a! - b!)).toBeGreaterThanOrEqual(13);
  });

  it("has nothing to draw for an empty history", () => {
    expect(spaceChart([])).toBeNull();
  });
});
