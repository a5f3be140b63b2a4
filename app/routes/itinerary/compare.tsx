import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { atResults } from "~/components/lists";
import type { ReactNode } from "react";
import {
  AVAILABILITY_NAMES,
  CABIN_CLASSES,
  CABIN_CLASS_NAMES,
  brandName,
  type CabinClass,
} from "~/domain/catalogue/codes";
import { COMPARE_FULL_MESSAGE, COMPARE_LIMIT, LOWEST_TEXT, lowestInRow, perNight } from "~/domain/catalogue/compare";
import { offerHref } from "~/components/catalogue/offer-list";
import { QuoteLink } from "~/components/catalogue/quote-link";
import { describeParty } from "~/domain/catalogue/guests";
import { sailingDetailHref, searchParams } from "~/domain/catalogue/itinerary-search";
import { money, wholeNumber } from "~/domain/money";
import { displayDate } from "~/domain/dates";
import { screenHeading } from "~/domain/screens";
import { titleFor } from "~/domain/titles";
import { changeCompare, comparePage, type ShipSummary } from "~/server/catalogue/compare-page.server";
import { requireAgent } from "~/server/auth/auth.server";
import { withUpstreamErrors } from "~/server/infra/route-errors.server";

const HEADING = screenHeading("/itineraries/compare") ?? "Compare itineraries";

/**
 * Adds, removes or clears the compare selection (kept in the session), then goes back where the
 * agent was.
 */
export async function action({ request }: ActionFunctionArgs) {
  const agent = await requireAgent(request);
  return changeCompare(request, agent);
}

export async function loader({ request }: LoaderFunctionArgs) {
  const agent = await requireAgent(request);
  return withUpstreamErrors(() => comparePage(request, agent));
}

export default function ComparePage() {
  const { search, currency, notices, sailings, quote } = useLoaderData<typeof loader>();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`.replace(/([?&])full=1&?/, "$1");
  const resultsHref = `/itinerary/results?${searchParams(search)}`;
  return (
    <section aria-labelledby="screen-heading" className="catalogue">
      <h1 id="screen-heading">{HEADING}</h1>
      <p>
        <Link to={atResults(resultsHref)}>Back to the results</Link>
      </p>
      {notices.map((notice) => (
        <p key={notice} className="notice notice--warning" role={notice === COMPARE_FULL_MESSAGE ? "alert" : undefined}>
          {notice}
        </p>
      ))}
      <p role="status">
        {sailings.length === 0
          ? `No sailings chosen yet. Add up to ${COMPARE_LIMIT} from the results or a sailing's page.`
          : `${sailings.length} of ${COMPARE_LIMIT} sailings side by side. Prices per guest for ${describeParty(search)} in ${currency.code}; the lowest in each row is marked "${LOWEST_TEXT}".`}
      </p>
      {sailings.length ? (
        <>
          <div className="table-scroll" role="region" aria-labelledby="compare-caption" tabIndex={0}>
            <table className="data-table compare">
              <caption id="compare-caption">The chosen sailings side by side</caption>
              <thead>
                <tr>
                  <td />
                  {sailings.map((s) => (
                    <th scope="col" key={s.sailingId}>
                      <Link to={sailingDetailHref(s.sailingId, searchParams(search))}>{s.shipName}</Link>
                      <span className="sailings__brand">{displayDate(s.sailDate)}</span>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                <Row label="Cruise line" cells={sailings.map((s) => brandName(s.brand))} />
                <Row
                  label="Dates"
                  cells={sailings.map((s) => `${displayDate(s.sailDate)} to ${displayDate(s.returnDate)}`)}
                />
                <Row label="Nights" cells={sailings.map((s) => String(s.nights))} />
                <Row label="Destination" cells={sailings.map((s) => s.destination.name)} />
                <Row
                  label="Ports"
                  cells={sailings.map((s) => [s.departurePort.name, ...s.ports, s.returnPort.name].join(" · "))}
                />
                <Row label="Ship class" cells={sailings.map((s) => shipFact(s.ship, (ship) => ship.shipClass))} />
                <Row
                  label="Built"
                  cells={sailings.map((s) =>
                    shipFact(
                      s.ship,
                      (ship) =>
                        `${ship.yearBuilt}${ship.yearRefurbished ? `, refurbished ${ship.yearRefurbished}` : ""}`,
                    ),
                  )}
                />
                <Row
                  label="Guests and crew"
                  cells={sailings.map((s) =>
                    shipFact(s.ship, (ship) => `${wholeNumber(ship.guests)} guests, ${wholeNumber(ship.crew)} crew`),
                  )}
                />
                <Row
                  label="Gross tonnage"
                  cells={sailings.map((s) => shipFact(s.ship, (ship) => wholeNumber(ship.grossTonnage)))}
                />
              </tbody>
              <PriceRows
                heading={`Price per guest (${currency.code})`}
                sailings={sailings}
                amount={(price) => price}
                show={(amount) => money(amount, currency)}
              />
              <PriceRows
                heading={`Price per guest per night (${currency.code})`}
                sailings={sailings}
                amount={(price, s) => perNight(price, s.nights)}
                show={(amount) => money(amount, currency)}
              />
              <tbody>
                <Row
                  label={`Offers for ${describeParty(search)}`}
                  cells={sailings.map((s) =>
                    s.offers === null ? (
                      "Offers are unavailable just now."
                    ) : s.offers.length === 0 ? (
                      "No current offer applies."
                    ) : (
                      <ul className="compare__offers">
                        {s.offers.map((o) => (
                          <li key={o.offerId}>
                            <Link to={offerHref(o.offerId)}>{o.name}</Link>
                          </li>
                        ))}
                      </ul>
                    ),
                  )}
                />
                {quote ? (
                  <Row
                    label="Next step"
                    cells={sailings.map((s) => (
                      <QuoteLink
                        key={s.sailingId}
                        context={{ sailingId: s.sailingId, cabinClass: s.quoteClass, party: search }}
                        sailingName={`${s.shipName}, ${displayDate(s.sailDate)}`}
                        compact
                        className="button button--small"
                      />
                    ))}
                  />
                ) : null}
                <tr>
                  <th scope="row">
                    <span className="visually-hidden">Remove</span>
                  </th>
                  {sailings.map((s) => (
                    <td key={s.sailingId}>
                      <Form method="post" preventScrollReset>
                        <input type="hidden" name="intent" value="remove" />
                        <input type="hidden" name="sailing" value={s.sailingId} />
                        <input type="hidden" name="returnTo" value={here} />
                        <button type="submit" className="button button--small">
                          Remove<span className="visually-hidden"> {`${s.shipName}, ${displayDate(s.sailDate)}`}</span>
                        </button>
                      </Form>
                    </td>
                  ))}
                </tr>
              </tbody>
            </table>
          </div>
          <Form method="post" className="actions">
            <input type="hidden" name="intent" value="clear" />
            <input type="hidden" name="returnTo" value={here} />
            <button type="submit" className="button button--link">
              Clear the comparison
            </button>
          </Form>
        </>
      ) : null}
    </section>
  );
}

function Row({ label, cells }: { label: string; cells: ReactNode[] }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      {cells.map((cell, i) => (
        <td key={i}>{cell}</td>
      ))}
    </tr>
  );
}

