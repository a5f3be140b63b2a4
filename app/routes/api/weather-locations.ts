import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAgent } from "~/server/auth/auth.server";
import { locationsEndpoint } from "~/server/widgets/endpoints.server";

/**
 * GET /api/weather/locations?query= for signed-in agents (the search as the agent types): the
 * service's list of places, or `{message}` with 404 (under 3 characters, invalid) or 502.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAgent(request);
  return locationsEndpoint(new URL(request.url).searchParams);
}
