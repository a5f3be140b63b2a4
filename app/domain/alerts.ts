import { displayDate } from "~/domain/dates";

export type Alert = { id: string; start: string; end: string; title: string; brandType: readonly string[] };

/** The alerts active at `now` (start ≤ now ≤ end), in start order. */
export function activeAlerts<T extends { start: string; end: string }>(alerts: readonly T[], now: number): T[] {
  return alerts
    .filter((a) => Date.parse(a.start) <= now && now <= Date.parse(a.end))
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
}

/**
 * The alerts page: the alerts still to show at `now`, each group in start order. Current
 * ones are those the alert bar shows (activeAlerts: start ≤ now ≤ end); upcoming ones start later
 * (start > now). Ended alerts, and any whose dates do not read, are in neither.
 */
export function alertsByPhase<T extends { start: string; end: string }>(
  alerts: readonly T[],
  now: number,
): { current: T[]; upcoming: T[] } {
  return {
    current: activeAlerts(alerts, now),
    upcoming: alerts.filter((a) => Date.parse(a.start) > now).sort((a, b) => Date.parse(a.start) - Date.parse(b.start)),
  };
}

/** The alerts of one brand (a brand tag id: an alert tagged with several counts for each); null keeps all. */
export function alertsForBrand<T extends { brandType: readonly string[] }>(
  alerts: readonly T[],
  brand: string | null,
): T[] {
  return brand === null ? [...alerts] : alerts.filter((a) => a.brandType.includes(brand));
}

/**
 * The alerts page's brand filter (`?brand=<tag id>`): a brand tag id the content service lists, else
 * null, every brand (an empty, unknown or mangled value never fails the page).
 */
export function chooseAlertBrand(value: string | null | undefined, brandIds: readonly string[]): string | null {
  const wanted = value?.trim() ?? "";
  return brandIds.includes(wanted) ? wanted : null;
}

/** The brands an alert is for, by name (the tag's id when the tag is unknown), comma-separated. */
export function alertBrands(brandType: readonly string[], brandTitles: Readonly<Record<string, string>>): string {
  return brandType.map((id) => brandTitles[id] ?? id).join(", ");
}

/** Fills '{}' placeholders in order ("From {} to {}"). */
export function fill(template: string, ...values: string[]): string {
  let i = 0;
  return template.replace(/\{\}/g, () => values[i++] ?? "");
}

/**
 * Each alert reads 'brand - title - From start to end'. Brands come from the tag ids;
 * an alert for several brands names them all.
 */
export function alertText(
  alert: Alert,
  brandTitles: Readonly<Record<string, string>>,
  datesTemplate = "From {} to {}",
): string {
  const brands = alertBrands(alert.brandType, brandTitles);
  const dates = fill(datesTemplate, displayDate(alert.start), displayDate(alert.end));
  return [brands, alert.title, dates].filter(Boolean).join(" - ");
}
