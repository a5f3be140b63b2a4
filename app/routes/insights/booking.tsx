import type { ReactNode } from "react";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { DataTable, type Column } from "~/components/lists";
import { brandName, CABIN_CLASS_NAMES, type CabinClass } from "~/domain/catalogue/codes";
import { moneyIn } from "~/domain/money";
import { codeLabel } from "~/domain/lists";
import { analyticsAttributes } from "~/domain/analytics";
import { travelDocsPath } from "~/domain/travel-docs";
import { displayDate } from "~/domain/dates";
import { ALERT_TYPE_NAMES } from "~/domain/insights/alerts";
import { urgencyOf } from "~/domain/insights/urgency";
import { UrgencyFlag } from "~/components/insights/urgency-flag";
import { PAYMENT_TYPE_NAMES } from "~/domain/insights/bookings";
import { titleFor } from "~/domain/titles";
import { requireAgent } from "~/server/auth/auth.server";
import { withUpstreamErrors } from "~/server/infra/route-errors.server";
import { bookingPage, type Booking, type Redemption } from "~/server/insights/booking.server";
import { Facts } from "~/components/facts";

const CERTIFICATES_UNAVAILABLE = "The certificates applied to this booking cannot be shown just now.";

const CERTIFICATE_COLUMNS: ReadonlyArray<Column<Redemption>> = [
  { key: "code", header: "Code", rowHeader: true, cell: (c) => c.code },
  { key: "value", header: "Value", num: true, cell: (c) => moneyIn(c.value, c.currency) },
  { key: "redeemedAt", header: "Applied on", cell: (c) => displayDate(c.redeemedAt.slice(0, 10)) },
  { key: "redeemedBy", header: "Applied by", cell: (c) => c.redeemedBy ?? "—" },
];

