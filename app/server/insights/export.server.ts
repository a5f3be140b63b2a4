import { isoDay } from "~/domain/dates";
import { isListId, LISTS, type ListId, parseListSearch, upstreamListQuery } from "~/domain/insights/lists";
import type { Agent } from "~/server/auth/auth.server";
import { catalogueReference } from "~/server/clients/catalogue.server";
import { insightExport, type RowOf } from "~/server/clients/insight.server";
import { csvResponse, type CsvColumn } from "~/server/infra/csv.server";
import { pageNotFound } from "~/server/infra/route-errors.server";
import { flexPayFor, insightBranch } from "~/server/insights/context.server";

/**
 * Every row of an insights list for the same filters and sort as its page, as CSV. Rows stream from
 * the insight API's export through the CSV writer one at a time, so ten thousand rows never sit in
 * memory together. An unknown list is not found. The columns are the page's (drawn by its components),
 * given by the route.
 */
export async function listExport(
  request: Request,
  agent: Agent,
  list: string,
  columnsFor: (list: ListId, flexPay: boolean) => ReadonlyArray<CsvColumn<RowOf<ListId>>>,
) {
  if (!isListId(list)) throw pageNotFound();
  const spec = LISTS[list];
  const flexPay = flexPayFor(agent);
  // The branch call refreshes an expired token before the stream uses it.
  const [branch, reference] = await Promise.all([
    insightBranch(agent),
    spec.filters.some((f) => f.dynamic === "ships") ? catalogueReference(agent) : null,
  ]);
  const ships = reference?.ships.map((s) => s.code) ?? [];
  const { search } = parseListSearch(spec, new URL(request.url).searchParams, { flexPay, ships });
  const stream = insightExport(agent, list, spec.endpoint, upstreamListQuery(spec, search, branch.code, null));
  // The first row is awaited here, so a refusal or an API that is down is an error page, not a cut CSV.
  const iterator = stream[Symbol.asyncIterator]();
  const first = await iterator.next();
  async function* rows() {
    if (first.done) return;
    yield first.value;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  return csvResponse(`${list}-${branch.code}-${isoDay()}.csv`, columnsFor(list, flexPay), rows());
}
