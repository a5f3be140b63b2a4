import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Fragment } from "react";
import { SelectField } from "~/components/forms";
import { Intro } from "~/components/intro";
import {
  CsvLink,
  DataTable,
  FoundCount,
  NoMatches,
  Notices,
  Pagination,
  type Column,
  widenLinks,
} from "~/components/lists";
import { BRANDS, brandName } from "~/domain/catalogue/codes";
import { sailingDetailHref } from "~/domain/catalogue/itinerary-search";
import { displayDate } from "~/domain/dates";
import {
  QUALIFY_RULES,
  RATE_TYPES,
  RATE_TYPE_NAMES,
  SORT_NAMES,
  rateClassName,
  rateSearchParams,
  yourRequestLabel,
  type RateSearch,
  rateMoney,
} from "~/domain/reduced-rates";
import { titleFor } from "~/domain/titles";
import { requireAgent } from "~/server/auth/auth.server";
import { ratesListPage, type ListedSailing } from "~/server/reduced-rates/list.server";

const PATH = "/reduced-rates";
const LIST_UNAVAILABLE = "The reduced-rate sailings cannot be shown just now. Please try again in a few minutes.";

/**
 * /reduced-rates: who qualifies for the cruise lines' agent and familiarisation rates, and
 * the qualifying sailings still taking requests, with their filters, sort and page in the URL (a GET form and
 * links, so it works without JavaScript). Each sailing links to its request form and its itinerary.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const agent = await requireAgent(request);
  return ratesListPage(request, agent);
}

const href = (search: RateSearch, change: Partial<RateSearch> = {}) => {
  const query = rateSearchParams(search, change);
  return query ? `${PATH}?${query}` : PATH;
};

/** The CSV of the same filters and sort, every page. */
const csvHref = (search: RateSearch) => {
  const query = rateSearchParams(search, { page: 1 });
  return query ? `${PATH}/sailings.csv?${query}` : `${PATH}/sailings.csv`;
};

const sailingLabel = (s: ListedSailing) => `${s.shipName}, ${displayDate(s.sailDate)}`;

const COLUMNS: ReadonlyArray<Column<ListedSailing>> = [
  {
    key: "ship",
    header: "Ship",
    rowHeader: true,
    cell: (s) => (
      <>
        {s.shipName}
        <span className="sailings__brand">{brandName(s.brand)}</span>
      </>
    ),
  },
  { key: "date", header: "Sail date", sort: "date", cell: (s) => displayDate(s.sailDate) },
  { key: "nights", header: "Nights", sort: "nights", num: true, cell: (s) => s.nights },
  {
    key: "itinerary",
    header: "Itinerary",
    cell: (s) => (
      <>
        <span className="sailings__destination">{s.destination}</span> from {s.departurePort}
      </>
    ),
  },
  { key: "type", header: "Rate type", cell: (s) => RATE_TYPE_NAMES[s.rateType] },
  {
    key: "rates",
    header: "Rate per guest",
    sort: "rate",
    cell: (s) => (
      <dl className="class-prices">
        {s.rates.map((r) => (
          <Fragment key={r.cabinClass}>
            <dt>{rateClassName(r.cabinClass)}</dt>
            <dd>{rateMoney(r.ratePerGuest, s.currency)}</dd>
          </Fragment>
        ))}
      </dl>
    ),
  },
  { key: "deadline", header: "Request by", sort: "deadline", cell: (s) => displayDate(s.requestDeadline) },
  {
    key: "actions",
    header: "Actions",
    cell: (s) => (
      <p className="actions">
        {s.yourRequest ? (
          <Link to={`${PATH}/requests`}>
            {yourRequestLabel(s.yourRequest)}
            <span className="visually-hidden"> (your request on {sailingLabel(s)})</span>
          </Link>
        ) : (
          <Link to={`${PATH}/request?${new URLSearchParams({ sailing: s.sailingId })}`}>
            Request<span className="visually-hidden"> a reduced rate on {sailingLabel(s)}</span>
          </Link>
        )}
        <Link to={sailingDetailHref(s.sailingId)}>
          Itinerary<span className="visually-hidden"> of {sailingLabel(s)}</span>
        </Link>
      </p>
    ),
  },
];

