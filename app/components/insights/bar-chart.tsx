import { ChartSvg } from "~/components/chart-svg";
import type { BarChart } from "~/server/insights/chart.server";

/**
 * A bar chart laid out on the server (chart.server.ts), stacked when it has several series. The picture
 * is for sighted readers; the same figures follow it as a table, so the SVG itself is hidden from screen
 * readers and the figure is named by its caption. Each series is coloured by its class
 * (`.chart__bar--{key}` and `.chart__swatch--{key}` in styles/insights.css: the CSP allows no inline style).
 */
export function StackedBars({ chart, title }: { chart: BarChart; title: string }) {
  const { plot } = chart;
  return (
    <figure className="chart">
      <ChartSvg width={chart.width} height={chart.height} plot={plot} yTicks={chart.yTicks}>
        {chart.bars.map((b) => (
          <rect
            key={b.key}
            x={b.x}
            y={b.y}
            width={b.width}
            height={b.height}
            className={`chart__bar chart__bar--${b.series}`}
          />
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
      </ChartSvg>
      <figcaption>
        {title}.{" "}
        {chart.series.length > 1 ? (
          <span className="chart__legend" aria-hidden="true">
            {chart.series.map((s) => (
              <span key={s.key}>
                <span className={`chart__swatch chart__swatch--${s.key}`} /> {s.label}
              </span>
            ))}
          </span>
        ) : null}
      </figcaption>
    </figure>
  );
}
