/** Shared types and helpers of the content service's data modules (`upstream/content/*`). */

export const LOCALES = ["en_us", "fr_fr", "de_de", "it_it", "es_xn", "zh_cn"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en_us";

export function isLocale(value: string): value is Locale {
  return (LOCALES as readonly string[]).includes(value);
}

/** A text in every language. */
export type Localized = Record<Locale, string>;

/** A text in English with optional translations; missing languages fall back to English. */
export type PartlyLocalized = { en_us: string } & Partial<Record<Locale, string>>;

export function pick(text: PartlyLocalized, locale: Locale): string {
  return text[locale] ?? text.en_us;
}

export const BRAND_CODES = ["R", "C", "V"] as const;
export type BrandCode = (typeof BRAND_CODES)[number];

/** Content-service tag ids of the three brands (`tags/brands`); alerts carry them in `brandType`. */
export const BRAND_TAGS: Record<BrandCode, { id: string; title: string; slug: string }> = {
  R: { id: "royal:brands/royal-caribbean", title: "Royal Caribbean", slug: "royal-caribbean" },
  C: { id: "royal:brands/celebrity-cruises", title: "Celebrity Cruises", slug: "celebrity-cruises" },
  V: { id: "royal:brands/silversea", title: "Silversea", slug: "silversea" },
};

/** Image data as the content service describes an image. */
export type ImageData = { path: string; title: string; description: string; width: number; height: number };

/**
 * Who an item is for. A dimension that is absent means everyone; a declared one lists the accepted
 * values (compared case-insensitively) and the item is served only when the request's filter matches.
 */
export type Audience = {
  roles?: readonly string[];
  countries?: readonly string[];
  offices?: readonly string[];
  brands?: readonly BrandCode[];
  ships?: readonly string[];
};

/** The request's filters, lower-cased; `brand` is a brand code when recognised (else the raw value, which matches nothing). */
export type ContentFilters = {
  country?: string;
  office?: string;
  role?: string;
  brand?: string;
  ship?: string;
};

function dimensionMatches(declared: readonly string[] | undefined, wanted: string | undefined): boolean {
  if (declared === undefined || declared.length === 0) return true;
  if (wanted === undefined) return false;
  return declared.some((value) => value.toLowerCase() === wanted.toLowerCase());
}

export function audienceMatches(audience: Audience | undefined, filters: ContentFilters): boolean {
  if (!audience) return true;
  return (
    dimensionMatches(audience.roles, filters.role) &&
    dimensionMatches(audience.countries, filters.country) &&
    dimensionMatches(audience.offices, filters.office) &&
    dimensionMatches(audience.brands, filters.brand) &&
    dimensionMatches(audience.ships, filters.ship)
  );
}

/** Reads a brand filter given as a code (R), a tag id (royal:brands/silversea), a slug or a title. */
export function parseBrand(value: string): BrandCode | undefined {
  const wanted = value.trim().toLowerCase();
  for (const code of BRAND_CODES) {
    const tag = BRAND_TAGS[code];
    if ([code.toLowerCase(), tag.id, tag.slug, tag.title.toLowerCase()].includes(wanted)) return code;
  }
  return undefined;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Midnight UTC of the clock's day: content dated relative to "today" is stable within a day. */
export function startOfUtcDay(now: number): number {
  return Math.floor(now / DAY_MS) * DAY_MS;
}

/** An ISO time `days` (may be fractional or negative) after midnight UTC of the clock's day. */
export function dayOffset(now: number, days: number): string {
  return new Date(startOfUtcDay(now) + Math.round(days * DAY_MS)).toISOString();
}

/** What a page module answers: the items, the page's modified date and any page-level fields. */
export type PageResult = { items: unknown[]; modified: string; fields?: Record<string, unknown> };

/** What a page module gets: the language, the filters, the path parts after the page name, the query, now. */
export type PageRequest = {
  locale: Locale;
  filters: ContentFilters;
  /** Path parts after the page name, decoded (e.g. `["terms-of-use"]` for `legal/terms-of-use`). */
  extra: string[];
  query: (name: string) => string | undefined;
  now: number;
};

/** A page family; answers undefined for something that does not exist (the route answers 404). */
export type PageHandler = (request: PageRequest) => PageResult | undefined;
