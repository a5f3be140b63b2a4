import { parseItinerarySearch, type ParsedSearch, type SearchContext } from "~/domain/catalogue/itinerary-search";
import { USD_ONLY, type ShownCurrency } from "~/domain/money";
import { isoDay } from "~/domain/dates";
import type { Agent } from "~/server/auth/auth.server";
import {
  catalogueReference,
  departurePorts,
  type CatalogueReference,
  type Port,
} from "~/server/clients/catalogue.server";
import { fetchRates } from "~/server/clients/forex.server";
import { promotionReference } from "~/server/clients/promotions.server";
import { residencyWithRegions } from "~/server/reference/countries.server";
import { currencyByCode, currencyChoices } from "~/server/reference/currencies.server";
import { pageLocale } from "~/server/shell/preferences.server";
import { packOptions, type PackedOptions } from "~/domain/options-html";
import { shipOptions } from "~/server/catalogue/ship-options.server";

let portList: { ports: Port[]; options: Option[] } | undefined;
/** The departure port choices ("Miami, United States"), kept while the cached list is the same. */
function portOptions(ports: Port[]): Option[] {
  if (portList?.ports !== ports) {
    portList = { ports, options: ports.map((p) => ({ value: p.code, label: `${p.name}, ${p.country}` })) };
  }
  return portList.options;
}

export type Option = { value: string; label: string };

/**
 * Everything the search form offers, built once per request for search, results, detail and compare.
 * The long lists (ships, departure ports, currencies, residencies) come packed (domain/options-html);
 * the form marks the search's choice.
 */
export type SearchOptions = {
  ships: PackedOptions;
  destinations: Option[];
  ports: PackedOptions;
  currencies: PackedOptions;
  residencies: PackedOptions;
  today: string;
  lastSailDate: string;
};

export type ItinerarySearchState = ParsedSearch & {
  options: SearchOptions;
  reference: CatalogueReference;
  currency: ShownCurrency;
  /** Said on the page when the rates could not be read and prices fall back to dollars. */
  ratesMessage: string | null;
};

const RATES_UNAVAILABLE = "Exchange rates are unavailable just now, so prices are shown in US dollars.";

/**
 * The itinerary search of this request's URL (or of `params`, where a page keeps it under other names:
 * an offer's sailing filters): the catalogue's reference data (cached an hour), the dollar rates (cached
 * an hour) and the agent's primary currency make the context the parser needs. A failed rates call shows
 * dollars with a message rather than failing the page.
 */
export async function itinerarySearchState(
  request: Request,
  agent: Agent,
  params: URLSearchParams = new URL(request.url).searchParams,
): Promise<ItinerarySearchState> {
  const locale = await pageLocale(request);
  const [reference, rates, regions, ports] = await Promise.all([
    catalogueReference(agent),
    fetchRates("USD").then(
      ([item]) => item ?? null,
      () => null,
    ),
    // The US states and Canadian provinces offers are restricted to; without them, countries only.
    promotionReference(agent).then(
      (promotions) => promotions.regions,
      () => [],
    ),
    // Without the departure ports the search still runs, with every port.
    departurePorts(agent).catch(() => [] as Port[]),
  ]);
  const rateTable: Record<string, number> = rates ? { ...rates.rates, USD: 1 } : { USD: 1 };
  const currencyCodes = Object.keys(rateTable)
    .filter((code) => currencyByCode(code) || code === "USD")
    .sort();
  const primary = agent.profile.primaryCurrency;
  const residencies = residencyWithRegions(locale, regions);
  const context: SearchContext = {
    today: isoDay(),
    lastSailDate: reference.window.to,
    ships: reference.ships,
    destinations: reference.destinations,
    ports: ports.map((p) => p.code),
    currencies: new Set(currencyCodes),
    residencies: new Set(residencies.map((r) => r.value)),
    defaultCurrency: rateTable[primary] ? primary : "USD",
    rates: rateTable,
  };
  const parsed = parseItinerarySearch(params, context);
  const code = parsed.search.currency;
  const currency: ShownCurrency =
    rates && rateTable[code] ? { code, rate: rateTable[code], rateDate: rates.date } : USD_ONLY;
  return {
    ...parsed,
    reference,
    currency,
    ratesMessage: rates ? null : RATES_UNAVAILABLE,
    options: {
      ships: shipOptions(reference.ships),
      destinations: reference.destinations.map((d) => ({ value: d.code, label: d.name })),
      ports: packOptions(portOptions(ports)),
      currencies: currencyChoices(currencyCodes),
      residencies: packOptions(residencies),
      today: context.today,
      lastSailDate: context.lastSailDate,
    },
  };
}
