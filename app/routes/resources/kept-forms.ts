import type { ActionFunctionArgs } from "@remix-run/node";
import { sessionExpiry } from "~/domain/session-rules";
import { requireAgent } from "~/server/auth/auth.server";
import { keepFromBrowser } from "~/server/kept-forms/kept-forms.server";
import { assertAcceptablePost } from "~/server/infra/request.server";
import { getSession } from "~/server/infra/session.server";
import { authState } from "~/server/infra/auth-state.server";
import { legalAcceptance } from "~/server/legal/legal.server";

/**
 * POST /kept-forms: the browser's idle countdown sends the page's forms with unsaved changes here
 * just before it signs out, so they are kept as a post after the sign-out would be. A live session
 * passes the guard (the server's idle limit outlasts the browser's countdown, so the countdown's own
 * post finds it alive) and with it the terms gate. A session already over on the server (a laptop
 * woken long after its lid closed) still names its account, unless its terms were pending; without
 * a session, the signed-out marker's account. Nothing is submitted: the page gives the forms back
 * after sign-in.
 */
export async function action({ request }: ActionFunctionArgs) {
  assertAcceptablePost(request);
  const session = await getSession(request);
  const auth = authState.read(session);
  let username: string | null = null;
  if (auth && !sessionExpiry(auth, Date.now())) username = (await requireAgent(request)).auth.username;
  else if (auth && !legalAcceptance.read(session)?.pending) username = auth.username;
  const body: unknown = await request.json().catch(() => null);
  const outcome = await keepFromBrowser(username, request, body);
  return new Response(null, { status: outcome === "kept" ? 204 : 422 });
}

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}
