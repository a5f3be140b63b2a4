import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { pageTitle } from "~/domain/titles";
import { requireAgent } from "~/server/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { profile } = await requireAgent(request);
  return {
    firstName: profile.agentFirstName || profile.loginUserName,
    lastName: profile.agentLastName,
    agencyName: profile.agencyName,
    agencyId: profile.agencyId ?? null,
  };
}

export default function Home() {
  const agent = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Welcome, {agent.firstName}</h1>
      <section className="panel" aria-labelledby="agency-heading">
        <h2 id="agency-heading">Your agency</h2>
        <dl className="facts">
          <div>
            <dt>Agent</dt>
            <dd>
              {agent.firstName} {agent.lastName}
            </dd>
          </div>
          <div>
            <dt>Agency</dt>
            <dd>{agent.agencyName}</dd>
          </div>
          {agent.agencyId ? (
            <div>
              <dt>Agency ID</dt>
              <dd>{agent.agencyId}</dd>
            </div>
          ) : null}
        </dl>
      </section>
    </>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("Home page") }];
