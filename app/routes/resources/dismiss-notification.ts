import { data, type ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "~/server/infra/responses.server";
import { ERROR_FETCHING_DATA } from "~/domain/notifications";
import { requireAgent } from "~/server/auth/auth.server";
import {
  isDocumentRequest,
  resourceErrorOf,
  resourceFailureOf,
  type WayBack,
} from "~/server/infra/resource-errors.server";
import { dismissFromForm } from "~/server/shell/notifications.server";

/**
 * Dismissing a notification. Without JavaScript the form posts here and comes back to the page it
 * was on; a failure ('Error fetching data') is the portal's error page with the way back to that
 * page. With JavaScript (a fetcher) a failure is the fetcher's data: the notification shows again
 * with the message in place, and the page stays.
 */
export async function action({ request }: ActionFunctionArgs) {
  // The page the form was on, once the guard has let the post in and it is read.
  const back: WayBack = { href: "/home", label: "Back to the page you were on" };
  try {
    const agent = await requireAgent(request);
    return await dismissFromForm(request, agent, back);
  } catch (error) {
    const failure = resourceFailureOf(error);
    if (failure && !isDocumentRequest(request)) {
      return data({ error: `${ERROR_FETCHING_DATA}. ${failure.message}` }, { status: failure.status });
    }
    throw resourceErrorOf(request, error, back);
  }
}

export function loader() {
  return redirect("/home");
}
