import type { LoaderFunctionArgs } from "@remix-run/node";
import { columnsFor } from "~/components/insights/columns";
import { isoDay } from "~/domain/dates";
import { TOOL } from "~/domain/access";
import { isListId, LISTS, parseListSearch, upstreamListQuery } from "~/domain/insights/lists";
import { requireAgent } from "~/server/auth/auth.server";
import { catalogueReference } from "~/server/clients/catalogue.server";
import { insightExport } from "~/server/clients/insight.server";
import { csvResponse } from "~/server/infra/csv.server";
import { withResourceErrors } from "~/server/infra/resource-errors.server";
import { pageNotFound } from "~/server/infra/route-errors.server";
import { flexPayFor, insightBranch } from "~/server/insights/context.server";

/**
 * /insights/export/{list}?…: every row of an insights list for the same filters and sort as its
 * page, as CSV. Rows stream from the insight API's export through the CSV writer one at a time, so
 * ten thousand rows never sit in memory together. Coupon details also need COUPON, as their page.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const list = params.list ?? "";
  // A failure (the upstream down, the guard's, an unknown list) is the portal's error page with the way
  // back to the list's page.
  const back = isListId(list)
    ? { href: `${LISTS[list].path}${new URL(request.url).search}`, label: "Back to the list" }
    : { href: "/insights/overview", label: "Go to the insights overview" };
  return withResourceErrors(request, back, async () => {
    const agent = await requireAgent(request, { tools: list === "coupons" ? [TOOL.coupon] : [] });
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
    const columns = columnsFor(list, flexPay).map((c) => ({ header: c.header, value: c.csv }));
    return csvResponse(`${list}-${branch.code}-${isoDay()}.csv`, columns, rows());
  });
}
