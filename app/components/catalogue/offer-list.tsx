import { Link } from "@remix-run/react";
import { SortHeader, type SortState } from "~/components/lists";
import { analyticsAttributes } from "~/domain/analytics";
import { brandName } from "~/domain/catalogue/codes";
import { describeAudience, OFFER_TYPE_NAMES, OFFER_URGENCY_NAMES, offerUrgency } from "~/domain/catalogue/offers";
import { displayDate } from "~/domain/dates";
import type { OfferRow, OfferSummary } from "~/server/promotions/offers.server";

/** An offer's row in a list (its id there): "Back to the offers" returns to it. */
export const offerRowId = (offerId: string) => `offer-${offerId}`;

/** The link to an offer's page; `search` carries the offer search along, for "Back to the offers". */
export const offerHref = (offerId: string, search?: URLSearchParams) =>
  `/promotion/detail?${new URLSearchParams([["offer", offerId], ...(search ?? [])])}`;

/** An offer link's analytics attributes (event offer_click). */
const offerAnalytics = (offer: Pick<OfferRow, "offerId" | "brand">) =>
  analyticsAttributes({ name: "offer_click", offerId: offer.offerId, brand: offer.brand });

/**
 * Offers as a table (results, a brand's offers, archived offers, the offers list). Sortable columns
 * when `sortHref` is given; `archived` names the last column "Expired" instead of "Book by". Given
 * `today`, a current offer's last booking day says, in words and colour, when it is today or past.
 */
export function OfferTable({
  offers,
  caption,
  captionId,
  sort,
  sortHref,
  detailSearch,
  archived = false,
  today,
}: {
  offers: OfferRow[];
  caption: string;
  captionId: string;
  sort?: SortState;
  sortHref?: (next: SortState) => string;
  detailSearch?: URLSearchParams;
  archived?: boolean;
  today?: string;
}) {
  const header = (column: string, label: string, className?: string) =>
    sort && sortHref ? (
      <SortHeader column={column} state={sort} href={sortHref} className={className}>
        {label}
      </SortHeader>
    ) : (
      <th scope="col" className={className}>
        {label}
      </th>
    );
  return (
    <div className="table-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="data-table data-table--stack offers">
        <caption id={captionId}>{caption}</caption>
        <thead>
          <tr>
            {header("name", "Offer")}
            {header("brand", "Cruise line")}
            <th scope="col">For</th>
            <th scope="col">Kind</th>
            <th scope="col">Sailings</th>
            {header("expires", archived ? "Expired" : "Book by")}
          </tr>
        </thead>
        <tbody>
          {offers.map((offer) => (
            <tr key={offer.offerId} id={offerRowId(offer.offerId)}>
              <th scope="row">
                <Link to={offerHref(offer.offerId, detailSearch)} {...offerAnalytics(offer)}>
                  {offer.name}
                </Link>
                <span className="offers__headline">{offer.headline}</span>
                {offer.codes.length ? <span className="tag">Code {offer.codes.join(", ")}</span> : null}
              </th>
              <td data-label="Cruise line">{brandName(offer.brand)}</td>
              <td data-label="For">{describeAudience(offer)}</td>
              <td data-label="Kind">{OFFER_TYPE_NAMES[offer.offerType]}</td>
              <td data-label="Sailings">
                {displayDate(offer.sailFrom)} to {displayDate(offer.sailTo)}
              </td>
              <td data-label={archived ? "Expired" : "Book by"}>
                {displayDate(offer.bookTo)}
                {!archived && today ? <UrgencyFlag bookTo={offer.bookTo} today={today} /> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** "Ends today" (or "Ended") by an offer's last booking day: words and colour, nothing while there is time. */
export function UrgencyFlag({ bookTo, today }: { bookTo: string; today: string }) {
  const urgency = offerUrgency(bookTo, today);
  return urgency ? <span className="tag tag--urgent">{OFFER_URGENCY_NAMES[urgency]}</span> : null;
}

/** Offers as cards with their art (the promotions home and the featured offers). */
export function OfferCards({ offers, headingLevel = 3 }: { offers: OfferSummary[]; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <ul className="offer-cards">
      {offers.map((offer) => (
        <li key={offer.offerId} className="offer-card">
          <img
            src={`/offer-images/${encodeURIComponent(offer.offerId)}`}
            alt=""
            width={320}
            height={160}
            loading="lazy"
          />
          <Heading className="offer-card__name">
            <Link to={offerHref(offer.offerId)} {...offerAnalytics(offer)}>
              {offer.name}
            </Link>
          </Heading>
          <p className="offer-card__headline">{offer.headline}</p>
          <p className="muted">
            {brandName(offer.brand)} · {describeAudience(offer)} · book by {displayDate(offer.bookTo)}
          </p>
        </li>
      ))}
    </ul>
  );
}
