import { brandName } from "~/domain/catalogue/codes";
import { displayDate, isoDay } from "~/domain/dates";
import {
  RATE_CLASSES,
  RATE_TYPE_NAMES,
  monthOptions,
  parseRateSearch,
  rateClassName,
  upstreamRateQuery,
  widenHints,
  yourRequestLabel,
} from "~/domain/reduced-rates";
import { csvResponse, type CsvColumn } from "~/server/infra/csv.server";
import { screenHeading } from "~/domain/screens";
import { searchReducedRates, type ListedSailing, type RatePage } from "~/server/clients/reduced-rates.server";
import { pageLocale } from "~/server/shell/preferences.server";
import { unavailable } from "~/server/infra/route-errors.server";
import { screenIntro } from "~/server/shell/intro.server";
import { lastPageIfPast } from "~/domain/paging";
import type { Agent } from "~/server/auth/auth.server";

export type { ListedSailing } from "~/server/clients/reduced-rates.server";

const PATH = "/reduced-rates";
const PAGE_SIZE = 20;

/**
 * The qualifying sailings for the search in the URL (paged; null: unavailable), the filters' options and
 * hints to widen an empty search.
 */
export async function ratesListPage(request: Request, agent: Agent) {
  const search = parseRateSearch(new URL(request.url).searchParams);
  const [paged, intro] = await Promise.all([
    lastPageIfPast(
      search.page,
      (page) => searchReducedRates(agent, upstreamRateQuery({ ...search, page }, PAGE_SIZE)),
      "sailings",
    ).catch((error: unknown) => unavailable(error)),
    screenIntro(PATH, await pageLocale(request)).catch(() => null),
  ]);
  if (paged) search.page = paged.page;
  const { ships = [], ...found } = paged?.found ?? {};
  return {
    heading: screenHeading(PATH) ?? "Reduced rates",
    intro: intro?.html ?? null,
    search,
    found: paged ? (found as Omit<RatePage, "ships">) : null,
    notices: paged?.notice ? [paged.notice] : [],
    ships: ships.map((s) => ({ value: s.code, label: `${s.name} (${brandName(s.brand)})` })),
    months: monthOptions(isoDay()),
    hints: paged && paged.found.total === 0 ? widenHints(search, ships.find((s) => s.code === search.ship)?.name) : [],
  };
}

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
 * Every qualifying sailing for the search in the URL, in the page's order, as CSV; the first page is read
 * before the answer starts.
 */
export async function sailingsCsv(request: Request, agent: Agent) {
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
}
