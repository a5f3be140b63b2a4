import {
  AVAILABILITY_NAMES,
  CABIN_CLASSES,
  CABIN_CLASS_NAMES,
  REFUNDABILITY_NAMES,
  TOUR_TYPE_NAMES,
  brandName,
} from "~/domain/catalogue/codes";
import { CSV_MAX_ROWS, upstreamQuery, widenHints } from "~/domain/catalogue/itinerary-search";
import { moneyValue, type ShownCurrency } from "~/domain/money";
import { displayDate, isoDay } from "~/domain/dates";
import { readSearchPage } from "~/domain/paging";
import type { Agent } from "~/server/auth/auth.server";
import { compareSelection } from "~/server/catalogue/compare.server";
import { itinerarySearchState } from "~/server/catalogue/itinerary-search.server";
import { searchSailings, type SailingSummary } from "~/server/clients/catalogue.server";
import { csvResponse, type CsvColumn } from "~/server/infra/csv.server";

/** The itinerary results' work (app/routes/itinerary/results and its CSV): one search, its page or every page. */

/** /itinerary/results: a page of the URL's search (the last, with a notice, when it is past the end). */
export async function itineraryResults(request: Request, agent: Agent) {
  const state = await itinerarySearchState(request, agent);
  const { search, currency } = state;
  const notices = [...state.notices];
  const usdPerUnit = 1 / currency.rate;
  const found = await readSearchPage(
    search,
    (page) => searchSailings(agent, upstreamQuery({ ...search, page }, usdPerUnit)),
    "sailings",
    notices,
  );
  return {
    search,
    found: { ...found, items: found.items.map(sailingRow) },
    errors: state.errors,
    typed: state.typed,
    priceMaxDefault: state.priceMaxDefault,
    options: state.options,
    notices: state.ratesMessage ? [...notices, state.ratesMessage] : notices,
    currency,
    hints: found.total === 0 ? widenHints(search, { today: state.options.today }, state.priceMaxDefault) : [],
    compare: compareSelection(agent.session),
  };
}

/** What a row of the results shows: the loader sends only this. */
export type SailingRow = ReturnType<typeof sailingRow>;
function sailingRow(s: SailingSummary) {
  return {
    sailingId: s.sailingId,
    shipName: s.shipName,
    brand: s.brand,
    sailDate: s.sailDate,
    nights: s.nights,
    destination: s.destination.name,
    departurePort: s.departurePort.name,
    /** The port it ends at, when it is not the one it left from. */
    returnPort: s.returnPort.code === s.departurePort.code ? null : s.returnPort.name,
    ports: s.ports,
    tourType: s.tourType,
    prices: s.prices,
    lowestPrice: s.lowestPrice,
  };
}

/** The catalogue's largest page. */
const CSV_PAGE_SIZE = 100;

function columns(currency: ShownCurrency): Array<CsvColumn<SailingSummary>> {
  const perClass = CABIN_CLASSES.flatMap((cabinClass): Array<CsvColumn<SailingSummary>> => {
    const price = (s: SailingSummary) => s.prices.find((p) => p.cabinClass === cabinClass);
    return [
      {
        header: `${CABIN_CLASS_NAMES[cabinClass]} per guest (${currency.code})`,
        value: (s) => {
          const p = price(s);
          return p && p.availability !== "SOLD_OUT"
            ? moneyValue(p.pricePerGuest * currency.rate, currency.code, "price")
            : "";
        },
      },
      {
        header: `${CABIN_CLASS_NAMES[cabinClass]} availability`,
        value: (s) => {
          const p = price(s);
          return p ? AVAILABILITY_NAMES[p.availability] : "Not offered";
        },
      },
    ];
  });
  return [
    { header: "Sailing", value: (s) => s.sailingId },
    { header: "Ship", value: (s) => s.shipName },
    { header: "Cruise line", value: (s) => brandName(s.brand) },
    { header: "Sail date", value: (s) => displayDate(s.sailDate) },
    { header: "Return date", value: (s) => displayDate(s.returnDate) },
    { header: "Nights", value: (s) => s.nights },
    { header: "Destination", value: (s) => s.destination.name },
    { header: "Departure port", value: (s) => s.departurePort.name },
    { header: "Ports of call", value: (s) => s.ports.join("; ") },
    { header: "Return port", value: (s) => s.returnPort.name },
    { header: "Tour type", value: (s) => TOUR_TYPE_NAMES[s.tourType] },
    { header: "Refundability", value: (s) => REFUNDABILITY_NAMES[s.refundability] },
    ...perClass,
  ];
}

/**
 * /itinerary/results.csv: the same search as the results page (the same URL parser), every page of
 * it up to CSV_MAX_ROWS, streamed. The first page is read before the answer starts, so a catalogue
 * that is down is a clear error page rather than a cut-off file.
 */
export async function itineraryResultsCsv(request: Request, agent: Agent): Promise<Response> {
  const state = await itinerarySearchState(request, agent);
  const search = { ...state.search, page: 1 };
  const usdPerUnit = 1 / state.currency.rate;
  const first = await searchSailings(agent, upstreamQuery(search, usdPerUnit, CSV_PAGE_SIZE));
  const pages = Math.min(first.pageCount, CSV_MAX_ROWS / CSV_PAGE_SIZE);
  async function* rows() {
    yield* first.items;
    for (let page = 2; page <= pages; page++) {
      yield* (await searchSailings(agent, upstreamQuery({ ...search, page }, usdPerUnit, CSV_PAGE_SIZE))).items;
    }
  }
  return csvResponse(`sailings-${isoDay()}.csv`, columns(state.currency), rows());
}
