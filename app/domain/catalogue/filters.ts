/**
 * The one rule for a catalogue filter read from a URL (fleet list, itinerary search): a value from
 * a closed list, matched whatever its case; empty or "all" means no filter; a hand-edited address
 * that repeats the parameter keeps its first value, and one the catalogue does not know is dropped.
 * Each change comes back as a notice for the page to show, never an error.
 */
export type FilterChoice<T extends string> = { value: T | ""; notices: string[] };

/** A value quoted back to the agent, cut so a long junk value cannot flood the page. */
export const quoted = (value: string) => `"${value.length > 40 ? `${value.slice(0, 40)}…` : value}"`;

export const FILTER_MESSAGES = {
  unknown: (what: string, value: string, page: string, fallback: string) =>
    `${quoted(value)} is not a ${what} we know, so the ${page} shows ${fallback}.`,
  repeated: (what: string, kept: string, page: string) =>
    `Only one ${what} can be chosen at a time, so the ${page} uses ${quoted(kept)}.`,
} as const;

export function chooseFilter<T extends string>(
  given: readonly string[],
  allowed: readonly T[],
  names: { what: string; fallback: string; page: "list" | "search" },
): FilterChoice<T> {
  const wanted = [...new Set(given.map((v) => v.trim().slice(0, 200)).filter((v) => v && v.toLowerCase() !== "all"))];
  const first = wanted[0];
  if (first === undefined) return { value: "", notices: [] };
  const notices = wanted.length > 1 ? [FILTER_MESSAGES.repeated(names.what, first, names.page)] : [];
  const match = allowed.find((a) => a.toLowerCase() === first.toLowerCase());
  if (match) return { value: match, notices };
  return { value: "", notices: [...notices, FILTER_MESSAGES.unknown(names.what, first, names.page, names.fallback)] };
}

/**
 * The closed-list filters of one URL, read by chooseFilter, their notices collected in `notices`
 * (the itinerary and offer searches). `given` replaces the URL's values when a search drops some
 * first (residency's "NONE", offerFor's all-offers value).
 */
export function filterReader(params: URLSearchParams, notices: string[]) {
  return <T extends string>(
    key: string,
    allowed: readonly T[],
    what: string,
    fallback: string,
    given = params.getAll(key),
  ): T | "" => {
    const chosen = chooseFilter(given, allowed, { what, fallback, page: "search" });
    notices.push(...chosen.notices);
    return chosen.value;
  };
}

/**
 * A ship chosen with a cruise line it does not sail for: the search keeps the line and drops the
 * ship, with `notice(shipName)`; otherwise the ship's code ("" for none).
 */
export function shipOfBrand(
  shipCode: string,
  ships: ReadonlyArray<{ code: string; name: string; brand: string }>,
  brand: string,
  notices: string[],
  notice: (shipName: string, brand: string) => string,
): string {
  const ship = ships.find((s) => s.code === shipCode);
  if (!ship) return "";
  if (brand && ship.brand !== brand) {
    notices.push(notice(ship.name, brand));
    return "";
  }
  return ship.code;
}
