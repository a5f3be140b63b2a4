import { BRAND_CODES, brandName, type BrandCode } from "~/domain/catalogue/codes";
import { AUDIENCE_FLAG, partyGiven, type OfferParty } from "~/domain/catalogue/eligibility";
import {
  chooseFilter,
  filterReader,
  isTicked,
  paramsInOrder,
  quoted,
  readDepartureDate,
  readDestination,
  readPaging,
  readResidency,
  readShip,
  textParam,
} from "~/domain/catalogue/filters";
import {
  ELIGIBILITY_FLAGS,
  ELIGIBILITY_NAMES,
  PARTY_AND_PAGE_PARAMS,
  type EligibilityFlag,
  type WidenHint,
} from "~/domain/catalogue/itinerary-search";
import {
  ALL_OFFERS,
  AUDIENCES,
  AUDIENCE_NAMES,
  EXPIRED_RANGE,
  OFFER_TYPES,
  type OfferFor,
  type OfferType,
} from "~/domain/catalogue/offers";
import { displayDate } from "~/domain/dates";

/**
 * The offer search's state as the URL holds it (/promotion/results, /promotion/brand, and the
 * archived offers' range): one parser, the cruise search's defaults (offerName all, offerFor the all-offers
 * value, offerType all, brand none, ship all, destination all, departure date today, residency none,
 * the four eligibility flags and refundable false). Junk is normalised with a notice, never an error.
 */
export const OFFER_PAGE_SIZE = 20;
/** The offers list is every current offer on one page; the upstream's largest page. */
export const OFFERS_LIST_PAGE_SIZE = 100;

export const OFFER_SORTS = ["expires", "name", "brand", "starts"] as const;
export type OfferSort = (typeof OFFER_SORTS)[number];
export const OFFER_SORT_NAMES: Record<OfferSort, string> = {
  expires: "Book by",
  name: "Offer name",
  brand: "Cruise line",
  starts: "Bookable from",
};

export type PromotionSearch = OfferParty & {
  offerName: string;
  offerFor: OfferFor;
  offerType: OfferType | "";
  brand: BrandCode | "";
  ship: string;
  destination: string;
  departureDate: string;
  sort: OfferSort;
  order: "asc" | "desc";
  page: number;
};

export type PromotionContext = {
  today: string;
  offerNames: readonly string[];
  ships: ReadonlyArray<{ code: string; name: string; brand: string }>;
  destinations: ReadonlyArray<{ code: string }>;
  /** Countries (alpha-3) and the regions offers name ("USA-FL"). */
  residencies: ReadonlySet<string>;
};

export type ParsedPromotionSearch = {
  search: PromotionSearch;
  errors: Partial<Record<"departureDate", string>>;
  typed: Partial<Record<"departureDate", string>>;
  notices: string[];
};

export function defaultPromotionSearch(today: string): PromotionSearch {
  return {
    offerName: "",
    offerFor: ALL_OFFERS,
    offerType: "",
    brand: "",
    ship: "",
    destination: "",
    departureDate: today,
    residency: "",
    age55Plus: false,
    lawEnforcement: false,
    fireDepartmentOrEMT: false,
    militaryOrForces: false,
    refundable: false,
    sort: "expires",
    order: "asc",
    page: 1,
  };
}

export const PROMOTION_MESSAGES = {
  pastDate: (today: string) => `The departure date had passed, so the search starts today, ${displayDate(today)}.`,
  badDate: "Enter the departure date as a date, for example 2027-06-14.",
  shipOfOtherBrand: (ship: string, brand: string) =>
    `${ship} does not sail for ${brandName(brand)}, so the search shows offers for every ${brandName(brand)} ship.`,
  audienceNeedsFlag: (flag: EligibilityFlag) =>
    `Offers for ${AUDIENCE_NAMES[audienceOf(flag)].toLowerCase()} are for a party that claims it, so "${ELIGIBILITY_NAMES[flag]}" is ticked.`,
  residentsNeedResidency:
    "Offers for residents need the guests' country of residence: choose one to see the offers for it.",
  page: "That page number was not a page, so the search shows the first page.",
  expiredRange: (min: number, max: number, used: number) =>
    `The range of expired offers is from ${min} to ${max} days, so the list shows the last ${used} days.`,
} as const;

