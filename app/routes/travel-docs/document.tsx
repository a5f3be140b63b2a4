import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Field, FormError, StatusButton } from "~/components/forms";
import { DataTable, type Column } from "~/components/lists";
import { PrintButton } from "~/components/print-button";
import { TravelDocumentView } from "~/components/travel-document";
import { displayDate } from "~/domain/dates";
import { titleFor } from "~/domain/titles";
import { DOCUMENT_NAMES, readiness, travelDocsPath } from "~/domain/travel-docs";
import { requireAgent } from "~/server/auth/auth.server";
import { readFormData } from "~/server/infra/forms.server";
import { documentForm, documentPage, type PreviewLink } from "~/server/travel-docs/document.server";

const LINKS_UNAVAILABLE = "The preview links cannot be shown just now.";

/**
 * /travel-docs/{bookingId}/{document} (GUEST-DOCS): one document of a booking of the agent's agency as a
 * clean, printable page (another agency's booking is 404, upstream and here), or why it is not ready;
 * for a ready document, a POST form that e-mails its link to the guest and one that shares a 7-day
 * preview link, and the booking's live links, each with a Revoke button.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const agent = await requireAgent(request);
  return documentPage(request, agent, params);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const agent = await requireAgent(request);
  return documentForm(agent, params, await readFormData(request));
}

const linkColumns: ReadonlyArray<Column<PreviewLink>> = [
  { key: "document", header: "Document", rowHeader: true, cell: (l) => DOCUMENT_NAMES[l.document] },
  {
    key: "url",
    header: "Link",
    cell: (l) => (
      <a href={l.url} className="break-all" target="_blank" rel="noopener noreferrer">
        {l.url}
      </a>
    ),
  },
  {
    key: "made",
    header: "Created",
    cell: (l) => `${displayDate(l.createdAt)} by ${l.createdBy}${l.emailedTo ? `, e-mailed to ${l.emailedTo}` : ""}`,
  },
  { key: "expires", header: "Expires", cell: (l) => displayDate(l.expiresAt) },
  {
    key: "revoke",
    header: "Revoke",
    cell: (l) => (
      <Form method="post">
        <input type="hidden" name="intent" value="revoke" />
        <input type="hidden" name="linkId" value={l.linkId} />
        <StatusButton className="button button--secondary button--small">
          Revoke<span className="visually-hidden"> the {DOCUMENT_NAMES[l.document].toLowerCase()} link</span>
        </StatusButton>
      </Form>
    ),
  },
];

export default function TravelDocument() {
  const { document: doc, links, done } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const b = doc.booking;
  const name = DOCUMENT_NAMES[doc.kind];
  const state = readiness(doc.kind, b);
  const ready = doc.ready && state.ready && doc.content !== null;
  const base = `/travel-docs/${encodeURIComponent(b.bookingId)}`;
  const shared = done.shared ? links?.find((l) => l.linkId === done.shared) : undefined;
  const sent = done.sent ? links?.find((l) => l.linkId === done.sent) : undefined;
  return (
    <section aria-labelledby="screen-heading" className="travel-docs">
      <p className="no-print">
        <Link
          to={travelDocsPath({ bookingId: b.bookingId, surname: b.guests[0]?.surname ?? "", sailDate: b.sailDate })}
        >
          Back to the documents of booking {b.bookingId}
        </Link>
      </p>
      <h1 id="screen-heading">
        {name} of booking {b.bookingId}
      </h1>

      {!ready ? (
        <p className="notice notice--warning" role="status">
          Not ready yet. {state.why}
        </p>
      ) : null}

      {done.sent ? (
        <p className="notice notice--success no-print" role="status">
          The {name.toLowerCase()} link has been e-mailed to {sent?.emailedTo ?? "the guest"}.
        </p>
      ) : null}
      {done.revoked ? (
        <p className="notice notice--success no-print" role="status">
          The link has been revoked: it no longer opens.
        </p>
      ) : null}
      {result?.error ? <FormError errors={[result.error]} /> : null}

      {ready && doc.content ? (
        <>
          <div className="actions no-print">
            <PrintButton label={`Print the ${name.toLowerCase()}`} />
            <a className="button button--secondary" href={`${base}/${doc.kind}/pdf`} target="_blank" rel="noopener">
              Open as PDF<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </div>
          <TravelDocumentView document={doc.content} />

          <div className="travel-docs__tools no-print">
            <Form method="post" className="panel form" aria-labelledby="email-heading">
              <h2 id="email-heading">E-mail to the guest</h2>
              <p className="muted">The guest receives a link to this document that works for 7 days.</p>
              <input type="hidden" name="intent" value="email" />
              <Field
                label="Guest e-mail address *"
                errors={result?.intent === "email" ? result.fieldErrors.email : null}
                inputProps={{
                  name: "email",
                  id: "docs-guest-email",
                  type: "email",
                  required: true,
                  autoComplete: "off",
                  maxLength: 254,
                  defaultValue: result?.intent === "email" ? result.typed.email : undefined,
                }}
              />
              <StatusButton className="button button--primary">E-mail the {name.toLowerCase()}</StatusButton>
            </Form>

            <Form method="post" className="panel form" aria-labelledby="share-heading">
              <h2 id="share-heading">Share a preview</h2>
              <p className="muted">
                A read-only link to this document that anyone holding it can open for 7 days, without signing in. You
                can revoke it at any time.
              </p>
              <input type="hidden" name="intent" value="share" />
              <StatusButton className="button button--primary">Create a preview link</StatusButton>
            </Form>
          </div>
        </>
      ) : null}

      <section className="no-print" aria-labelledby="preview-links-heading">
        <h2 id="preview-links-heading">Live preview links of booking {b.bookingId}</h2>
        {shared ? (
          <div className="notice notice--success" role="status">
            <p>Preview link created. Copy it and send it to the guest:</p>
            <p>
              <a href={shared.url} className="break-all" target="_blank" rel="noopener noreferrer">
                {shared.url}
              </a>
            </p>
          </div>
        ) : null}
        {links === null ? (
          <p className="notice notice--warning" role="status">
            {LINKS_UNAVAILABLE}
          </p>
        ) : links.length === 0 ? (
          <p>This booking has no live preview links.</p>
        ) : (
          <DataTable
            rows={links}
            columns={linkColumns}
            rowKey={(l) => l.linkId}
            caption={`Preview links of booking ${b.bookingId} that still open, newest first`}
            captionId="preview-links-caption"
          />
        )}
      </section>
    </section>
  );
}

export const meta: MetaFunction = ({ location }) => [{ title: titleFor(location.pathname) }];
