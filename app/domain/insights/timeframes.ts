import { addDaysIso } from "~/domain/dates";

/**
 * The timeframe filters as windows of days from today (docs/insights-contract.md), both ends
 * inclusive, negative for the past, null for open-ended. Each list applies them to its own date (an
 * alert's due date, a booking's sail date, a credit's redeem-by date…). `{token}` in the
 * specification is a placeholder, not a filter.
 */
export const TIMEFRAME_WINDOWS = {
  NEXT_10_DAYS: [0, 10],
  DAYS_11_TO_30: [11, 30],
  DAYS_31_TO_60: [31, 60],
  DAYS_61_TO_90: [61, 90],
  MORE_THAN_90_DAYS: [91, null],
  ALL: [null, null],
  REDEEM_WITHIN_120_DAYS: [0, 120],
  EXPIRED_WITHIN_120_DAYS: [-120, -1],
  DAYS_10_TO_30: [11, 30],
  DAYS_30_TO_60: [31, 60],
  DAYS_60_TO_90: [61, 90],
  DAYS_90_TO_120: [91, 120],
  MORE_THAN_120_DAYS: [121, null],
  CANCELLED_PAST_120_DAYS: [-120, 0],
  EXPIRED_WITHIN_48_HS: [-2, -1],
  // The urgent window ("covers today up to 48 hours ahead"): the portal's own, so a 48-hour count links to its list.
  DUE_WITHIN_48_HS: [0, 2],
  PAST_SIX_MONTHS: [-183, 0],
} as const satisfies Record<string, readonly [number | null, number | null]>;

export type Timeframe = keyof typeof TIMEFRAME_WINDOWS;
export const TIMEFRAMES = Object.keys(TIMEFRAME_WINDOWS) as Timeframe[];

export const TIMEFRAME_NAMES: Record<Timeframe, string> = {
  NEXT_10_DAYS: "Next 10 days",
  DAYS_11_TO_30: "11 to 30 days",
  DAYS_31_TO_60: "31 to 60 days",
  DAYS_61_TO_90: "61 to 90 days",
  MORE_THAN_90_DAYS: "More than 90 days",
  ALL: "Any time",
  REDEEM_WITHIN_120_DAYS: "To redeem within 120 days",
  EXPIRED_WITHIN_120_DAYS: "Expired in the last 120 days",
  DAYS_10_TO_30: "11 to 30 days",
  DAYS_30_TO_60: "31 to 60 days",
  DAYS_60_TO_90: "61 to 90 days",
  DAYS_90_TO_120: "91 to 120 days",
  MORE_THAN_120_DAYS: "More than 120 days",
  CANCELLED_PAST_120_DAYS: "Cancelled in the last 120 days",
  EXPIRED_WITHIN_48_HS: "Expired in the last 48 hours",
  DUE_WITHIN_48_HS: "Within 48 hours",
  PAST_SIX_MONTHS: "Past six months",
};

export const isTimeframe = (value: string): value is Timeframe => Object.hasOwn(TIMEFRAME_WINDOWS, value);

/** Whether a date falls in a timeframe counted from `today` (all `YYYY-MM-DD`). */
export function inTimeframe(date: string, timeframe: Timeframe, today: string): boolean {
  const [from, to] = TIMEFRAME_WINDOWS[timeframe];
  return (from === null || date >= addDaysIso(today, from)) && (to === null || date <= addDaysIso(today, to));
}

/** The alert centre's windows over a due date, nearest first (the urgent 48 hours, then ten days…), then the two that look back or span. */
export const ALERT_TIMEFRAMES = [
  "DUE_WITHIN_48_HS",
  "NEXT_10_DAYS",
  "DAYS_11_TO_30",
  "DAYS_31_TO_60",
  "DAYS_61_TO_90",
  "MORE_THAN_90_DAYS",
  "EXPIRED_WITHIN_48_HS",
  "ALL",
] as const satisfies readonly Timeframe[];

/** The overview's grid of counts: the forward windows only. */
export const COUNT_TIMEFRAMES = [
  "NEXT_10_DAYS",
  "DAYS_11_TO_30",
  "DAYS_31_TO_60",
  "DAYS_61_TO_90",
  "MORE_THAN_90_DAYS",
] as const satisfies readonly Timeframe[];

/** Reservations by sail date, and the cancelled ones. */
export const RESERVATION_TIMEFRAMES = [
  "ALL",
  "NEXT_10_DAYS",
  "DAYS_11_TO_30",
  "DAYS_31_TO_60",
  "DAYS_61_TO_90",
  "MORE_THAN_90_DAYS",
  "CANCELLED_PAST_120_DAYS",
] as const satisfies readonly Timeframe[];

/** Commission to come, by sail date (the compensation report's own windows). */
export const COMMISSION_TIMEFRAMES = [
  "ALL",
  "NEXT_10_DAYS",
  "DAYS_10_TO_30",
  "DAYS_30_TO_60",
  "DAYS_60_TO_90",
  "DAYS_90_TO_120",
  "MORE_THAN_120_DAYS",
  "CANCELLED_PAST_120_DAYS",
] as const satisfies readonly Timeframe[];

export const CREDIT_TIMEFRAMES = [
  "REDEEM_WITHIN_120_DAYS",
  "EXPIRED_WITHIN_120_DAYS",
  "ALL",
] as const satisfies readonly Timeframe[];

/** Things that happened: coupons applied, transmissions sent, onboard purchases. */
export const PAST_TIMEFRAMES = ["PAST_SIX_MONTHS", "ALL"] as const satisfies readonly Timeframe[];

/** Upcoming sailings (casino programme). */
export const SAILING_TIMEFRAMES = [
  "ALL",
  "NEXT_10_DAYS",
  "DAYS_11_TO_30",
  "DAYS_31_TO_60",
  "DAYS_61_TO_90",
  "MORE_THAN_90_DAYS",
] as const satisfies readonly Timeframe[];
