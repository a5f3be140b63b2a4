import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAgent } from "~/server/auth/auth.server";
import { itineraryResultsCsv } from "~/server/catalogue/itinerary-results.server";
import { withResourceErrors } from "~/server/infra/resource-errors.server";

/**
 * /itinerary/results.csv?…: the same search as the results page, every page of it up to
 * CSV_MAX_ROWS, streamed.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  // A failure (the upstream down, the guard's) is the portal's error page with the way back to the list.
  const back = { href: `/itinerary/results${new URL(request.url).search}`, label: "Back to the results" };
  return withResourceErrors(request, back, async () => {
    const agent = await requireAgent(request);
    return itineraryResultsCsv(request, agent);
  });
}
