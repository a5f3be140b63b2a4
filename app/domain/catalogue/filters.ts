import { isIsoDay } from "~/domain/dates";

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

/** A hand-edited URL may repeat a parameter or send anything: its first value, trimmed and bounded. */
export const textParam = (params: URLSearchParams, key: string) => (params.get(key) ?? "").trim().slice(0, 200);

/** A ticked box as a form or a hand-written link sends it. */
export const isTicked = (value: string) => ["true", "on", "1", "yes"].includes(value.toLowerCase());

/** A ship filter by the catalogue's rule; a ship of another cruise line than the one chosen is dropped. */
export function readShip(
  choice: ReturnType<typeof filterReader>,
  ships: ReadonlyArray<{ code: string; name: string; brand: string }>,
  brand: string,
  notices: string[],
  notice: (shipName: string, brand: string) => string,
): string {
  const shipCode = choice(
    "ship",
    ships.map((s) => s.code),
    "ship",
    "every ship",
  );
  return shipOfBrand(shipCode, ships, brand, notices, notice);
}

/** The destination filter, from the catalogue's destinations. */
export const readDestination = (
  choice: ReturnType<typeof filterReader>,
  destinations: ReadonlyArray<{ code: string }>,
): string =>
  choice(
    "destination",
    destinations.map((d) => d.code),
    "destination",
    "every destination",
  );

/** The guests' country of residence; "NONE" is the specification's default residency written out. */
export function readResidency(
  params: URLSearchParams,
  choice: ReturnType<typeof filterReader>,
  residencies: ReadonlySet<string>,
  what: string,
): string {
  const given = params.getAll("residency").filter((r) => r.trim().toUpperCase() !== "NONE");
  return choice("residency", [...residencies], what, "offers for every residency", given);
}

/**
 * The departure date a search starts from: a date that is not a date is a field error (shown back
 * as typed), a past one starts today with a notice; null when the search keeps today.
 */
export function readDepartureDate(
  raw: string,
  today: string,
  messages: { badDate: string; pastDate: (today: string) => string },
  found: {
    errors: { departureDate?: string };
    typed: { departureDate?: string };
    notices: string[];
  },
): string | null {
  if (raw && !isIsoDay(raw)) {
    found.errors.departureDate = messages.badDate;
    found.typed.departureDate = raw;
  } else if (raw && raw < today) found.notices.push(messages.pastDate(today));
  else if (raw) return raw;
  return null;
}

/**
 * The sort, the order and the page of a results page's links: an unknown sort is `fallback`, any
 * order but "desc" ascending, a page `pageOf` does not take is the first with `pageNotice`.
 */
export function readPaging<S extends string>(
  params: URLSearchParams,
  sorts: readonly S[],
  fallback: S,
  pageOf: (raw: string) => number | null,
  pageNotice: string,
  notices: string[],
): { sort: S; order: "asc" | "desc"; page: number } {
  const sort = textParam(params, "sort").toLowerCase();
  const order = textParam(params, "order").toLowerCase() === "desc" ? "desc" : "asc";
  const raw = textParam(params, "page");
  let page = 1;
  if (raw !== "") {
    const parsed = pageOf(raw);
    if (parsed !== null) page = parsed;
    else notices.push(pageNotice);
  }
  return { sort: sorts.find((s) => s === sort) ?? fallback, order, page };
}

/**
 * A search's parameters in a fixed order, so equal searches have equal URLs (shared, cached,
 * compared). An empty filter or a false flag is the default: left out, so links stay short.
 */
export function paramsInOrder<T extends object>(values: T, keys: ReadonlyArray<keyof T & string>): URLSearchParams {
  const out = new URLSearchParams();
  for (const key of keys) {
    const value = values[key];
    if (typeof value === "boolean") {
      if (value) out.set(key, "true");
    } else if (value !== "" && value !== undefined) out.set(key, String(value));
  }
  return out;
}
