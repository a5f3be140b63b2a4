import { Notices } from "~/components/lists";
import { type LoaderFunctionArgs, type MetaFunction, type SerializeFrom } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { CompareLink, CompareToggle } from "~/components/catalogue/compare-controls";
import { QuoteLink } from "~/components/catalogue/quote-link";
import {
  AVAILABILITY_NAMES,
  CABIN_CLASS_NAMES,
  REFUNDABILITY_NAMES,
  TOUR_TYPE_NAMES,
  VOYAGE_TYPE_NAMES,
  brandName,
} from "~/domain/catalogue/codes";
import type { FareMove } from "~/domain/catalogue/fares";
import { INELIGIBILITY_TEXT } from "~/domain/catalogue/eligibility";
import { placeName } from "~/domain/places";
import { offerHref } from "~/components/catalogue/offer-list";
import { describeParty } from "~/domain/catalogue/guests";
import { sailingDetailHref, sailingRowId, searchParams } from "~/domain/catalogue/itinerary-search";
import { money, type ShownCurrency } from "~/domain/money";
import { displayDate } from "~/domain/dates";
import { pageTitle } from "~/domain/titles";
import { requestHref } from "~/domain/groups";
import { sailingDetail } from "~/server/catalogue/sailing-detail.server";
import { requireAgent } from "~/server/auth/auth.server";
import { FareChartFigure } from "~/components/catalogue/fare-chart";
import { withUpstreamErrors } from "~/server/infra/route-errors.server";

/**
 * /itinerary/detail?sailing=…: the day-by-day itinerary, and what the party of the search would pay
 * in each cabin class (fare, taxes, deposit now, the rest by the final payment date) in the chosen
 * currency. The rest of the search rides along in the URL, so "Back to the results" returns to it.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const agent = await requireAgent(request);
  return withUpstreamErrors(() => sailingDetail(request, agent));
}

/** The party's amounts for a stateroom, in the fares table's order: its column headings and each cell's label. */
const PARTY_AMOUNTS = [
  ["Cruise fare", "fare"],
  ["Taxes and fees", "taxesAndFees"],
  ["Total", "total"],
  ["Deposit now", "deposit"],
] as const;

