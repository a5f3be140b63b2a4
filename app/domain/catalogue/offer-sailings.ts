import { NIGHTS, type ItinerarySearch } from "~/domain/catalogue/itinerary-search";

/**
 * An offer's eligible sailings can run to thousands over a hundred pages: the agent narrows them by the
 * itinerary search's own filters, read by the itinerary search's own parser (the same values and
 * messages). The offer fixes the cruise line, and its prices are per guest for two sharing in US dollars,
 * so the line, the party, the currency and the price range are not among them.
 *
 * In the offer page's URL the sailing filters have names of their own (`SAILING_PARAMS`): the offer search
 * the agent came from rides along under its own names (ship, destination, departureDate…), untouched, so
 * "Back to the offers" returns to exactly that search, whatever sailings were narrowed here.
 */
export const OFFER_SAILING_FILTERS = ["ship", "destination", "port", "departureDate", "nights", "cabinClass"] as const;
export type OfferSailingFilter = (typeof OFFER_SAILING_FILTERS)[number];

/** Each sailing filter's name in the offer page's URL and form. */
export const SAILING_PARAMS: Record<OfferSailingFilter, string> = {
  ship: "sailingShip",
  destination: "sailingDestination",
  port: "sailingPort",
  departureDate: "sailingFrom",
  nights: "sailingNights",
  cabinClass: "sailingCabinClass",
};

/** The offer page's sailing filters under the itinerary search's names, for its parser; nothing else of the URL. */
export function sailingFilterQuery(params: URLSearchParams): URLSearchParams {
  const query = new URLSearchParams();
  for (const key of OFFER_SAILING_FILTERS) {
    for (const value of params.getAll(SAILING_PARAMS[key])) query.append(key, value);
  }
  return query;
}

export type OfferSailingFilters = Pick<ItinerarySearch, OfferSailingFilter>;

/**
 * The filters as the offer page's URL keeps them (under `SAILING_PARAMS`' names; only those that narrow: a
 * departure date of today or earlier does not, as the sailings are from today anyway) and as the promotions
 * service takes them.
 */
export function offerSailingFilters(search: OfferSailingFilters, today: string) {
  const chosen: Array<[OfferSailingFilter, string]> = [];
  for (const key of OFFER_SAILING_FILTERS) {
    const value = search[key];
    if (value === "" || (key === "departureDate" && value <= today)) continue;
    chosen.push([key, value]);
  }
  const portal = chosen.map(([key, value]): [string, string] => [SAILING_PARAMS[key], value]);
  const upstream: Array<[string, string]> = chosen.flatMap(([key, value]): Array<[string, string]> => {
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
