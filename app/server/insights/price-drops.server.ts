import { LISTS, upstreamListQuery, parseListSearch } from "~/domain/insights/lists";
import type { Agent } from "~/server/auth/auth.server";
import { insightList } from "~/server/clients/insight.server";

/**
 * How many of the branch's bookings have a price drop (the list's total, asked for with one row). Null when
 * the insight API cannot answer: the home page's queue then leaves the line out, never failing.
 */
export async function priceDropCount(agent: Agent, branch: string): Promise<number | null> {
  const spec = LISTS["price-drops"];
  const { search } = parseListSearch(spec, new URLSearchParams(), { flexPay: false });
  try {
    const page = await insightList(
      agent,
      "price-drops",
      spec.endpoint,
      upstreamListQuery(spec, search, branch, { page: 1, pageSize: 1 }),
    );
    return page.total;
  } catch {
    return null;
  }
}