/**
 * /insights/booking/{bookingId}: one booking of the agent's agency (every insights row links here):
 * the sailing, guests, payments, open alerts and notes. A booking of another agency, or of a branch
 * the agent may not see, is not found (the insight API answers 404; nothing of it is shown).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const agent = await requireAgent(request);
  return withUpstreamErrors(() => bookingPage(agent, params.bookingId ?? ""));
}

export default function BookingDetail() {
  const {
    booking: b,
    certificates,
    guestDocs,
    flexPay,
    today,
  } = useLoaderData<typeof loader>() as {
    booking: Booking;
    certificates: Redemption[] | null;
    guestDocs: boolean;
    flexPay: boolean;
    today: string;
  };
  const facts: Array<[string, ReactNode]> = [
    ["Status", codeLabel(b.status) + (b.cancelledOn ? ` on ${displayDate(b.cancelledOn)}` : "")],
    ["Cruise line", brandName(b.brand)],
    ["Ship", b.shipName],
    ["Sails", `${displayDate(b.sailDate)}, ${b.nights} nights from ${b.departurePort}`],
    ["Stateroom", CABIN_CLASS_NAMES[b.cabinClass as CabinClass] ?? codeLabel(b.cabinClass)],
    ["Reservation", b.groupId ? `Group ${b.groupId}` : "Individual"],
    ["Rooms", String(b.totalRooms)],
    ["Branch", b.branch],
    ["Total price", moneyIn(b.totalPrice, b.currency)],
    ["Paid", moneyIn(b.amountPaid, b.currency)],
    [
      "Balance due",
      <>
        {moneyIn(b.amountDue, b.currency)}
        {b.balanceDueDate ? ` by ${displayDate(b.balanceDueDate)} ` : null}
        <UrgencyFlag urgency={urgencyOf(b.balanceDueDate, today, b.amountDue <= 0 || b.status === "CANCELLED")} />
      </>,
    ],
    ["Deposit expiring", b.depositExpiring ? "Yes" : "No"],
    ...(flexPay ? ([["Flex pay", b.flexPay ? "Yes" : "No"]] as Array<[string, string]>) : []),
    ["Enrolment", b.enrolment],
    ["Compensation", `${codeLabel(b.compensationType)}: ${moneyIn(b.commission, b.currency)}`],
  ];
  return (
    <section aria-labelledby="screen-heading" className="insights booking">
      <p>
        <Link to="/insights/alert-centre">Back to the alert centre</Link>
      </p>
      <h1 id="screen-heading">Booking {b.bookingId}</h1>
      <p className="lead">
        {b.guests[0] ? `${b.guests[0].surname}, ${b.guests[0].givenName}` : "No guests named"} · {b.guestCount}{" "}
        {b.guestCount === 1 ? "guest" : "guests"}
      </p>
      <Facts items={facts} />
      {guestDocs && b.guests[0] && b.status !== "CANCELLED" ? (
        <p>
          <Link
            to={travelDocsPath({ bookingId: b.bookingId, surname: b.guests[0].surname, sailDate: b.sailDate })}
            {...analyticsAttributes({ name: "travel_documents_click", bookingId: b.bookingId, brand: b.brand })}
          >
            Travel documents for this booking
          </Link>
        </p>
      ) : null}

      <h2>Alerts</h2>
      {b.alerts.length === 0 ? (
        <p>No open alerts on this booking.</p>
      ) : (
        <ul className="booking__alerts">
          {b.alerts.map((a) => (
            <li key={a.alertId}>
              <strong>{ALERT_TYPE_NAMES[a.type]}</strong>: due {displayDate(a.dueDate)}{" "}
              <UrgencyFlag urgency={urgencyOf(a.dueDate, today)} />
            </li>
          ))}
        </ul>
      )}

      <h2>Certificates</h2>
      {certificates === null ? (
        <p className="notice notice--warning" role="status">
          {CERTIFICATES_UNAVAILABLE}
        </p>
      ) : certificates.length === 0 ? (
        <p>No certificate has been applied to this booking.</p>
      ) : (
        <DataTable
          rows={certificates}
          rowKey={(c) => c.code}
          caption={`Certificates applied to booking ${b.bookingId}`}
          captionId="certificates-caption"
          columns={CERTIFICATE_COLUMNS}
        />
      )}
      {b.status === "CANCELLED" ? null : (
        <p>
          <Link to={`/certificate-redemption?booking=${encodeURIComponent(b.bookingId)}`}>
            Redeem a certificate on this booking
          </Link>
        </p>
      )}

      <h2>Guests</h2>
      <DataTable
        rows={b.guests}
        rowKey={(g) => g.guestId}
        caption={`Guests on booking ${b.bookingId}`}
        captionId="guests-caption"
        columns={[
          { key: "name", header: "Name", cell: (g) => `${g.surname}, ${g.givenName}` },
          { key: "age", header: "Age", num: true, cell: (g) => (g.age === null ? "—" : String(g.age)) },
          { key: "loyalty", header: "Loyalty number", cell: (g) => g.loyaltyNumber ?? "—" },
        ]}
      />

      <h2>Payments</h2>
      {b.payments.length === 0 ? (
        <p>No payments yet.</p>
      ) : (
        <DataTable
          rows={b.payments}
          rowKey={(p) => `${p.paidOn}:${p.amount}:${p.method}`}
          caption={`Payments on booking ${b.bookingId}`}
          captionId="payments-caption"
          columns={[
            { key: "paidOn", header: "Paid on", cell: (p) => displayDate(p.paidOn) },
            { key: "type", header: "Payment", cell: (p) => PAYMENT_TYPE_NAMES[p.paymentType] },
            { key: "method", header: "Method", cell: (p) => codeLabel(p.method) },
            { key: "amount", header: "Amount", num: true, cell: (p) => moneyIn(p.amount, b.currency) },
          ]}
        />
      )}

      <h2>Notes</h2>
      {b.notes.length === 0 ? (
        <p>No notes on this booking.</p>
      ) : (
        <ul className="booking__notes">
          {b.notes.map((n) => (
            <li key={`${n.createdAt}:${n.author}`}>
              <p>{n.text}</p>
              <p className="muted">
                {n.author}, {displayDate(n.createdAt)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export const meta: MetaFunction = ({ location }) => [{ title: titleFor(location.pathname) }];
