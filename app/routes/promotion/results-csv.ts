import type { LoaderFunctionArgs } from "@remix-run/node";
import { promotionResultsCsv } from "~/server/promotions/offers.server";
import { requireAgent } from "~/server/auth/auth.server";
import { withResourceErrors } from "~/server/infra/resource-errors.server";

/** /promotion/results.csv?…: the same search as the results page, every offer in its order, streamed. */
export async function loader({ request }: LoaderFunctionArgs) {
  // A failure (the upstream down, the guard's) is the portal's error page with the way back to the list.
  const back = { href: `/promotion/results${new URL(request.url).search}`, label: "Back to the results" };
  return withResourceErrors(request, back, async () => {
    const agent = await requireAgent(request);
    return promotionResultsCsv(request, agent);
  });
}
