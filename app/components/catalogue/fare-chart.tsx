import { ChartSvg } from "~/components/chart-svg";
import { Link } from "@remix-run/react";
import { CABIN_CLASSES, CABIN_CLASS_NAMES, type CabinClass } from "~/domain/catalogue/codes";
import { wholeNumber } from "~/domain/money";
import { displayDate } from "~/domain/dates";
import type { FareChart } from "~/server/catalogue/fare-chart.server";

// The same four colours as .fare-chart__swatch--* in styles/catalogue.css (inline styles are not allowed by the CSP).
const FILL: Record<CabinClass, string> = {
  INTERIOR: "#4f6d8f",
  OUTSIDE: "#2a7f62",
  BALCONY: "#0a4a8f",
  DELUXE: "#9b6a1a",
};

/**
 * A sailing's fare per guest by stateroom class against the other sailings of the same itinerary, as a
 * grouped bar chart laid out on the server (fare-chart.server.ts). The picture is for sighted readers;
 * the same figures follow it as a table (this sailing named in words), so the SVG is hidden from screen readers.
 */
export function FareChartFigure({
  chart,
  currency,
  format,
  sailingHref,
}: {
  chart: FareChart;
  currency: string;
  format: (amount: number) => string;
  sailingHref: (sailingId: string) => string;
}) {
  const { plot } = chart;
  return (
    <>
      <figure className="chart fare-chart">
        <ChartSvg
          width={chart.width}
          height={chart.height}
          plot={plot}
          yTicks={chart.yTicks}
          tickLabel={(t) => wholeNumber(t.value)}
        >
          {chart.highlight ? (
            <rect
              x={chart.highlight.x}
              y={plot.top}
              width={chart.highlight.width}
              height={plot.bottom - plot.top}
              className="fare-chart__highlight"
            />
          ) : null}
          {chart.bars.map((b) => (
            <rect key={b.key} x={b.x} y={b.y} width={b.width} height={b.height} fill={FILL[b.cabinClass]} />
          ))}
          {chart.xTicks.map((t) => (
            <g key={t.key}>
              <text
                x={t.x}
                y={plot.bottom + 16}
                textAnchor="middle"
                className={t.current ? "chart__label fare-chart__current" : "chart__label"}
              >
                {t.label}
              </text>
              {t.current ? (
                <text x={t.x} y={plot.bottom + 32} textAnchor="middle" className="chart__label fare-chart__current">
                  This sailing
                </text>
              ) : null}
            </g>
          ))}
        </ChartSvg>
        <figcaption>
          Fare per guest in {currency}, by stateroom, for this sailing and the other sailings of the same itinerary
          nearest to it.{" "}
          <span className="chart__legend" aria-hidden="true">
            {CABIN_CLASSES.map((c) => (
              <span key={c}>
                <span className={`chart__swatch fare-chart__swatch--${c}`} /> {CABIN_CLASS_NAMES[c]}
              </span>
            ))}
          </span>
        </figcaption>
      </figure>
      <div className="table-scroll" role="region" aria-labelledby="fare-chart-caption" tabIndex={0}>
        <table className="data-table data-table--stack">
          <caption id="fare-chart-caption">Fare per guest by stateroom, sailings of the same itinerary</caption>
          <thead>
            <tr>
              <th scope="col">Sail date</th>
              {CABIN_CLASSES.map((c) => (
                <th key={c} scope="col" className="num">
                  {CABIN_CLASS_NAMES[c]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {chart.sailings.map((s) => (
              <tr key={s.sailingId} className={s.current ? "is-chosen" : undefined}>
                <th scope="row">
                  {s.current ? (
                    <>
                      {displayDate(s.sailDate)}
                      <span className="tag">This sailing</span>
                    </>
                  ) : (
                    <Link to={sailingHref(s.sailingId)}>{displayDate(s.sailDate)}</Link>
                  )}
                </th>
                {CABIN_CLASSES.map((c) => {
                  const fare = s.fares[c];
                  return (
                    <td key={c} className="num" data-label={CABIN_CLASS_NAMES[c]}>
                      {fare === null ? "Not available" : format(fare)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
