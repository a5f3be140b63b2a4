import { z } from "zod";
import { DOCUMENT_KINDS, type DocumentKind, type Find } from "~/domain/travel-docs";
import { authorized, call, enveloped, type Caller } from "~/server/clients/api.server";

/**
 * The main API's travel-document calls (docs/booking-services-contract.md, "Travel documents"): find a booking, its
 * documents, e-mail one to the guest, preview links (create, list, revoke) and the one public call that
 * opens a preview by its token. The only module that names these paths.
 */

const kindSchema = z.enum(DOCUMENT_KINDS);

const overviewSchema = z.object({
  bookingId: z.string(),
  status: z.string(),
  brand: z.string(),
  shipName: z.string(),
  sailDate: z.string(),
  nights: z.number(),
  cabinClass: z.string(),
  departurePort: z.string(),
  guests: z.array(z.object({ givenName: z.string(), surname: z.string() })),
  currency: z.string(),
  totalPrice: z.number(),
  amountPaid: z.number(),
  amountDue: z.number(),
  balanceDueDate: z.string().nullable(),
  documents: z.array(z.object({ kind: kindSchema, ready: z.boolean(), reason: z.string().nullable() })),
});
export type DocumentBooking = z.infer<typeof overviewSchema>;

const contentSchema = z.object({
  kind: kindSchema,
  title: z.string(),
  booking: z.object({
    bookingId: z.string(),
    brand: z.string(),
    shipName: z.string(),
    sailDate: z.string(),
    returnDate: z.string().nullable(),
    nights: z.number(),
    cabinClass: z.string(),
    departurePort: z.string(),
    guests: z.array(z.object({ givenName: z.string(), surname: z.string(), loyaltyNumber: z.string().nullable() })),
  }),
  boarding: z
    .object({
      port: z.string(),
      date: z.string(),
      departure: z.string().nullable(),
      allAboard: z.string().nullable(),
    })
    .nullable(),
  itinerary: z
    .array(
      z.object({
        day: z.number(),
        date: z.string(),
        port: z.string().nullable(),
        arrival: z.string().nullable(),
        departure: z.string().nullable(),
      }),
    )
    .nullable(),
  invoice: z
    .object({
      status: z.string(),
      currency: z.string(),
      total: z.number(),
      paid: z.number(),
      due: z.number(),
      balanceDueDate: z.string().nullable(),
      payments: z.array(
        z.object({ paidOn: z.string(), amount: z.number(), method: z.string(), paymentType: z.string() }),
      ),
    })
    .nullable(),
});
export type DocumentContent = z.infer<typeof contentSchema>;

const documentSchema = z.object({
  booking: overviewSchema,
  kind: kindSchema,
  ready: z.boolean(),
  reason: z.string().nullable(),
  content: contentSchema.nullable(),
});
export type TravelDocument = z.infer<typeof documentSchema>;

const linkSchema = z.object({
  linkId: z.string(),
  document: kindSchema,
  url: z.url(),
  createdAt: z.string(),
  expiresAt: z.string(),
  createdBy: z.string(),
  emailedTo: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type PreviewLink = z.infer<typeof linkSchema>;

const readyPageSchema = z.object({
  items: z.array(
    z.object({
      bookingId: z.string(),
      brand: z.string(),
      shipName: z.string(),
      sailDate: z.string(),
      nights: z.number().int(),
      leadGuest: z.string(),
      leadSurname: z.string().nullable(),
      guests: z.number().int().nonnegative(),
    }),
  ),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  pageCount: z.number().int().nonnegative(),
});
export type ReadyPage = z.infer<typeof readyPageSchema>;
export type ReadyBooking = ReadyPage["items"][number];

/** One page of the agency's upcoming bookings whose documents are all ready, soonest sailing first. */
export function listReadyBookings(caller: Caller, page: number, pageSize: number): Promise<ReadyPage> {
  return authorized(caller, {
    path: `/documents/ready?${new URLSearchParams({ page: String(page), pageSize: String(pageSize) })}`,
    schema: enveloped(readyPageSchema),
  });
}

const bookingPath = (bookingId: string, rest = "") => `/documents/bookings/${encodeURIComponent(bookingId)}${rest}`;

/** The agency's booking whose id, a guest's surname and sail date all match; 404 NOT_FOUND otherwise. */
export function findBooking(caller: Caller, find: Find): Promise<DocumentBooking> {
  return authorized(caller, {
    path: `/documents/find?${new URLSearchParams(find)}`,
    schema: enveloped(overviewSchema),
  });
}

/** One document of a booking of the agency: readiness, and its content when ready; 404 for anyone else's. */
export function getDocument(caller: Caller, bookingId: string, kind: DocumentKind): Promise<TravelDocument> {
  return authorized(caller, { path: bookingPath(bookingId, `/${kind}`), schema: enveloped(documentSchema) });
}

/** The booking's preview links that still work, newest first. */
export function listPreviewLinks(caller: Caller, bookingId: string): Promise<PreviewLink[]> {
  return authorized(caller, {
    path: bookingPath(bookingId, "/previews"),
    schema: enveloped(z.object({ items: z.array(linkSchema) })),
  }).then((page) => page.items);
}

/** A new preview link for a ready document (409 NOT_READY otherwise). */
export function createPreviewLink(caller: Caller, bookingId: string, kind: DocumentKind): Promise<PreviewLink> {
  return authorized(caller, {
    path: bookingPath(bookingId, `/${kind}/previews`),
    method: "POST",
    schema: enveloped(linkSchema),
  });
}

export function revokePreviewLink(caller: Caller, linkId: string): Promise<PreviewLink> {
  return authorized(caller, {
    path: `/documents/previews/${encodeURIComponent(linkId)}/revoke`,
    method: "POST",
    schema: enveloped(linkSchema),
  });
}

/** E-mails the guest a preview link of the document (the upstream's outbox). */
export function emailDocument(
  caller: Caller,
  bookingId: string,
  kind: DocumentKind,
  email: string,
): Promise<{ sentTo: string; link: PreviewLink }> {
  return authorized(caller, {
    path: bookingPath(bookingId, `/${kind}/email`),
    method: "POST",
    json: { email },
    schema: enveloped(z.object({ sentTo: z.string(), link: linkSchema })),
  });
}

/** Public, no bearer: the one document a preview token opens; 404 LINK_INVALID, 410 LINK_EXPIRED or LINK_REVOKED. */
export function openPreview(token: string): Promise<{ expiresAt: string; document: DocumentContent }> {
  return call({
    path: `/documents/preview?${new URLSearchParams({ token })}`,
    schema: enveloped(z.object({ expiresAt: z.string(), document: contentSchema })),
  });
}
