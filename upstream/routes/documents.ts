import { Hono } from "hono";
import { z } from "zod";
import {
  bookingOverview,
  createPreview,
  documentContent,
  documentReadiness,
  DOCUMENT_TITLES,
  findDocumentBooking,
  findPreview,
  isDocumentKind,
  livePreviews,
  matchDocumentBooking,
  previewKey,
  previewState,
  previewToken,
  readPreviewToken,
  readyBookings,
  revokePreview,
  type DocumentBookingRow,
  type DocumentKind,
  type PreviewRow,
} from "../db/documents";
import { utcDate } from "../catalogue/generate";
import { branchAccess } from "../db/insight";
import { requireAuth } from "../lib/auth";
import type { AppEnv, Deps } from "../lib/context";
import { ApiError, ok, parseOrThrow, readBody } from "../lib/errors";
import { sendToOutbox } from "../lib/outbox";
import { callerOf } from "../lib/roles";
import { notFound, readQuery, wholeNumber } from "./catalogue";

const BOOKING_ID = /^[0-9A-Z-]{1,20}$/i;

const findQuery = z.object({
  bookingId: z.string().trim().regex(BOOKING_ID, "must be a booking id"),
  surname: z.string().trim().min(1, "must not be empty").max(60),
  sailDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be YYYY-MM-DD"),
});

const emailBody = z.object({ email: z.email().max(254) });

const readyQuery = z.object({
  page: wholeNumber(1, 100_000).optional(),
  pageSize: wholeNumber(1, 100).optional(),
});

const bookingNotFound = () => notFound("Your agency has no such booking.");

/**
 * Travel documents (docs/booking-services-contract.md): find a booking of the caller's agency by id, surname and sail
 * date; its documents with their readiness and guest-facing content; e-mail a document's link to the
 * guest (the outbox); preview links (create, list, revoke) under the bearer, and the one public call
 * that opens a preview by its token.
 */
