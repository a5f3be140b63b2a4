import { Facts } from "~/components/facts";
import { DataTable, type Column } from "~/components/lists";
import { brandName } from "~/domain/catalogue/codes";
import { moneyIn } from "~/domain/money";
import { codeLabel } from "~/domain/lists";
import { displayDate } from "~/domain/dates";
import { PAYMENT_TYPE_NAMES } from "~/domain/insights/bookings";
import { stateroomName, timeOrDash } from "~/domain/travel-docs";
import type { DocumentContent } from "~/server/clients/travel-docs.server";

type Day = NonNullable<DocumentContent["itinerary"]>[number];
type Payment = NonNullable<DocumentContent["invoice"]>["payments"][number];
type Guest = DocumentContent["booking"]["guests"][number];

const DAY_COLUMNS: ReadonlyArray<Column<Day>> = [
  { key: "day", header: "Day", rowHeader: true, cell: (d) => String(d.day) },
  { key: "date", header: "Date", cell: (d) => displayDate(d.date) },
  { key: "port", header: "Port", cell: (d) => d.port ?? "At sea" },
  { key: "arrival", header: "Arrives", cell: (d) => timeOrDash(d.arrival) },
  { key: "departure", header: "Departs", cell: (d) => timeOrDash(d.departure) },
];

const paymentColumns = (currency: string): ReadonlyArray<Column<Payment & { n: number }>> => [
  { key: "paidOn", header: "Date", rowHeader: true, cell: (p) => displayDate(p.paidOn) },
  {
    key: "type",
    header: "Payment",
    cell: (p) => PAYMENT_TYPE_NAMES[p.paymentType as keyof typeof PAYMENT_TYPE_NAMES] ?? p.paymentType,
  },
  { key: "method", header: "Method", cell: (p) => p.method },
  { key: "amount", header: "Amount", num: true, cell: (p) => moneyIn(p.amount, currency) },
];

const GUEST_COLUMNS: ReadonlyArray<Column<Guest & { n: number }>> = [
  { key: "name", header: "Guest", rowHeader: true, cell: (g) => `${g.givenName} ${g.surname}` },
  { key: "loyalty", header: "Loyalty number", cell: (g) => g.loyaltyNumber ?? "—" },
];

/**
 * One travel document as the guest sees it (the agent's document page and the public preview show the
 * same): the sailing, then what the document is for. Printable (the print stylesheet drops the rest).
 */
export function TravelDocumentView({
  document: d,
  headingLevel = 2,
}: {
  document: DocumentContent;
  headingLevel?: 2 | 3;
}) {
  const b = d.booking;
  const H = headingLevel === 2 ? "h2" : "h3";
  const id = (part: string) => `doc-${d.kind}-${part}`;
  return (
    <article className="travel-document" aria-labelledby={id("title")}>
      <H id={id("title")}>
        {d.title}: booking {b.bookingId}
      </H>
      <Facts
        items={[
          ["Cruise line", brandName(b.brand)],
          ["Ship", b.shipName],
          ["Sails", `${displayDate(b.sailDate)} from ${b.departurePort}`],
          ["Returns", b.returnDate ? displayDate(b.returnDate) : "—"],
          ["Nights", String(b.nights)],
          ["Stateroom", stateroomName(b.cabinClass)],
        ]}
      />

      {d.boarding ? (
        <section aria-labelledby={id("boarding")}>
          <h3 id={id("boarding")}>Boarding</h3>
          <Facts
            items={[
              ["Port", d.boarding.port],
              ["Date", displayDate(d.boarding.date)],
              ["All aboard by", timeOrDash(d.boarding.allAboard)],
              ["The ship departs", timeOrDash(d.boarding.departure)],
            ]}
          />
          <DataTable
            rows={b.guests.map((g, n) => ({ ...g, n }))}
            columns={GUEST_COLUMNS}
            rowKey={(g) => String(g.n)}
            caption="Guests on this e-ticket"
            captionId={id("guests")}
          />
          <p className="muted">
            Bring this e-ticket and a valid passport or identity card for each guest to the terminal.
          </p>
        </section>
      ) : null}

      {d.kind === "luggage-tags" ? (
        <section aria-labelledby={id("tags")}>
          <h3 id={id("tags")}>Tags to print</h3>
          <p className="muted no-print">Print this page, cut out each tag and fix it to a bag.</p>
          <ul className="luggage-tags">
            {b.guests.map((g, n) => (
              <li key={n} className="luggage-tag">
                <strong>
                  {g.givenName} {g.surname}
                </strong>
                <span>{b.shipName}</span>
                <span>Sails {displayDate(b.sailDate)}</span>
                <span>Booking {b.bookingId}</span>
                <span>From {b.departurePort}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {d.itinerary ? (
        <section aria-labelledby={id("days")}>
          <h3 id={id("days")}>Day by day</h3>
          <DataTable
            rows={d.itinerary}
            columns={DAY_COLUMNS}
            rowKey={(day) => String(day.day)}
            caption={`The itinerary of ${b.shipName}, ${displayDate(b.sailDate)}, day by day (local times)`}
            captionId={id("days-caption")}
          />
        </section>
      ) : null}

      {d.invoice ? (
        <section aria-labelledby={id("amounts")}>
          <h3 id={id("amounts")}>Amounts</h3>
          <Facts
            items={[
              ["Booking status", codeLabel(d.invoice.status)],
              ["Total price", moneyIn(d.invoice.total, d.invoice.currency)],
              ["Paid", moneyIn(d.invoice.paid, d.invoice.currency)],
              [
                "Balance due",
                `${moneyIn(d.invoice.due, d.invoice.currency)}${
                  d.invoice.due > 0 && d.invoice.balanceDueDate ? ` by ${displayDate(d.invoice.balanceDueDate)}` : ""
                }`,
              ],
            ]}
          />
          {d.invoice.payments.length === 0 ? (
            <p>No payments have been made yet.</p>
          ) : (
            <DataTable
              rows={d.invoice.payments.map((p, n) => ({ ...p, n }))}
              columns={paymentColumns(d.invoice.currency)}
              rowKey={(p) => String(p.n)}
              caption="Payments received"
              captionId={id("payments")}
            />
          )}
        </section>
      ) : null}

      {d.kind === "itinerary" || d.kind === "invoice" ? (
        <section aria-labelledby={id("guests-heading")}>
          <h3 id={id("guests-heading")}>Guests</h3>
          <ul>
            {b.guests.map((g, n) => (
              <li key={n}>
                {g.givenName} {g.surname}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}
