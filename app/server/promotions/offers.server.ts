import { pageNotFound } from "~/server/infra/route-errors.server";
import { BRANDS, CABIN_CLASS_NAMES, REFUNDABILITY_NAMES, brandName, type CabinClass } from "~/domain/catalogue/codes";
import { openClasses, offerStatus, partyGiven, partyReasons } from "~/domain/catalogue/eligibility";
import { perGuestWithOffer } from "~/domain/catalogue/fares";
import { describeAudience, describeValue, OFFER_TYPE_NAMES, urgentOffersFirst } from "~/domain/catalogue/offers";
import {
  OFFER_SAILING_FILTERS,
  offerSailingFilters,
  sailingFilterQuery,
  type OfferSailingFilters,
} from "~/domain/catalogue/offer-sailings";
import {
  chooseBrand,
  defaultPromotionSearch,
  isDefaultOrder,
  OFFER_PAGE_SIZE,
  OFFERS_LIST_PAGE_SIZE,
  offerWidenHints,
  pageNumber,
  parseExpiredRange,
  upstreamOfferQuery,
  type PromotionSearch,
} from "~/domain/catalogue/promotion-search";
import { displayDate, isoDay } from "~/domain/dates";
import { lastPageIfPast, readSearchPage } from "~/domain/paging";
import { offersQuote } from "~/domain/quote";
import type { Agent } from "~/server/auth/auth.server";
import { itinerarySearchState } from "~/server/catalogue/itinerary-search.server";
import { printAddress, promotionSearchState } from "~/server/catalogue/promotion-search.server";
import {
  archivedOffers,
  featuredOffers,
  getOffer,
  offerImage,
  offerSailings,
  searchOffers,
  type Offer,
  type OfferSummary,
} from "~/server/clients/promotions.server";
import { csvResponse, type CsvColumn } from "~/server/infra/csv.server";
import { publicSvg } from "~/server/infra/public-svg.server";
import { screenIntro } from "~/server/shell/intro.server";
import { pageLocale } from "~/server/shell/preferences.server";

/**
 * The promotions pages' work (app/routes/promotion/*): the offer searches, an offer's detail and
 * its eligible sailings, the featured, archived and printable lists, the CSV, the offer's picture.
 * Each function is one loader's whole body after its guard; the route wraps it in its error handling.
 */

export type { Offer, OfferSummary };

/** What a row of an offer table shows: the loaders send only this (a page of offers, not their terms). */
export type OfferRow = Pick<
  OfferSummary,
  | "offerId"
  | "name"
  | "headline"
  | "codes"
  | "brand"
  | "offerFor"
  | "residency"
  | "offerType"
  | "sailFrom"
  | "sailTo"
  | "bookTo"
>;
export const offerRow = (o: OfferSummary): OfferRow => ({
  offerId: o.offerId,
  name: o.name,
  headline: o.headline,
  codes: o.codes,
  brand: o.brand,
  offerFor: o.offerFor,
  residency: o.residency,
  offerType: o.offerType,
  sailFrom: o.sailFrom,
  sailTo: o.sailTo,
  bookTo: o.bookTo,
});

// ---------- /promotion/home ----------
const FEATURED_ON_HOME = 6;

/** The three brands with their count of current offers, the featured offers, and the offer search's defaults. */
export async function promotionHome(request: Request, agent: Agent) {
  const [state, featured, intro, ...counts] = await Promise.all([
    promotionSearchState(request, agent),
    // The featured offers and the brands' counts are extras: a failure leaves the search usable.
    featuredOffers(agent).catch(() => null),
    screenIntro("/promotion/home", await pageLocale(request)),
    ...BRANDS.map((b) =>
      searchOffers(agent, new URLSearchParams({ brand: b.code, pageSize: "1" })).then(
        (page) => page.total,
        () => null,
      ),
    ),
  ]);
  return {
    parsed: { search: state.search, errors: state.errors, typed: state.typed },
    options: state.options,
    featured: featured?.slice(0, FEATURED_ON_HOME) ?? null,
    featuredTotal: featured?.length ?? 0,
    brands: BRANDS.map((b, i) => ({ ...b, current: counts[i] ?? null })),
    intro: intro?.html ?? null,
  };
}

// ---------- /promotion/brand ----------
/** One cruise line's current offers, in the URL's sort and page; none chosen asks for one. */
export async function brandOffers(agent: Agent, params: URLSearchParams) {
  const { brand, notices } = chooseBrand(params);
  if (!brand) return { brand: null, notices, search: null, found: null, today: null };
  // The sort and page of the URL, read by the offer search's parser; the brand is this page's.
  const sort = (params.get("sort") ?? "").toLowerCase();
  const today = isoDay();
  const search: PromotionSearch = {
    ...defaultPromotionSearch(today),
    brand,
    sort: sort === "name" || sort === "starts" ? sort : "expires",
    order: params.get("order") === "desc" ? "desc" : "asc",
    page: pageNumber(params.get("page") ?? "") ?? 1,
  };
  const shown = [...notices];
  const found = await readSearchPage(
    search,
    (page) => searchOffers(agent, upstreamOfferQuery({ ...search, page })),
    "offers",
    shown,
  );
  return {
    brand,
    notices: shown,
    search,
    // In the default order (by last booking day) the offers ending today come first.
    found: {
      ...found,
      items: (isDefaultOrder(search) ? urgentOffersFirst(found.items, today) : found.items).map(offerRow),
    },
    today,
  };
}

