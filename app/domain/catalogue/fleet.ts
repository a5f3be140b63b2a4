import { z } from "zod";
import { BRAND_CODES, brandName, type BrandCode } from "~/domain/catalogue/codes";
import { chooseFilter } from "~/domain/catalogue/filters";

/**
 * The fleet pages' rules (/explore-our-fleet and /explore-our-fleet/:ship): a ship's address is its
 * slug, and the list's filters live in the URL, parsed by one schema that never throws on what an
 * agent or a hand-edited link sends (junk, unknown codes, repeated parameters become a notice).
 */
export const FLEET_PATH = "/explore-our-fleet";

/** "Symphony of the Seas" → "symphony-of-the-seas": lower case, each run of other characters one hyphen. */
export function shipSlug(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** The size the catalogue draws its ship art at; pages scale it to their width (no layout shift). */
export const SHIP_IMAGE_SIZE = { width: 800, height: 450 } as const;
export const shipImagePath = (code: string) => `/ship-images/${code}`;

export const shipPath = (name: string) => `${FLEET_PATH}/${shipSlug(name)}`;

type ShipRef = { code: string; name: string };

/**
 * The ship an address names: its slug (canonical), or its two-letter code or a slug written another
 * way ("Symphony_Of_The_Seas"), which the page redirects to the slug. Null when no ship is meant.
 */
export function resolveShip<S extends ShipRef>(
  segment: string,
  ships: readonly S[],
): { ship: S; canonical: boolean } | null {
  const bySlug = ships.find((s) => shipSlug(s.name) === segment);
  if (bySlug) return { ship: bySlug, canonical: true };
  if (/^[A-Za-z]{2}$/.test(segment)) {
    const byCode = ships.find((s) => s.code === segment.toUpperCase());
    if (byCode) return { ship: byCode, canonical: false };
  }
  const loose = shipSlug(segment);
  const byLooseSlug = loose ? ships.find((s) => shipSlug(s.name) === loose) : undefined;
  return byLooseSlug ? { ship: byLooseSlug, canonical: false } : null;
}

// ---------- the list's filters ----------

export type FleetFilters = { brand: BrandCode | ""; shipClass: string; destination: string };
export const NO_FILTERS: FleetFilters = { brand: "", shipClass: "", destination: "" };

/** What the filters may hold: the catalogue reference's classes and destinations. */
export type FleetOptions = {
  shipClasses: ReadonlyArray<{ name: string; brand: string }>;
  destinations: ReadonlyArray<{ code: string; name: string }>;
};

export const FLEET_MESSAGES = {
  classOfOtherBrand: (shipClass: string, brand: string) =>
    `The ${shipClass} class does not sail for ${brandName(brand)}, so the list shows every ${brandName(brand)} ship.`,
} as const;

/**
 * Every value a parameter was given (a form sends one; a hand-edited URL may repeat it or send none).
 * Built on use: a schema made when this module loads would pull zod into the pages' browser bundle.
 */
const values = () =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]))
    .catch([]);

/** One of the list's filters, by the catalogue's one filter rule. */
const choose = (given: string[], allowed: readonly string[], what: string, fallback: string) =>
  chooseFilter(given, allowed, { what, fallback, page: "list" });

/**
 * The one schema of the list's search params (give it `fleetParams(url.searchParams)`): it always
 * succeeds, with the filters to apply and a notice for each thing it had to change.
 */
export function fleetFiltersSchema(options: FleetOptions) {
  return z
    .object({ brand: values(), shipClass: values(), destination: values() })
    .catch({ brand: [], shipClass: [], destination: [] })
    .transform((raw): { filters: FleetFilters; notices: string[] } => {
      const brand = choose(raw.brand, BRAND_CODES, "cruise line", "every cruise line");
      const classes = options.shipClasses.filter((c) => !brand.value || c.brand === brand.value);
      const allClasses = options.shipClasses.map((c) => c.name);
      let shipClass = choose(raw.shipClass, allClasses, "ship class", "every class");
      if (shipClass.value && !classes.some((c) => c.name === shipClass.value)) {
        shipClass = {
          value: "",
          notices: [...shipClass.notices, FLEET_MESSAGES.classOfOtherBrand(shipClass.value, brand.value)],
        };
      }
      const destination = choose(
        raw.destination,
        options.destinations.map((d) => d.code),
        "destination",
        "ships of every destination",
      );
      return {
        filters: { brand: brand.value as BrandCode | "", shipClass: shipClass.value, destination: destination.value },
        notices: [...brand.notices, ...shipClass.notices, ...destination.notices],
      };
    });
}

/** The schema's input from a URL: every value of each filter parameter (other parameters are ignored). */
export function fleetParams(params: URLSearchParams) {
  return {
    brand: params.getAll("brand"),
    shipClass: params.getAll("shipClass"),
    destination: params.getAll("destination"),
  };
}

export function parseFleetFilters(params: URLSearchParams, options: FleetOptions) {
  return fleetFiltersSchema(options).parse(fleetParams(params));
}

/** The address of the list with these filters (only the ones set, in one order). */
export function fleetHref(filters: FleetFilters): string {
  const query = new URLSearchParams();
  for (const key of ["brand", "shipClass", "destination"] as const) if (filters[key]) query.set(key, filters[key]);
  const search = query.toString();
  return search ? `${FLEET_PATH}?${search}` : FLEET_PATH;
}

/** What to widen when no ship matches: a link per filter in use, to the list without it. */
export function widenFleetHints(
  filters: FleetFilters,
  names: { destination?: string },
): Array<{ text: string; href: string }> {
  const hints: Array<{ text: string; href: string }> = [];
  const without = (change: Partial<FleetFilters>) => fleetHref({ ...filters, ...change });
  if (filters.destination) {
    hints.push({
      text: `Every destination instead of ${names.destination ?? filters.destination}`,
      href: without({ destination: "" }),
    });
  }
  if (filters.shipClass) {
    hints.push({ text: `Every class instead of ${filters.shipClass}`, href: without({ shipClass: "" }) });
  }
  if (filters.brand) {
    hints.push({ text: `Every cruise line instead of ${brandName(filters.brand)}`, href: without({ brand: "" }) });
  }
  return hints;
}
