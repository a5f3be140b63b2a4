import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Facts } from "~/components/facts";
import { Field, FormError, StatusButton } from "~/components/forms";
import { Intro } from "~/components/intro";
import { DataTable, type Column } from "~/components/lists";
import { STATE_MESSAGES, brandName, certificateValue } from "~/domain/certificates";
import { displayDate } from "~/domain/dates";
import { titleFor } from "~/domain/titles";
import { certificatePage, redeemFromForm, type Redemption } from "~/server/certificates/redemption.server";
import { requireAgent } from "~/server/auth/auth.server";

const LOOKUP_UNAVAILABLE = "Certificates cannot be looked up just now. Please try again in a few minutes.";
const LIST_UNAVAILABLE = "Your agency's redemptions cannot be shown just now.";

/**
 * /certificate-redemption (redeeming certificates): a code looked up with a GET form (the code
 * stays in the URL), the certificate's value, brand, conditions, expiry and state, a POST form applying a
 * valid one to one of the agency's bookings, and the agency's redemptions.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const agent = await requireAgent(request);
  return certificatePage(request, agent);
}

export async function action({ request }: ActionFunctionArgs) {
  const agent = await requireAgent(request);
  return redeemFromForm(request, agent);
}

const REDEMPTION_COLUMNS: ReadonlyArray<Column<Redemption>> = [
  { key: "code", header: "Code", rowHeader: true, cell: (r) => r.code },
  { key: "value", header: "Value", num: true, cell: (r) => certificateValue(r.value, r.currency) },
  { key: "brand", header: "Brand", cell: (r) => brandName(r.brand) },
  {
    key: "booking",
    header: "Booking",
    cell: (r) => <Link to={`/insights/booking/${encodeURIComponent(r.bookingId)}`}>{r.bookingId}</Link>,
  },
  {
    key: "sailing",
    header: "Sailing",
    cell: (r) => (r.shipName ? `${r.shipName}${r.sailDate ? `, ${displayDate(r.sailDate)}` : ""}` : "—"),
  },
  { key: "redeemedAt", header: "Redeemed", cell: (r) => displayDate(r.redeemedAt.slice(0, 10)) },
];

export default function CertificateRedemption() {
  const { heading, intro, typed, forBooking, lookup, redeemedOn, redemptions } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const certificate = lookup.kind === "found" ? lookup.certificate : null;
  // Why the lookup found nothing: the upstream's refusal, or the service not answering.
  const lookupWarning =
    lookup.kind === "refused" ? lookup.message : lookup.kind === "unavailable" ? LOOKUP_UNAVAILABLE : null;
  return (
    <section aria-labelledby="screen-heading">
      <h1 id="screen-heading">{heading}</h1>
      {intro ? <Intro html={intro} /> : null}

      <Form method="get" className="panel form" aria-labelledby="lookup-heading">
        <h2 id="lookup-heading">Look up a certificate</h2>
        <Field
          label="Certificate or voucher code *"
          hint="Two letters and two groups of four, like RC-DEMO-0100."
          errors={lookup.kind === "invalid" ? [lookup.message] : null}
          inputProps={{
            name: "code",
            id: "certificate-code",
            required: true,
            autoComplete: "off",
            spellCheck: false,
            maxLength: 40,
            defaultValue: typed,
          }}
        />
        {forBooking ? <input type="hidden" name="booking" value={forBooking} /> : null}
        <StatusButton className="button button--primary">Look up</StatusButton>
      </Form>

      {lookupWarning ? (
        <p className="notice notice--warning" role="alert">
          {lookupWarning}
        </p>
      ) : null}

      {certificate ? (
        <section className="panel" aria-labelledby="certificate-heading">
          <h2 id="certificate-heading">Certificate {certificate.code}</h2>
          <FormError errors={result?.error ? [result.error] : null} />
          {redeemedOn ? (
            <p className="notice notice--success" role="status">
              Certificate {certificate.code} has been applied to booking {redeemedOn}.
            </p>
          ) : (
            <p
              className={`notice ${certificate.state === "VALID" ? "notice--success" : "notice--warning"}`}
              role="status"
            >
              {STATE_MESSAGES[certificate.state].text}
              {certificate.state === "REDEEMED" && certificate.redeemedBookingId
                ? ` It was applied to your agency's booking ${certificate.redeemedBookingId}.`
                : ""}
            </p>
          )}
          <Facts
            items={[
              ["Value", certificateValue(certificate.value, certificate.currency)],
              ["Brand", brandName(certificate.brand)],
              ["Sailing", certificate.sailingId ?? "Any sailing of the brand"],
              ["Expires", displayDate(certificate.expiresOn)],
              ["Conditions", certificate.conditions],
            ]}
          />
          {certificate.state === "VALID" ? (
            <Form method="post" className="form" aria-labelledby="apply-heading">
              <h3 id="apply-heading">Apply to a booking</h3>
              <input type="hidden" name="code" value={certificate.code} />
              {result?.fieldErrors.code ? <FormError errors={result.fieldErrors.code} /> : null}
              <Field
                label="Booking id *"
                hint="One of your agency's bookings, like 1234567."
                errors={result?.fieldErrors.bookingId}
                inputProps={{
                  name: "bookingId",
                  id: "certificate-booking",
                  required: true,
                  autoComplete: "off",
                  maxLength: 20,
                  defaultValue: result?.typed.bookingId ?? forBooking ?? undefined,
                }}
              />
              <StatusButton className="button button--primary">Apply the certificate</StatusButton>
            </Form>
          ) : null}
        </section>
      ) : null}

      <section aria-labelledby="redemptions-heading">
        <h2 id="redemptions-heading">Your agency&apos;s redemptions</h2>
        {redemptions === null ? (
          <p className="notice notice--warning" role="status">
            {LIST_UNAVAILABLE}
          </p>
        ) : redemptions.length === 0 ? (
          <p>Your agency has not redeemed any certificates yet.</p>
        ) : (
          <DataTable
            rows={redemptions}
            columns={REDEMPTION_COLUMNS}
            rowKey={(r) => r.code}
            caption="Certificates redeemed by your agency, newest first"
            captionId="redemptions-caption"
          />
        )}
      </section>
    </section>
  );
}

export const meta: MetaFunction = ({ location }) => [{ title: titleFor(location.pathname) }];
