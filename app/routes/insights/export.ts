import type { LoaderFunctionArgs } from "@remix-run/node";
import { columnsFor } from "~/components/insights/columns";
import { TOOL } from "~/domain/access";
import { isListId, LISTS } from "~/domain/insights/lists";
import { requireAgent } from "~/server/auth/auth.server";
import { withResourceErrors } from "~/server/infra/resource-errors.server";
import { listExport } from "~/server/insights/export.server";

/**
 * /insights/export/{list}?…: every row of an insights list for the same filters and sort as its
 * page, as CSV (streamed). Coupon details also need COUPON, as their page.
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
    return listExport(request, agent, list, (id, flexPay) =>
      columnsFor(id, flexPay).map((c) => ({ header: c.header, value: c.csv })),
    );
  });
}
