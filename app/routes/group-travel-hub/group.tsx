import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Facts } from "~/components/facts";
import { GroupToolLink } from "~/components/group-tool-link";
import { PaymentFlagTag, SpaceTerms } from "~/components/groups/group-parts";
import { SpaceLines } from "~/components/groups/space-chart";
import { DataTable, type Column } from "~/components/lists";
import { analyticsAttributes } from "~/domain/analytics";
import { CABIN_CLASS_NAMES, type CabinClass } from "~/domain/catalogue/codes";
import { moneyIn, wholeNumber } from "~/domain/money";
import { displayDate } from "~/domain/dates";
import {
  DEADLINE_NAMES,
  DEADLINE_STATE_NAMES,
  HUB_PATH,
  brandName,
  creditsText,
  deadlineState,
  finalPaymentFlag,
  spaceChange,
  stateroomsFree,
  type SpacePoint,
  requestHref,
} from "~/domain/groups";
import { codeLabel } from "~/domain/lists";
import { pageTitle, titleFor } from "~/domain/titles";
import { groupPage, type GroupBooking, type GroupDetail } from "~/server/groups/hub.server";
import type { SpaceChart } from "~/server/groups/space-chart.server";
import { requireAgent } from "~/server/auth/auth.server";
import { withUpstreamErrors } from "~/server/infra/route-errors.server";

/**
 * /group-travel-hub/{groupId}: one group of the agent's agency: its space (held, booked, released), guests,
 * amenity points and tour-conductor credits, its deadlines (past, due within 48 hours, upcoming) and its
 * bookings, each linking to the insights booking page. Another agency's group is not found (the upstream
 * answers 404; nothing of it is shown).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const agent = await requireAgent(request);
  return withUpstreamErrors(() => groupPage(agent, params.groupId ?? ""));
}

const TAG: Record<ReturnType<typeof deadlineState>, string> = {
  past: "tag tag--expired",
  urgent: "tag",
  upcoming: "tag tag--current",
};

type HistoryRow = { point: SpacePoint; before: SpacePoint | null };

const HISTORY_COLUMNS: ReadonlyArray<Column<HistoryRow>> = [
  { key: "date", header: "Date", rowHeader: true, cell: (r) => displayDate(r.point.date) },
  { key: "change", header: "What changed", cell: (r) => spaceChange(r.point, r.before) },
  { key: "held", header: "Staterooms held", num: true, cell: (r) => wholeNumber(r.point.held) },
  { key: "booked", header: "Staterooms booked", num: true, cell: (r) => wholeNumber(r.point.booked) },
  { key: "released", header: "Staterooms released", num: true, cell: (r) => wholeNumber(r.point.released) },
];

export default function GroupPage() {
  const {
    group: g,
    chart,
    today,
    groupTool,
  } = useLoaderData<typeof loader>() as {
    group: GroupDetail;
    chart: SpaceChart | null;
    today: string;
    groupTool: boolean;
  };
  const currency = g.bookings[0]?.currency ?? "USD";
  const columns: ReadonlyArray<Column<GroupBooking>> = [
    {
      key: "booking",
      header: "Booking",
      rowHeader: true,
      cell: (b) => (
        <Link
          to={`/insights/booking/${encodeURIComponent(b.bookingId)}`}
          {...analyticsAttributes({
            name: "booking_click",
            bookingId: b.bookingId,
            groupId: g.groupId,
            brand: g.brand,
            shipName: g.shipName,
            sailDate: g.sailDate,
          })}
        >
          {b.bookingId}
        </Link>
      ),
    },
    { key: "lead", header: "Lead guest", cell: (b) => b.leadGuest },
    { key: "status", header: "Status", cell: (b) => codeLabel(b.status) },
    { key: "guests", header: "Guests", num: true, cell: (b) => wholeNumber(b.guests) },
    { key: "rooms", header: "Staterooms", num: true, cell: (b) => wholeNumber(b.staterooms) },
    {
      key: "class",
      header: "Cabin class",
      cell: (b) => CABIN_CLASS_NAMES[b.cabinClass as CabinClass] ?? codeLabel(b.cabinClass),
    },
    { key: "total", header: "Total", num: true, cell: (b) => moneyIn(b.totalPrice, b.currency) },
    {
      key: "due",
      header: "Balance due",
      num: true,
      cell: (b) =>
        `${moneyIn(b.amountDue, b.currency)}${b.amountDue > 0 && b.balanceDueDate ? ` by ${displayDate(b.balanceDueDate)}` : ""}`,
    },
  ];
  const due = g.bookings.reduce((sum, b) => sum + b.amountDue, 0);
  return (
    <section aria-labelledby="screen-heading" className="insights booking">
      <p>
        <Link to={HUB_PATH}>Back to the group travel hub</Link>
      </p>
      <h1 id="screen-heading">
        Group {g.groupId}: {g.name}
      </h1>
      <p className="lead">
        {g.shipName} ({brandName(g.brand)}), sails {displayDate(g.sailDate)} · sailing {g.sailingId}
      </p>
      <p className="actions">
        <Link to={requestHref(g.sailingId)} className="button button--primary">
          Request more space on this sailing
        </Link>
        {groupTool ? <GroupToolLink groupId={g.groupId} /> : null}
      </p>
      <PaymentFlagTag flag={finalPaymentFlag(g, today)} />
      <Facts
        items={[
          ["Guests named", wholeNumber(g.guestsNamed)],
          ["Paying guests", wholeNumber(g.payingGuests)],
          ["Amenity points", wholeNumber(g.amenityPoints)],
          ["Tour-conductor credits", creditsText(g.tourConductorCredits, g.payingGuests)],
          ["Balance due on the bookings", moneyIn(due, currency)],
          ["Branch", g.branch],
        ]}
      />

      <h2 id="space-heading" className="group-space__heading">
        Group space
      </h2>
      <SpaceTerms space={g.staterooms} />
      <p>{wholeNumber(stateroomsFree(g.staterooms))} of the staterooms held are not booked yet.</p>
      {chart ? (
        <>
          <SpaceLines chart={chart} title={`Staterooms held, booked and released for group ${g.groupId} over time`} />
          <DataTable
            rows={g.spaceHistory.map((point, i) => ({ point, before: g.spaceHistory[i - 1] ?? null }))}
            rowKey={(r) => r.point.date}
            caption={`Group ${g.groupId}'s space, day by day`}
            captionId="space-history-caption"
            columns={HISTORY_COLUMNS}
          />
        </>
      ) : null}

      <h2 id="deadlines-heading">Deadlines</h2>
      <ul className="booking__alerts" aria-labelledby="deadlines-heading">
        {g.deadlines.map((d) => {
          const state = deadlineState(d.dueDate, today);
          return (
            <li key={d.kind}>
              <strong>{DEADLINE_NAMES[d.kind]}</strong>: {state === "past" ? "was due" : "due"} {displayDate(d.dueDate)}
              <span className={TAG[state]}>{DEADLINE_STATE_NAMES[state]}</span>
            </li>
          );
        })}
      </ul>

      <h2>Bookings</h2>
      {g.bookings.length === 0 ? (
        <p>No bookings in this group yet.</p>
      ) : (
        <DataTable
          rows={g.bookings}
          rowKey={(b) => b.bookingId}
          caption={`Bookings in group ${g.groupId}`}
          captionId="group-bookings-caption"
          columns={columns}
        />
      )}
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: loaded, location }) => [
  { title: loaded ? pageTitle(`Group ${loaded.group.groupId} - Group Travel Hub`) : titleFor(location.pathname) },
];
