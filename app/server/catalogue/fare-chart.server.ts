import { scaleBand, scaleLinear } from "d3-scale";
import { CABIN_CLASSES, type CabinClass } from "~/domain/catalogue/codes";
import { nearestSailings, sameItineraryQuery, type ItineraryFacts } from "~/domain/catalogue/same-itinerary";
import { displayDate } from "~/domain/dates";
import type { Caller } from "~/server/clients/api.server";
import { searchSailings, type SailingSummary } from "~/server/clients/catalogue.server";

/**
 * A sailing's fare by stateroom class against the other sailings of the same itinerary, laid out on
 * the server with d3's scales (as the insights overview's chart is): one group of bars per sailing,
 * one bar per class, the browser getting rectangles and tick positions, never d3 itself.
 */
export type FareChartSailing = {
  sailingId: string;
  sailDate: string;
  current: boolean;
  /** Per guest in the shown currency; null where the class is sold out or not offered. */
  fares: Record<CabinClass, number | null>;
};

export type FareChart = {
  width: number;
  height: number;
  plot: { left: number; top: number; right: number; bottom: number };
  sailings: FareChartSailing[];
  /** The band behind this sailing's group, so the eye finds it (the table and the tick say it in words). */
  highlight: { x: number; width: number } | null;
  bars: Array<{ key: string; cabinClass: CabinClass; x: number; y: number; width: number; height: number }>;
  xTicks: Array<{ key: string; label: string; x: number; current: boolean }>;
  yTicks: Array<{ value: number; y: number }>;
};

const WIDTH = 720;
const HEIGHT = 280;
const MARGIN = { top: 12, right: 12, bottom: 40, left: 64 };

type Priced = Pick<SailingSummary, "sailingId" | "sailDate" | "prices">;

/** The sailings of the same itinerary around this one, or null when the catalogue cannot say (no chart then). */
export async function sameItinerarySailings<S extends ItineraryFacts & Priced>(
  caller: Caller,
  sailing: S,
  today: string,
): Promise<Priced[] | null> {
  try {
    const found = await searchSailings(caller, sameItineraryQuery(sailing, today));
    return nearestSailings<Priced>(found.items, sailing);
  } catch {
    return null;
  }
}

/** The chart of the sailings' fares per guest, converted at `rate` units of the shown currency per dollar. */
export function fareChart(sailings: readonly Priced[], currentId: string, rate: number): FareChart {
  const rows: FareChartSailing[] = sailings.map((s) => ({
    sailingId: s.sailingId,
    sailDate: s.sailDate,
    current: s.sailingId === currentId,
    fares: Object.fromEntries(
      CABIN_CLASSES.map((c) => {
        const price = s.prices.find((p) => p.cabinClass === c);
        return [c, price && price.availability !== "SOLD_OUT" ? price.pricePerGuest * rate : null];
      }),
    ) as Record<CabinClass, number | null>,
  }));
  const x = scaleBand<string>()
    .domain(rows.map((r) => r.sailingId))
    .range([MARGIN.left, WIDTH - MARGIN.right])
    .paddingInner(0.25)
    .paddingOuter(0.1);
  const inner = scaleBand<CabinClass>().domain(CABIN_CLASSES).range([0, x.bandwidth()]).padding(0.08);
  const top = Math.max(1, ...rows.flatMap((r) => Object.values(r.fares).filter((v): v is number => v !== null)));
  const y = scaleLinear()
    .domain([0, top])
    .nice()
    .range([HEIGHT - MARGIN.bottom, MARGIN.top]);
  const bars = rows.flatMap((r) =>
    CABIN_CLASSES.flatMap((c) => {
      const value = r.fares[c];
      if (value === null) return [];
      return [
        {
          key: `${r.sailingId}:${c}`,
          cabinClass: c,
          x: round((x(r.sailingId) ?? 0) + (inner(c) ?? 0)),
          y: round(y(value)),
          width: round(inner.bandwidth()),
          height: round(y(0) - y(value)),
        },
      ];
    }),
  );
  const current = rows.find((r) => r.current);
  const step = x.step();
  return {
    width: WIDTH,
    height: HEIGHT,
    plot: { left: MARGIN.left, top: MARGIN.top, right: WIDTH - MARGIN.right, bottom: HEIGHT - MARGIN.bottom },
    sailings: rows,
    highlight: current
      ? {
          x: round((x(current.sailingId) ?? 0) - (step - x.bandwidth()) / 2),
          width: round(step),
        }
      : null,
    bars,
    xTicks: rows.map((r) => ({
      key: r.sailingId,
      label: displayDate(r.sailDate),
      x: round((x(r.sailingId) ?? 0) + x.bandwidth() / 2),
      current: r.current,
    })),
    yTicks: y.ticks(5).map((value) => ({ value, y: round(y(value)) })),
  };
}

const round = (n: number) => Math.round(n * 10) / 10;
