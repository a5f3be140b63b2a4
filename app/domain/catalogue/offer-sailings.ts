import { NIGHTS, type ItinerarySearch } from "~/domain/catalogue/itinerary-search";

/**
 * An offer's eligible sailings can run to thousands over a hundred pages: the agent narrows them by the
 * itinerary search's own filters, read from the offer page's URL by the itinerary search's own parser
 * (the same names, values and messages). The offer fixes the cruise line, and its prices are per guest
 * for two sharing in US dollars, so the line, the party, the currency and the price range are not among them.
 */
export const OFFER_SAILING_FILTERS = ["ship", "destination", "port", "departureDate", "nights", "cabinClass"] as const;
export type OfferSailingFilter = (typeof OFFER_SAILING_FILTERS)[number];

export type OfferSailingFilters = Pick<ItinerarySearch, OfferSailingFilter>;

/**
 * The filters as the portal's URL keeps them (only those that narrow: a departure date of today or
 * earlier does not, as the sailings are from today anyway) and as the promotions service takes them.
 */
export function offerSailingFilters(search: OfferSailingFilters, today: string) {
  const portal: Array<[OfferSailingFilter, string]> = [];
  for (const key of OFFER_SAILING_FILTERS) {
    const value = search[key];
    if (value === "" || (key === "departureDate" && value <= today)) continue;
    portal.push([key, value]);
  }
  const upstream: Array<[string, string]> = portal.flatMap(([key, value]): Array<[string, string]> => {
    if (key === "departureDate") return [["departureFrom", value]];
    if (key === "nights") {
      const range = NIGHTS[value as keyof typeof NIGHTS];
      return range.max === null
        ? [["nightsMin", String(range.min)]]
        : [
            ["nightsMin", String(range.min)],
            ["nightsMax", String(range.max)],
          ];
    }
    return [[key, value]];
  });
  return { portal, upstream, narrowed: portal.length > 0 };
}

/** A URL's parameters without the sailing filters (what the filter form carries along as hidden fields). */
export function withoutSailingFilters(params: Iterable<[string, string]>): Array<[string, string]> {
  return [...params].filter(([key]) => !(OFFER_SAILING_FILTERS as readonly string[]).includes(key));
}
