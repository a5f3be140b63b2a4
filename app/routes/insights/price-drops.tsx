import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Intro } from "~/components/intro";
import { InsightListPage } from "~/components/insights/list-page";
import { isoDay } from "~/domain/dates";
import { rowCountsAsDrop } from "~/domain/insights/price-drop";
import { wholeNumber } from "~/domain/money";
import { screenHeading } from "~/domain/screens";
import { titleFor } from "~/domain/titles";
import { requireAgent } from "~/server/auth/auth.server";
import { env } from "~/server/infra/env.server";
import { withUpstreamErrors } from "~/server/infra/route-errors.server";
import { listPageData, type ListPageData } from "~/server/insights/list.server";

const HEADING = screenHeading("/insights/price-drops") ?? "Price drops";

/**
 * /insights/price-drops: the branch's bookings whose fare for the same sailing, class and party is lower now
 * than the one booked, before final payment (app/domain/insights/price-drop.ts), with the saving and the offer
 * that made it cheaper; a work list like the other insights lists, its filters in the URL.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const agent = await requireAgent(request);
  const data = await withUpstreamErrors(() => listPageData(request, agent, "price-drops"));
  const today = isoDay();
  // The upstream lists by the same rule; a row it should not have sent is not shown as a saving.
  if (data.found) {
    data.found.items = data.found.items.filter((row) => rowCountsAsDrop(row, today, env.PRICE_DROP_MINIMUM));
  }
  return { ...data, minimum: env.PRICE_DROP_MINIMUM };
}

export default function PriceDrops() {
  const data = useLoaderData<typeof loader>() as ListPageData<"price-drops"> & { minimum: number };
  return (
    <InsightListPage data={data} heading={HEADING} intro={data.intro ? <Intro html={data.intro} /> : null}>
      <p className="muted">
        Bookings whose fare for the same sailing, stateroom class and party is now lower than the fare booked, by at
        least {wholeNumber(data.minimum)} in the booking&apos;s currency, while the final payment date has not passed.
        Re-price each one before its final payment date.
      </p>
    </InsightListPage>
  );
}

export const meta: MetaFunction = ({ location }) => [{ title: titleFor(location.pathname) }];
