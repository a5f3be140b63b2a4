import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Outlet, useLoaderData, useLocation, useRouteError } from "@remix-run/react";
import { GeneralErrorBoundary, errorPageName } from "~/components/error-boundary";
import { pageTitle } from "~/domain/titles";
import { IdleDetector } from "~/components/idle-detector";
import { AppHeader, MinimalFooter, MinimalHeader } from "~/components/shell";
import { requireAgent } from "~/server/auth.server";

/** Layout family 5: protected routes behind the auth guard. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { profile } = await requireAgent(request);
  return {
    agent: {
      name: `${profile.agentFirstName} ${profile.agentLastName}`.trim() || profile.loginUserName,
      agencyName: profile.agencyName,
    },
  };
}

/** Protected pages that draw the minimal shell (section 2: /welcome). */
const MINIMAL_SHELL = new Set(["/welcome"]);

export default function AppLayout() {
  const { agent } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  if (MINIMAL_SHELL.has(pathname)) {
    return (
      <>
        <MinimalHeader />
        <main id="main" className="page page--narrow">
          <Outlet />
        </main>
        <MinimalFooter />
        <IdleDetector />
      </>
    );
  }
  return (
    <>
      <AppHeader agentName={agent.name} agencyName={agent.agencyName} />
      <main id="main" className="page">
        <Outlet />
      </main>
      <MinimalFooter />
      <IdleDetector />
    </>
  );
}

export const meta: MetaFunction = ({ error }) => [{ title: error ? pageTitle(errorPageName(error)) : pageTitle() }];

/** Without the profile the shell cannot be drawn: the minimal one, with the message in the main region. */
export function ErrorBoundary() {
  const error = useRouteError();
  return (
    <>
      <MinimalHeader />
      <main id="main" className="page page--narrow">
        <GeneralErrorBoundary error={error} />
      </main>
      <MinimalFooter />
    </>
  );
}
