/** Codes of the partner-insight contract (docs/insights-contract.md) and the demo's branches. */

/** The nine concrete alert types in contract order, with their alert keys and the digest's labels. */
export const ALERT_TYPES = [
  { code: "FINAL_PAYMENT_DUE", key: "finalPaymentDue", label: "Final payment due" },
  { code: "BALANCE_DUE", key: "balanceDue", label: "Balance due" },
  { code: "EXPIRING_DEPOSIT", key: "nextCruiseExpiringDeposit", label: "Expiring deposit" },
  { code: "EXPIRING_OFFER", key: "nextCruiseExpiringOffer", label: "Expiring offer" },
  { code: "EXPIRING_48_HOURS", key: "expiringIn48Hours", label: "Expiring in 48 hours" },
  { code: "FCC", key: "fccSailBy", label: "Future cruise credit: sail by" },
  { code: "CREDIT_EXPIRING_SOON", key: "creditExpiringSoon", label: "Credit expiring soon" },
  { code: "CHECKING_REQUIRED", key: "checkInRequired", label: "Check-in required" },
  { code: "DINING_CONFLICT", key: "diningConflict", label: "Dining conflict" },
] as const;
export type AlertType = (typeof ALERT_TYPES)[number]["code"];
export const ALERT_TYPE_CODES: readonly AlertType[] = ALERT_TYPES.map((t) => t.code);
export const ALERT_KEY: Record<AlertType, string> = Object.fromEntries(
  ALERT_TYPES.map((t) => [t.code, t.key]),
) as Record<AlertType, string>;
export const ALERT_LABEL: Record<AlertType, string> = Object.fromEntries(
  ALERT_TYPES.map((t) => [t.code, t.label]),
) as Record<AlertType, string>;

/**
 * The timeframe filters as windows of days from today over a list's own date, both ends inclusive,
 * negative in the past, null open-ended. CANCELLED_PAST_120_DAYS is a window over the cancellation date.
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

/** The windows `/alerts/summary` counts, in order. */
export const COUNT_TIMEFRAMES = [
  "NEXT_10_DAYS",
  "DAYS_11_TO_30",
  "DAYS_31_TO_60",
  "DAYS_61_TO_90",
  "MORE_THAN_90_DAYS",
] as const satisfies readonly Timeframe[];

/** The urgent test: due from today up to 48 hours ahead. */
export const URGENT_DAYS = 2;

export const BOOKING_STATUSES = ["OPEN", "CONFIRMED", "CANCELLED"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const RESERVATION_TYPES = ["ALL", "INDIVIDUAL", "GROUP", "OPEN", "CONFIRMED"] as const;

export const ENROLMENTS = ["Enrolled", "Eligible", "Not Eligible"] as const;
export type Enrolment = (typeof ENROLMENTS)[number];

export const COMPENSATION_TYPES = ["STANDARD", "PREFERRED", "NET_RATE", "TOUR_CONDUCTOR"] as const;
export type CompensationType = (typeof COMPENSATION_TYPES)[number];

export const COMMISSION_STATUSES = ["PENDING", "PAYABLE", "PAID", "RECALLED"] as const;
export const CREDIT_STATUSES = ["OPEN", "REDEEMED", "EXPIRED"] as const;
export const COUPON_STATUSES = ["APPLIED", "REJECTED", "REVERSED"] as const;
export const TRANSMISSION_STATUSES = ["SENT", "ACCEPTED", "FAILED", "PENDING"] as const;
export type TransmissionStatus = (typeof TRANSMISSION_STATUSES)[number];
export const SALE_CATEGORIES = ["BEVERAGE", "DINING", "EXCURSION", "SPA", "WIFI"] as const;
export type SaleCategory = (typeof SALE_CATEGORIES)[number];
export const CASINO_TIERS = ["PRESTIGE", "SIGNATURE", "MASTERS"] as const;
export type CasinoTier = (typeof CASINO_TIERS)[number];
/** Payment types: F full amount, D deposit amount, R refundable. */
export const PAYMENT_TYPES = ["F", "D", "R"] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

export const DIGEST_FREQUENCIES = ["DAILY", "WEEKLY"] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];
/** The digest's enrolment choice: ALL or one of the three. */
export const DIGEST_ENROLMENTS = ["ALL", ...ENROLMENTS] as const;
export type DigestEnrolment = (typeof DIGEST_ENROLMENTS)[number];

/** Days ahead a digest lists: daily the next 10 days, weekly the next 30 (both from today). */
export const DIGEST_DAYS: Record<DigestFrequency, number> = { DAILY: 10, WEEKLY: 30 };

/** Flex pay is sold in these countries (the portal's hasFlexPayAccess). */
export const FLEX_PAY_COUNTRIES = ["USA", "CAN", "SGP", "PRI"];

/** An agency's money: bookings are priced in the agency's currency, from the catalogue's US dollars. */
export const AGENCY_CURRENCY: Record<string, { currency: string; perUsd: number }> = {
  USA: { currency: "USD", perUsd: 1 },
  CAN: { currency: "CAD", perUsd: 1.37 },
  GBR: { currency: "GBP", perUsd: 0.79 },
  BRA: { currency: "BRL", perUsd: 5.4 },
  SGP: { currency: "SGD", perUsd: 1.34 },
};

/** A reporting office of an agency. */
export type BranchDef = {
  agencyId: string;
  code: string;
  name: string;
  city: string;
  home: boolean;
  /** Bookings generated for it. */
  bookings: number;
  /** Alerts of each type spread evenly over the due dates, on top of the boundary ones. */
  alertsPerType: number;
};

/** Extra branches an agent may see besides its home one (agent.usa: every office of its agency). */
export const BRANCH_GRANTS: ReadonlyArray<{ agentId: string; branchCode: string }> = [
  { agentId: "1000001", branchCode: "FLL" },
  { agentId: "1000001", branchCode: "ORL" },
];

/** Bookings per branch of the agencies other than AG100101. */
export const OTHER_AGENCY_BOOKINGS = 300;

/** Bayfront Cruise Vacations (agent.usa's agency): three offices, about 2,000 bookings. */
export const BAYFRONT_BRANCHES: ReadonlyArray<Omit<BranchDef, "agencyId" | "home">> = [
  { code: "MIA", name: "Bayfront Cruise Vacations – Miami", city: "Miami", bookings: 1000, alertsPerType: 80 },
  {
    code: "FLL",
    name: "Bayfront Cruise Vacations – Fort Lauderdale",
    city: "Fort Lauderdale",
    bookings: 560,
    alertsPerType: 30,
  },
  { code: "ORL", name: "Bayfront Cruise Vacations – Orlando", city: "Orlando", bookings: 440, alertsPerType: 25 },
];
