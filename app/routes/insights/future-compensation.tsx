import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Intro } from "~/components/intro";
import { InsightListPage } from "~/components/insights/list-page";
import { moneyIn } from "~/domain/money";
import { LISTS } from "~/domain/insights/lists";
import { screenHeading } from "~/domain/screens";
import { titleFor } from "~/domain/titles";
import { requireAgent } from "~/server/auth/auth.server";
import { withUpstreamErrors } from "~/server/infra/route-errors.server";
import { listPageData, type ListPageData } from "~/server/insights/list.server";

const HEADING = screenHeading("/insights/future-compensation") ?? "Future compensation";
const VIEWS = [
  { list: "commissions", label: "Commission to come" },
  { list: "credits", label: "Future cruise credits" },
] as const;

/**
 * /insights/future-compensation: two lists behind tabs that are links (`view`): the commission the
 * branch's bookings will earn, by sail date, and the guests' future cruise credits by redeem-by date.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const agent = await requireAgent(request);
  const view = new URL(request.url).searchParams.get("view") === LISTS.credits.view ? "credits" : "commissions";
  return withUpstreamErrors(() => listPageData(request, agent, view));
}

export default function FutureCompensation() {
  const data = useLoaderData<typeof loader>() as ListPageData<"commissions" | "credits">;
  const total = data.found?.commissionTotal;
  const currency = data.found?.items[0] && "currency" in data.found.items[0] ? data.found.items[0].currency : null;
  return (
    <InsightListPage data={data} heading={HEADING} intro={data.intro ? <Intro html={data.intro} /> : null}>
      <nav aria-label="Future compensation" className="tabs">
        <ul>
          {VIEWS.map((view) => (
            <li key={view.list}>
              <Link
                to={`${LISTS[view.list].path}?view=${LISTS[view.list].view}`}
                aria-current={data.list === view.list ? "page" : undefined}
              >
                {view.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {data.list === "commissions" && total !== undefined && currency ? (
        <p className="insights__total">
          Commission on these bookings: <strong>{moneyIn(total, currency)}</strong>
        </p>
      ) : null}
    </InsightListPage>
  );
}

export const meta: MetaFunction = ({ location }) => [{ title: titleFor(location.pathname) }];
