import { z } from "zod";
import { clampParty, DEFAULT_PARTY, type Party } from "~/domain/catalogue/guests";
import {
  BRAND_CODES,
  CABIN_CLASSES,
  CABIN_CLASS_NAMES,
  TOUR_TYPES,
  VOYAGE_TYPES,
  brandName,
  type BrandCode,
  type CabinClass,
  type TourType,
  type VoyageType,
} from "~/domain/catalogue/codes";
import { displayDate } from "~/domain/dates";
import {
  filterReader,
  isTicked,
  paramsInOrder,
  readDepartureDate,
  readDestination,
  readPaging,
  readResidency,
  readShip,
  textParam,
} from "~/domain/catalogue/filters";

/**
 * The itinerary search's state, as the URL holds it (DESIGN "Rules every business screen keeps"):
 * one parser for /itinerary/search, /itinerary/results, the detail and compare pages. Defaults are
 * the specification's cruise search filter defaults; junk is normalised with a message, never an error page.
 */
export const PRICE_RANGE = { min: 0, max: 10_000 } as const;
/** The largest price an agent may type, in any currency (a yen fare runs to millions, a rupiah one to billions). */
export const PRICE_CEILING = 1_000_000_000_000;

/**
 * The default highest price in the chosen currency: the specification's 10,000 is US dollars (its
 * default currency), so in yen it is about ¥1,600,000 and in Bitcoin 0.093, rounded up to two
 * significant figures. A range of 0 to 10,000 yen would find no sailing at all.
 */
export function defaultPriceMax(rate: number | undefined): number {
  if (rate === undefined || !Number.isFinite(rate) || rate <= 0) return PRICE_RANGE.max;
  const value = PRICE_RANGE.max * rate;
  const step = 10 ** (Math.floor(Math.log10(value)) - 1);
  return Number((Math.ceil(value / step - 1e-9) * step).toPrecision(2));
}
/** The largest whole-dollar price bound the catalogue's sailing search takes. */
export const CATALOGUE_PRICE_MAX = 999_999_999;
export const PAGE_SIZE = 20;
/** The most sailings one CSV export holds (the first, in the search's order). */
export const CSV_MAX_ROWS = 1000;

export const SORTS = ["date", "price", "nights"] as const;
export type Sort = (typeof SORTS)[number];
export const SORT_NAMES: Record<Sort, string> = { date: "Sail date", price: "Price", nights: "Nights" };
export const ORDERS = ["asc", "desc"] as const;
export type Order = (typeof ORDERS)[number];

/** Length of the cruise: the ranges an agent picks from ("a 7-night sailing" is 6–9). */
export const NIGHTS = {
  "1-5": { label: "Up to 5 nights", min: 1, max: 5 },
  "6-9": { label: "6 to 9 nights", min: 6, max: 9 },
  "10-14": { label: "10 to 14 nights", min: 10, max: 14 },
  "15+": { label: "15 nights or more", min: 15, max: null },
} as const;
export type NightsRange = keyof typeof NIGHTS;
const NIGHTS_KEYS = Object.keys(NIGHTS) as [NightsRange, ...NightsRange[]];

export const ELIGIBILITY_FLAGS = ["age55Plus", "lawEnforcement", "fireDepartmentOrEMT", "militaryOrForces"] as const;
export type EligibilityFlag = (typeof ELIGIBILITY_FLAGS)[number];
export const ELIGIBILITY_NAMES: Record<EligibilityFlag, string> = {
  age55Plus: "A guest is 55 or over",
  lawEnforcement: "Law enforcement",
  fireDepartmentOrEMT: "Fire department or EMT",
  militaryOrForces: "Military or armed forces",
};

/** The last parameters of both searches' URLs, in order: the rates claimed, refundable, sort, order, page. */
export const PARTY_AND_PAGE_PARAMS = [...ELIGIBILITY_FLAGS, "refundable", "sort", "order", "page"] as const;

export type ItinerarySearch = Party & {
  voyageType: VoyageType | "";
  brand: BrandCode | "";
  ship: string;
  destination: string;
  /** Departure port code; "" for any. */
  port: string;
  tourType: TourType | "";
  cabinClass: CabinClass | "";
  nights: NightsRange | "";
  departureDate: string;
  residency: string;
  currency: string;
  priceMin: number;
  priceMax: number;
  loyaltyNumber: string;
  promoCode: string;
  refundable: boolean;
  sort: Sort;
  order: Order;
  page: number;
} & Record<EligibilityFlag, boolean>;

