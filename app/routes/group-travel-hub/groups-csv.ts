import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAgent } from "~/server/auth/auth.server";
import { groupsCsv } from "~/server/groups/hub.server";
import { withResourceErrors } from "~/server/infra/resource-errors.server";

/** /group-travel-hub/groups.csv?…: the hub's search, every group of the agency in its order, streamed. */
export async function loader({ request }: LoaderFunctionArgs) {
  // A failure (the upstream down, the guard's) is the portal's error page with the way back to the list.
  const back = { href: `/group-travel-hub${new URL(request.url).search}`, label: "Back to the groups" };
  return withResourceErrors(request, back, async () => {
    const agent = await requireAgent(request);
    return groupsCsv(request, agent);
  });
}
