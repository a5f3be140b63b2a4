import { CONCRETE_ALERT_TYPES, type ConcreteAlertType } from "./alerts";
import { LISTS, listHref, parseListSearch } from "./lists";
import { COUNT_TIMEFRAMES, type Timeframe } from "./timeframes";

type Count = { type: ConcreteAlertType; timeframe: Timeframe; count: number };

/** The alert centre showing one type in one timeframe (the overview's and home's links). */
export function alertCentreHref(type: ConcreteAlertType | null, timeframe: Timeframe): string {
  const spec = LISTS.alerts;
  const { search } = parseListSearch(spec, new URLSearchParams(), { flexPay: false });
  return listHref(spec, search, { filters: { type: type ?? "", timeframe } });
}

/** The overview's grid: a row per alert type, a count per forward timeframe, and the row's total. */
export function countGrid(counts: readonly Count[]) {
  return CONCRETE_ALERT_TYPES.map((type) => {
    const byTimeframe = Object.fromEntries(
      COUNT_TIMEFRAMES.map((tf) => [tf, counts.find((c) => c.type === type && c.timeframe === tf)?.count ?? 0]),
    ) as Record<(typeof COUNT_TIMEFRAMES)[number], number>;
    return { type, byTimeframe, total: Object.values(byTimeframe).reduce((a, b) => a + b, 0) };
  });
}

/**
 * How many alerts of every type fall in one counted window: the figure a page states beside the counts
 * by type, so the two always add up (the overview's grid and home's queue read the same counts).
 */
export function windowTotal(counts: readonly Count[], timeframe: Timeframe): number {
  return counts.filter((c) => c.timeframe === timeframe).reduce((sum, c) => sum + c.count, 0);
}

/**
 * The home page's action queue: the alert types with something due in the next
 * 10 days, the 48-hour ones first, then the most pressing by count (ties in the alert types' order).
 */
export function actionQueue(counts: readonly Count[]): Array<{ type: ConcreteAlertType; count: number; href: string }> {
  return counts
    .filter((c) => c.timeframe === "NEXT_10_DAYS" && c.count > 0)
    .sort(
      (a, b) =>
        Number(b.type === "EXPIRING_48_HOURS") - Number(a.type === "EXPIRING_48_HOURS") ||
        b.count - a.count ||
        CONCRETE_ALERT_TYPES.indexOf(a.type) - CONCRETE_ALERT_TYPES.indexOf(b.type),
    )
    .map((c) => ({ type: c.type, count: c.count, href: alertCentreHref(c.type, "NEXT_10_DAYS") }));
}