export type SearchField = Exclude<keyof ItinerarySearch, "sort" | "order" | "page"> | "guests";

/** What the parser needs to know beyond the URL: today, the catalogue, the currencies with a rate. */
export type SearchContext = {
  today: string;
  /** The catalogue's last sail date. */
  lastSailDate: string;
  ships: ReadonlyArray<{ code: string; name: string; brand: string }>;
  destinations: ReadonlyArray<{ code: string; name: string }>;
  /** The ports sailings leave from (codes). */
  ports: readonly string[];
  currencies: ReadonlySet<string>;
  residencies: ReadonlySet<string>;
  defaultCurrency: string;
  /** Units of each offered currency per US dollar, for the default price range (without them, 10,000). */
  rates?: Readonly<Record<string, number>>;
};

export type ParsedSearch = {
  search: ItinerarySearch;
  /** A message per field the agent should correct (shown by the field; the search ran without it). */
  errors: Partial<Record<SearchField, string>>;
  /** What was typed in a field with an error, so the form shows it back. */
  typed: Partial<Record<SearchField, string>>;
  /** Changes the portal made to run the search (announced above the results). */
  notices: string[];
  /** The default highest price in the search's currency (defaultPriceMax). */
  priceMaxDefault: number;
};

export function defaultSearch(ctx: Pick<SearchContext, "today" | "defaultCurrency">): ItinerarySearch {
  return {
    voyageType: "",
    brand: "",
    ship: "",
    destination: "",
    port: "",
    tourType: "",
    cabinClass: "",
    nights: "",
    departureDate: ctx.today,
    ...DEFAULT_PARTY,
    residency: "",
    currency: ctx.defaultCurrency,
    priceMin: PRICE_RANGE.min,
    priceMax: PRICE_RANGE.max,
    loyaltyNumber: "",
    promoCode: "",
    age55Plus: false,
    lawEnforcement: false,
    fireDepartmentOrEMT: false,
    militaryOrForces: false,
    refundable: false,
    sort: "date",
    order: "asc",
    page: 1,
  };
}

/**
 * The field schemas, built on first use: the browser imports this module for its constants and
 * `searchParams`, and building them at import would pull zod into every itinerary page's bundle.
 */
let schemas: ReturnType<typeof buildSchemas> | undefined;
function buildSchemas() {
  return {
    count: z
      .string()
      .regex(/^\d{1,2}$/)
      .transform(Number),
    price: z
      .string()
      // Up to a currency's minor units (eight for Bitcoin).
      .regex(/^\d+(\.\d{1,8})?$/)
      .transform(Number)
      .pipe(z.number().max(PRICE_CEILING)),
    memberCode: z.string().regex(/^[A-Za-z0-9-]{1,20}$/),
    page: z.coerce.number().int().min(1).max(100_000),
  };
}
const fields = () => (schemas ??= buildSchemas());

export const SEARCH_MESSAGES = {
  pastDate: (today: string) => `The departure date had passed, so the search starts today, ${displayDate(today)}.`,
  badDate: "Enter the departure date as a date, for example 2027-03-14.",
  beyondCatalogue: (last: string) =>
    `Sailings are open for booking up to ${displayDate(last)}. Choose a departure date on or before it.`,
  guests: (p: Party) =>
    `A stateroom holds at most 4 guests: 1 to 4 adults, and children and infants up to 4 − adults. The search uses ${p.adults} adults, ${p.children} children and ${p.infants} infants.`,
  price: "Enter the price as a whole number or with cents, for example 2500.",
  swapped: "The lowest price was above the highest, so the two were swapped.",
  loyalty: "A loyalty number has letters and digits only, at most 20.",
  promo: "A promo code has letters, digits and hyphens only, at most 20.",
  shipOfOtherBrand: (ship: string, brand: string) =>
    `${ship} does not sail for ${brandName(brand)}, so the search shows every ${brandName(brand)} ship.`,
  page: "That page number was not a page, so the search shows the first page.",
} as const;

