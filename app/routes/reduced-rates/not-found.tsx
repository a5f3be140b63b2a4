import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAgent } from "~/server/auth.server";
import { NOT_FOUND_MESSAGE } from "~/server/infra/route-errors.server";

/**
 * /reduced-rates/* (section 2's route): any path under /reduced-rates that is not one of its three pages is
 * not found, inside the signed-in shell (the layout's error boundary), for a signed-in agent only.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAgent(request);
  throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
}

export default function ReducedRatesNotFound() {
  return null;
}
