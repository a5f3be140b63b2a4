import { type LoaderFunctionArgs } from "@remix-run/node";
import { requireAgent } from "~/server/auth/auth.server";
import { pageNotFound } from "~/server/infra/route-errors.server";

/**
 * The areas' wildcard routes (/user-management/*, /group-travel-hub/*, /travel-docs/*,
 * /reduced-rates/*): a path under one of these areas that is none of its pages is not found, inside
 * the signed-in shell (the layout's error boundary), after the area's guards (the layout checks the
 * path's tools, so an agent without them goes home first).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAgent(request);
  throw pageNotFound();
}

export default function AreaNotFound() {
  return null;
}
