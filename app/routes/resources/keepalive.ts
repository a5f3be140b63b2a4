import type { ActionFunctionArgs } from "@remix-run/node";
import { requireAgent } from "~/server/auth/auth.server";

/**
 * The browser's idle detector reports activity here at most once a minute, so an agent reading a
 * page for a long time is not signed out on the server. The guard itself refuses an idle session.
 */
export async function action({ request }: ActionFunctionArgs) {
  await requireAgent(request);
  return new Response(null, { status: 204 });
}

export function loader() {
  return new Response(null, { status: 405, headers: { Allow: "POST" } });
}
