import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { safeRedirect } from "~/domain/redirect";
import { requireAgent } from "~/server/auth.server";
import { sidebarCookie } from "~/server/preferences.server";

/** Opens or collapses the sidebar: a plain form post that sets the cookie and goes back. */
export async function action({ request }: ActionFunctionArgs) {
  await requireAgent(request);
  const form = await request.formData().catch(() => new FormData());
  const state = form.get("state") === "collapsed" ? "collapsed" : "open";
  const headers = { "Set-Cookie": await sidebarCookie.serialize(state) };
  // A fetcher (JavaScript) needs no navigation; a plain post goes back to its page.
  if (request.headers.get("accept")?.includes("text/html")) {
    return redirect(safeRedirect(form.get("redirectTo"), "/home"), { headers });
  }
  return new Response(null, { status: 204, headers });
}

export function loader() {
  return redirect("/home");
}
