import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { offerRowId } from "~/components/catalogue/offer-list";
import { Pagination } from "~/components/lists";
import { PrintButton } from "~/components/print-button";
import { CABIN_CLASS_NAMES, REFUNDABILITY_NAMES, brandName } from "~/domain/catalogue/codes";
import { INELIGIBILITY_TEXT, openClasses, offerStatus, partyGiven, partyReasons } from "~/domain/catalogue/eligibility";
import { perGuestWithOffer } from "~/domain/catalogue/fares";
import { sailingDetailHref } from "~/domain/catalogue/itinerary-search";
import { money, USD_ONLY, wholeNumber } from "~/domain/money";
import { changesFare, describeAudience, describeValue, OFFER_TYPE_NAMES } from "~/domain/catalogue/offers";
import { pageNumber, partyParams, promotionParams } from "~/domain/catalogue/promotion-search";
import { displayDate, isoDay } from "~/domain/dates";
import { pageTitle } from "~/domain/titles";
import { requireAgent, type Agent } from "~/server/auth/auth.server";
import { getOffer, offerSailings, type Offer } from "~/server/clients/promotions.server";
import { DEFAULT_PARTY } from "~/domain/catalogue/guests";
import { offersQuote } from "~/domain/quote";
import { QuoteLink } from "~/components/catalogue/quote-link";
import { OfferSailingsFilter } from "~/components/catalogue/offer-sailings-filter";
import { itinerarySearchState } from "~/server/catalogue/itinerary-search.server";
import {
  OFFER_SAILING_FILTERS,
  offerSailingFilters,
  sailingFilterQuery,
  type OfferSailingFilters,
} from "~/domain/catalogue/offer-sailings";
import type { CabinClass } from "~/domain/catalogue/codes";
import { pageNotFound, withUpstreamErrors } from "~/server/infra/route-errors.server";
import { lastPageIfPast } from "~/domain/paging";
import { printAddress, promotionSearchState } from "~/server/catalogue/promotion-search.server";

const SAILINGS_PAGE_SIZE = 20;
const OFFER_ID = /^[A-Za-z0-9-]{1,40}$/;

/**
 * /promotion/detail?offer=…: what the offer is worth, its windows, who it is for and whether the
 * searched party qualifies, what it combines with, its terms, and the sailings it applies to with the
 * price after the offer (two guests sharing, in the offer's cheapest open class on each sailing). The
 * offer search rides along in the URL, under its own names, for "Back to the offers"; the sailing filters
 * have names of their own (sailingShip…: domain/catalogue/offer-sailings), and `sailingsPage` pages the sailings.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const agent = await requireAgent(request);
  const params = new URL(request.url).searchParams;
  const offerId = (params.get("offer") ?? "").trim();
  if (!OFFER_ID.test(offerId)) throw pageNotFound();
  const page = pageNumber(params.get("sailingsPage") ?? "") ?? 1;
  return withUpstreamErrors(async () => {
    const [state, itinerary, offer] = await Promise.all([
      promotionSearchState(request, agent),
      // The sailing filters only, under the itinerary search's names: never the offer search's own fields.
      itinerarySearchState(request, agent, sailingFilterQuery(params)),
      getOffer(agent, offerId),
    ]);
    const today = isoDay();
    const status = offerStatus(offer, today);
    // The eligible sailings narrowed by the itinerary search's own filters, read by its own parser.
    const chosen = Object.fromEntries(
      OFFER_SAILING_FILTERS.map((key) => [key, itinerary.search[key]]),
    ) as OfferSailingFilters;
    const filters = offerSailingFilters(chosen, today);
    // An expired offer can no longer be booked: its sailings are not read, so no price shows as if it could.
    const sailings =
      status === "EXPIRED" ? null : await eligibleSailings(agent, offer, page, filters.upstream, chosen.cabinClass);
    const { search } = state;
    const { ships, destinations, ports, today: firstDay, lastSailDate } = itinerary.options;
    const shipNames = new Map(state.catalogue.ships.map((s) => [s.code, s.name]));
    const destinationNames = new Map(state.catalogue.destinations.map((d) => [d.code, d.name]));
    return {
      offer,
      status,
      shipNames: offer.ships.map((code) => shipNames.get(code) ?? code),
      destinations: offer.destinations.map((code) => destinationNames.get(code) ?? code),
      party: partyGiven(search) ? partyReasons(offer, search) : null,
      search,
      sailings,
      address: printAddress(request),
      quote: offersQuote(agent.profile),
      filter: {
        chosen,
        portal: filters.portal,
        narrowed: filters.narrowed,
        error: itinerary.errors.departureDate,
        notices: itinerary.notices,
        options: { ships, destinations, ports, today: firstDay, lastSailDate },
      },
    };
  });
}

/**
 * A page of the sailings from today the offer applies to, each with the price before and after it in
 * the offer's cheapest open class (the sailing half of the one rule: which of its classes are open).
 */
async function eligibleSailings(
  caller: Agent,
  offer: Offer,
  page: number,
  filters: ReadonlyArray<[string, string]>,
  wanted: CabinClass | "",
) {
  const { found } = await lastPageIfPast(
    page,
    (n) =>
      offerSailings(
        caller,
        offer.offerId,
        { page: n, pageSize: SAILINGS_PAGE_SIZE, sort: "date", order: "asc" },
        filters,
      ),
    "eligible sailings",
  );
  const rows = found.items.flatMap((sailing) => {
    // A stateroom chosen in the filters is the one priced.
    const priced = openClasses(offer, sailing, wanted).flatMap((cabinClass) => {
      const before = sailing.prices.find((p) => p.cabinClass === cabinClass)?.pricePerGuest;
      const after = perGuestWithOffer(sailing.prices, cabinClass, offer.value);
      return before === undefined || after === null ? [] : [{ cabinClass, before, after }];
    });
    const best = priced.sort((a, b) => a.after - b.after)[0];
    return best ? [{ sailing, best }] : [];
  });
  return { ...found, rows };
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
