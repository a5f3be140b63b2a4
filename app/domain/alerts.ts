import { displayDate } from "~/domain/dates";

export type Alert = { id: string; start: string; end: string; title: string; brandType: readonly string[] };

/** The alerts active at `now` (start ≤ now ≤ end), in start order. */
export function activeAlerts<T extends { start: string; end: string }>(alerts: readonly T[], now: number): T[] {
  return alerts
    .filter((a) => Date.parse(a.start) <= now && now <= Date.parse(a.end))
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
}

/** Fills '{}' placeholders in order ("From {} to {}"). */
export function fill(template: string, ...values: string[]): string {
  let i = 0;
  return template.replace(/\{\}/g, () => values[i++] ?? "");
}

/**
 * Section 2: each alert reads 'brand - title - From start to end'. Brands come from the tag ids;
 * an alert for several brands names them all.
 */
export function alertText(
  alert: Alert,
  brandTitles: Readonly<Record<string, string>>,
  datesTemplate = "From {} to {}",
): string {
  const brands = alert.brandType.map((id) => brandTitles[id] ?? id).join(", ");
  const dates = fill(datesTemplate, displayDate(alert.start), displayDate(alert.end));
  return [brands, alert.title, dates].filter(Boolean).join(" - ");
}
