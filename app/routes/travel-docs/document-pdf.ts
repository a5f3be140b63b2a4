import { type LoaderFunctionArgs } from "@remix-run/node";
import { DOCUMENT_NAMES, isDocumentKind, pdfFileName, readiness, type DocumentKind } from "~/domain/travel-docs";
import { requireAgent } from "~/server/auth/auth.server";
import { getDocument, type TravelDocument } from "~/server/clients/travel-docs.server";
import { withResourceErrors } from "~/server/infra/resource-errors.server";
import { pageNotFound } from "~/server/infra/route-errors.server";
import { documentPdf } from "~/server/travel-docs/pdf.server";

const BOOKING_ID = /^[A-Za-z0-9-]{1,20}$/;

/**
 * /travel-docs/{bookingId}/{document}/pdf (GUEST-DOCS): the document as a PDF made on the server
 * (pdfkit), shown inline with a file name like itinerary-1234567.pdf. Another agency's booking is 404;
 * a document that is not ready is a 409 with a plain-text message, and no PDF.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const bookingId = (params.bookingId ?? "").toUpperCase();
  const kind = params.document ?? "";
  const known = BOOKING_ID.test(bookingId) && isDocumentKind(kind);
  // A failure (the upstream down, the guard's) is the portal's error page with the way back to the document.
  const back = known
    ? { href: `/travel-docs/${bookingId}/${kind}`, label: "Back to the document" }
    : { href: "/travel-docs", label: "Find a booking's documents" };
  return withResourceErrors(request, back, async () => {
    const agent = await requireAgent(request);
    if (!known || !isDocumentKind(kind)) throw pageNotFound();
    return documentResponse(await getDocument(agent, bookingId, kind), bookingId, kind);
  });
}

async function documentResponse(document: TravelDocument, bookingId: string, kind: DocumentKind) {
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
