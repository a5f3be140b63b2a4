import { redirect } from "~/server/infra/responses.server";

/** /profile opens the agent's information. */
export function loader() {
  return redirect("/profile/info");
}
