import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAgent } from "~/server/auth/auth.server";
import { withResourceErrors } from "~/server/infra/resource-errors.server";
import { sailingsCsv } from "~/server/reduced-rates/list.server";

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
    return sailingsCsv(request, agent);
  });
}
