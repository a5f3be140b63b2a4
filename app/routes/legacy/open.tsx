import { Link } from "@remix-run/react";
import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { redirect } from "~/server/infra/responses.server";
import { pageTitle } from "~/domain/titles";
import { forgetProfile, requireAgent } from "~/server/auth/auth.server";
import { isLegacyApp, legacyAddress } from "~/server/legacy/legacy.server";
import { chosenLocale } from "~/server/shell/preferences.server";
import { publicUrl } from "~/server/infra/request.server";
import { sessionStorage } from "~/server/infra/session.server";
import { authState } from "~/server/infra/auth-state.server";

/**
 * Opens a legacy application with single sign-on (the BRA first visit goes through here). It only
 * navigates: the one thing it records is that the agent went there, so logout clears the legacy
 * cookies. A failure opens nothing and says so (no loop back through the guard).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  if (!isLegacyApp(params.app)) throw redirect("/home");
  const agent = await requireAgent(request, { beforeLegacyVisit: true });
  const { auth, session } = agent;
  try {
    const address = await legacyAddress(agent, params.app, {
      returnUrl: publicUrl("/home"),
      language: await chosenLocale(request),
    });
    authState.write(session, { ...auth, legacyNavigated: true });
    forgetProfile(session); // the legacy site marks the visit in the profile
    await sessionStorage.commitSession(session);
    return redirect(address);
  } catch {
    return { failed: true };
  }
}

export default function LegacyUnavailable() {
  return (
    <section className="panel panel--narrow" aria-labelledby="legacy-heading">
      <h1 id="legacy-heading">The legacy site cannot be opened</h1>
      <p role="alert">The legacy site did not answer. Please try again in a moment.</p>
      <p>
        <Link to="." reloadDocument>
          Try again
        </Link>
      </p>
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("Legacy site") }];
