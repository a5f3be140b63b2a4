import type { LoaderFunctionArgs } from "@remix-run/node";
import {
  AVAILABILITY_NAMES,
  CABIN_CLASSES,
  CABIN_CLASS_NAMES,
  REFUNDABILITY_NAMES,
  TOUR_TYPE_NAMES,
  brandName,
} from "~/domain/catalogue/codes";
import { CSV_MAX_ROWS, upstreamQuery } from "~/domain/catalogue/itinerary-search";
import { moneyValue, type ShownCurrency } from "~/domain/money";
import { displayDate, isoDay } from "~/domain/dates";
import { requireAgent } from "~/server/auth/auth.server";
import { searchSailings, type SailingSummary } from "~/server/clients/catalogue.server";
import { csvResponse, type CsvColumn } from "~/server/infra/csv.server";
import { withResourceErrors } from "~/server/infra/resource-errors.server";
import { itinerarySearchState } from "~/server/catalogue/itinerary-search.server";

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
 * /itinerary/results.csv?…: the same search as the results page (the same URL parser), every page of
 * it up to CSV_MAX_ROWS, streamed. The first page is read before the answer starts, so a catalogue
 * that is down is a clear error page rather than a cut-off file.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  // A failure (the upstream down, the guard's) is the portal's error page with the way back to the list.
  const back = { href: `/itinerary/results${new URL(request.url).search}`, label: "Back to the results" };
  return withResourceErrors(request, back, async () => {
    const agent = await requireAgent(request);
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
  });
}
