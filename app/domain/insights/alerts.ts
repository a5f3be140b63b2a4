import { urgencyOf } from "./urgency";

/**
 * Booking alert types of the specification. Nine are concrete (each has a key in the booking
 * data); FINANCIAL_ALERTS and ALL_OTHER are groups of them that the alert centre offers as filters.
 * The partner-insight API only ever sees concrete types.
 */
export const CONCRETE_ALERT_TYPES = [
  "FINAL_PAYMENT_DUE",
  "BALANCE_DUE",
  "EXPIRING_DEPOSIT",
  "EXPIRING_OFFER",
  "EXPIRING_48_HOURS",
  "FCC",
  "CREDIT_EXPIRING_SOON",
  "CHECKING_REQUIRED",
  "DINING_CONFLICT",
] as const;
export type ConcreteAlertType = (typeof CONCRETE_ALERT_TYPES)[number];

export const ALERT_TYPES = [...CONCRETE_ALERT_TYPES, "FINANCIAL_ALERTS", "ALL_OTHER"] as const;
export type AlertType = (typeof ALERT_TYPES)[number];

/** The alert keys, as the booking data names each concrete type. */
export const ALERT_KEYS: Record<ConcreteAlertType, string> = {
  FINAL_PAYMENT_DUE: "finalPaymentDue",
  BALANCE_DUE: "balanceDue",
  EXPIRING_DEPOSIT: "nextCruiseExpiringDeposit",
  EXPIRING_OFFER: "nextCruiseExpiringOffer",
  EXPIRING_48_HOURS: "expiringIn48Hours",
  FCC: "fccSailBy",
  CREDIT_EXPIRING_SOON: "creditExpiringSoon",
  CHECKING_REQUIRED: "checkInRequired",
  DINING_CONFLICT: "diningConflict",
};

export const ALERT_TYPE_NAMES: Record<AlertType, string> = {
  FINAL_PAYMENT_DUE: "Final payment due",
  BALANCE_DUE: "Balance due",
  EXPIRING_DEPOSIT: "Expiring deposit",
  EXPIRING_OFFER: "Expiring offer",
  EXPIRING_48_HOURS: "Expiring in 48 hours",
  FCC: "Future cruise credit: sail by",
  CREDIT_EXPIRING_SOON: "Credit expiring soon",
  CHECKING_REQUIRED: "Check-in required",
  DINING_CONFLICT: "Dining conflict",
  FINANCIAL_ALERTS: "Financial alerts (all money due)",
  ALL_OTHER: "All other alerts",
};

/** Money an agent must collect or a credit that lapses; everything else is ALL_OTHER. */
const FINANCIAL: readonly ConcreteAlertType[] = [
  "FINAL_PAYMENT_DUE",
  "BALANCE_DUE",
  "EXPIRING_DEPOSIT",
  "FCC",
  "CREDIT_EXPIRING_SOON",
];

/** The concrete types a filter stands for; none (every type) is the empty list. */
export function concreteTypes(type: AlertType | null): ConcreteAlertType[] {
  if (type === null) return [];
  if (type === "FINANCIAL_ALERTS") return [...FINANCIAL];
  if (type === "ALL_OTHER") return CONCRETE_ALERT_TYPES.filter((t) => !FINANCIAL.includes(t));
  return [type];
}

export const isAlertType = (value: string): value is AlertType => (ALERT_TYPES as readonly string[]).includes(value);
export const isConcreteAlertType = (value: string): value is ConcreteAlertType =>
  (CONCRETE_ALERT_TYPES as readonly string[]).includes(value);

/** The urgent-in-48-hours test: due from today up to 48 hours ahead (urgency.ts: due today or due soon). */
export function isUrgent(dueDate: string, today: string): boolean {
  const urgency = urgencyOf(dueDate, today);
  return urgency === "due-today" || urgency === "due-soon";
}
