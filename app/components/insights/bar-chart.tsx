import { BRANDS } from "~/domain/catalogue/codes";
import type { BarChart } from "~/server/insights/chart.server";

// The same three colours as .chart__swatch--R/C/V in styles/insights.css (inline styles are not allowed by the CSP).
const FILL = { R: "#0a4a8f", C: "#1d1d1d", V: "#9b7a3a" } as const;

/**
 * A stacked bar chart laid out on the server (chart.server.ts). The picture is for sighted readers;
 * the same figures follow it as a table, so the SVG itself is hidden from screen readers.
 */
export function StackedBars({ chart, title }: { chart: BarChart; title: string }) {
  const { plot } = chart;
  return (
    <figure className="chart">
      <svg
        viewBox={`0 0 ${chart.width} ${chart.height}`}
        className="chart__svg"
        aria-hidden="true"
        focusable="false"
        preserveAspectRatio="xMidYMid meet"
      >
        {chart.yTicks.map((t) => (
          <g key={t.value}>
            <line x1={plot.left} x2={plot.right} y1={t.y} y2={t.y} className="chart__grid" />
            <text x={plot.left - 6} y={t.y + 4} textAnchor="end" className="chart__label">
              {t.value}
            </text>
          </g>
        ))}
        {chart.bars.map((b) => (
          <rect key={b.key} x={b.x} y={b.y} width={b.width} height={b.height} fill={FILL[b.brand]} />
        ))}
        {chart.xTicks.map((t) => (
          // "NOV 2026" on two lines, month over year: twelve of them side by side would touch.
          <text key={t.label} x={t.x} y={plot.bottom + 15} textAnchor="middle" className="chart__label">
            {t.label.split(" ").map((part, i) => (
              <tspan key={part} x={t.x} dy={i === 0 ? 0 : 13}>
                {part}
              </tspan>
            ))}
          </text>
        ))}
      </svg>
      <figcaption>
        {title}.{" "}
        <span className="chart__legend" aria-hidden="true">
          {BRANDS.map((b) => (
            <span key={b.code}>
              <span className={`chart__swatch chart__swatch--${b.code}`} /> {b.name}
            </span>
          ))}
        </span>
      </figcaption>
    </figure>
  );
}
