import type { LoaderFunctionArgs } from "@remix-run/node";
import { CABIN_CLASS_NAMES, REFUNDABILITY_NAMES, brandName } from "~/domain/catalogue/codes";
import { describeAudience, describeValue, OFFER_TYPE_NAMES } from "~/domain/catalogue/offers";
import { OFFERS_LIST_PAGE_SIZE, upstreamOfferQuery } from "~/domain/catalogue/promotion-search";
import { displayDate, isoDay } from "~/domain/dates";
import { requireAgent } from "~/server/auth/auth.server";
import { searchOffers, type OfferSummary } from "~/server/clients/promotions.server";
import { csvResponse, type CsvColumn } from "~/server/infra/csv.server";
import { withResourceErrors } from "~/server/infra/resource-errors.server";
import { promotionSearchState } from "~/server/catalogue/promotion-search.server";

/** A few hundred offers at most are current: every page is exported. */
const MAX_PAGES = 20;

const COLUMNS: Array<CsvColumn<OfferSummary>> = [
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

/** /promotion/results.csv?…: the same search as the results page, every offer in its order, streamed. */
export async function loader({ request }: LoaderFunctionArgs) {
  // A failure (the upstream down, the guard's) is the portal's error page with the way back to the list.
  const back = { href: `/promotion/results${new URL(request.url).search}`, label: "Back to the results" };
  return withResourceErrors(request, back, async () => {
    const agent = await requireAgent(request);
    const { search } = await promotionSearchState(request, agent);
    const query = (page: number) => upstreamOfferQuery({ ...search, page }, OFFERS_LIST_PAGE_SIZE);
    const first = await searchOffers(agent, query(1));
    async function* rows() {
      yield* first.items;
      for (let page = 2; page <= Math.min(first.pageCount, MAX_PAGES); page++) {
        yield* (await searchOffers(agent, query(page))).items;
      }
    }
    return csvResponse(`offers-${isoDay()}.csv`, COLUMNS, rows());
  });
}
