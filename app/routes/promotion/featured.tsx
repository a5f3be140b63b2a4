import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { OfferCards } from "~/components/catalogue/offer-list";
import { ResultCount, Notices } from "~/components/lists";
import { BRANDS, brandName } from "~/domain/catalogue/codes";
import { screenHeading } from "~/domain/screens";
import { titleFor } from "~/domain/titles";
import { featuredOffersPage } from "~/server/promotions/offers.server";
import { requireAgent } from "~/server/auth/auth.server";
import { withUpstreamErrors } from "~/server/infra/route-errors.server";

const HEADING = screenHeading("/promotion/featured-offers") ?? "Featured offers";

/** /promotion/featured-offers?brand=: the offers the cruise lines feature now, for one line or all. */
export async function loader({ request }: LoaderFunctionArgs) {
  const agent = await requireAgent(request);
  return withUpstreamErrors(() => featuredOffersPage(agent, new URL(request.url).searchParams));
}

export default function FeaturedOffers() {
  const { brand, notices, offers } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="screen-heading" className="catalogue">
      <h1 id="screen-heading">{HEADING}</h1>
      <Notices notices={notices} />
      <nav aria-label="Cruise lines" className="link-row">
        <Link to="/promotion/featured-offers" aria-current={brand ? undefined : "page"}>
          All cruise lines
        </Link>
        {BRANDS.map((b) => (
          <Link
            key={b.code}
            to={`/promotion/featured-offers?brand=${b.code}`}
            aria-current={b.code === brand ? "page" : undefined}
          >
            {b.name}
          </Link>
        ))}
      </nav>
      <ResultCount>
        {offers.length === 0
          ? "No featured offers just now."
          : `${offers.length} featured ${offers.length === 1 ? "offer" : "offers"}${brand ? ` from ${brandName(brand)}` : ""}.`}
      </ResultCount>
      {offers.length ? <OfferCards offers={offers} headingLevel={2} /> : null}
    </section>
  );
}

export const meta: MetaFunction = ({ location }) => [{ title: titleFor(location.pathname) }];
