import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { Fragment } from "react";
import { CompareButton, CompareForm, CompareLink } from "~/components/catalogue/compare-controls";
import { SearchForm } from "~/components/catalogue/search-form";
import {
  atResults,
  FoundCount,
  NoMatches,
  Notices,
  Pagination,
  RefineLayout,
  SortHeader,
  SortLinks,
  widenLinks,
} from "~/components/lists";
import {
  AVAILABILITY_NAMES,
  CABIN_CLASSES,
  CABIN_CLASS_NAMES,
  brandName,
  type CabinClass,
} from "~/domain/catalogue/codes";
import { describeParty } from "~/domain/catalogue/guests";
import {
  CSV_MAX_ROWS,
  sailingDetailHref,
  sailingRowId,
  searchParams,
  SORT_NAMES,
  SORTS,
  type ItinerarySearch,
} from "~/domain/catalogue/itinerary-search";
import { money, wholeNumber, type ShownCurrency } from "~/domain/money";
import { displayDate } from "~/domain/dates";
import { screenHeading } from "~/domain/screens";
import { titleFor } from "~/domain/titles";
import { itineraryResults, type SailingRow } from "~/server/catalogue/itinerary-results.server";
import { requireAgent } from "~/server/auth/auth.server";
import { withUpstreamErrors } from "~/server/infra/route-errors.server";

const HEADING = screenHeading("/itinerary/results") ?? "Itinerary results";