export default function ReducedRates() {
  const { heading, intro, search, found, notices, ships, months, hints } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="screen-heading" className="reduced-rates">
      <h1 id="screen-heading">{heading}</h1>
      {intro ? <Intro html={intro} /> : null}

      <section className="panel" aria-labelledby="qualify-heading">
        <h2 id="qualify-heading">Who qualifies</h2>
        <p>
          The cruise lines offer travel professionals agent rates and familiarisation (FAM) rates on the sailings below,
          so that you can get to know their ships and itineraries.
        </p>
        <ul>
          {QUALIFY_RULES.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
        <p>
          <Link to={`${PATH}/requests`}>See your reduced-rate requests</Link>
        </p>
      </section>

      <Form method="get" action={PATH} className="panel filter-form" aria-label="Filter the qualifying sailings">
        <div className="filter-form__grid">
          <SelectField
            label="Cruise line"
            placeholder="Every cruise line"
            options={BRANDS.map((b) => ({ value: b.code, label: b.name }))}
            selectProps={{ name: "brand", id: "rates-brand", defaultValue: search.brand ?? "" }}
          />
          <SelectField
            label="Ship"
            placeholder="Every ship"
            options={ships}
            selectProps={{ name: "ship", id: "rates-ship", defaultValue: search.ship ?? "" }}
          />
          <SelectField
            label="Sailing in"
            placeholder="Any month"
            options={months}
            selectProps={{ name: "month", id: "rates-month", defaultValue: search.month ?? "" }}
          />
          <SelectField
            label="Rate type"
            placeholder="Every rate type"
            options={RATE_TYPES.map((t) => ({ value: t, label: RATE_TYPE_NAMES[t] }))}
            selectProps={{ name: "rateType", id: "rates-type", defaultValue: search.rateType ?? "" }}
          />
        </div>
        {search.sort !== "date" || search.order !== "asc" ? (
          <>
            <input type="hidden" name="sort" value={search.sort} />
            <input type="hidden" name="order" value={search.order} />
          </>
        ) : null}
        <button type="submit" className="button button--primary">
          Show sailings
        </button>
      </Form>

      <Notices notices={notices} />
      {found === null ? (
        <p className="notice notice--warning" role="alert">
          {LIST_UNAVAILABLE}
        </p>
      ) : (
        <>
          <FoundCount
            found={found}
            noun={["qualifying sailing", "qualifying sailings"]}
            none="No qualifying sailings found."
          />
          <CsvLink href={csvHref(search)} total={found.total} noun={["sailing", "sailings"]} />
          {found.total === 0 ? (
            <NoMatches
              found="No qualifying sailing matches every filter."
              intro="To find more, you could:"
              ways={widenLinks(hints)}
            >
              <p>
                <Link to={PATH}>Show every qualifying sailing</Link>
              </p>
            </NoMatches>
          ) : (
            <DataTable
              rows={found.items}
              columns={COLUMNS}
              rowKey={(s) => s.sailingId}
              caption={`Qualifying sailings, sorted by ${SORT_NAMES[search.sort].toLowerCase()}${search.order === "desc" ? ", descending" : ""}`}
              captionId="rates-caption"
              sort={{ sort: search.sort, order: search.order }}
              sortHref={(next) => href(search, { sort: next.sort as RateSearch["sort"], order: next.order, page: 1 })}
            />
          )}
          <Pagination page={found.page} pageCount={found.pageCount} href={(page) => href(search, { page })} />
        </>
      )}
    </section>
  );
}

export const meta: MetaFunction = ({ location }) => [{ title: titleFor(location.pathname) }];
