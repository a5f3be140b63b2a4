import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { offerRowId } from "~/components/catalogue/offer-list";
import { Pagination } from "~/components/lists";
import { PrintButton } from "~/components/print-button";
import { CABIN_CLASS_NAMES, REFUNDABILITY_NAMES, brandName } from "~/domain/catalogue/codes";
import { INELIGIBILITY_TEXT } from "~/domain/catalogue/eligibility";
import { sailingDetailHref } from "~/domain/catalogue/itinerary-search";
import { money, USD_ONLY, wholeNumber } from "~/domain/money";
import { changesFare, describeAudience, describeValue, OFFER_TYPE_NAMES } from "~/domain/catalogue/offers";
import { partyParams, promotionParams } from "~/domain/catalogue/promotion-search";
import { displayDate } from "~/domain/dates";
import { pageTitle } from "~/domain/titles";
import { offerDetail } from "~/server/promotions/offers.server";
import { requireAgent } from "~/server/auth/auth.server";
import { DEFAULT_PARTY } from "~/domain/catalogue/guests";
import { QuoteLink } from "~/components/catalogue/quote-link";
import { OfferSailingsFilter } from "~/components/catalogue/offer-sailings-filter";
import { withUpstreamErrors } from "~/server/infra/route-errors.server";

/**
 * /promotion/detail?offer=…: what the offer is worth, its windows, who it is for and whether the
 * searched party qualifies, what it combines with, its terms, and the sailings it applies to with the
 * price after the offer (two guests sharing, in the offer's cheapest open class on each sailing). The
 * offer search rides along in the URL, under its own names, for "Back to the offers"; the sailing filters
 * have names of their own (sailingShip…: domain/catalogue/offer-sailings), and `sailingsPage` pages the sailings.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const agent = await requireAgent(request);
  return withUpstreamErrors(() => offerDetail(request, agent));
}

export default function PromotionDetail() {
  const { offer, status, shipNames, destinations, party, search, sailings, address, quote, filter } =
    useLoaderData<typeof loader>();
  const backSearch = promotionParams(search);
  // The filter form carries the offer and the offer search as they came; its own fields have other names.
  const carried: Array<[string, string]> = [["offer", offer.offerId], ...backSearch];
  const pageHref = (n: number) =>
    `/promotion/detail?${new URLSearchParams([...carried, ...filter.portal, ["sailingsPage", String(n)]])}#sailings-heading`;
  const sailingHref = (sailingId: string) => sailingDetailHref(sailingId, partyParams(search));
  return (
    <article aria-labelledby="screen-heading" className="catalogue offer printable">
      <p className="no-print">
        <Link to={`/promotion/results?${backSearch}#${offerRowId(offer.offerId)}`}>Back to the offers</Link>
      </p>
      <h1 id="screen-heading">{offer.name}</h1>
      <p className="print-only">{address}</p>
      <p className="lead">
        {brandName(offer.brand)} · {OFFER_TYPE_NAMES[offer.offerType]} · Offer {offer.offerId}{" "}
        <span className={`tag tag--${status.toLowerCase()}`}>
          {status === "CURRENT" ? "Current" : status === "UPCOMING" ? "Not bookable yet" : "Expired"}
        </span>
      </p>
      <div className="offer__intro">
        <img src={`/offer-images/${encodeURIComponent(offer.offerId)}`} alt="" width={320} height={160} />
        <div>
          <p className="offer__headline">{offer.headline}</p>
          <p>{offer.description}</p>
          <PrintButton label="Print this offer" />
        </div>
      </div>
      {status === "EXPIRED" ? (
        <p className="notice notice--warning">
          This offer expired on {displayDate(offer.bookTo)}: it can no longer be booked.
        </p>
      ) : status === "UPCOMING" ? (
        <p className="notice">This offer can be booked from {displayDate(offer.bookFrom)}.</p>
      ) : null}

      <dl className="facts">
        <div>
          <dt>Value</dt>
          <dd>{describeValue(offer.value)}</dd>
        </div>
        <div>
          <dt>For</dt>
          <dd>{describeAudience(offer)}</dd>
        </div>
        <div>
          <dt>Book between</dt>
          <dd>
            {displayDate(offer.bookFrom)} and {displayDate(offer.bookTo)}
          </dd>
        </div>
        <div>
          <dt>Sailings between</dt>
          <dd>
            {displayDate(offer.sailFrom)} and {displayDate(offer.sailTo)}
          </dd>
        </div>
        <div>
          <dt>Ships</dt>
          <dd>{shipNames.length ? shipNames.join(", ") : `Every ${brandName(offer.brand)} ship`}</dd>
        </div>
        <div>
          <dt>Destinations</dt>
          <dd>{destinations.length ? destinations.join(", ") : "Every destination"}</dd>
        </div>
        <div>
          <dt>Staterooms</dt>
          <dd>{offer.cabinClasses.map((c) => CABIN_CLASS_NAMES[c]).join(", ")}</dd>
        </div>
        <div>
          <dt>Fares</dt>
          <dd>{REFUNDABILITY_NAMES[offer.refundability]}</dd>
        </div>
        <div>
          <dt>Promo code</dt>
          <dd>{offer.codes.length ? offer.codes.join(", ") : "None: applied automatically"}</dd>
        </div>
      </dl>

      {party ? (
        <section aria-labelledby="party-heading">
          <h2 id="party-heading">Do these guests qualify?</h2>
          {party.length === 0 ? (
            <p>Yes: the guests of your search qualify for this offer.</p>
          ) : (
            <>
              <p>No, not the guests of your search:</p>
              <ul>
                {party.map((reason) => (
                  <li key={reason}>{INELIGIBILITY_TEXT[reason]}</li>
                ))}
              </ul>
            </>
          )}
        </section>
      ) : null}

      <section aria-labelledby="combine-heading">
        <h2 id="combine-heading">Combining with other offers</h2>
        <p>
          Combines with:{" "}
          {offer.combinableWith.length
            ? offer.combinableWith.map((t) => OFFER_TYPE_NAMES[t]).join(", ")
            : "no other offer"}
          .
        </p>
        {offer.notCombinableWith.length ? (
          <p>Does not combine with: {offer.notCombinableWith.map((t) => OFFER_TYPE_NAMES[t]).join(", ")}.</p>
        ) : null}
      </section>

      <section aria-labelledby="sailings-heading">
        <h2 id="sailings-heading">Eligible sailings</h2>
        {sailings === null ? (
          <p>
            This offer can no longer be booked, so its sailings and prices are not listed.{" "}
            <Link to="/itinerary/search">Search itineraries</Link> for today&apos;s prices and current offers.
          </p>
        ) : (
          <>
            {filter.notices.map((notice) => (
              <p key={notice} className="notice notice--warning">
                {notice}
              </p>
            ))}
            <OfferSailingsFilter
              filters={filter.chosen}
              error={filter.error}
              carried={carried}
              clearHref={`/promotion/detail?${new URLSearchParams(carried)}#sailings-heading`}
              narrowed={filter.narrowed}
              options={filter.options}
            />
          </>
        )}
        {sailings === null ? null : sailings.total === 0 ? (
          <p role="status">
            {filter.narrowed
              ? "No eligible sailing matches these filters: widen one, or show every eligible sailing."
              : "No sailing from today is open for this offer."}
          </p>
        ) : (
          <>
            <p role="status">
              {wholeNumber(sailings.total)} {sailings.total === 1 ? "sailing" : "sailings"} from today
              {filter.narrowed ? " match these filters" : ""}.{" "}
              {changesFare(offer.value)
                ? `Prices per guest, two guests sharing, in US dollars: ${filter.chosen.cabinClass ? "the chosen stateroom" : "the cheapest open stateroom of the offer"}, before and after it.`
                : "Prices per guest, two guests sharing, in US dollars: this offer adds value rather than lowering the fare."}
            </p>
            <div className="table-scroll" role="region" aria-labelledby="eligible-caption" tabIndex={0}>
              <table className="data-table data-table--stack">
                <caption id="eligible-caption">Sailings this offer applies to, by sail date</caption>
                <thead>
                  <tr>
                    <th scope="col">Ship</th>
                    <th scope="col">Sail date</th>
                    <th scope="col" className="num">
                      Nights
                    </th>
                    <th scope="col">Destination</th>
                    <th scope="col">Stateroom</th>
                    <th scope="col" className="num">
                      Before
                    </th>
                    <th scope="col" className="num">
                      After the offer
                    </th>
                    {quote ? (
                      <th scope="col">
                        <span className="visually-hidden">Next step</span>
                      </th>
                    ) : null}
                  </tr>
                </thead>
                <tbody>
                  {sailings.rows.map(({ sailing, best }) => (
                    <tr key={sailing.sailingId}>
                      <th scope="row">
                        <Link to={sailingHref(sailing.sailingId)}>{sailing.shipName}</Link>
                      </th>
                      <td data-label="Sail date">{displayDate(sailing.sailDate)}</td>
                      <td className="num" data-label="Nights">
                        {sailing.nights}
                      </td>
                      <td data-label="Destination">{sailing.destination.name}</td>
                      <td data-label="Stateroom">{CABIN_CLASS_NAMES[best.cabinClass]}</td>
                      <td className="num" data-label="Before">
                        {money(best.before, USD_ONLY)}
                      </td>
                      <td className="num" data-label="After the offer">
                        <strong>{money(best.after, USD_ONLY)}</strong>
                      </td>
                      {quote ? (
                        <td data-label="Next step">
                          <QuoteLink
                            context={{
                              sailingId: sailing.sailingId,
                              cabinClass: best.cabinClass,
                              party: DEFAULT_PARTY,
                            }}
                            sailingName={`${sailing.shipName}, ${displayDate(sailing.sailDate)}`}
                            compact
                            className="button button--small"
                          />
                        </td>
                      ) : null}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pagination
              page={sailings.page}
              pageCount={sailings.pageCount}
              href={pageHref}
              label="Pages of eligible sailings"
            />
          </>
        )}
      </section>

      <section aria-labelledby="terms-heading">
        <h2 id="terms-heading">Terms and conditions</h2>
        {offer.terms.map((paragraph, i) => (
          <p key={i}>{paragraph}</p>
        ))}
      </section>
    </article>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: pageTitle(loaded ? `${loaded.offer.name} - Promotions` : "Promotions") },
];
