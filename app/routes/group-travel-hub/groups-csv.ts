import type { LoaderFunctionArgs } from "@remix-run/node";
import { displayDate, isoDay } from "~/domain/dates";
import { brandName, parseGroupSearch } from "~/domain/groups";
import { requireAgent } from "~/server/auth/auth.server";
import { listGroups, type Group } from "~/server/clients/groups.server";
import { csvResponse, type CsvColumn } from "~/server/infra/csv.server";
import { withResourceErrors } from "~/server/infra/resource-errors.server";

/** The upstream's largest page of groups. */
const CSV_PAGE_SIZE = 100;
/** An agency has a few hundred groups at most: every page up to this many is exported. */
const MAX_PAGES = 20;

const COLUMNS: Array<CsvColumn<Group>> = [
  { header: "Group", value: (g) => g.groupId },
  { header: "Name", value: (g) => g.name },
  { header: "Cruise line", value: (g) => brandName(g.brand) },
  { header: "Ship", value: (g) => g.shipName },
  { header: "Sailing", value: (g) => g.sailingId },
  { header: "Sail date", value: (g) => displayDate(g.sailDate) },
  { header: "Branch", value: (g) => g.branch },
  { header: "Staterooms held", value: (g) => g.staterooms.held },
  { header: "Staterooms booked", value: (g) => g.staterooms.booked },
  { header: "Staterooms released", value: (g) => g.staterooms.released },
  { header: "Guests named", value: (g) => g.guestsNamed },
  { header: "Paying guests", value: (g) => g.payingGuests },
  { header: "Final payment", value: (g) => displayDate(g.finalPaymentDate) },
  { header: "Amenity points", value: (g) => g.amenityPoints },
  { header: "Tour-conductor credits", value: (g) => g.tourConductorCredits },
];

/**
 * /group-travel-hub/groups.csv?…: the hub's search (the same URL parser, so the same filters and sort),
 * every group of the agency in its order, streamed. The first page is read before the answer starts, so
 * an upstream that is down is a clear error page rather than a cut-off file.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  // A failure (the upstream down, the guard's) is the portal's error page with the way back to the list.
  const back = { href: `/group-travel-hub${new URL(request.url).search}`, label: "Back to the groups" };
  return withResourceErrors(request, back, async () => {
    const agent = await requireAgent(request);
    const { search } = parseGroupSearch(new URL(request.url).searchParams);
    const first = await listGroups(agent, search, CSV_PAGE_SIZE, 1);
    async function* rows() {
      yield* first.items;
      for (let page = 2; page <= Math.min(first.pageCount, MAX_PAGES); page++) {
        yield* (await listGroups(agent, search, CSV_PAGE_SIZE, page)).items;
      }
    }
    return csvResponse(`groups-${isoDay()}.csv`, COLUMNS, rows());
  });
}