// ---------- /promotion/results ----------
/** The current offers for the URL's search, its notices, and what to widen when none are found. */
export async function promotionResults(request: Request, agent: Agent) {
  const state = await promotionSearchState(request, agent);
  const { search } = state;
  const notices = [...state.notices];
  const found = await readSearchPage(
    search,
    (page) => searchOffers(agent, upstreamOfferQuery({ ...search, page })),
    "offers",
    notices,
  );
  return {
    search,
    errors: state.errors,
    typed: state.typed,
    options: state.options,
    notices,
    // In the default order (by last booking day) the offers ending today come first.
    found: {
      ...found,
      items: (isDefaultOrder(search) ? urgentOffersFirst(found.items, state.options.today) : found.items).map(offerRow),
    },
    today: state.options.today,
    narrowed: partyGiven(search),
    hints: found.total === 0 ? offerWidenHints(search, state.options.today) : [],
  };
}

// ---------- /promotion/results.csv ----------
/** A few hundred offers at most are current: every page is exported. */
const CSV_MAX_PAGES = 20;

const CSV_COLUMNS: Array<CsvColumn<OfferSummary>> = [
  { header: "Offer", value: (o) => o.offerId },
  { header: "Name", value: (o) => o.name },
  { header: "Cruise line", value: (o) => brandName(o.brand) },
  { header: "Kind", value: (o) => OFFER_TYPE_NAMES[o.offerType] },
  { header: "Headline", value: (o) => o.headline },
  { header: "Value", value: (o) => describeValue(o.value) },
  { header: "For", value: (o) => describeAudience(o) },
  { header: "Bookable from", value: (o) => displayDate(o.bookFrom) },
  { header: "Book by", value: (o) => displayDate(o.bookTo) },
  { header: "Sailings from", value: (o) => displayDate(o.sailFrom) },
  { header: "Sailings to", value: (o) => displayDate(o.sailTo) },
  { header: "Ships", value: (o) => (o.ships.length ? o.ships.join("; ") : "All") },
  { header: "Destinations", value: (o) => (o.destinations.length ? o.destinations.join("; ") : "All") },
  { header: "Staterooms", value: (o) => o.cabinClasses.map((c) => CABIN_CLASS_NAMES[c]).join("; ") },
  { header: "Fares", value: (o) => REFUNDABILITY_NAMES[o.refundability] },
  { header: "Codes", value: (o) => o.codes.join("; ") },
];

/** The same search as the results page, every offer in its order, streamed as CSV. */
export async function promotionResultsCsv(request: Request, agent: Agent): Promise<Response> {
  const { search } = await promotionSearchState(request, agent);
  const query = (page: number) => upstreamOfferQuery({ ...search, page }, OFFERS_LIST_PAGE_SIZE);
  const first = await searchOffers(agent, query(1));
  async function* rows() {
    yield* first.items;
    for (let page = 2; page <= Math.min(first.pageCount, CSV_MAX_PAGES); page++) {
      yield* (await searchOffers(agent, query(page))).items;
    }
  }
  return csvResponse(`offers-${isoDay()}.csv`, CSV_COLUMNS, rows());
}

// ---------- /promotion/featured-offers ----------
/** The offers the cruise lines feature now, for one line or all. */
export async function featuredOffersPage(agent: Agent, params: URLSearchParams) {
  const { brand, notices } = chooseBrand(params);
  return { brand, notices, offers: await featuredOffers(agent, brand ?? "") };
}

// ---------- /promotion/archived-offers ----------
/** Offers whose booking window closed within the chosen number of days, the latest first. */
export async function archivedOffersPage(agent: Agent, params: URLSearchParams) {
  const range = parseExpiredRange(params);
  const { brand, notices } = chooseBrand(params);
  const page = pageNumber(params.get("page") ?? "") ?? 1;
  const options = { expiredRange: range.expiredRange, brand: brand ?? "", pageSize: OFFER_PAGE_SIZE };
  const paged = await lastPageIfPast(page, (n) => archivedOffers(agent, { ...options, page: n }), "archived offers");
  const found = paged.found;
  if (paged.notice) notices.push(paged.notice);
  return {
    expiredRange: range.expiredRange,
    // A range outside 1–365 is said by its field, with what was typed kept there.
    rangeError: range.notice,
    typedRange: range.notice ? (params.get("expiredRange") ?? "") : null,
    brand,
    notices,
    found: { ...found, items: found.items.map(offerRow) },
  };
}

// ---------- /promotion/offers-list ----------
/** A few hundred offers at most are current; the list stops at this many pages of the largest size. */
const LIST_MAX_PAGES = 10;

