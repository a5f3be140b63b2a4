import type { LoaderFunctionArgs } from "@remix-run/node";
import { isDocumentKind } from "~/domain/travel-docs";
import { requireAgent } from "~/server/auth/auth.server";
import { withResourceErrors } from "~/server/infra/resource-errors.server";
import { documentPdfAnswer } from "~/server/travel-docs/document.server";

const BOOKING_ID = /^[A-Za-z0-9-]{1,20}$/;

/**
 * /travel-docs/{bookingId}/{document}/pdf (GUEST-DOCS): the document as a PDF made on the server
 * (pdfkit). Another agency's booking is 404; a document that is not ready is a 409 with a plain-text message.
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
    return documentPdfAnswer(agent, params);
  });
}