const audienceOf = (flag: EligibilityFlag) =>
  (Object.keys(AUDIENCE_FLAG) as Array<keyof typeof AUDIENCE_FLAG>).find((a) => AUDIENCE_FLAG[a] === flag)!;

/** A page number as a link writes it: 1 to 100,000 (null for anything else). */
export const pageNumber = (raw: string) =>
  /^\d{1,6}$/.test(raw) && Number(raw) >= 1 && Number(raw) <= 100_000 ? Number(raw) : null;

/** Parses an offer search from the URL: never throws; every problem becomes a notice or a field error. */
export function parsePromotionSearch(params: URLSearchParams, ctx: PromotionContext): ParsedPromotionSearch {
  const search = defaultPromotionSearch(ctx.today);
  const errors: ParsedPromotionSearch["errors"] = {};
  const typed: ParsedPromotionSearch["typed"] = {};
  const notices: string[] = [];
  const choice = filterReader(params, notices);

  search.offerName = choice("offerName", ctx.offerNames, "offer name", "every offer");
  const audiences = params.getAll("offerFor").filter((v) => v.trim().toUpperCase() !== ALL_OFFERS);
  search.offerFor = choice("offerFor", AUDIENCES, "kind of guest", "offers for every guest", audiences) || ALL_OFFERS;
  search.offerType = choice("offerType", OFFER_TYPES, "kind of offer", "every kind of offer");
  search.brand = choice("brand", BRAND_CODES, "cruise line", "every cruise line");
  search.destination = readDestination(choice, ctx.destinations);
  search.ship = readShip(choice, ctx.ships, search.brand, notices, PROMOTION_MESSAGES.shipOfOtherBrand);

  const date = readDepartureDate(textParam(params, "departureDate"), ctx.today, PROMOTION_MESSAGES, {
    errors,
    typed,
    notices,
  });
  if (date) search.departureDate = date;

  search.residency = readResidency(params, choice, ctx.residencies, "country or region of residence");
  for (const key of [...ELIGIBILITY_FLAGS, "refundable"] as const) {
    // Contradictory values of one flag (true and false): the first wins, as for every filter.
    search[key] = isTicked(textParam(params, key));
  }

  // Asking for one restricted rate while saying who travels, without claiming that rate, would find
  // nothing: the search claims it, and says so.
  if (search.offerFor !== ALL_OFFERS && partyGiven(search)) {
    if (search.offerFor === "RESIDENTS" && !search.residency) notices.push(PROMOTION_MESSAGES.residentsNeedResidency);
    else if (search.offerFor in AUDIENCE_FLAG) {
      const needed = AUDIENCE_FLAG[search.offerFor as keyof typeof AUDIENCE_FLAG];
      if (!search[needed]) {
        search[needed] = true;
        notices.push(PROMOTION_MESSAGES.audienceNeedsFlag(needed));
      }
    }
  }

  Object.assign(search, readPaging(params, OFFER_SORTS, "expires", pageNumber, PROMOTION_MESSAGES.page, notices));
  return { search, errors, typed, notices };
}

/** The offer search's default order: by last booking day, soonest first. */
export const isDefaultOrder = (search: Pick<PromotionSearch, "sort" | "order">) =>
  search.sort === "expires" && search.order === "asc";

const PROMOTION_PARAM_ORDER: Array<keyof PromotionSearch> = [
  "offerName",
  "offerFor",
  "offerType",
  "brand",
  "ship",
  "destination",
  "departureDate",
  "residency",
  ...PARTY_AND_PAGE_PARAMS,
];

/** Every filter in a fixed order, so equal searches have equal URLs. */
export function promotionParams(search: PromotionSearch, change: Partial<PromotionSearch> = {}): URLSearchParams {
  return paramsInOrder({ ...search, ...change }, PROMOTION_PARAM_ORDER);
}