type ComparedSailing = {
  nights: number;
  prices: ReadonlyArray<{
    cabinClass: CabinClass;
    pricePerGuest: number;
    availability: keyof typeof AVAILABILITY_NAMES;
  }>;
};

/**
 * One row per stateroom class under a heading row, each cell the amount for that sailing, and the
 * row's lowest marked in words (not colour alone). Sold out and not offered are said, not priced.
 */
function PriceRows<S extends ComparedSailing>({
  heading,
  sailings,
  amount,
  show,
}: {
  heading: string;
  sailings: readonly S[];
  amount: (pricePerGuest: number, sailing: S) => number;
  show: (amount: number) => string;
}) {
  return (
    <tbody>
      <tr className="compare__group">
        <th scope="rowgroup" colSpan={sailings.length + 1}>
          <span>{heading}</span>
        </th>
      </tr>
      {CABIN_CLASSES.map((c) => {
        const prices = sailings.map((s) => {
          const price = s.prices.find((p) => p.cabinClass === c);
          return price && price.availability !== "SOLD_OUT" ? { price, value: amount(price.pricePerGuest, s) } : price;
        });
        const values = prices.map((p) => (p && "value" in p ? p.value : null));
        const lowest = lowestInRow(values);
        return (
          <Row
            key={c}
            label={CABIN_CLASS_NAMES[c]}
            cells={prices.map((p, i) => {
              if (!p) return "Not offered";
              if (!("value" in p)) return AVAILABILITY_NAMES.SOLD_OUT;
              const few = p.price.availability === "FEW_LEFT" ? ` (${AVAILABILITY_NAMES.FEW_LEFT})` : "";
              return (
                <>
                  {show(p.value)}
                  {few}
                  {lowest[i] ? <span className="tag tag--lowest">{LOWEST_TEXT}</span> : null}
                </>
              );
            })}
          />
        );
      })}
    </tbody>
  );
}

/** A ship's fact, or a word when the fleet could not be read. */
function shipFact(ship: ShipSummary | null, fact: (ship: ShipSummary) => string): string {
  return ship ? fact(ship) : "Unavailable just now";
}

export const meta: MetaFunction = ({ location }) => [{ title: titleFor(location.pathname) }];
