import { addDaysIso } from "~/domain/dates";

/**
 * What is urgent, relative to the server's today (`YYYY-MM-DD`): a date already past is overdue, today
 * is due today, and up to 48 hours on (the specification's "Urgent-in-48-hours test: covers today up to
 * 48 hours ahead", two calendar days) is due soon. Every insights list, the alert centre and the overview
 * flag and order by this one rule; the flag is words as well as colour.
 */
export const URGENCIES = ["overdue", "due-today", "due-soon"] as const;
export type Urgency = (typeof URGENCIES)[number];

/** How far ahead "due soon" reaches, in calendar days after today. */
export const URGENT_DAYS = 2;

export const URGENCY_NAMES: Record<Urgency, string> = {
  overdue: "Overdue",
  "due-today": "Due today",
  "due-soon": "Due in 48 h",
};

/**
 * The flag of a due date, or null when nothing is due yet. `settled` (nothing left to pay, a cancelled
 * booking) is never urgent whatever its date.
 */
export function urgencyOf(dueDate: string | null, today: string, settled = false): Urgency | null {
  if (dueDate === null || settled) return null;
  if (dueDate < today) return "overdue";
  if (dueDate === today) return "due-today";
  return dueDate <= addDaysIso(today, URGENT_DAYS) ? "due-soon" : null;
}

/** Where a flag sorts: overdue first, then due today, due soon, and the rest. */
export const urgencyRank = (urgency: Urgency | null): number =>
  urgency === null ? URGENCIES.length : URGENCIES.indexOf(urgency);
