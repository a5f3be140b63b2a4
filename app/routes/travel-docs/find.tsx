import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Facts } from "~/components/facts";
import { Field, StatusButton } from "~/components/forms";
import { Intro } from "~/components/intro";
import { DataTable, type Column } from "~/components/lists";
import { analyticsAttributes } from "~/domain/analytics";
import { brandName } from "~/domain/catalogue/codes";
import { moneyIn } from "~/domain/money";
import { displayDate } from "~/domain/dates";
import { codeLabel } from "~/domain/lists";
import { screenHeading } from "~/domain/screens";
import { titleFor } from "~/domain/titles";
import {
  DOCUMENT_DESCRIPTIONS,
  DOCUMENT_KINDS,
  DOCUMENT_NAMES,
  FindSchema,
  NO_BOOKING_FOUND,
  readiness,
  readSailDate,
  stateroomName,
  type DocumentKind,
} from "~/domain/travel-docs";
import { requireAgent } from "~/server/auth/auth.server";
import { findBooking, type DocumentBooking } from "~/server/clients/travel-docs.server";
import { UpstreamError } from "~/server/infra/http.server";
import { pageLocale } from "~/server/shell/preferences.server";
import { unavailable } from "~/server/infra/route-errors.server";
import { screenIntro } from "~/server/shell/intro.server";

const PATH = "/travel-docs";
const FIND_UNAVAILABLE = "Bookings cannot be looked up just now. Please try again in a few minutes.";

type Lookup =
  | { kind: "none" }
  | { kind: "invalid"; fieldErrors: Record<string, string[]> }
  | { kind: "not-found" }
  | { kind: "unavailable" }
  | { kind: "found"; booking: DocumentBooking };

/**
 * /travel-docs (handling travel documents; GUEST-DOCS): a GET form finds one booking of the
 * agent's agency by booking id, a guest's surname and the sail date (all three must match; another
 * agency's booking is "no booking found" like none at all), then the booking and its four documents,
 * each ready or not yet and why, with links to the HTML and the PDF.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const agent = await requireAgent(request);
  const url = new URL(request.url);
  const typed = {
    bookingId: (url.searchParams.get("bookingId") ?? "").slice(0, 40),
    surname: (url.searchParams.get("surname") ?? "").slice(0, 80),
    sailDate: (url.searchParams.get("sailDate") ?? "").slice(0, 20),
  };
  let lookup: Lookup = { kind: "none" };
  if (url.searchParams.has("bookingId") || url.searchParams.has("surname") || url.searchParams.has("sailDate")) {
    const parsed = FindSchema.safeParse(typed);
    if (!parsed.success) {
      const fieldErrors: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? "form");
        (fieldErrors[key] ??= []).push(issue.message);
      }
      lookup = { kind: "invalid", fieldErrors };
    } else {
      try {
        lookup = { kind: "found", booking: await findBooking(agent, parsed.data) };
      } catch (error) {
        if (error instanceof UpstreamError && error.failure === "http" && error.status === 404) {
          lookup = { kind: "not-found" };
        } else if (unavailable(error) === null) lookup = { kind: "unavailable" };
      }
    }
  }
  const intro = await screenIntro(PATH, await pageLocale(request)).catch(() => null);
  const status = lookup.kind === "invalid" ? 400 : lookup.kind === "not-found" ? 404 : 200;
  return data(
    { heading: screenHeading(PATH) ?? "Travel documents", intro: intro?.html ?? null, typed, lookup },
    { status },
  );
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

export default function TravelDocsFind() {
  const { heading, intro, typed, lookup } = useLoaderData<typeof loader>();
  const errors = lookup.kind === "invalid" ? lookup.fieldErrors : {};
  const b = lookup.kind === "found" ? lookup.booking : null;
  // Why the search found nothing: no such booking, or the service not answering.
  const findWarning =
    lookup.kind === "not-found" ? NO_BOOKING_FOUND : lookup.kind === "unavailable" ? FIND_UNAVAILABLE : null;
  return (
    <section aria-labelledby="screen-heading">
      <h1 id="screen-heading">{heading}</h1>
      {intro ? <Intro html={intro} /> : null}

      <Form method="get" className="panel form" aria-labelledby="find-heading">
        <h2 id="find-heading">Find a booking</h2>
        <p className="muted">All three must match one of your agency&apos;s bookings.</p>
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
