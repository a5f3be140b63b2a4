import { scaleLinear, scaleUtc } from "d3-scale";
import { curveStepAfter, line } from "d3-shape";
import type { GroupSpace, SpacePoint } from "~/domain/groups";

/**
 * A group's held, booked and released staterooms over time, laid out on the server with d3's scales and a
 * step line (a count holds until the next change), as the insights overview draws its chart: the browser
 * gets paths and tick positions, never d3 itself. The page shows the same figures as a table.
 */
export type SpaceSeries = keyof GroupSpace;

export type SpaceChart = {
  width: number;
  height: number;
  plot: { left: number; top: number; right: number; bottom: number };
  lines: Array<{ key: SpaceSeries; path: string; end: { x: number; y: number; value: number }; labelY: number }>;
  xTicks: Array<{ label: string; x: number }>;
  yTicks: Array<{ value: number; y: number }>;
};

const WIDTH = 720;
const HEIGHT = 260;
const MARGIN = { top: 12, right: 96, bottom: 36, left: 40 };
const SERIES: readonly SpaceSeries[] = ["held", "booked", "released"];
const MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];

const at = (date: string) => new Date(`${date}T00:00:00Z`);
const round = (n: number) => Math.round(n * 10) / 10;

/** The chart of a history (at least one point; a single day is drawn as a short flat line). */
export function spaceChart(points: readonly SpacePoint[]): SpaceChart | null {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return null;
  const end = first.date === last.date ? new Date(at(last.date).getTime() + 86_400_000) : at(last.date);
  const x = scaleUtc()
    .domain([at(first.date), end])
    .range([MARGIN.left, WIDTH - MARGIN.right]);
  const top = Math.max(1, ...points.map((p) => Math.max(p.held, p.booked, p.released)));
  const y = scaleLinear()
    .domain([0, top])
    .nice()
    .range([HEIGHT - MARGIN.bottom, MARGIN.top]);
  // The last value runs on to the chart's end (today), so each step line closes at the right edge.
  const closed = [...points, { ...last, date: end.toISOString().slice(0, 10) }];
  const lines = SERIES.map((key) => {
    const path = line<SpacePoint>()
      .x((p) => round(x(at(p.date))))
      .y((p) => round(y(p[key])))
      .curve(curveStepAfter)(closed);
    return { key, path: path ?? "", end: { x: round(x(end)), y: round(y(last[key])), value: last[key] } };
  });
  return {
    width: WIDTH,
    height: HEIGHT,
    plot: { left: MARGIN.left, top: MARGIN.top, right: WIDTH - MARGIN.right, bottom: HEIGHT - MARGIN.bottom },
    lines: spreadLabels(lines),
    xTicks: uniqueLabels(
      x.ticks(5).map((d) => ({ label: `${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`, x: round(x(d)) })),
    ),
    yTicks: y.ticks(Math.min(5, top)).map((value) => ({ value, y: round(y(value)) })),
  };
}

/** A month once on the axis (a short history can have several ticks in one month). */
function uniqueLabels(ticks: Array<{ label: string; x: number }>) {
  return ticks.filter((tick, i) => ticks.findIndex((t) => t.label === tick.label) === i);
}

const LABEL_GAP = 13;

/** The lines' end labels kept LABEL_GAP apart (equal counts end on the same spot): `labelY` for each. */
function spreadLabels<L extends { end: { y: number } }>(lines: L[]): Array<L & { labelY: number }> {
  const order = [...lines].sort((a, b) => a.end.y - b.end.y);
  const placed = new Map<L, number>();
  let previous = -Infinity;
  for (const l of order) {
    const y = Math.max(l.end.y, previous + LABEL_GAP);
    placed.set(l, y);
    previous = y;
  }
  return lines.map((l) => ({ ...l, labelY: placed.get(l)! }));
}
