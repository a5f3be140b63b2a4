import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Field, FormError, StatusButton } from "~/components/forms";
import { DataTable, type Column } from "~/components/lists";
import { PrintButton } from "~/components/print-button";
import { TravelDocumentView } from "~/components/travel-document";
import { displayDate } from "~/domain/dates";
import { titleFor } from "~/domain/titles";
import {
  DOCUMENT_NAMES,
  EmailSchema,
  isDocumentKind,
  readiness,
  travelDocsPath,
  type DocumentKind,
} from "~/domain/travel-docs";
import { requireAgent } from "~/server/auth/auth.server";
import { SignedOutError } from "~/server/infra/errors.server";
import {
  createPreviewLink,
  emailDocument,
  getDocument,
  listPreviewLinks,
  revokePreviewLink,
  type PreviewLink,
} from "~/server/clients/travel-docs.server";
import { readFormData } from "~/server/infra/forms.server";
import { UpstreamError } from "~/server/infra/http.server";
import { redirect } from "~/server/infra/responses.server";
import { pageNotFound, routeErrorOf, unavailable, withUpstreamErrors } from "~/server/infra/route-errors.server";

/** Booking ids as the upstream writes them; anything else is not a booking (404, no call made). */
const BOOKING_ID = /^[A-Za-z0-9-]{1,20}$/;
const LINKS_UNAVAILABLE = "The preview links cannot be shown just now.";
const NOT_READY = "This document is not ready yet, so it cannot be sent or shared.";
const FAILED = "That did not work just now. Please try again in a few minutes.";

function paramsOf(params: LoaderFunctionArgs["params"]): { bookingId: string; kind: DocumentKind } {
  const bookingId = params.bookingId ?? "";
  const kind = params.document ?? "";
  if (!BOOKING_ID.test(bookingId) || !isDocumentKind(kind)) throw pageNotFound();
  return { bookingId: bookingId.toUpperCase(), kind };
}

/**
 * /travel-docs/{bookingId}/{document} (GUEST-DOCS): one document of a booking of the agent's agency as a
 * clean, printable page (another agency's booking is 404, upstream and here), or why it is not ready;
 * for a ready document, a POST form that e-mails its link to the guest and one that shares a 7-day
 * preview link, and the booking's live links, each with a Revoke button.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const agent = await requireAgent(request);
  const { bookingId, kind } = paramsOf(params);
  const url = new URL(request.url);
  const document = await withUpstreamErrors(() => getDocument(agent, bookingId, kind));
  const links = await listPreviewLinks(agent, bookingId).catch((error: unknown) => unavailable(error));
  return {
    document,
    links,
    done: {
      sent: url.searchParams.get("sent"),
      shared: url.searchParams.get("shared"),
      revoked: url.searchParams.has("revoked"),
    },
  };
}

type ActionResult = {
  intent: string;
  typed: { email: string };
  fieldErrors: Record<string, string[]>;
  error: string | null;
};

export async function action({ request, params }: ActionFunctionArgs) {
  const agent = await requireAgent(request);
  const { bookingId, kind } = paramsOf(params);
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  const typed = { email: String(form.get("email") ?? "").slice(0, 300) };
  const here = `/travel-docs/${encodeURIComponent(bookingId)}/${kind}`;
  const fail = (error: string | null, fieldErrors: Record<string, string[]> = {}, status = 400) =>
    data<ActionResult>({ intent, typed, fieldErrors, error }, { status });

  try {
    if (intent === "email") {
      const parsed = EmailSchema.safeParse(typed);
      if (!parsed.success) return fail(null, { email: parsed.error.issues.map((i) => i.message) });
      const sent = await emailDocument(agent, bookingId, kind, parsed.data.email);
      // The link's id, not the address, goes in the URL: the page finds the address in the live links.
      return redirect(`${here}?${new URLSearchParams({ sent: sent.link.linkId })}`);
    }
    if (intent === "share") {
      const link = await createPreviewLink(agent, bookingId, kind);
      return redirect(`${here}?${new URLSearchParams({ shared: link.linkId })}#preview-links-heading`);
    }
    if (intent === "revoke") {
      const linkId = String(form.get("linkId") ?? "");
      if (!/^[A-Za-z0-9_-]{1,64}$/.test(linkId)) return fail(FAILED);
      await revokePreviewLink(agent, linkId);
      return redirect(`${here}?revoked=1#preview-links-heading`);
    }
    return fail(FAILED);
  } catch (error) {
    if (error instanceof SignedOutError) throw routeErrorOf(error);
    if (error instanceof UpstreamError && error.failure === "http") {
      if (error.status === 409) return fail(NOT_READY, {}, 409);
      if (error.status === 400) return fail(null, { email: ["Enter an e-mail address like name@example.com."] });
      if (error.status === 404 || error.status === 403) throw routeErrorOf(error);
    }
    return fail(FAILED, {}, 502);
  }
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
