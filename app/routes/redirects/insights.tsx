import { redirect } from "~/server/infra/responses.server";

/** /insights opens its overview. */
export function loader() {
  return redirect("/insights/overview");
}
