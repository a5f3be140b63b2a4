import { redirect } from "@remix-run/node";

/** Section 2: every unknown path redirects to /home (which sends a signed-out visitor to sign in). */
export function loader() {
  return redirect("/home");
}

export function action() {
  return redirect("/home");
}
