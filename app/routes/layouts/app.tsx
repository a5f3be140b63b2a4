import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useRouteError } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { IdleDetector } from "~/components/idle-detector";
import { AppHeader, MinimalFooter } from "~/components/shell";
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

export default function AppLayout() {
  const { agent } = useLoaderData<typeof loader>();
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

export function ErrorBoundary() {
  const error = useRouteError();
  return (
    <main id="main" className="page page--narrow">
      <GeneralErrorBoundary error={error} />
    </main>
  );
}
