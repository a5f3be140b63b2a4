import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Intro } from "~/components/intro";
import { InsightListPage } from "~/components/insights/list-page";
import { screenHeading } from "~/domain/screens";
import { titleFor } from "~/domain/titles";
import { requireAgent } from "~/server/auth/auth.server";
import { withUpstreamErrors } from "~/server/infra/route-errors.server";
import { listPageData, type ListPageData } from "~/server/insights/list.server";

const HEADING = screenHeading("/insights/npc-transmission-details") ?? "NPC transmission details";

/** /insights/npc-transmission-details: the branch's transmissions list (docs/insights-contract.md), its filters in the URL. */
export async function loader({ request }: LoaderFunctionArgs) {
  const agent = await requireAgent(request);
  return withUpstreamErrors(() => listPageData(request, agent, "transmissions"));
}

export default function NpcTransmissions() {
  const data = useLoaderData<typeof loader>() as ListPageData<"transmissions">;
  return <InsightListPage data={data} heading={HEADING} intro={data.intro ? <Intro html={data.intro} /> : null} />;
}

export const meta: MetaFunction = ({ location }) => [{ title: titleFor(location.pathname) }];
