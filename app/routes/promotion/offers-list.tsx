import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { offerHref } from "~/components/catalogue/offer-list";
import { PrintButton } from "~/components/print-button";
import { CABIN_CLASS_NAMES } from "~/domain/catalogue/codes";
import { wholeNumber } from "~/domain/money";
import { describeAudience, describeValue, OFFER_TYPE_NAMES } from "~/domain/catalogue/offers";
import { displayDate } from "~/domain/dates";
import { screenHeading } from "~/domain/screens";
import { titleFor } from "~/domain/titles";
import { offersList, type OfferSummary } from "~/server/promotions/offers.server";
import { requireAgent } from "~/server/auth/auth.server";
import { withUpstreamErrors } from "~/server/infra/route-errors.server";

const HEADING = screenHeading("/promotion/offers-list") ?? "Offers list";

/**
 * /promotion/offers-list: every current offer on one page, by cruise line and name, with what an
 * agent quotes (value, who, windows, staterooms, code), made to scan on screen and to print.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const agent = await requireAgent(request);
  return withUpstreamErrors(() => offersList(request, agent));
}

export default function OffersList() {
  const { byBrand, total, today, address } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="screen-heading" className="catalogue offers-list printable">
      <h1 id="screen-heading">{HEADING}</h1>
      <p className="print-only">{address}</p>
      <p className="lead">
        {wholeNumber(total)} current {total === 1 ? "offer" : "offers"} on {displayDate(today)}, by cruise line.
      </p>
      <PrintButton label="Print the list" />
      <nav aria-label="Cruise lines" className="link-row no-print">
        {byBrand.map((brand) => (
          <a key={brand.code} href={`#brand-${brand.code}`}>
            {brand.name} ({brand.offers.length})
          </a>
        ))}
      </nav>
      {byBrand.map((brand) => (
        <section key={brand.code} aria-labelledby={`brand-${brand.code}`}>
          <h2 id={`brand-${brand.code}`}>{brand.name}</h2>
          {brand.offers.length === 0 ? (
            <p>No current offers.</p>
          ) : (
            <ul className="offers-list__items">
              {brand.offers.map((offer) => (
                <OfferEntry key={offer.offerId} offer={offer} />
              ))}
            </ul>
          )}
        </section>
      ))}
    </section>
  );
}

function OfferEntry({ offer }: { offer: OfferSummary }) {
  return (
    <li className="offers-list__item">
      <h3>
        <Link to={offerHref(offer.offerId)}>{offer.name}</Link> <span className="muted">({offer.offerId})</span>
      </h3>
      <p>
        <strong>{offer.headline}.</strong> {describeValue(offer.value)}.
      </p>
      <dl className="facts facts--inline">
        <div>
          <dt>Kind</dt>
          <dd>{OFFER_TYPE_NAMES[offer.offerType]}</dd>
        </div>
        <div>
          <dt>For</dt>
          <dd>{describeAudience(offer)}</dd>
        </div>
        <div>
          <dt>Book by</dt>
          <dd>{displayDate(offer.bookTo)}</dd>
        </div>
        <div>
          <dt>Sailings</dt>
          <dd>
            {displayDate(offer.sailFrom)} to {displayDate(offer.sailTo)}
          </dd>
        </div>
        <div>
          <dt>Staterooms</dt>
          <dd>{offer.cabinClasses.map((c) => CABIN_CLASS_NAMES[c]).join(", ")}</dd>
        </div>
        <div>
          <dt>Code</dt>
          <dd>{offer.codes.length ? offer.codes.join(", ") : "None"}</dd>
        </div>
      </dl>
    </li>
  );
}

export const meta: MetaFunction = ({ location }) => [{ title: titleFor(location.pathname) }];
