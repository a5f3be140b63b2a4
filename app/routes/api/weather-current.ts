import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAgent } from "~/server/auth/auth.server";
import { weatherEndpoint } from "~/server/widgets/endpoints.server";

/**
 * GET /api/weather/live/current?location={lat,long | place}&units={m|f} for signed-in agents: the weather
 * service's list as is, or `{message}` with 404 (not found or invalid input) or 502.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAgent(request);
  return weatherEndpoint("current", new URL(request.url).searchParams);
}
