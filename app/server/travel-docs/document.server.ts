import { data } from "@remix-run/node";
import {
  DOCUMENT_NAMES,
  EmailSchema,
  isDocumentKind,
  pdfFileName,
  readiness,
  type DocumentKind,
} from "~/domain/travel-docs";
import type { Agent } from "~/server/auth/auth.server";
import {
  createPreviewLink,
  emailDocument,
  getDocument,
  listPreviewLinks,
  revokePreviewLink,
} from "~/server/clients/travel-docs.server";
import { SignedOutError } from "~/server/infra/errors.server";
import { UpstreamError } from "~/server/infra/http.server";
import { redirect } from "~/server/infra/responses.server";
import { pageNotFound, routeErrorOf, unavailable, withUpstreamErrors } from "~/server/infra/route-errors.server";
import { documentPdf } from "~/server/travel-docs/pdf.server";

export type { PreviewLink } from "~/server/clients/travel-docs.server";

/** A document route's params, as the router gives them. */
export type DocumentParams = { bookingId?: string; document?: string };

/** Booking ids as the upstream writes them; anything else is not a booking (404, no call made). */
const BOOKING_ID = /^[A-Za-z0-9-]{1,20}$/;
const NOT_READY = "This document is not ready yet, so it cannot be sent or shared.";
const FAILED = "That did not work just now. Please try again in a few minutes.";

function paramsOf(params: DocumentParams): { bookingId: string; kind: DocumentKind } {
  const bookingId = params.bookingId ?? "";
  const kind = params.document ?? "";
  if (!BOOKING_ID.test(bookingId) || !isDocumentKind(kind)) throw pageNotFound();
  return { bookingId: bookingId.toUpperCase(), kind };
}

/** One document of a booking of the agent's agency (404 for another's) and the booking's live preview links. */
export async function documentPage(request: Request, agent: Agent, params: DocumentParams) {
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

export type DocumentFormResult = {
  intent: string;
  typed: { email: string };
  fieldErrors: Record<string, string[]>;
  error: string | null;
};

/**
 * The document page's forms, told apart by `intent`: e-mail its link to the guest, share a 7-day
 * preview link, revoke a link; each answered with a redirect back to the page.
 */
export async function documentForm(agent: Agent, params: DocumentParams, form: FormData) {
  const { bookingId, kind } = paramsOf(params);
  const intent = String(form.get("intent") ?? "");
  const typed = { email: String(form.get("email") ?? "").slice(0, 300) };
  const here = `/travel-docs/${encodeURIComponent(bookingId)}/${kind}`;
  const fail = (error: string | null, fieldErrors: Record<string, string[]> = {}, status = 400) =>
    data<DocumentFormResult>({ intent, typed, fieldErrors, error }, { status });

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

/**
 * The document as a PDF made on the server (pdfkit), shown inline with a file name like
 * itinerary-1234567.pdf; a document that is not ready is a 409 with a plain-text message, and no PDF.
 */
export async function documentPdfAnswer(agent: Agent, params: DocumentParams) {
  const { bookingId, kind } = paramsOf(params);
  const document = await getDocument(agent, bookingId, kind);
  const state = readiness(kind, document.booking);
  if (!document.ready || !state.ready || document.content === null) {
    return new Response(`${DOCUMENT_NAMES[kind]} of booking ${bookingId}: not ready yet. ${state.why}\n`, {
      status: 409,
      headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
    });
  }
  const pdf = await documentPdf(document.content);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `inline; filename="${pdfFileName(kind, bookingId)}"`,
      "content-length": String(pdf.length),
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
