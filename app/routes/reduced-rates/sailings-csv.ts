import type { LoaderFunctionArgs } from "@remix-run/node";
import { brandName } from "~/domain/catalogue/codes";
import { displayDate, isoDay } from "~/domain/dates";
import {
  RATE_CLASSES,
  RATE_TYPE_NAMES,
  parseRateSearch,
  rateClassName,
  upstreamRateQuery,
  yourRequestLabel,
} from "~/domain/reduced-rates";
import { requireAgent } from "~/server/auth/auth.server";
import { searchReducedRates, type ListedSailing } from "~/server/clients/reduced-rates.server";
import { csvResponse, type CsvColumn } from "~/server/infra/csv.server";
import { withResourceErrors } from "~/server/infra/resource-errors.server";

/** The upstream's largest page. */
const CSV_PAGE_SIZE = 100;
/** A few hundred sailings qualify over two years: every page is exported. */
const MAX_PAGES = 20;

const COLUMNS: Array<CsvColumn<ListedSailing>> = [
  { header: "Sailing", value: (s) => s.sailingId },
  { header: "Ship", value: (s) => s.shipName },
  { header: "Cruise line", value: (s) => brandName(s.brand) },
  { header: "Sail date", value: (s) => displayDate(s.sailDate) },
  { header: "Return date", value: (s) => displayDate(s.returnDate) },
  { header: "Nights", value: (s) => s.nights },
  { header: "Destination", value: (s) => s.destination },
  { header: "Departure port", value: (s) => s.departurePort },
  { header: "Rate type", value: (s) => RATE_TYPE_NAMES[s.rateType] },
  ...RATE_CLASSES.map((cabinClass): CsvColumn<ListedSailing> => ({
    header: `${rateClassName(cabinClass)} per guest`,
    value: (s) => {
      const rate = s.rates.find((r) => r.cabinClass === cabinClass);
      return rate ? `${rate.ratePerGuest}` : "";
    },
  })),
  { header: "Currency", value: (s) => s.currency },
  { header: "Request by", value: (s) => displayDate(s.requestDeadline) },
  { header: "Your request", value: (s) => (s.yourRequest ? yourRequestLabel(s.yourRequest) : "") },
];

/**
 * /reduced-rates/sailings.csv?…: the same filters and sort as /reduced-rates (the same URL parser), every
 * qualifying sailing in the page's order, streamed. The first page is read before the answer starts, so an
 * upstream that is down is a clear error page rather than a cut-off file.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  // A failure (the upstream down, the guard's) is the portal's error page with the way back to the list.
  const back = { href: `/reduced-rates${new URL(request.url).search}`, label: "Back to the sailings" };
  return withResourceErrors(request, back, async () => {
    const agent = await requireAgent(request);
    const search = { ...parseRateSearch(new URL(request.url).searchParams), page: 1 };
    const query = (page: number) => upstreamRateQuery({ ...search, page }, CSV_PAGE_SIZE);
    const first = await searchReducedRates(agent, query(1));
    async function* rows() {
      yield* first.items;
      for (let page = 2; page <= Math.min(first.pageCount, MAX_PAGES); page++) {
        yield* (await searchReducedRates(agent, query(page))).items;
      }
    }
    return csvResponse(`reduced-rates-${isoDay()}.csv`, COLUMNS, rows());
  });
}