export function documentRoutes(deps: Deps) {
  const { db } = deps;
  const key = previewKey(deps.keys.jwtSecret);
  const r = new Hono<AppEnv>();

  const linkBody = (row: PreviewRow) => ({
    linkId: row.link_id,
    document: row.document,
    url: `${deps.config.portalUrl}/travel-docs/html/preview?token=${encodeURIComponent(previewToken(key, row.link_id))}`,
    createdAt: new Date(row.created_at).toISOString(),
    expiresAt: new Date(row.expires_at).toISOString(),
    createdBy: row.created_by,
    emailedTo: row.emailed_to,
    revokedAt: row.revoked_at === null ? null : new Date(row.revoked_at).toISOString(),
  });

  /** The caller's agency's booking from the path, or 404 (another agency's is not told apart from none). */
  const bookingOf = (agencyId: string, raw: string): DocumentBookingRow => {
    const bookingId = raw.trim().toUpperCase();
    const row = BOOKING_ID.test(bookingId) ? findDocumentBooking(db, bookingId, agencyId) : undefined;
    if (!row) throw bookingNotFound();
    return row;
  };

  const kindOf = (raw: string): DocumentKind => {
    if (!isDocumentKind(raw)) throw notFound("There is no such document.");
    return raw;
  };

  /** A document that is not ready cannot be shared or sent: 409 NOT_READY with the reason. */
  const readyOrRefuse = (row: DocumentBookingRow, kind: DocumentKind) => {
    const readiness = documentReadiness(kind, row);
    if (!readiness.ready) {
      throw new ApiError(
        409,
        "NOT_READY",
        `The ${DOCUMENT_TITLES[kind].toLowerCase()} are not ready: ${readiness.reason}.`,
      );
    }
  };

  r.get("/ready", requireAuth(deps), (c) => {
    const query = parseOrThrow(readyQuery, readQuery(c, ["page", "pageSize"]));
    const access = branchAccess(db, callerOf(c, db));
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? 10;
    const { rows, total } = readyBookings(
      db,
      { agencyId: access.agencyId, branches: access.visible.map((b) => b.code), today: utcDate(deps.clock()) },
      page,
      pageSize,
    );
    return ok(c, {
      items: rows.map((row) => ({
        bookingId: row.booking_id,
        brand: row.brand,
        shipName: row.ship_name,
        sailDate: row.sail_date,
        nights: row.nights,
        leadGuest: row.lead_guest,
        leadSurname: row.lead_surname,
        guests: row.guest_count,
      })),
      total,
      page,
      pageSize,
      pageCount: Math.ceil(total / pageSize),
    });
  });

  r.get("/find", requireAuth(deps), (c) => {
    const caller = callerOf(c, db);
    const find = parseOrThrow(findQuery, {
      bookingId: c.req.query("bookingId"),
      surname: c.req.query("surname"),
      sailDate: c.req.query("sailDate"),
    });
    const row = matchDocumentBooking(db, { ...find, bookingId: find.bookingId.toUpperCase() }, caller.agency_id);
    if (!row) throw notFound("No booking of your agency has this id, guest surname and sail date.");
    return ok(c, bookingOverview(db, row));
  });

  // Public: the token is the only credential; the answer is the one document and nothing else.
  r.get("/preview", (c) => {
    const token = c.req.query("token") ?? "";
    const linkId = readPreviewToken(key, token);
    const row = linkId === null ? undefined : findPreview(db, linkId);
    if (!row) throw new ApiError(404, "LINK_INVALID", "This link is not valid.");
    const state = previewState(row, deps.clock());
    if (state === "EXPIRED") throw new ApiError(410, "LINK_EXPIRED", "This link has expired.");
    if (state === "REVOKED") throw new ApiError(410, "LINK_REVOKED", "This link was withdrawn.");
    const booking = findDocumentBooking(db, row.booking_id, row.agency_id);
    // A booking gone or cancelled since: the link is withdrawn with it.
    if (!booking || !documentReadiness(row.document, booking).ready) {
      throw new ApiError(410, "LINK_REVOKED", "This link was withdrawn.");
    }
    return ok(c, {
      expiresAt: new Date(row.expires_at).toISOString(),
      document: documentContent(db, booking, row.document),
    });
  });

  r.post("/previews/:linkId/revoke", requireAuth(deps), (c) => {
    const caller = callerOf(c, db);
    const row = findPreview(db, c.req.param("linkId"));
    if (!row || row.agency_id !== caller.agency_id) throw notFound("Your agency has no such link.");
    revokePreview(db, row.link_id, caller.agency_id, caller.username, deps.clock());
    return ok(c, linkBody(findPreview(db, row.link_id) as PreviewRow));
  });

  r.get("/bookings/:bookingId/previews", requireAuth(deps), (c) => {
    const caller = callerOf(c, db);
    const booking = bookingOf(caller.agency_id, c.req.param("bookingId"));
    const items = livePreviews(db, caller.agency_id, booking.booking_id, deps.clock()).map(linkBody);
    return ok(c, { items });
  });

  r.get("/bookings/:bookingId", requireAuth(deps), (c) => {
    const caller = callerOf(c, db);
    return ok(c, bookingOverview(db, bookingOf(caller.agency_id, c.req.param("bookingId"))));
  });

  r.get("/bookings/:bookingId/:document", requireAuth(deps), (c) => {
    const caller = callerOf(c, db);
    const booking = bookingOf(caller.agency_id, c.req.param("bookingId"));
    const kind = kindOf(c.req.param("document"));
    const readiness = documentReadiness(kind, booking);
    return ok(c, {
      booking: bookingOverview(db, booking),
      kind,
      ...readiness,
      content: readiness.ready ? documentContent(db, booking, kind) : null,
    });
  });

  r.post("/bookings/:bookingId/:document/previews", requireAuth(deps), (c) => {
    const caller = callerOf(c, db);
    const booking = bookingOf(caller.agency_id, c.req.param("bookingId"));
    const kind = kindOf(c.req.param("document"));
    readyOrRefuse(booking, kind);
    const row = createPreview(db, {
      agencyId: caller.agency_id,
      bookingId: booking.booking_id,
      document: kind,
      createdBy: caller.username,
      at: deps.clock(),
    });
    return ok(c, linkBody(row), 201);
  });

  r.post("/bookings/:bookingId/:document/email", requireAuth(deps), async (c) => {
    const caller = callerOf(c, db);
    const booking = bookingOf(caller.agency_id, c.req.param("bookingId"));
    const kind = kindOf(c.req.param("document"));
    const { email } = await readBody(c, emailBody);
    readyOrRefuse(booking, kind);
    const row = createPreview(db, {
      agencyId: caller.agency_id,
      bookingId: booking.booking_id,
      document: kind,
      createdBy: caller.username,
      at: deps.clock(),
      emailedTo: email,
    });
    const link = linkBody(row);
    const title = DOCUMENT_TITLES[kind];
    sendToOutbox(deps, {
      recipient: email,
      channel: "email",
      purpose: "travel_document",
      subject: `${title} for your cruise on ${booking.ship_name} (booking ${booking.booking_id})`,
      body: `Your travel agent has sent you the ${title.toLowerCase()} for booking ${booking.booking_id} on ${booking.ship_name}, sailing ${booking.sail_date}. Open this link to view or print it: ${link.url} It works until ${link.expiresAt.slice(0, 10)}.`,
      code: null,
      link: link.url,
    });
    return ok(c, { sentTo: email, link }, 201);
  });

  return r;
}
