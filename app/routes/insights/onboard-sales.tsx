import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Intro } from "~/components/intro";
import { InsightListPage } from "~/components/insights/list-page";
import { screenHeading } from "~/domain/screens";
import { titleFor } from "~/domain/titles";
import { requireAgent } from "~/server/auth/auth.server";
import { withUpstreamErrors } from "~/server/infra/route-errors.server";
import { listPageData, type ListPageData } from "~/server/insights/list.server";

const HEADING = screenHeading("/insights/onboard-sales") ?? "Onboard sales";

/** /insights/onboard-sales: the branch's onboard-sales list (docs/insights-contract.md), its filters in the URL. */
export async function loader({ request }: LoaderFunctionArgs) {
  const agent = await requireAgent(request);
  return withUpstreamErrors(() => listPageData(request, agent, "onboard-sales"));
}

export default function OnboardSales() {
  const data = useLoaderData<typeof loader>() as ListPageData<"onboard-sales">;
  return <InsightListPage data={data} heading={HEADING} intro={data.intro ? <Intro html={data.intro} /> : null} />;
}

export const meta: MetaFunction = ({ location }) => [{ title: titleFor(location.pathname) }];
