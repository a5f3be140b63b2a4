import { type LoaderFunctionArgs } from "@remix-run/node";
import { DOCUMENT_NAMES, isDocumentKind, pdfFileName, readiness } from "~/domain/travel-docs";
import { requireAgent } from "~/server/auth.server";
import { getDocument } from "~/server/clients/travel-docs.server";
import { pageNotFound, withUpstreamErrors } from "~/server/infra/route-errors.server";
import { documentPdf } from "~/server/travel-docs-pdf.server";

const BOOKING_ID = /^[A-Za-z0-9-]{1,20}$/;

/**
 * /travel-docs/{bookingId}/{document}/pdf (GUEST-DOCS): the document as a PDF made on the server
 * (pdfkit), shown inline with a file name like itinerary-1234567.pdf. Another agency's booking is 404;
 * a document that is not ready is a 409 with a plain-text message, and no PDF.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const agent = await requireAgent(request);
  const bookingId = (params.bookingId ?? "").toUpperCase();
  const kind = params.document ?? "";
  if (!BOOKING_ID.test(bookingId) || !isDocumentKind(kind)) throw pageNotFound();
  const document = await withUpstreamErrors(() => getDocument(agent, bookingId, kind));
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
