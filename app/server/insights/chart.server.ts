import { scaleBand, scaleLinear } from "d3-scale";
import { stack } from "d3-shape";
import { BRANDS, type BrandCode } from "~/domain/catalogue/codes";
import { monthName } from "~/domain/dates";

/**
 * The overview's chart of bookings by cruise line and sail month, laid out on the server with d3's
 * scales and stack (charts are drawn on the server as SVG): the browser gets rectangles and
 * tick positions, never d3 itself.
 */
export type MonthCounts = { month: string; R: number; C: number; V: number };

export type BarChart = {
  width: number;
  height: number;
  plot: { left: number; top: number; right: number; bottom: number };
  bars: Array<{ key: string; brand: BrandCode; x: number; y: number; width: number; height: number; value: number }>;
  xTicks: Array<{ label: string; x: number }>;
  yTicks: Array<{ value: number; y: number }>;
};

const WIDTH = 720;
const HEIGHT = 280;
const MARGIN = { top: 12, right: 12, bottom: 36, left: 48 };

export function bookingsByMonthChart(months: readonly MonthCounts[]): BarChart {
  const brands = BRANDS.map((b) => b.code);
  const x = scaleBand<string>()
    .domain(months.map((m) => m.month))
    .range([MARGIN.left, WIDTH - MARGIN.right])
    .padding(0.2);
  const series = stack<MonthCounts, BrandCode>().keys(brands)([...months]);
  const top = Math.max(1, ...months.map((m) => m.R + m.C + m.V));
  const y = scaleLinear()
    .domain([0, top])
    .nice()
    .range([HEIGHT - MARGIN.bottom, MARGIN.top]);
  const bars = series.flatMap((layer) =>
    layer.map((point) => {
      const [from, to] = point;
      return {
        key: `${point.data.month}:${layer.key}`,
        brand: layer.key,
        x: round(x(point.data.month) ?? 0),
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
    bars: bars.filter((b) => b.value > 0),
    xTicks: months.map((m) => ({ label: monthName(m.month), x: round((x(m.month) ?? 0) + x.bandwidth() / 2) })),
    yTicks: y.ticks(5).map((value) => ({ value, y: round(y(value)) })),
  };
}

const round = (n: number) => Math.round(n * 10) / 10;
