import { redirect } from "@remix-run/node";

/** /profile opens the agent's information. */
export function loader() {
  return redirect("/profile/info");
}
