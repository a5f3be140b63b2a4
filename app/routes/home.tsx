import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Facts } from "~/components/facts";
import { ActionQueuePanel } from "~/components/insights/action-queue";
import { WidgetsArea } from "~/components/widgets/widgets-area";
import { pageTitle } from "~/domain/titles";
import { homePage, setWeatherLocation } from "~/server/widgets/home.server";
import { requireAgent } from "~/server/auth/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const agent = await requireAgent(request);
  return homePage(request, agent);
}

/** intent "set-location": the weather widget's chosen place saved to the profile. */
export async function action({ request }: ActionFunctionArgs) {
  const agent = await requireAgent(request);
  return setWeatherLocation(request, agent);
}

export default function Home() {
  const agent = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <>
      <h1>Welcome, {agent.firstName}</h1>
      <section className="panel" aria-labelledby="agency-heading">
        <h2 id="agency-heading">Your agency</h2>
        <Facts
          items={[
            [
              "Agent",
              <>
                {agent.firstName} {agent.lastName}
              </>,
            ],
            ["Agency", agent.agencyName],
            ...(agent.agencyId ? ([["Agency ID", agent.agencyId]] as const) : []),
          ]}
        />
      </section>
      {agent.queue ? <ActionQueuePanel queue={agent.queue} /> : null}
      <WidgetsArea {...agent.widgets} locationError={actionData?.locationError ?? null} />
    </>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("Home page") }];
