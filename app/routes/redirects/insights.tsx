import { redirect } from "@remix-run/node";

/** /insights opens its overview. */
export function loader() {
  return redirect("/insights/overview");
}
