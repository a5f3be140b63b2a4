import { URGENCY_NAMES, type Urgency } from "~/domain/insights/urgency";

/** An urgency flag: its words and its colour (never colour alone). Nothing when nothing is urgent. */
export function UrgencyFlag({ urgency }: { urgency: Urgency | null }) {
  if (urgency === null) return null;
  return <span className={`urgency-flag urgency-flag--${urgency}`}>{URGENCY_NAMES[urgency]}</span>;
}
