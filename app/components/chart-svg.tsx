import type { ReactNode } from "react";

type Plot = { left: number; top: number; right: number; bottom: number };
type YTick = { value: number; y: number; label?: string };

/**
 * The picture of a chart laid out on the server (charts are server-drawn SVG): its value axis with grid
 * lines, and whatever the chart draws in it. The picture is for sighted readers; each chart's figures
 * follow it as a table, so the SVG is hidden from screen readers and the figure is named by its caption.
 */
export function ChartSvg({
  width,
  height,
  plot,
  yTicks,
  tickLabel = (t) => t.label ?? String(t.value),
  children,
}: {
  width: number;
  height: number;
  plot: Plot;
  yTicks: readonly YTick[];
  tickLabel?: (tick: YTick) => string;
  children: ReactNode;
}) {
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      className="chart__svg"
      aria-hidden="true"
      focusable="false"
      preserveAspectRatio="xMidYMid meet"
    >
      {yTicks.map((t) => (
        <g key={t.value}>
          <line x1={plot.left} x2={plot.right} y1={t.y} y2={t.y} className="chart__grid" />
          <text x={plot.left - 6} y={t.y + 4} textAnchor="end" className="chart__label">
            {tickLabel(t)}
          </text>
        </g>
      ))}
      {children}
    </svg>
  );
}
