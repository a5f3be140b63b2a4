import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAgent } from "~/server/auth/auth.server";
import { forexEndpoint } from "~/server/widgets/endpoints.server";

/**
 * GET /api/forex?base={CODE} for signed-in agents: the rates service's list as is, or
 * `{message}` with 404 (unknown or malformed base) or 502.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAgent(request);
  return forexEndpoint(new URL(request.url).searchParams);
}
