import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { OfferTable } from "~/components/catalogue/offer-list";
import { Pagination, ResultCount, Notices } from "~/components/lists";
import { BRANDS, brandName } from "~/domain/catalogue/codes";
import { wholeNumber } from "~/domain/money";
import { OFFER_SORT_NAMES, promotionParams, type PromotionSearch } from "~/domain/catalogue/promotion-search";
import { screenHeading } from "~/domain/screens";
import { titleFor } from "~/domain/titles";
import { analyticsAttributes } from "~/domain/analytics";
import { brandOffers } from "~/server/promotions/offers.server";
import { requireAgent } from "~/server/auth/auth.server";
import { withUpstreamErrors } from "~/server/infra/route-errors.server";

const HEADING = screenHeading("/promotion/brand") ?? "Promotions by brand";

/**
 * /promotion/brand?brand=R|C|V: one cruise line's current offers, soonest to close first, sortable
 * and paged by links. Without a brand (or with one we do not know) the page offers the three.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const agent = await requireAgent(request);
  return withUpstreamErrors(() => brandOffers(agent, new URL(request.url).searchParams));
}

export default function PromotionBrand() {
  const { brand, notices, search, found, today } = useLoaderData<typeof loader>();
  const noticeList = <Notices notices={notices} />;
  if (!brand || !search || !found) {
    return (
      <section aria-labelledby="screen-heading" className="catalogue">
        <h1 id="screen-heading">{HEADING}</h1>
        {noticeList}
        <p>Choose a cruise line to see its current offers.</p>
        <ul className="brand-cards">
          {BRANDS.map((b) => (
            <li key={b.code} className={`brand-card brand-card--${b.code}`}>
              <Link
                to={`/promotion/brand?brand=${b.code}`}
                {...analyticsAttributes({ name: "brand_click", brand: b.code })}
              >
                <span className="brand-card__name">{b.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    );
  }
  const href = (change: Partial<PromotionSearch>) => {
    const s = { ...search, ...change };
    const q = new URLSearchParams({ brand: s.brand, sort: s.sort, order: s.order, page: String(s.page) });
    return `/promotion/brand?${q}`;
  };
  return (
    <section aria-labelledby="screen-heading" className="catalogue">
      <h1 id="screen-heading">{brandName(brand)} offers</h1>
      {noticeList}
      <nav aria-label="Cruise lines" className="link-row">
        {BRANDS.map((b) => (
          <Link
            key={b.code}
            to={`/promotion/brand?brand=${b.code}`}
            aria-current={b.code === brand ? "page" : undefined}
            {...analyticsAttributes({ name: "brand_click", brand: b.code })}
          >
            {b.name}
          </Link>
        ))}
      </nav>
      <ResultCount>
        {found.total === 0
          ? `${brandName(brand)} has no current offers.`
          : `${wholeNumber(found.total)} current ${found.total === 1 ? "offer" : "offers"}` +
            (found.pageCount > 1 ? `; page ${found.page} of ${found.pageCount}.` : ".")}
      </ResultCount>
      <p>
        <Link to={`/promotion/results?${promotionParams(search, { sort: "expires", order: "asc", page: 1 })}`}>
          Search {brandName(brand)} offers by ship, destination and who is travelling
        </Link>
      </p>
      {found.total > 0 ? (
        <OfferTable
          offers={found.items}
          caption={`${brandName(brand)} offers, sorted by ${OFFER_SORT_NAMES[search.sort].toLowerCase()}`}
          captionId="offers-caption"
          sort={{ sort: search.sort, order: search.order }}
          sortHref={(next) => href({ sort: next.sort as PromotionSearch["sort"], order: next.order, page: 1 })}
          today={today ?? undefined}
        />
      ) : null}
      <Pagination page={found.page} pageCount={found.pageCount} href={(page) => href({ page })} />
    </section>
  );
}

export const meta: MetaFunction = ({ location }) => [{ title: titleFor(location.pathname) }];
