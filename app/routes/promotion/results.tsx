import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { OfferSearchForm } from "~/components/catalogue/offer-search-form";
import { OfferTable } from "~/components/catalogue/offer-list";
import {
  atResults,
  CsvLink,
  FoundCount,
  NoMatches,
  Notices,
  Pagination,
  RefineLayout,
  SortLinks,
  widenLinks,
} from "~/components/lists";
import {
  OFFER_SORTS,
  OFFER_SORT_NAMES,
  promotionParams,
  type PromotionSearch,
} from "~/domain/catalogue/promotion-search";
import { screenHeading } from "~/domain/screens";
import { titleFor } from "~/domain/titles";
import { promotionResults } from "~/server/promotions/offers.server";
import { requireAgent } from "~/server/auth/auth.server";
import { withUpstreamErrors } from "~/server/infra/route-errors.server";

const HEADING = screenHeading("/promotion/results") ?? "Promotion results";

/**
 * /promotion/results: the current offers for a search whose every filter, sort and page is in the
 * URL (promotionParams writes them in one order). Who travels narrows the offers to those the party
 * qualifies for; saying nothing about them shows every offer, each labelled with who it is for.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const agent = await requireAgent(request);
  return withUpstreamErrors(() => promotionResults(request, agent));
}

export default function PromotionResults() {
  const data = useLoaderData<typeof loader>();
  const { search, found } = data;
  const href = (change: Partial<PromotionSearch>) => atResults(`/promotion/results?${promotionParams(search, change)}`);
  return (
    <section aria-labelledby="screen-heading" className="catalogue">
      <h1 id="screen-heading">{HEADING}</h1>
      <RefineLayout
        form={<OfferSearchForm parsed={data} options={data.options} compact />}
        open={Object.keys(data.errors).length > 0}
      >
        <Notices notices={data.notices} />
        <div className="catalogue__summary">
          <FoundCount found={found} noun={["current offer", "current offers"]} none="No offers found." />
          <p className="catalogue__party">
            {data.narrowed
              ? "Only the offers these guests qualify for."
              : "Every offer, restricted rates included: say who is travelling to see only theirs."}
          </p>
          <CsvLink
            href={`/promotion/results.csv?${promotionParams(search, { page: 1 })}`}
            total={found.total}
            noun={["offer", "offers"]}
          />
        </div>
        {found.total > 1 ? (
          <SortLinks
            sorts={OFFER_SORTS}
            names={OFFER_SORT_NAMES}
            current={search.sort}
            href={(sort) => href({ sort, order: "asc", page: 1 })}
          />
        ) : null}
        {found.total === 0 ? (
          <NoMatches
            found="No current offers match every filter."
            intro="To find more, you could:"
            ways={widenLinks(data.hints, atResults)}
          />
        ) : (
          <OfferTable
            offers={found.items}
            caption={`Offers, sorted by ${OFFER_SORT_NAMES[search.sort].toLowerCase()}${search.order === "desc" ? ", latest first" : ""}`}
            captionId="offers-caption"
            sort={{ sort: search.sort, order: search.order }}
            sortHref={(next) => href({ sort: next.sort as PromotionSearch["sort"], order: next.order, page: 1 })}
            detailSearch={promotionParams(search)}
            today={data.today}
          />
        )}
        <Pagination page={found.page} pageCount={found.pageCount} href={(page) => href({ page })} />
      </RefineLayout>
    </section>
  );
}

export const meta: MetaFunction = ({ location }) => [{ title: titleFor(location.pathname) }];
