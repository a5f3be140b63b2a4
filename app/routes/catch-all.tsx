import { type LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "~/server/infra/responses.server";
import { legacyTokenRedirect } from "~/server/auth/auth.server";

/**
 * Every unknown path redirects to /home (which sends a signed-out visitor to sign in);
 * a legacy token in the address is exchanged first, as on every page.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const legacy = legacyTokenRedirect(request);
  if (legacy) throw await legacy;
  return redirect("/home");
}

export function action() {
  return redirect("/home");
}
