import type { ActionFunctionArgs } from "@remix-run/node";
import { keepFromBrowser } from "~/server/kept-forms.server";
import { assertAcceptablePost } from "~/server/infra/request.server";
import { getSession } from "~/server/infra/session.server";

/**
 * POST /kept-forms (issue 28): the browser's idle countdown sends the page's forms with unsaved
 * changes here just before it signs out, so they are kept as a post after the sign-out would be.
 * The session's account is used even when the session is already over on the server (its record
 * still names the account; a signed cookie proves the browser held it); without a session, the
 * signed-out marker's. Nothing is submitted: the page gives the forms back after sign-in.
 */
export async function action({ request }: ActionFunctionArgs) {
  assertAcceptablePost(request);
  const body: unknown = await request.json().catch(() => null);
  const session = await getSession(request);
  const outcome = await keepFromBrowser(session.get("auth")?.username ?? null, request, body);
  return new Response(null, { status: outcome === "kept" ? 204 : 422 });
}

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}
