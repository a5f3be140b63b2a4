import { type LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "~/server/infra/responses.server";
import { legacyTokenRedirect } from "~/server/auth/auth.server";

/** The address of the site itself goes home; a legacy token (`/?z=`) is exchanged first. */
export async function loader({ request }: LoaderFunctionArgs) {
  const legacy = legacyTokenRedirect(request);
  if (legacy) throw await legacy;
  return redirect("/home");
}
