import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Intro } from "~/components/intro";
import { OfferCards } from "~/components/catalogue/offer-list";
import { OfferSearchForm } from "~/components/catalogue/offer-search-form";
import { wholeNumber } from "~/domain/money";
import { screenHeading } from "~/domain/screens";
import { titleFor } from "~/domain/titles";
import { promotionHome } from "~/server/promotions/offers.server";
import { requireAgent } from "~/server/auth/auth.server";
import { withUpstreamErrors } from "~/server/infra/route-errors.server";

const HEADING = screenHeading("/promotion/home") ?? "Promotions";

/**
 * /promotion/home: the way in. The three brands as cards with their count of current offers, the
 * featured offers, and the offer search at the cruise search's defaults.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const agent = await requireAgent(request);
  return withUpstreamErrors(() => promotionHome(request, agent));
}

export default function PromotionHome() {
  const { parsed, options, featured, featuredTotal, brands, intro } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="screen-heading" className="catalogue">
      <h1 id="screen-heading">{HEADING}</h1>
      {intro ? <Intro html={intro} /> : null}
      <section aria-labelledby="brands-heading">
        <h2 id="brands-heading">Offers by cruise line</h2>
        <ul className="brand-cards">
          {brands.map((brand) => (
            <li key={brand.code} className={`brand-card brand-card--${brand.code}`}>
              <Link to={`/promotion/brand?brand=${brand.code}`}>
                <span className="brand-card__name">{brand.name}</span>
                <span className="brand-card__count">
                  {brand.current === null
                    ? "Current offers"
                    : `${wholeNumber(brand.current)} current ${brand.current === 1 ? "offer" : "offers"}`}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="featured-heading">
        <h2 id="featured-heading">Featured offers</h2>
        {featured === null ? (
          <p className="notice notice--warning">Featured offers are unavailable just now.</p>
        ) : featured.length ? (
          <OfferCards offers={featured} />
        ) : (
          <p>No featured offers just now.</p>
        )}
        {featured && featuredTotal > featured.length ? (
          <p>
            <Link to="/promotion/featured-offers">See all {featuredTotal} featured offers</Link>
          </p>
        ) : null}
      </section>
      <section aria-labelledby="search-heading" className="panel">
        <h2 id="search-heading">Search offers</h2>
        <OfferSearchForm parsed={parsed} options={options} />
      </section>
      <nav aria-label="More offers" className="actions">
        <Link to="/promotion/offers-list">Every current offer, as one list</Link>
        <Link to="/promotion/archived-offers">Archived offers</Link>
      </nav>
    </section>
  );
}

export const meta: MetaFunction = ({ location }) => [{ title: titleFor(location.pathname) }];