/** Parses a search from the URL: never throws; every problem is an error by its field or a notice. */
export function parseItinerarySearch(params: URLSearchParams, ctx: SearchContext): ParsedSearch {
  const search = defaultSearch(ctx);
  const errors: ParsedSearch["errors"] = {};
  const typed: ParsedSearch["typed"] = {};
  const notices: string[] = [];

  /** A closed-list filter by the catalogue's one rule (a repeated parameter keeps its first value). */
  const choice = filterReader(params, notices);

  search.voyageType = choice("voyageType", VOYAGE_TYPES, "voyage type", "every voyage type");
  search.brand = choice("brand", BRAND_CODES, "cruise line", "every cruise line");
  search.tourType = choice("tourType", TOUR_TYPES, "tour type", "cruises with and without tours");
  search.cabinClass = choice("cabinClass", CABIN_CLASSES, "stateroom type", "every stateroom type");
  search.nights = choice("nights", NIGHTS_KEYS, "length of cruise", "every length");
  search.destination = readDestination(choice, ctx.destinations);
  search.port = choice("port", ctx.ports, "departure port", "every departure port");
  search.ship = readShip(choice, ctx.ships, search.brand, notices, SEARCH_MESSAGES.shipOfOtherBrand);

  // A date past the catalogue is kept (the agent sees why nothing was found) with a message by the field.
  const date = readDepartureDate(textParam(params, "departureDate"), ctx.today, SEARCH_MESSAGES, {
    errors,
    typed,
    notices,
  });
  if (date) {
    search.departureDate = date;
    if (date > ctx.lastSailDate) errors.departureDate = SEARCH_MESSAGES.beyondCatalogue(ctx.lastSailDate);
  }

  // Guests: counts that are not counts fall back to the defaults, then the rules clamp.
  const wanted: Party = { ...DEFAULT_PARTY };
  for (const kind of ["adults", "children", "infants"] as const) {
    const raw = textParam(params, kind);
    if (raw === "") continue;
    const parsed = fields().count.safeParse(raw);
    wanted[kind] = parsed.success ? parsed.data : Number.NaN;
  }
  const party = clampParty(wanted);
  Object.assign(search, party);
  if (party.adults !== wanted.adults || party.children !== wanted.children || party.infants !== wanted.infants) {
    errors.guests = SEARCH_MESSAGES.guests(party);
  }

  search.currency =
    choice("currency", [...ctx.currencies], "currency", `prices in ${ctx.defaultCurrency}`) || ctx.defaultCurrency;
  search.residency = readResidency(params, choice, ctx.residencies, "country of residence");
  const priceMaxDefault = defaultPriceMax(ctx.rates?.[search.currency]);
  search.priceMax = priceMaxDefault;

  for (const key of ["priceMin", "priceMax"] as const) {
    const raw = textParam(params, key).replace(/,/g, "");
    if (raw === "") continue;
    const parsed = fields().price.safeParse(raw);
    if (parsed.success) search[key] = parsed.data;
    else {
      errors[key] = SEARCH_MESSAGES.price;
      typed[key] = textParam(params, key);
    }
  }
  if (search.priceMin > search.priceMax) {
    [search.priceMin, search.priceMax] = [search.priceMax, search.priceMin];
    notices.push(SEARCH_MESSAGES.swapped);
  }

  for (const [key, message] of [
    ["loyaltyNumber", SEARCH_MESSAGES.loyalty],
    ["promoCode", SEARCH_MESSAGES.promo],
  ] as const) {
    const raw = textParam(params, key);
    if (raw === "") continue;
    if (fields().memberCode.safeParse(raw).success) search[key] = key === "promoCode" ? raw.toUpperCase() : raw;
    else {
      errors[key] = message;
      typed[key] = raw;
    }
  }

  for (const key of [...ELIGIBILITY_FLAGS, "refundable"] as const) search[key] = isTicked(textParam(params, key));

  const pageOf = (raw: string) => {
    const parsed = fields().page.safeParse(raw);
    return parsed.success ? parsed.data : null;
  };
  Object.assign(search, readPaging(params, SORTS, "date", pageOf, SEARCH_MESSAGES.page, notices));

  return { search, errors, typed, notices, priceMaxDefault };
}

/** A sailing's row in the results (its id there): "Back to the results" returns to it. */
export const sailingRowId = (sailingId: string) => `sailing-${sailingId}`;

/**
 * A sailing's page: its id first, then what it was found with (a search's or a party's parameters,
 * or a query string already written, as a results page writes its search once for all its rows).
 */
