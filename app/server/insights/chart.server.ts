import { scaleBand, scaleLinear } from "d3-scale";
import { stack } from "d3-shape";
import { BRANDS } from "~/domain/catalogue/codes";
import { monthName } from "~/domain/dates";

/**
 * Bar charts laid out on the server with d3's scales and stack (charts are drawn on the server as SVG):
 * the browser gets rectangles and tick positions, never d3 itself. `barChart` is the one layout (a bar
 * per category, stacked when there are several series); each chart of the portal is a small function
 * over it, drawn by `StackedBars` (app/components/insights/bar-chart.tsx) beside a table of its figures.
 */
export type ChartSeries = { key: string; label: string };

export type BarChart = {
  width: number;
  height: number;
  plot: { left: number; top: number; right: number; bottom: number };
  series: ChartSeries[];
  bars: Array<{ key: string; series: string; x: number; y: number; width: number; height: number; value: number }>;
  xTicks: Array<{ label: string; x: number }>;
  yTicks: Array<{ value: number; label: string; y: number }>;
};

const WIDTH = 720;
const HEIGHT = 280;
const MARGIN = { top: 12, right: 12, bottom: 36, left: 56 };

/**
 * A bar per category, its series stacked in order. `value` reads a category's figure for a series;
 * `label` names a category on the axis (every `labelEvery`-th, so dates do not collide); `tick` writes
 * a value-axis figure.
 */
export function barChart<C>(input: {
  categories: readonly C[];
  key: (category: C) => string;
  label: (category: C) => string;
  series: readonly ChartSeries[];
  value: (category: C, series: string) => number;
  tick?: (value: number) => string;
  labelEvery?: number;
}): BarChart {
  const { categories, key, series } = input;
  const tick = input.tick ?? String;
  const every = input.labelEvery ?? 1;
  const rows = categories.map((c) => ({
    key: key(c),
    ...Object.fromEntries(series.map((s) => [s.key, input.value(c, s.key)])),
  })) as Array<{ key: string } & Record<string, number>>;
  const x = scaleBand<string>()
    .domain(rows.map((r) => r.key))
    .range([MARGIN.left, WIDTH - MARGIN.right])
    .padding(0.2);
  const layers = stack<{ key: string } & Record<string, number>, string>().keys(series.map((s) => s.key))(rows);
  const top = Math.max(1, ...rows.map((r) => series.reduce((sum, s) => sum + (r[s.key] ?? 0), 0)));
  const y = scaleLinear()
    .domain([0, top])
    .nice()
    .range([HEIGHT - MARGIN.bottom, MARGIN.top]);
  const bars = layers.flatMap((layer) =>
    layer.map((point) => {
      const [from, to] = point;
      return {
        key: `${point.data.key}:${layer.key}`,
        series: layer.key,
        x: round(x(point.data.key) ?? 0),
        y: round(y(to)),
        width: round(x.bandwidth()),
        height: round(y(from) - y(to)),
        value: to - from,
      };
    }),
  );
  return {
    width: WIDTH,
    height: HEIGHT,
    plot: { left: MARGIN.left, top: MARGIN.top, right: WIDTH - MARGIN.right, bottom: HEIGHT - MARGIN.bottom },
    series: [...series],
    bars: bars.filter((b) => b.value > 0),
    xTicks: categories
      .map((c, i) => ({ c, i }))
      .filter(({ i }) => i % every === 0)
      .map(({ c }) => ({ label: input.label(c), x: round((x(key(c)) ?? 0) + x.bandwidth() / 2) })),
    yTicks: y.ticks(5).map((value) => ({ value, label: tick(value), y: round(y(value)) })),
  };
}

export type MonthCounts = { month: string; R: number; C: number; V: number };

/** The overview's bookings by cruise line and sail month, the lines stacked. */
export function bookingsByMonthChart(months: readonly MonthCounts[]): BarChart {
  return barChart({
    categories: months,
    key: (m) => m.month,
    label: (m) => monthName(m.month),
    series: BRANDS.map((b) => ({ key: b.code, label: b.name })),
    value: (m, brand) => m[brand as keyof Omit<MonthCounts, "month">],
  });
}

/** A week of money due: its first and last days, and its amount in one currency. */
export type WeekDue = { from: string; to: string; amount: number };

/**
 * The overview's money due by week over the next 90 days (one currency: a branch books in its agency's),
 * the value axis in whole units of that currency, the axis labelled every other week.
 */
export function moneyDueChart(
  weeks: readonly WeekDue[],
  tick: (value: number) => string,
  label: (day: string) => string,
) {
  return barChart({
    categories: weeks,
    key: (w) => w.from,
    label: (w) => label(w.from),
    series: [{ key: "due", label: "Money due" }],
    value: (w) => w.amount,
    tick,
    labelEvery: 2,
  });
}

const round = (n: number) => Math.round(n * 10) / 10;
