import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { stopActing } from "~/server/auth/acting.server";
import { requireAgent } from "~/server/auth/auth.server";
import { redirect } from "~/server/infra/responses.server";

/** GET /super-user/stop is not a way to stop: the banner's button posts. */
export const loader = (_: LoaderFunctionArgs) => redirect("/home");

/**
 * POST /super-user/stop: the super user stops acting for an agency and is back as themself, on the
 * agency's page (where the changes they made are listed). Not acting: home.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { session } = await requireAgent(request);
  const stopped = await stopActing(session);
  if (!stopped) return redirect("/home");
  return redirect(`/super-user/agency-found?${new URLSearchParams({ agencyId: stopped.agencyId })}`, {
    headers: stopped.headers,
  });
}