/**
 * /itinerary/results: the URL holds every filter, the sort and the page (searchParams writes them in
 * one order), so a search is bookmarked, shared and walked back like any page. A page past the last
 * shows the last, with a notice.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const agent = await requireAgent(request);
  return withUpstreamErrors(() => itineraryResults(request, agent));
}

export default function ItineraryResults() {
  const data = useLoaderData<typeof loader>();
  const { search, found, currency, compare } = data;
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const href = (change: Partial<ItinerarySearch>) => atResults(`/itinerary/results?${searchParams(search, change)}`);
  return (
    <section aria-labelledby="screen-heading" className="catalogue">
      <h1 id="screen-heading">{HEADING}</h1>
      <RefineLayout
        form={<SearchForm parsed={data} options={data.options} compact />}
        open={Object.keys(data.errors).length > 0}
      >
        <Notices notices={data.notices} />
        <div className="catalogue__summary">
          <FoundCount found={found} noun={["sailing", "sailings"]} none="No sailings found." />
          <p className="catalogue__party">
            Prices per guest for {describeParty(search)} in {currency.code}
            {currency.rateDate ? `, at the exchange rate of ${displayDate(currency.rateDate)}` : ""}.
          </p>
          <p className="actions">
            <CompareLink count={compare.length} search={search} />
            {found.total > 0 ? (
              <a href={`/itinerary/results.csv?${searchParams(search, { page: 1 })}`}>
                {found.total > CSV_MAX_ROWS
                  ? `Download the first ${wholeNumber(CSV_MAX_ROWS)} as CSV`
                  : `Download ${found.total === 1 ? "this sailing" : `these ${wholeNumber(found.total)} sailings`} as CSV`}
              </a>
            ) : null}
          </p>
        </div>
        {found.total > 1 ? (
          <SortLinks
            sorts={SORTS}
            names={SORT_NAMES}
            current={search.sort}
            href={(sort) => href({ sort, order: "asc", page: 1 })}
          />
        ) : null}
        {found.total === 0 ? (
          <NoMatches
            found="No sailings match every filter."
            intro="To find more, you could:"
            ways={widenLinks(data.hints, atResults)}
          />
        ) : (
          <SailingTable
            items={found.items}
            search={search}
            currency={currency}
            compare={compare}
            href={href}
            returnTo={here}
          />
        )}
        <Pagination page={found.page} pageCount={found.pageCount} href={(page) => href({ page })} />
      </RefineLayout>
    </section>
  );
}

function SailingTable({
  items,
  search,
  currency,
  compare,
  href,
  returnTo,
}: {
  items: SailingRow[];
  search: ItinerarySearch;
  currency: ShownCurrency;
  compare: string[];
  href: (change: Partial<ItinerarySearch>) => string;
  returnTo: string;
}) {
  const sortHref = (next: { sort: string; order: "asc" | "desc" }) =>
    href({ sort: next.sort as ItinerarySearch["sort"], order: next.order, page: 1 });
  const state = { sort: search.sort, order: search.order };
  // Every row's link carries the same search after its sailing: written once, not once a row.
  const searchQuery = searchParams(search).toString();
  return (
    <CompareForm returnTo={returnTo} toRow>
      <div className="table-scroll" role="region" aria-labelledby="sailings-caption" tabIndex={0}>
        <table className="data-table data-table--stack sailings">
          <caption id="sailings-caption">
            Sailings, sorted by {search.sort === "date" ? "sail date" : search.sort}
            {search.order === "desc" ? ", highest first" : ""}
          </caption>
          <thead>
            <tr>
              <th scope="col">Ship</th>
              <SortHeader column="date" state={state} href={sortHref}>
                Sail date
              </SortHeader>
              <SortHeader column="nights" state={state} href={sortHref}>
                Nights
              </SortHeader>
              <th scope="col">Itinerary</th>
              <SortHeader column="price" state={state} href={sortHref} className="num">
                {search.cabinClass ? `${CABIN_CLASS_NAMES[search.cabinClass]} from` : "From"}
              </SortHeader>
              <th scope="col">Per guest by stateroom</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((sailing) => {
              const detail = sailingDetailHref(sailing.sailingId, searchQuery);
              return (
                <tr key={sailing.sailingId} id={sailingRowId(sailing.sailingId)}>
                  <th scope="row">
                    <Link to={detail}>{sailing.shipName}</Link>
                    <span className="sailings__brand">{brandName(sailing.brand)}</span>
                  </th>
                  <td data-label="Sail date">{displayDate(sailing.sailDate)}</td>
                  <td className="num" data-label="Nights">
                    {sailing.nights}
                  </td>
                  <td data-label="Itinerary">
                    <span className="sailings__destination">{sailing.destination}</span> {sailing.departurePort}
                    {sailing.ports.length ? ` · ${sailing.ports.join(" · ")}` : ""}
                    {sailing.returnPort ? ` · ${sailing.returnPort}` : ""}
                    {sailing.tourType === "CT" ? <span className="tag">Cruise and tour</span> : null}
                  </td>
                  <td
                    className="num sailings__from"
                    data-label={search.cabinClass ? `${CABIN_CLASS_NAMES[search.cabinClass]} from` : "From"}
                  >
                    {search.cabinClass ? (
                      <PriceCell sailing={sailing} cabinClass={search.cabinClass} currency={currency} />
                    ) : sailing.lowestPrice === null ? (
                      <span className="muted">{AVAILABILITY_NAMES.SOLD_OUT}</span>
                    ) : (
                      money(sailing.lowestPrice, currency)
                    )}
                  </td>
                  <td data-label="Per guest by stateroom">
                    <dl className="class-prices">
                      {CABIN_CLASSES.map((c) => (
                        <Fragment key={c}>
                          <dt>{CABIN_CLASS_NAMES[c]}</dt>
                          <dd>
                            <PriceCell sailing={sailing} cabinClass={c} currency={currency} />
                          </dd>
                        </Fragment>
                      ))}
                    </dl>
                  </td>
                  <td>
                    <CompareButton
                      sailingId={sailing.sailingId}
                      selection={compare}
                      label={`${sailing.shipName}, ${displayDate(sailing.sailDate)}`}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </CompareForm>
  );
}

function PriceCell({
  sailing,
  cabinClass,
  currency,
}: {
  sailing: SailingRow;
  cabinClass: CabinClass;
  currency: ShownCurrency;
}) {
  const price = sailing.prices.find((p) => p.cabinClass === cabinClass);
  if (!price) return <span className="muted">Not offered</span>;
  if (price.availability === "SOLD_OUT") return <span className="muted">{AVAILABILITY_NAMES.SOLD_OUT}</span>;
  return (
    <>
      {money(price.pricePerGuest, currency)}
      {price.availability === "FEW_LEFT" ? <span className="availability">{AVAILABILITY_NAMES.FEW_LEFT}</span> : null}
    </>
  );
}

export const meta: MetaFunction = ({ location }) => [{ title: titleFor(location.pathname) }];
