import { type ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "~/server/infra/responses.server";
import { safeRedirect } from "~/domain/redirect";
import { requireAgent } from "~/server/auth/auth.server";
import { sidebarCookie } from "~/server/shell/preferences.server";

/** Opens or collapses the sidebar: a plain form post that sets the cookie and goes back. */
export async function action({ request }: ActionFunctionArgs) {
  await requireAgent(request);
  const form = await request.formData().catch(() => new FormData());
  const state = form.get("state") === "collapsed" ? "collapsed" : "open";
  // Back to the page it came from, whose loaders then read the new state.
  return redirect(safeRedirect(form.get("redirectTo"), "/home"), {
    headers: { "Set-Cookie": await sidebarCookie.serialize(state) },
  });
}

export function loader() {
  return redirect("/home");
}