export function sailingDetailHref(sailingId: string, found: string | Iterable<[string, string]> = ""): string {
  const rest = typeof found === "string" ? found : new URLSearchParams([...found]).toString();
  return `/itinerary/detail?${new URLSearchParams({ sailing: sailingId })}${rest && `&${rest}`}`;
}

const ITINERARY_PARAM_ORDER: Array<keyof ItinerarySearch> = [
  "voyageType",
  "brand",
  "ship",
  "destination",
  "port",
  "departureDate",
  "nights",
  "cabinClass",
  "tourType",
  "adults",
  "children",
  "infants",
  "residency",
  "currency",
  "priceMin",
  "priceMax",
  "loyaltyNumber",
  "promoCode",
  ...PARTY_AND_PAGE_PARAMS,
];

/** Every filter that is set, in a fixed order, so equal searches have equal URLs (shared, cached, compared). */
export function searchParams(search: ItinerarySearch, change: Partial<ItinerarySearch> = {}): URLSearchParams {
  return paramsInOrder({ ...search, ...change }, ITINERARY_PARAM_ORDER);
}

/** The search as the catalogue's sailing search takes it, prices turned into US dollars. */
export function upstreamQuery(search: ItinerarySearch, usdPerUnit: number, pageSize = PAGE_SIZE): URLSearchParams {
  const q = new URLSearchParams();
  const put = (key: string, value: string | number | null | undefined) => {
    if (value !== "" && value !== null && value !== undefined) q.set(key, String(value));
  };
  put("brand", search.brand);
  put("ship", search.ship);
  put("destination", search.destination);
  put("port", search.port);
  put("voyageType", search.voyageType);
  put("tourType", search.tourType);
  put("cabinClass", search.cabinClass);
  put("departureFrom", search.departureDate);
  if (search.nights) {
    put("nightsMin", NIGHTS[search.nights].min);
    put("nightsMax", NIGHTS[search.nights].max);
  }
  // In a currency worth far more than a dollar (Bitcoin) the range reaches past the catalogue's largest
  // price: a bound it cannot take is no bound, not a refused search.
  const priceMin = Math.floor(search.priceMin * usdPerUnit);
  const priceMax = Math.ceil(search.priceMax * usdPerUnit);
  put("priceMin", Math.min(priceMin, CATALOGUE_PRICE_MAX));
  if (priceMax <= CATALOGUE_PRICE_MAX) put("priceMax", priceMax);
  if (search.refundable) put("refundable", "true");
  put("sort", search.sort);
  put("order", search.order);
  put("page", search.page);
  put("pageSize", pageSize);
  return q;
}

/** A way to widen an empty search: its words, and the same search with that filter widened. */
export type WidenHint = { text: string; href: string };

/**
 * The ways to widen an empty result, most narrowing first: each a link to the results of the same
 * search with that one filter widened (back to its default), from the first page.
 */
export function widenHints(
  search: ItinerarySearch,
  ctx: Pick<SearchContext, "today">,
  priceMaxDefault: number = PRICE_RANGE.max,
): WidenHint[] {
  const hints: WidenHint[] = [];
  const way = (text: string, change: Partial<ItinerarySearch>) =>
    hints.push({ text, href: `/itinerary/results?${searchParams(search, { ...change, page: 1 })}` });
  if (search.departureDate > ctx.today) way("start from an earlier departure date", { departureDate: ctx.today });
  if (search.ship) way("choose every ship", { ship: "" });
  if (search.destination) way("choose every destination", { destination: "" });
  if (search.port) way("choose every departure port", { port: "" });
  if (search.brand) way("choose every cruise line", { brand: "" });
  if (search.nights) way("allow any length of cruise", { nights: "" });
  if (search.cabinClass) way(`allow staterooms other than ${CABIN_CLASS_NAMES[search.cabinClass]}`, { cabinClass: "" });
  if (search.priceMin > PRICE_RANGE.min || search.priceMax < priceMaxDefault)
    way("widen the price range", { priceMin: PRICE_RANGE.min, priceMax: priceMaxDefault });
  if (search.tourType) way("include cruises with and without tours", { tourType: "" });
  if (search.voyageType) way("include round trips and one-way voyages", { voyageType: "" });
  if (search.refundable) way("include non-refundable fares", { refundable: false });
  return hints;
}
