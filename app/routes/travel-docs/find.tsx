import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Facts } from "~/components/facts";
import { Field, StatusButton } from "~/components/forms";
import { Intro } from "~/components/intro";
import { DataTable, FoundCount, Pagination, type Column } from "~/components/lists";
import { analyticsAttributes } from "~/domain/analytics";
import { brandName } from "~/domain/catalogue/codes";
import { moneyIn, wholeNumber } from "~/domain/money";
import { displayDate } from "~/domain/dates";
import { codeLabel } from "~/domain/lists";
import { titleFor } from "~/domain/titles";
import {
  DOCUMENT_DESCRIPTIONS,
  DOCUMENT_KINDS,
  DOCUMENT_NAMES,
  NO_BOOKING_FOUND,
  readiness,
  readyBookingHref,
  readSailDate,
  stateroomName,
  type DocumentKind,
} from "~/domain/travel-docs";
import { requireAgent } from "~/server/auth/auth.server";
import { findPage, type ReadyBooking, type ReadyPage } from "~/server/travel-docs/find.server";

const PATH = "/travel-docs";
const FIND_UNAVAILABLE = "Bookings cannot be looked up just now. Please try again in a few minutes.";

/**
 * /travel-docs (handling travel documents; GUEST-DOCS): the agency's upcoming bookings whose documents are
 * all ready, soonest sailing first and paged (`?page=`), each linking to its documents, so the agent need
 * not type anything for their own bookings; and a GET form that finds any other booking of the agency by
 * booking id, a guest's surname and the sail date (all three must match; another agency's booking is "no
 * booking found" like none at all), then the booking and its four documents, each ready or not yet and
 * why, with links to the HTML and the PDF. The list failing leaves the look-up working.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const agent = await requireAgent(request);
  return findPage(request, agent);
}

type DocumentRow = { kind: DocumentKind; ready: boolean; why: string };

const documentColumns = (bookingId: string, brand: string): ReadonlyArray<Column<DocumentRow>> => {
  const base = `/travel-docs/${encodeURIComponent(bookingId)}`;
  const tracked = analyticsAttributes({ name: "travel_documents_click", bookingId, brand });
  return [
    {
      key: "document",
      header: "Document",
      rowHeader: true,
      cell: (r) => (
        <>
          {DOCUMENT_NAMES[r.kind]}
          <br />
          <span className="muted travel-docs__note">{DOCUMENT_DESCRIPTIONS[r.kind]}</span>
        </>
      ),
    },
    {
      key: "state",
      header: "Status",
      cell: (r) => (
        <>
          <strong>{r.ready ? "Ready" : "Not ready yet"}</strong>
          <br />
          {r.why}
        </>
      ),
    },
    {
      key: "open",
      header: "Open",
      cell: (r) =>
        r.ready ? (
          <span className="actions">
            <Link to={`${base}/${r.kind}`} {...tracked}>
              View {DOCUMENT_NAMES[r.kind].toLowerCase()}
            </Link>
            <a href={`${base}/${r.kind}/pdf`} target="_blank" rel="noopener" {...tracked}>
              PDF
              <span className="visually-hidden">
                {" "}
                of the {DOCUMENT_NAMES[r.kind].toLowerCase()} (opens in a new tab)
              </span>
            </a>
          </span>
        ) : (
          "—"
        ),
    },
  ];
};

const READY_COLUMNS: ReadonlyArray<Column<ReadyBooking>> = [
  {
    key: "booking",
    header: "Booking",
    rowHeader: true,
    cell: (b) => <Link to={readyBookingHref(b)}>{b.bookingId}</Link>,
  },
  { key: "lead", header: "Lead guest", cell: (b) => b.leadGuest },
  { key: "ship", header: "Ship", cell: (b) => `${b.shipName} (${brandName(b.brand)})` },
  { key: "sails", header: "Sails", cell: (b) => `${displayDate(b.sailDate)}, ${b.nights} nights` },
  { key: "guests", header: "Guests", num: true, cell: (b) => wholeNumber(b.guests) },
];

/** The agency's upcoming bookings with documents ready: a page of them, or why they cannot be shown. */
function ReadyBookings({ ready }: { ready: ReadyPage | null }) {
  return (
    <section className="travel-docs__ready" aria-labelledby="ready-heading">
      <h2 id="ready-heading">Upcoming bookings with documents ready</h2>
      {ready === null ? (
        <p className="notice notice--warning" role="alert">
          Your agency&apos;s bookings cannot be listed just now; the look-up below still finds any booking.
        </p>
      ) : ready.total === 0 ? (
        <p>None of your agency&apos;s upcoming bookings is paid in full yet, so no documents are ready.</p>
      ) : (
        <>
          <FoundCount found={ready} noun={["booking", "bookings"]} none="" />
          <p className="muted">Paid in full and sailing from today, soonest first; each opens its documents.</p>
          <DataTable
            rows={ready.items}
            columns={READY_COLUMNS}
            rowKey={(b) => b.bookingId}
            caption="Your agency's upcoming bookings with documents ready"
            captionId="ready-caption"
          />
          <Pagination
            page={ready.page}
            pageCount={ready.pageCount}
            href={(page) => `${PATH}?page=${page}#ready-heading`}
            label="Pages of bookings with documents ready"
          />
        </>
      )}
    </section>
  );
}

