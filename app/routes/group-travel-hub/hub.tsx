import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Field, SelectField } from "~/components/forms";
import { GroupToolLink } from "~/components/group-tool-link";
import { PaymentFlagTag, SpaceTerms } from "~/components/groups/group-parts";
import { Intro } from "~/components/intro";
import { CsvLink, DataTable, FoundCount, NoMatches, Notices, Pagination, type Column } from "~/components/lists";
import { brandName } from "~/domain/catalogue/codes";
import { wholeNumber } from "~/domain/money";
import { displayDate } from "~/domain/dates";
import {
  BRAND_OPTIONS,
  finalPaymentFlag,
  groupHref,
  groupWidenings,
  groupsCaption,
  groupsCsvHref,
  hubHref,
  requestHref,
} from "~/domain/groups";
import { titleFor } from "~/domain/titles";
import { groupHub, type Group } from "~/server/groups/hub.server";
import { requireAgent } from "~/server/auth/auth.server";

/**
 * /group-travel-hub (the group travel tools): the agency's groups as a server table, filtered by
 * cruise line, ship and sail-date range with a GET form (the search is in the URL), sorted and paged with
 * links; each group links to its page. The partner group tool opens from here with single sign-on.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const agent = await requireAgent(request);
  return data(await groupHub(request, agent));
}

/**
 * The hub's columns, what an agent works from, one or two lines a row beside the open sidebar (the work
 * lists' look, `data-table--work`): a group's id and, under it, its name; a ship and its cruise line; the
 * final payment date and its flag (as of `today`); the guests named make way first. A long name ends in an ellipsis on a wide screen, whole
 * in its title and to a screen reader. Amenity points and tour-conductor credits are on the group's page
 * and in the CSV.
 */
const columns = (today: string): ReadonlyArray<Column<Group>> => [
  {
    key: "group",
    header: "Group",
    sort: "groupId",
    rowHeader: true,
    cell: (g) => (
      <>
        <Link to={groupHref(g.groupId)}>{g.groupId}</Link>
        <SecondLine text={g.name} />
      </>
    ),
  },
  {
    key: "ship",
    header: "Ship",
    sort: "ship",
    cell: (g) => (
      <>
        <span className="cell-clip" title={g.shipName}>
          {g.shipName}
        </span>
        <SecondLine text={brandName(g.brand)} />
      </>
    ),
  },
  { key: "sailDate", header: "Sail date", sort: "sailDate", cell: (g) => displayDate(g.sailDate) },
  {
    key: "held",
    header: "Staterooms held",
    sort: "held",
    num: true,
    cell: (g) => wholeNumber(g.staterooms.held),
  },
  {
    key: "booked",
    header: "Staterooms booked",
    sort: "booked",
    num: true,
    cell: (g) => wholeNumber(g.staterooms.booked),
  },
  { key: "released", header: "Staterooms released", num: true, cell: (g) => wholeNumber(g.staterooms.released) },
  // Makes way first beside the open sidebar (801–1599 px wide); a phone's cards, the group's page and the CSV keep it.
  {
    key: "guests",
    header: "Guests",
    num: true,
    className: "col-secondary",
    cell: (g) => wholeNumber(g.guestsNamed),
  },
  {
    key: "final",
    header: "Final payment",
    cell: (g) => (
      <>
        {displayDate(g.finalPaymentDate)}
        <PaymentFlagTag flag={finalPaymentFlag(g, today)} />
      </>
    ),
  },
];

/** A cell's second fact: its own line on a wide screen, after " · " on a phone's card. */
function SecondLine({ text }: { text: string }) {
  return (
    <span className="muted cell-second cell-clip" title={text}>
      <span className="cell-second__sep"> · </span>
      {text}
    </span>
  );
}

export default function GroupTravelHub() {
  const { heading, intro, search, notices, found, groupTool, today } = useLoaderData<typeof loader>();
  const widen = found?.total === 0 ? groupWidenings(search) : [];
  return (
    <section aria-labelledby="screen-heading" className="insights group-hub">
      <h1 id="screen-heading">{heading}</h1>
      {intro ? <Intro html={intro} /> : null}
      <p className="actions">
        <Link to={requestHref()} className="button button--primary">
          Request group space
        </Link>
        {groupTool ? <GroupToolLink /> : null}
      </p>

      <Form method="get" className="panel filter-form" aria-label="Find groups">
        <div className="filter-form__grid">
          <SelectField
            label="Cruise line"
            options={BRAND_OPTIONS}
            selectProps={{ name: "brand", id: "filter-brand", defaultValue: search.brand }}
          />
          <SelectField
            label="Ship"
            options={[
              { value: "", label: "Every ship" },
              ...(found?.ships ?? []).map((s) => ({ value: s.code, label: s.name })),
            ]}
            selectProps={{ name: "ship", id: "filter-ship", defaultValue: search.ship }}
          />
          <Field
            label="Sailing from"
            inputProps={{ name: "from", id: "filter-from", type: "date", defaultValue: search.from }}
          />
          <Field
            label="Sailing to"
            inputProps={{ name: "to", id: "filter-to", type: "date", defaultValue: search.to }}
          />
        </div>
        <input type="hidden" name="sort" value={search.sort} />
        <input type="hidden" name="order" value={search.order} />
        <button type="submit" className="button button--primary">
          Show groups
        </button>
      </Form>
      <Notices notices={notices} />

      {found === null ? (
        <p className="notice notice--warning" role="alert">
          Your agency&apos;s groups cannot be shown just now. Please try again in a few minutes.
        </p>
      ) : (
        <>
          <FoundCount found={found} noun={["group", "groups"]} none="No groups found." />
          <CsvLink href={groupsCsvHref(search)} total={found.total} noun={["group", "groups"]} />
          {found.total === 0 ? (
            <NoMatches
              found="No groups of your agency match every filter."
              intro="To find more, widen the search:"
              ways={widen.map((w) => (
                <Link key={w.label} to={hubHref(search, w.change)}>
                  {w.label}
                </Link>
              ))}
            >
              {widen.length ? null : (
                <p>
                  <Link to={requestHref()}>Request space for a new group</Link>.
                </p>
              )}
            </NoMatches>
          ) : (
            <>
              <SpaceTerms id="space-terms" />
              <DataTable
                rows={found.items}
                columns={columns(today)}
                rowKey={(g) => g.groupId}
                caption={groupsCaption(search)}
                captionId="groups-caption"
                className="data-table--work group-hub__table"
                sort={{ sort: search.sort, order: search.order }}
                sortHref={(next) =>
                  hubHref(search, { sort: next.sort as typeof search.sort, order: next.order, page: 1 })
                }
              />
            </>
          )}
          <Pagination
            page={found.page}
            pageCount={found.pageCount}
            href={(page) => hubHref(search, { page })}
            label="Pages of groups"
          />
        </>
      )}
    </section>
  );
}

export const meta: MetaFunction = ({ location }) => [{ title: titleFor(location.pathname) }];
