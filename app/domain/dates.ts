import { format, isValid, parseISO } from "date-fns";

const MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];

/**
 * The portal's one date helper for display (ddMMMyyyy, upper case, 05NOV2026). A calendar
 * date ("2026-11-05") is read as that day wherever the server runs; a timestamp as its instant.
 */
export function displayDate(iso: string): string {
  // A calendar date needs no Date at all (a results page shows dozens; date-fns is the slow path).
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (day && isIsoDay(iso)) return `${day[3]}${MONTHS[Number(day[2]) - 1]}${day[1]}`;
  // A full timestamp with its offset (the content service's): its day where the server runs, as
  // date-fns would format it, without date-fns (the shell shows one on every page).
  if (TIMESTAMP.test(iso)) {
    const at = new Date(iso);
    if (!Number.isNaN(at.getTime())) {
      return `${String(at.getDate()).padStart(2, "0")}${MONTHS[at.getMonth()]}${at.getFullYear()}`;
    }
  }
  const date = parseISO(iso);
  return isValid(date) ? format(date, "ddMMMyyyy").toUpperCase() : "";
}

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** Today as a calendar date in UTC (`YYYY-MM-DD`), the day the catalogue's searches start from. */
export function isoDay(at: number = Date.now()): string {
  return new Date(at).toISOString().slice(0, 10);
}

/** A calendar date `days` after `iso` (negative for before). */
export function addDaysIso(iso: string, days: number): string {
  const at = Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000;
  return isoDay(at);
}

/** Whether a text is a real calendar date written `YYYY-MM-DD` (2026-02-30 is not). */
export function isIsoDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const at = Date.parse(`${text}T00:00:00Z`);
  return Number.isFinite(at) && isoDay(at) === text;
}

/** A date as the portal writes it (ddMMMyyyy, 16MAR2027, any case and spacing) as `YYYY-MM-DD`, else null. */
export function readDisplayDate(typed: string): string | null {
  const match = /^(\d{1,2})\s*([A-Z]{3})\s*(\d{4})$/.exec(typed.trim().toUpperCase());
  const month = match ? MONTHS.indexOf(match[2] ?? "") : -1;
  if (!match || month < 0) return null;
  const iso = `${match[3]}-${String(month + 1).padStart(2, "0")}-${(match[1] ?? "").padStart(2, "0")}`;
  return isIsoDay(iso) ? iso : null;
}

/** A month `YYYY-MM` as the portal writes months, in the date's own style: "JUN 2026" ("" if not a month). */
export function monthName(month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  const name = match ? MONTHS[Number(match[2]) - 1] : undefined;
  return match && name ? `${name} ${match[1]}` : "";
}