export default function ItineraryDetail() {
  const { sailing, fares, search, currency, notices, compare, offers, quote, fareChart } =
    useLoaderData<typeof loader>();
  const location = useLocation();
  const name = `${sailing.shipName}, ${displayDate(sailing.sailDate)}`;
  const chosen = search.cabinClass;
  return (
    <article aria-labelledby="screen-heading" className="catalogue sailing">
      <p>
        <Link to={`/itinerary/results?${searchParams(search)}#${sailingRowId(sailing.sailingId)}`}>
          Back to the results
        </Link>
      </p>
      <h1 id="screen-heading">
        {sailing.nights}-night {sailing.destination.name} on {sailing.shipName}
      </h1>
      <p className="lead">
        {brandName(sailing.brand)} · {displayDate(sailing.sailDate)} to {displayDate(sailing.returnDate)} ·{" "}
        {sailing.departurePort.name}
        {sailing.voyageType === "ONEWAY" ? ` to ${sailing.returnPort.name}` : " round trip"}
      </p>
      <Notices notices={notices} />
      <div className="actions">
        {quote ? (
          <QuoteLink
            context={{ sailingId: sailing.sailingId, cabinClass: quote.cabinClass, party: search }}
            className="button button--primary"
          />
        ) : null}
        <CompareToggle
          sailingId={sailing.sailingId}
          selection={compare}
          returnTo={`${location.pathname}${location.search}`}
          label={name}
        />
        <CompareLink count={compare.length} search={search} />
        <Link to={requestHref(sailing.sailingId)}>Request group space on this sailing</Link>
      </div>

      <dl className="facts">
        <div>
          <dt>Sailing</dt>
          <dd>{sailing.sailingId}</dd>
        </div>
        <div>
          <dt>Voyage</dt>
          <dd>{VOYAGE_TYPE_NAMES[sailing.voyageType]}</dd>
        </div>
        <div>
          <dt>Tour type</dt>
          <dd>
            {TOUR_TYPE_NAMES[sailing.tourType]}
            {sailing.tour ? `: ${sailing.tour.name} (${sailing.tour.landNights} nights on land)` : ""}
          </dd>
        </div>
        <div>
          <dt>Refundability</dt>
          <dd>{REFUNDABILITY_NAMES[sailing.refundability]}</dd>
        </div>
        <div>
          <dt>Final payment due</dt>
          <dd>{displayDate(sailing.finalPaymentDate)}</dd>
        </div>
      </dl>

      <section aria-labelledby="prices-heading">
        <h2 id="prices-heading">Prices for {describeParty(search)}</h2>
        <p>
          In {currency.code}
          {currency.rateDate ? `, converted at the exchange rate of ${displayDate(currency.rateDate)}` : ""}. The first
          two guests pay the fare per guest; a third and fourth guest pay less; a guest alone pays a{" "}
          {sailing.singleSupplementPercent}% single supplement. Per guest is the party's cruise fare shared evenly.
        </p>
        <div className="table-scroll" role="region" aria-labelledby="prices-caption" tabIndex={0}>
          <table className="data-table data-table--stack">
            <caption id="prices-caption">Fares by stateroom for this party</caption>
            <thead>
              <tr>
                <th scope="col">Stateroom</th>
                <th scope="col" className="num">
                  Per guest
                </th>
                {PARTY_AMOUNTS.map(([label]) => (
                  <th key={label} scope="col" className="num">
                    {label}
                  </th>
                ))}
                <th scope="col" className="num">
                  Final payment
                </th>
                <th scope="col">Availability</th>
              </tr>
            </thead>
            <tbody>
              {fares.map((fare) => {
                const soldOut = fare.availability === "SOLD_OUT";
                return (
                  <tr key={fare.cabinClass} className={fare.cabinClass === chosen ? "is-chosen" : undefined}>
                    <th scope="row">
                      {CABIN_CLASS_NAMES[fare.cabinClass]}
                      {fare.cabinClass === chosen ? <span className="tag">Your search</span> : null}
                      {fare.move?.direction === "lowered" ? (
                        <span className="tag tag--lowered">Lowered {fare.move.percent} %</span>
                      ) : null}
                    </th>
                    <td className="num" data-label="Per guest">
                      {soldOut ? "—" : money(fare.party.perGuest, currency, "amount")}
                    </td>
                    {PARTY_AMOUNTS.map(([label, key]) => (
                      <td key={label} className="num" data-label={label}>
                        {soldOut ? "—" : money(fare.party[key], currency, "amount")}
                      </td>
                    ))}
                    <td className="num" data-label="Final payment">
                      {soldOut
                        ? "—"
                        : fare.party.payInFull
                          ? "Paid in full now"
                          : `${money(fare.party.finalPayment, currency, "amount")} by ${displayDate(sailing.finalPaymentDate)}`}
                    </td>
                    <td data-label="Availability">{AVAILABILITY_NAMES[fare.availability]}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <FareMoves
          moves={fares.flatMap((f) => (f.move ? [{ cabinClass: f.cabinClass, move: f.move }] : []))}
          currency={currency}
        />
      </section>

      <section aria-labelledby="fare-chart-heading">
        <h2 id="fare-chart-heading">This sailing&apos;s fares against the same itinerary&apos;s other sailings</h2>
        {fareChart === null ? (
          <p className="notice notice--warning">The other sailings of this itinerary are unavailable just now.</p>
        ) : fareChart.sailings.length < 2 ? (
          <p>No other sailing of this itinerary is in the catalogue from today.</p>
        ) : (
          <FareChartFigure
            chart={fareChart}
            currency={currency.code}
            format={(amount) => money(amount / currency.rate, currency)}
            sailingHref={(id) => sailingDetailHref(id, searchParams(search))}
          />
        )}
      </section>

      <section aria-labelledby="days-heading">
        <h2 id="days-heading">Day by day</h2>
        <div className="table-scroll" role="region" aria-labelledby="days-caption" tabIndex={0}>
          <table className="data-table data-table--stack">
            <caption id="days-caption">Itinerary, times local to each port</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Date</th>
                <th scope="col">Port</th>
                <th scope="col">Arrive</th>
                <th scope="col">Depart</th>
              </tr>
            </thead>
            <tbody>
              {sailing.days.map((day) => (
                <tr key={day.day}>
                  <td data-label="Day">{day.day}</td>
                  <td data-label="Date">{displayDate(day.date)}</td>
                  <th scope="row">{day.port ? `${day.port.name}, ${day.port.country}` : "At sea"}</th>
                  <td data-label="Arrive">{day.arrival ?? "—"}</td>
                  <td data-label="Depart">{day.departure ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <OffersSection offers={offers} search={search} currency={currency} />
    </article>
  );
}

function OffersSection({
  offers,
  search,
  currency,
}: {
  offers: SerializeFrom<typeof loader>["offers"];
  search: SerializeFrom<typeof loader>["search"];
  currency: ShownCurrency;
}) {
  const bookable = offers?.filter((o) => o.applies) ?? [];
  const others = offers?.filter((o) => !o.applies) ?? [];
  return (
    <section aria-labelledby="offers-heading">
      <h2 id="offers-heading">Offers for this sailing</h2>
      {offers === null ? (
        <p className="notice notice--warning">Offers are unavailable just now. The fares above are without offers.</p>
      ) : offers.length === 0 ? (
        <p>No current offer applies to this sailing.</p>
      ) : (
        <>
          <p>
            For {describeParty(search)}
            {search.residency ? `, residents of ${placeName(search.residency)}` : ""}: {bookable.length}{" "}
            {bookable.length === 1 ? "offer applies" : "offers apply"}
            {others.length ? `, and ${others.length} more need something these guests have not claimed` : ""}.
          </p>
          {bookable.length ? (
            <ul className="sailing-offers">
              {bookable.map(({ offer, value, audience, best }) => (
                <li key={offer.offerId}>
                  <Link to={offerHref(offer.offerId)}>{offer.name}</Link>: {offer.headline}.{" "}
                  <span className="muted">
                    {value}. For: {audience}. Book by {displayDate(offer.bookTo)}
                    {offer.codes.length ? `; quote code ${offer.codes.join(", ")}` : ""}.
                  </span>
                  {best ? (
                    <p>
                      {CABIN_CLASS_NAMES[best.cabinClass]}: {money(best.with, currency, "amount")} in all with the offer
                      {best.with < best.without ? `, instead of ${money(best.without, currency, "amount")}` : ""}.
                    </p>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : null}
          {others.length ? (
            <details className="sailing-offers__others">
              <summary>Offers these guests do not qualify for ({others.length})</summary>
              <ul>
                {others.map(({ offer, audience, reasons }) => (
                  <li key={offer.offerId}>
                    <Link to={offerHref(offer.offerId)}>{offer.name}</Link> ({audience}):{" "}
                    {reasons.map((r) => INELIGIBILITY_TEXT[r]).join(" ")}
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
        </>
      )}
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  {
    title: pageTitle(
      loaded ? `${loaded.sailing.shipName} ${displayDate(loaded.sailing.sailDate)} - Itineraries` : "Itineraries",
    ),
  },
];

/** The classes whose fare today is not the list fare: which way, how far, since when, and by which offer. */
function FareMoves({
  moves,
  currency,
}: {
  moves: Array<{ cabinClass: keyof typeof CABIN_CLASS_NAMES; move: FareMove }>;
  currency: ShownCurrency;
}) {
  if (moves.length === 0) return null;
  return (
    <>
      <h3 id="fare-moves-heading">Fares that moved</h3>
      <ul className="fare-moves" aria-labelledby="fare-moves-heading">
        {moves.map(({ cabinClass, move }) => (
          <li key={cabinClass}>
            {CABIN_CLASS_NAMES[cabinClass]}: {move.direction} {move.percent} % per guest, from{" "}
            {money(move.from, currency, "amount")} to {money(move.to, currency, "amount")}, on {displayDate(move.since)}
            {move.offer ? ` by ${move.offer.name} (${move.offer.code})` : ""}.
          </li>
        ))}
      </ul>
    </>
  );
}
