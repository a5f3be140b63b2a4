import { Link } from "@remix-run/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { LogoutForm } from "~/components/shell/logout";
import { pageTitle } from "~/domain/titles";
import { safeRedirect } from "~/domain/redirect";
import { requireAgent, signOut } from "~/server/auth/auth.server";
import { assertAcceptablePost } from "~/server/infra/request.server";

// GET only asks; nothing changes on a GET. Logout stays reachable before the terms are accepted.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAgent(request, { terms: "exempt" });
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  assertAcceptablePost(request);
  // Logout never fails for the shape of its body: an unreadable form is a plain logout.
  const form = await request.formData().catch(() => new FormData());
  const idle = form.get("reason") === "idle";
  // The idle countdown's sign-out names the page the agent was on, to come back to after signing in.
  return signOut(request, idle ? "idle" : undefined, idle ? safeRedirect(form.get("redirectTo"), "") : undefined);
}

export default function Logout() {
  return (
    <section className="panel panel--narrow" aria-labelledby="logout-heading">
      <h1 id="logout-heading">Log out</h1>
      <p>Do you want to log out of Professional Portal?</p>
      <div className="actions">
        <LogoutForm />
        <Link to="/home">Stay signed in</Link>
      </div>
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("Log out") }];
