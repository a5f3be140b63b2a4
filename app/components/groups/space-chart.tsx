import { ChartSvg } from "~/components/chart-svg";
import type { SpaceChart, SpaceSeries } from "~/server/groups/space-chart.server";

const NAMES: Record<SpaceSeries, string> = { held: "held", booked: "booked", released: "released" };

/**
 * A group's space over time as step lines laid out on the server (space-chart.server.ts). Each line has
 * its own colour and dash and is named at its end, so colour is never the only key; the picture is for
 * sighted readers and the same figures follow it as a table, so the SVG is hidden from screen readers.
 */
export function SpaceLines({ chart, title }: { chart: SpaceChart; title: string }) {
  const { plot } = chart;
  return (
    <figure className="chart space-chart">
      <ChartSvg width={chart.width} height={chart.height} plot={plot} yTicks={chart.yTicks}>
        {chart.lines.map((l) => (
          <path key={l.key} d={l.path} className={`space-chart__line space-chart__line--${l.key}`} />
        ))}
        {chart.lines.map((l) => (
          <text key={l.key} x={l.end.x + 6} y={l.labelY + 4} className="space-chart__end">
            {l.end.value} {NAMES[l.key]}
          </text>
        ))}
        {chart.xTicks.map((t) => (
          <text key={t.label} x={t.x} y={plot.bottom + 18} textAnchor="middle" className="chart__label">
            {t.label}
          </text>
        ))}
      </ChartSvg>
      <figcaption>
        {title}.{" "}
        <span className="chart__legend" aria-hidden="true">
          {chart.lines.map((l) => (
            <span key={l.key}>
              <span className={`space-chart__key space-chart__key--${l.key}`} /> Staterooms {NAMES[l.key]}
            </span>
          ))}
        </span>
      </figcaption>
    </figure>
  );
}