/** Every current offer on one page, by cruise line and name. */
export async function offersList(request: Request, agent: Agent) {
  const query = (page: number) =>
    new URLSearchParams({ sort: "brand", page: String(page), pageSize: String(OFFERS_LIST_PAGE_SIZE) });
  const first = await searchOffers(agent, query(1));
  const rest = await Promise.all(
    Array.from({ length: Math.min(first.pageCount, LIST_MAX_PAGES) - 1 }, (_, i) => searchOffers(agent, query(i + 2))),
  );
  const offers = [first, ...rest].flatMap((page) => page.items);
  const byBrand = BRANDS.map((brand) => ({
    ...brand,
    offers: offers
      .filter((o) => o.brand === brand.code)
      .sort((a, b) => a.name.localeCompare(b.name) || a.bookTo.localeCompare(b.bookTo)),
  }));
  return { byBrand, total: first.total, today: isoDay(), address: printAddress(request) };
}

// ---------- /promotion/detail ----------
const SAILINGS_PAGE_SIZE = 20;
const OFFER_ID = /^[A-Za-z0-9-]{1,40}$/;

/**
 * An offer's detail: its status, names of its ships and destinations, whether the searched party
 * qualifies, and a page of the sailings it applies to (narrowed by the sailing filters). A malformed
 * offer id is a page not found.
 */
export async function offerDetail(request: Request, agent: Agent) {
  const params = new URL(request.url).searchParams;
  const offerId = (params.get("offer") ?? "").trim();
  if (!OFFER_ID.test(offerId)) throw pageNotFound();
  const page = pageNumber(params.get("sailingsPage") ?? "") ?? 1;
  const [state, itinerary, offer] = await Promise.all([
    promotionSearchState(request, agent),
    // The sailing filters only, under the itinerary search's names: never the offer search's own fields.
    itinerarySearchState(request, agent, sailingFilterQuery(params)),
    getOffer(agent, offerId),
  ]);
  const today = isoDay();
  const status = offerStatus(offer, today);
  // The eligible sailings narrowed by the itinerary search's own filters, read by its own parser.
  const chosen = Object.fromEntries(
    OFFER_SAILING_FILTERS.map((key) => [key, itinerary.search[key]]),
  ) as OfferSailingFilters;
  const filters = offerSailingFilters(chosen, today);
  // An expired offer can no longer be booked: its sailings are not read, so no price shows as if it could.
  const sailings =
    status === "EXPIRED" ? null : await eligibleSailings(agent, offer, page, filters.upstream, chosen.cabinClass);
  const { search } = state;
  const { ships, destinations, ports, today: firstDay, lastSailDate } = itinerary.options;
  const shipNames = new Map(state.catalogue.ships.map((s) => [s.code, s.name]));
  const destinationNames = new Map(state.catalogue.destinations.map((d) => [d.code, d.name]));
  return {
    offer,
    status,
    shipNames: offer.ships.map((code) => shipNames.get(code) ?? code),
    destinations: offer.destinations.map((code) => destinationNames.get(code) ?? code),
    party: partyGiven(search) ? partyReasons(offer, search) : null,
    search,
    sailings,
    address: printAddress(request),
    quote: offersQuote(agent.profile),
    filter: {
      chosen,
      portal: filters.portal,
      narrowed: filters.narrowed,
      error: itinerary.errors.departureDate,
      notices: itinerary.notices,
      options: { ships, destinations, ports, today: firstDay, lastSailDate },
    },
  };
}

/**
 * A page of the sailings from today the offer applies to, each with the price before and after it in
 * the offer's cheapest open class (the sailing half of the one rule: which of its classes are open).
 */
async function eligibleSailings(
  caller: Agent,
  offer: Offer,
  page: number,
  filters: ReadonlyArray<[string, string]>,
  wanted: CabinClass | "",
) {
  const { found } = await lastPageIfPast(
    page,
    (n) =>
      offerSailings(
        caller,
        offer.offerId,
        { page: n, pageSize: SAILINGS_PAGE_SIZE, sort: "date", order: "asc" },
        filters,
      ),
    "eligible sailings",
  );
  const rows = found.items.flatMap((sailing) => {
    // A stateroom chosen in the filters is the one priced.
    const priced = openClasses(offer, sailing, wanted).flatMap((cabinClass) => {
      const before = sailing.prices.find((p) => p.cabinClass === cabinClass)?.pricePerGuest;
      const after = perGuestWithOffer(sailing.prices, cabinClass, offer.value);
      return before === undefined || after === null ? [] : [{ cabinClass, before, after }];
    });
    const best = priced.sort((a, b) => a.after - b.after)[0];
    return best ? [{ sailing, best }] : [];
  });
  return { ...found, rows };
}

// ---------- /offer-images/:offer ----------
/** An offer's picture, the promotions service's generated art (public, cacheable SVG). */
export const offerImageResponse = (offerId: string) => publicSvg(offerId, /^[A-Za-z0-9-]{1,40}$/, offerImage, "offer");