export default function TravelDocsFind() {
  const { heading, intro, typed, lookup, ready } = useLoaderData<typeof loader>();
  const errors = lookup.kind === "invalid" ? lookup.fieldErrors : {};
  const b = lookup.kind === "found" ? lookup.booking : null;
  // Why the search found nothing: no such booking, or the service not answering.
  const findWarning =
    lookup.kind === "not-found" ? NO_BOOKING_FOUND : lookup.kind === "unavailable" ? FIND_UNAVAILABLE : null;
  const list = <ReadyBookings ready={ready} />;
  // A look-up's answer comes first; otherwise the agency's own ready bookings, the look-up after them.
  const looked = lookup.kind !== "none";
  return (
    <section aria-labelledby="screen-heading">
      <h1 id="screen-heading">{heading}</h1>
      {intro ? <Intro html={intro} /> : null}
      {looked ? null : list}

      <Form method="get" className="panel form" aria-labelledby="find-heading">
        <h2 id="find-heading">Find a booking</h2>
        <p className="muted">
          Any booking of your agency, listed or not: the booking id, a guest&apos;s surname and the sail date must all
          match it.
        </p>
        <Field
          label="Booking id *"
          hint="As shown on the booking, like 1234567."
          errors={errors.bookingId}
          inputProps={lookupInput("bookingId", "docs-booking-id", 20, typed.bookingId)}
        />
        <Field
          label="Guest surname *"
          hint="The surname of any guest on the booking."
          errors={errors.surname}
          inputProps={lookupInput("surname", "docs-surname", 60, typed.surname)}
        />
        <Field
          label="Sail date *"
          hint="The day the ship sails."
          errors={errors.sailDate}
          inputProps={{
            name: "sailDate",
            id: "docs-sail-date",
            type: "date",
            required: true,
            // The date field takes only YYYY-MM-DD: a date typed as 16MAR2027 is shown in that form.
            defaultValue: readSailDate(typed.sailDate) ?? typed.sailDate,
          }}
        />
        <StatusButton className="button button--primary">Find the booking</StatusButton>
      </Form>

      {findWarning ? (
        <p className="notice notice--warning" role="alert">
          {findWarning}
        </p>
      ) : null}

      {b ? (
        <section className="panel" aria-labelledby="booking-heading">
          <h2 id="booking-heading">Booking {b.bookingId}</h2>
          <Facts
            items={[
              ["Status", codeLabel(b.status)],
              ["Cruise line", brandName(b.brand)],
              ["Ship", b.shipName],
              ["Sails", `${displayDate(b.sailDate)}, ${b.nights} nights from ${b.departurePort}`],
              ["Stateroom", stateroomName(b.cabinClass)],
              ["Guests", b.guests.map((g) => `${g.givenName} ${g.surname}`).join(", ") || "None named"],
              ["Total price", moneyIn(b.totalPrice, b.currency)],
              ["Paid", moneyIn(b.amountPaid, b.currency)],
              ["Balance due", moneyIn(b.amountDue, b.currency)],
            ]}
          />
          <DataTable
            rows={DOCUMENT_KINDS.map((kind) => ({ kind, ...readiness(kind, b) }))}
            columns={documentColumns(b.bookingId, b.brand)}
            rowKey={(r) => r.kind}
            caption={`The travel documents of booking ${b.bookingId}`}
            captionId="documents-caption"
          />
        </section>
      ) : null}
      {looked ? list : null}
    </section>
  );
}

/** A required text field of the lookup: bounded, and nothing for the browser to fill in (any guest's booking). */
const lookupInput = (name: string, id: string, maxLength: number, defaultValue: string | undefined) => ({
  name,
  id,
  required: true,
  autoComplete: "off",
  maxLength,
  defaultValue,
});

export const meta: MetaFunction = ({ location }) => [{ title: titleFor(location.pathname) }];
