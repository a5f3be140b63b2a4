import { shipOptions } from "~/server/catalogue/ship-options.server";
import type { PackedOptions } from "~/domain/options-html";
import {
  parseListSearch,
  upstreamListQuery,
  visibleFilters,
  widenings,
  type ListId,
  type ListSearch,
} from "~/domain/insights/lists";
import { LISTS } from "~/domain/insights/lists";
import type { Agent } from "~/server/auth/auth.server";
import { catalogueReference } from "~/server/clients/catalogue.server";
import { insightList, type InsightPage } from "~/server/clients/insight.server";
import { unavailable } from "~/server/infra/route-errors.server";
import { screenIntro } from "~/server/shell/intro.server";
import { pageLocale } from "~/server/shell/preferences.server";
import { lastPageIfPast } from "~/domain/paging";
import { isoDay } from "~/domain/dates";
import { flexPayFor, insightBranch, type BranchView } from "~/server/insights/context.server";

export const INSIGHT_PAGE_SIZE = 25;

export type ListPageData<L extends ListId> = {
  list: L;
  branch: BranchView | null;
  flexPay: boolean;
  /** The server's today: the rows' urgency flags count from it. */
  today: string;
  search: ListSearch;
  notices: string[];
  /** The ship filter's choices, when the list has one. */
  ships: PackedOptions | null;
  /** The content service's introduction to the screen (sanitised HTML), when it has one. */
  intro: string | null;
  /** null when the partner-insight API could not answer: the page says so and keeps its filters. */
  found: InsightPage<L> | null;
  widen: ReturnType<typeof widenings>;
};

/**
 * What every insights list page loads: the branch shown, the search read from the URL (one parser
 * for every list), and one page of rows. The insight API down, slow or malformed leaves the page
 * standing with a message (bad input never breaks the page); a 404 or 403 still goes to the route's handling.
 */
export async function listPageData<L extends ListId>(
  request: Request,
  agent: Agent,
  list: L,
): Promise<ListPageData<L>> {
  const spec = LISTS[list];
  const flexPay = flexPayFor(agent);
  const { pathname, searchParams: params } = new URL(request.url);
  const withShips = visibleFilters(spec, flexPay).some((f) => f.dynamic === "ships");
  const [branch, reference, intro] = await Promise.all([
    insightBranch(agent).catch(unavailable),
    withShips ? catalogueReference(agent).catch(unavailable) : null,
    pageLocale(request).then((locale) => screenIntro(pathname, locale)),
  ]);
  const ships = reference?.ships ?? [];
  const { search, notices } = parseListSearch(spec, params, { flexPay, ships: ships.map((s) => s.code) });
  const shipChoices = withShips ? shipOptions(ships) : null;
  const base = {
    list,
    branch,
    flexPay,
    today: isoDay(),
    search,
    notices,
    ships: shipChoices,
    intro: intro?.html ?? null,
    widen: [] as ReturnType<typeof widenings>,
  };
  if (!branch) return { ...base, found: null };
  try {
    const paged = await lastPageIfPast(
      search.page,
      (page) =>
        insightList(
          agent,
          list,
          spec.endpoint,
          upstreamListQuery(spec, search, branch.code, { page, pageSize: INSIGHT_PAGE_SIZE }),
        ),
      spec.noun[1],
    );
    search.page = paged.page;
    if (paged.notice) notices.push(paged.notice);
    return { ...base, found: paged.found, widen: paged.found.total === 0 ? widenings(spec, search) : [] };
  } catch (error) {
    return { ...base, found: unavailable(error) };
  }
}
