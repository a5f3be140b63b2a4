import { z } from "zod";
import { CABIN_CLASS_NAMES, type CabinClass } from "~/domain/catalogue/codes";
import { moneyIn } from "~/domain/money";
import { displayDate, isIsoDay, readDisplayDate } from "~/domain/dates";
import { codeLabel } from "~/domain/lists";

/**
 * Travel documents (docs/decisions/025-travel-documents.md): the
 * four documents of a booking, the rule that says when each is ready, the finder's and the e-mail
 * form's fields, and what a preview link's refusal says.
 */

export const DOCUMENT_KINDS = ["cruise-documents", "luggage-tags", "itinerary", "invoice"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const isDocumentKind = (text: string): text is DocumentKind =>
  (DOCUMENT_KINDS as readonly string[]).includes(text);

export const DOCUMENT_NAMES: Record<DocumentKind, string> = {
  "cruise-documents": "Cruise documents",
  "luggage-tags": "Luggage tags",
  itinerary: "Itinerary",
  invoice: "Invoice",
};

export const DOCUMENT_DESCRIPTIONS: Record<DocumentKind, string> = {
  "cruise-documents": "The e-ticket and boarding pass: guests, sailing and boarding time.",
  "luggage-tags": "One tag per guest to print and fix to each bag.",
  itinerary: "The sailing day by day: ports, arrival and departure times.",
  invoice: "The price, the payments made and the balance due.",
};

export type ReadinessInput = {
  status: string;
  amountDue: number;
  currency: string;
  balanceDueDate: string | null;
};

export type Readiness = { ready: true; why: string } | { ready: false; why: string };

/**
 * The rule, as on the cruise lines' own sites: the invoice is always ready (it is how the guest sees
 * what is due); the other documents once the booking is paid in full (nothing due) and not cancelled.
 */
export function readiness(kind: DocumentKind, booking: ReadinessInput): Readiness {
  if (kind === "invoice") {
    return { ready: true, why: "The invoice is always available: it shows what has been paid and what is due." };
  }
  if (booking.status === "CANCELLED") {
    return { ready: false, why: "The booking is cancelled, so there are no travel documents." };
  }
  if (booking.amountDue > 0) {
    const due = moneyIn(booking.amountDue, booking.currency);
    const by = booking.balanceDueDate ? ` (balance due by ${displayDate(booking.balanceDueDate)})` : "";
    return { ready: false, why: `Ready once the booking is paid in full: ${due} is still due${by}.` };
  }
  return { ready: true, why: "The booking is paid in full." };
}

const BOOKING_ID_MESSAGE = "Enter the booking id as it is shown on the booking, like 1234567.";
const SAIL_DATE_MESSAGE = "Enter the sail date as a date, like 2027-03-16 or 16MAR2027.";

/** A sail date as typed: the date field's YYYY-MM-DD, or the portal's own 16MAR2027; as YYYY-MM-DD. */
export function readSailDate(typed: string): string | null {
  const text = typed.trim();
  return isIsoDay(text) ? text : readDisplayDate(text);
}

export const FindSchema = z.object({
  bookingId: z
    .string()
    .trim()
    .min(1, "Enter the booking id.")
    .regex(/^[0-9A-Za-z-]{1,20}$/, BOOKING_ID_MESSAGE)
    .transform((v) => v.toUpperCase()),
  surname: z
    .string()
    .trim()
    .min(1, "Enter the surname of a guest on the booking.")
    .max(60, "Enter a surname of at most 60 characters."),
  sailDate: z
    .string()
    .trim()
    .min(1, "Enter the sail date.")
    .transform((v, ctx) => {
      const iso = readSailDate(v);
      if (iso === null) {
        ctx.addIssue({ code: "custom", message: SAIL_DATE_MESSAGE });
        return z.NEVER;
      }
      return iso;
    }),
});
export type Find = z.output<typeof FindSchema>;

/** The finder's address with a booking's three facts filled in (from the booking's page). */
export const travelDocsPath = (find: Find) => `/travel-docs?${new URLSearchParams(find)}`;

/** How many upcoming bookings with documents ready the finder lists per page. */
export const READY_PAGE_SIZE = 10;

/** The list's page from the URL: a whole number from 1; anything else is the first page. */
export function readyPageOf(params: URLSearchParams): number {
  const page = z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .safeParse(params.get("page") ?? "");
  return page.success ? page.data : 1;
}

/** A ready booking's documents: the finder with its three facts (its first guest's surname), else the invoice's page. */
export function readyBookingHref(b: { bookingId: string; sailDate: string; leadSurname: string | null }): string {
  return b.leadSurname
    ? travelDocsPath({ bookingId: b.bookingId, surname: b.leadSurname, sailDate: b.sailDate })
    : `/travel-docs/${encodeURIComponent(b.bookingId)}/invoice`;
}

export const NO_BOOKING_FOUND =
  "No booking found: check the booking id, the guest's surname and the sail date. Only your agency's bookings can be found.";

export const EmailSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, "Enter the guest's e-mail address.")
    .max(254, "Enter an e-mail address of at most 254 characters.")
    .pipe(z.email("Enter an e-mail address like name@example.com.")),
});

/** What a preview page says when its link does not open, with the HTTP status it answers. */
export type PreviewRefusal = { status: 404 | 410; heading: string; text: string };

export const PREVIEW_REFUSALS: Record<"LINK_INVALID" | "LINK_EXPIRED" | "LINK_REVOKED", PreviewRefusal> = {
  LINK_INVALID: {
    status: 404,
    heading: "This link is not valid",
    text: "Check that the whole link was copied, or ask your travel agent for a new one.",
  },
  LINK_EXPIRED: {
    status: 410,
    heading: "This link has expired",
    text: "Preview links work for 7 days. Ask your travel agent for a new one.",
  },
  LINK_REVOKED: {
    status: 410,
    heading: "This link was withdrawn",
    text: "Your travel agent has withdrawn this link. Ask them for a new one if you need the document.",
  },
};

/** The refusal for an upstream error code; anything unknown is "not valid". */
export function previewRefusal(errorCode: string | undefined): PreviewRefusal {
  return PREVIEW_REFUSALS[errorCode as keyof typeof PREVIEW_REFUSALS] ?? PREVIEW_REFUSALS.LINK_INVALID;
}

/** The file name of a document's PDF: `itinerary-1234567.pdf`. */
export function pdfFileName(kind: DocumentKind, bookingId: string): string {
  return `${kind}-${bookingId.replace(/[^0-9A-Za-z-]/g, "")}.pdf`;
}

/** A time of day from the catalogue (HH:MM) as written on the documents, or a dash. */
export const timeOrDash = (time: string | null) => time ?? "—";

/** A stateroom class as the documents name it. */
export const stateroomName = (code: string) => CABIN_CLASS_NAMES[code as CabinClass] ?? codeLabel(code);
