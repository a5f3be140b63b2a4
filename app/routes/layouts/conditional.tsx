import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { AppHeader, MinimalFooter, MinimalHeader } from "~/components/shell";
import { optionalAgent } from "~/server/auth.server";
import { pendingPolicy } from "~/server/legal.server";

/**
 * Layout family 4: the signed-in shell when the visitor is signed in and has accepted the terms,
 * otherwise the minimal shell. The page itself is open to everyone.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const agent = await optionalAgent(request);
  if (!agent) return { agent: null };
  const { profile } = agent;
  // The signed-in shell only once the terms are accepted; the dialog never covers these pages.
  if (await pendingPolicy(agent)) return { agent: null };
  return {
    agent: {
      name: `${profile.agentFirstName} ${profile.agentLastName}`.trim() || profile.loginUserName,
      agencyName: profile.agencyName,
    },
  };
}

export default function ConditionalLayout() {
  const { agent } = useLoaderData<typeof loader>();
  return (
    <>
      {agent ? <AppHeader agentName={agent.name} agencyName={agent.agencyName} /> : <MinimalHeader />}
      <main id="main" className="page page--narrow">
        <Outlet />
      </main>
      <MinimalFooter />
    </>
  );
}