/**
 * Who travels as URL parameters, only what was said (a residency, the flags that are ticked): the
 * promotions service takes them so, and so does the itinerary search a sailing's link opens.
 */
export function partyParams(party: OfferParty): Array<[string, string]> {
  const out: Array<[string, string]> = party.residency ? [["residency", party.residency]] : [];
  for (const key of [...ELIGIBILITY_FLAGS, "refundable"] as const) if (party[key]) out.push([key, "true"]);
  return out;
}

/** The search as the promotions service takes it (docs/promotions-contract.md). */
export function upstreamOfferQuery(search: PromotionSearch, pageSize = OFFER_PAGE_SIZE): URLSearchParams {
  const q = new URLSearchParams();
  const put = (key: string, value: string | number) => {
    if (value !== "") q.set(key, String(value));
  };
  put("brand", search.brand);
  put("ship", search.ship);
  put("destination", search.destination);
  put("offerName", search.offerName);
  put("offerType", search.offerType);
  if (search.offerFor !== ALL_OFFERS) put("offerFor", search.offerFor);
  put("departureFrom", search.departureDate);
  // The party: only what the agent said, so an unsaid party shows every offer (the contract's rule).
  for (const [key, value] of partyParams(search)) put(key, value);
  put("sort", search.sort);
  put("order", search.order);
  put("page", search.page);
  put("pageSize", pageSize);
  return q;
}

/**
 * The ways to widen an empty offer search: each a link to the results of the same search with that
 * one filter widened (back to its default), from the first page.
 */
export function offerWidenHints(search: PromotionSearch, today: string): WidenHint[] {
  const hints: WidenHint[] = [];
  const way = (text: string, change: Partial<PromotionSearch>) =>
    hints.push({ text, href: `/promotion/results?${promotionParams(search, { ...change, page: 1 })}` });
  if (search.offerName) way("choose every offer name", { offerName: "" });
  if (search.offerType) way("choose every kind of offer", { offerType: "" });
  if (search.offerFor !== ALL_OFFERS) way("choose offers for every guest", { offerFor: ALL_OFFERS });
  if (search.ship) way("choose every ship", { ship: "" });
  if (search.destination) way("choose every destination", { destination: "" });
  if (search.brand) way("choose every cruise line", { brand: "" });
  if (search.departureDate > today) way("start from an earlier departure date", { departureDate: today });
  if (search.refundable) way("include offers on non-refundable fares", { refundable: false });
  return hints;
}

export type ExpiredRangeChoice = { expiredRange: number; notice: string | null };

/** Archived offers' range in days: 30 by default, 1 to 365; anything else is said and clamped. */
export function parseExpiredRange(params: URLSearchParams): ExpiredRangeChoice {
  const raw = textParam(params, "expiredRange");
  if (raw === "") return { expiredRange: EXPIRED_RANGE.default, notice: null };
  const n = /^\d{1,6}$/.test(raw) ? Number(raw) : Number.NaN;
  if (n >= EXPIRED_RANGE.min && n <= EXPIRED_RANGE.max) return { expiredRange: n, notice: null };
  const used = Number.isNaN(n) ? EXPIRED_RANGE.default : Math.min(EXPIRED_RANGE.max, Math.max(EXPIRED_RANGE.min, n));
  return {
    expiredRange: used,
    notice: `${quoted(raw)}: ${PROMOTION_MESSAGES.expiredRange(EXPIRED_RANGE.min, EXPIRED_RANGE.max, used)}`,
  };
}

/** The brand of /promotion/brand?brand=…: one of R, C, V, or null with nothing chosen or a junk value. */
export function chooseBrand(params: URLSearchParams): { brand: BrandCode | null; notices: string[] } {
  const chosen = chooseFilter(params.getAll("brand"), BRAND_CODES, {
    what: "cruise line",
    fallback: "the cruise lines to choose from",
    page: "list",
  });
  return { brand: chosen.value || null, notices: chosen.notices };
}
