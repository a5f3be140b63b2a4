import { displayDate, isoDay } from "~/domain/dates";
import { brandName, HUB_PATH, mayOpenGroupTool, parseGroupSearch } from "~/domain/groups";
import { lastPageIfPast } from "~/domain/paging";
import { screenHeading } from "~/domain/screens";
import type { Agent } from "~/server/auth/auth.server";
import {
  getGroup,
  listGroups,
  type Group,
  type GroupBooking,
  type GroupDetail,
  type GroupPage,
} from "~/server/clients/groups.server";
import { csvResponse, type CsvColumn } from "~/server/infra/csv.server";
import { pageNotFound, unavailable } from "~/server/infra/route-errors.server";
import { spaceChart } from "~/server/groups/space-chart.server";
import { screenIntro } from "~/server/shell/intro.server";
import { pageLocale } from "~/server/shell/preferences.server";

/** The Group Travel Hub's work (app/routes/group-travel-hub/*): the agency's groups, one group, the CSV. */

export type { Group, GroupBooking, GroupDetail };

const PAGE_SIZE = 25;

/**
 * /group-travel-hub: a page of the agency's groups for the URL's search. The list failing leaves the
 * page (found: null, the page says so); the introduction is a nicety.
 */
export async function groupHub(request: Request, agent: Agent) {
  const { search, notices } = parseGroupSearch(new URL(request.url).searchParams);
  const [found, intro] = await Promise.all([
    lastPageIfPast(search.page, (page) => listGroups(agent, search, PAGE_SIZE, page), "groups")
      .then((paged) => {
        search.page = paged.page;
        if (paged.notice) notices.push(paged.notice);
        return paged.found;
      })
      .catch((error: unknown): GroupPage | null => unavailable(error)),
    screenIntro(HUB_PATH, await pageLocale(request)).catch(() => null),
  ]);
  if (found && search.ship && !found.ships.some((s) => s.code === search.ship)) {
    notices.push(`Ship: “${search.ship}” is not a ship your agency's groups sail on.`);
  }
  return {
    heading: screenHeading(HUB_PATH) ?? "Group Travel Hub",
    intro: intro?.html ?? null,
    search,
    notices,
    found,
    groupTool: mayOpenGroupTool(agent.profile.allowedApplicationTools),
    today: isoDay(),
  };
}

/** Group ids as the upstream writes them; anything else is not a group (404, no call made). */
const GROUP_ID = /^[A-Za-z0-9-]{1,20}$/;

/** /group-travel-hub/{groupId}: one group of the agent's agency with its space chart; another agency's is not found. */
export async function groupPage(agent: Agent, groupId: string) {
  if (!GROUP_ID.test(groupId)) throw pageNotFound();
  const group = await getGroup(agent, groupId.toUpperCase());
  return {
    group,
    chart: spaceChart(group.spaceHistory),
    today: isoDay(),
    groupTool: mayOpenGroupTool(agent.profile.allowedApplicationTools),
  };
}

/** The upstream's largest page of groups. */
const CSV_PAGE_SIZE = 100;
/** An agency has a few hundred groups at most: every page up to this many is exported. */
const CSV_MAX_PAGES = 20;

const CSV_COLUMNS: Array<CsvColumn<Group>> = [
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
 * /group-travel-hub/groups.csv: the hub's search (the same URL parser, so the same filters and sort),
 * every group of the agency in its order, streamed. The first page is read before the answer starts,
 * so an upstream that is down is a clear error page rather than a cut-off file.
 */
export async function groupsCsv(request: Request, agent: Agent): Promise<Response> {
  const { search } = parseGroupSearch(new URL(request.url).searchParams);
  const first = await listGroups(agent, search, CSV_PAGE_SIZE, 1);
  async function* rows() {
    yield* first.items;
    for (let page = 2; page <= Math.min(first.pageCount, CSV_MAX_PAGES); page++) {
      yield* (await listGroups(agent, search, CSV_PAGE_SIZE, page)).items;
    }
  }
  return csvResponse(`groups-${isoDay()}.csv`, CSV_COLUMNS, rows());
}
