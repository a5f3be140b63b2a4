import { createHmac, randomBytes } from "node:crypto";
import { prepared, sailingDays } from "./catalogue";
import { bookingParts, foldName } from "./insight";
import type { Db } from "./database";
import { signatureMatches } from "../lib/signature";

/**
 * Travel documents (docs/booking-services-contract.md, "Travel documents"): the four documents of a booking, whether
 * each is ready, their guest-facing content, and the preview links that show one document to anyone
 * holding the link for 7 days (docs/decisions/025-travel-documents.md).
 */

export const DOCUMENT_KINDS = ["cruise-documents", "luggage-tags", "itinerary", "invoice"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const isDocumentKind = (text: string): text is DocumentKind =>
  (DOCUMENT_KINDS as readonly string[]).includes(text);

export const DOCUMENT_TITLES: Record<DocumentKind, string> = {
  "cruise-documents": "Cruise documents",
  "luggage-tags": "Luggage tags",
  itinerary: "Itinerary",
  invoice: "Invoice",
};

/** How long a preview link works. */
export const PREVIEW_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export type NotReadyReason = "CANCELLED" | "BALANCE_DUE";
export type Readiness = { ready: true; reason: null } | { ready: false; reason: NotReadyReason };

/**
 * The rule (as on the cruise lines' own sites): the invoice is always there; the other documents once
 * the booking is paid in full (nothing due) and not cancelled. The portal keeps the same rule in
 * app/domain/travel-docs.ts to say why.
 */
export function documentReadiness(kind: DocumentKind, booking: { status: string; due_cents: number }): Readiness {
  if (kind === "invoice") return { ready: true, reason: null };
  if (booking.status === "CANCELLED") return { ready: false, reason: "CANCELLED" };
  if (booking.due_cents > 0) return { ready: false, reason: "BALANCE_DUE" };
  return { ready: true, reason: null };
}

export type DocumentBookingRow = {
  booking_id: string;
  agency_id: string;
  status: string;
  brand: string;
  ship_name: string;
  sailing_id: string;
  sail_date: string;
  nights: number;
  cabin_class: string;
  departure_port: string;
  lead_guest: string;
  guest_count: number;
  currency: string;
  total_cents: number;
  paid_cents: number;
  due_cents: number;
  balance_due_date: string | null;
};

const BOOKING_COLUMNS = `booking_id, agency_id, status, brand, ship_name, sailing_id, sail_date, nights, cabin_class,
  departure_port, lead_guest, guest_count, currency, total_cents, paid_cents, due_cents, balance_due_date`;

/** A booking of the agency, or undefined (another agency's booking is not told apart from none). */
export function findDocumentBooking(db: Db, bookingId: string, agencyId: string): DocumentBookingRow | undefined {
  return prepared(db, `SELECT ${BOOKING_COLUMNS} FROM insight_bookings WHERE booking_id = ? AND agency_id = ?`).get(
    bookingId,
    agencyId,
  ) as DocumentBookingRow | undefined;
}

/** The booking of the agency whose id, sail date and one guest's surname (accents and case aside) all match. */
export function matchDocumentBooking(
  db: Db,
  find: { bookingId: string; surname: string; sailDate: string },
  agencyId: string,
): DocumentBookingRow | undefined {
  return prepared(
    db,
    `SELECT ${BOOKING_COLUMNS} FROM insight_bookings b
     WHERE b.booking_id = ? AND b.agency_id = ? AND b.sail_date = ?
       AND EXISTS (SELECT 1 FROM insight_guests g WHERE g.booking_id = b.booking_id AND g.surname_key = ?)`,
  ).get(find.bookingId, agencyId, find.sailDate, foldName(find.surname.trim())) as DocumentBookingRow | undefined;
}

export type ReadyBookingRow = {
  booking_id: string;
  brand: string;
  ship_name: string;
  sail_date: string;
  nights: number;
  lead_guest: string;
  lead_surname: string | null;
  guest_count: number;
};

/**
 * The agency's bookings (in the branches the caller may see) sailing today or later whose documents are all
 * ready (documentReadiness: not cancelled, nothing due), soonest first: the documents an agent hands out next.
 */
export function readyBookings(
  db: Db,
  scope: { agencyId: string; branches: readonly string[]; today: string },
  page: number,
  pageSize: number,
): { rows: ReadyBookingRow[]; total: number } {
  const marks = scope.branches.map(() => "?").join(", ") || "NULL";
  const where = `b.agency_id = ? AND b.branch_code IN (${marks}) AND b.status != 'CANCELLED' AND b.due_cents = 0
    AND b.sail_date >= ?`;
  const params = [scope.agencyId, ...scope.branches, scope.today];
  const total = db
    .prepare(`SELECT count(*) FROM insight_bookings b WHERE ${where}`)
    .pluck()
    .get(...params) as number;
  const rows = db
    .prepare(
      `SELECT b.booking_id, b.brand, b.ship_name, b.sail_date, b.nights, b.lead_guest, b.guest_count,
         (SELECT g.surname FROM insight_guests g WHERE g.booking_id = b.booking_id ORDER BY g.position LIMIT 1)
           AS lead_surname
       FROM insight_bookings b WHERE ${where} ORDER BY b.sail_date, b.booking_id LIMIT ? OFFSET ?`,
    )
    .all(...params, pageSize, (page - 1) * pageSize) as ReadyBookingRow[];
  return { rows, total };
}

const money = (cents: number) => cents / 100;

/** What the agent's pages show of a booking: the sailing, guests, amounts and each document's readiness. */
export function bookingOverview(db: Db, row: DocumentBookingRow) {
  const { guests } = bookingParts(db, row.booking_id);
  return {
    bookingId: row.booking_id,
    status: row.status,
    brand: row.brand,
    shipName: row.ship_name,
    sailDate: row.sail_date,
    nights: row.nights,
    cabinClass: row.cabin_class,
    departurePort: row.departure_port,
    guests: guests.map((g) => ({ givenName: g.givenName, surname: g.surname })),
    currency: row.currency,
    totalPrice: money(row.total_cents),
    amountPaid: money(row.paid_cents),
    amountDue: money(row.due_cents),
    balanceDueDate: row.balance_due_date,
    documents: DOCUMENT_KINDS.map((kind) => ({ kind, ...documentReadiness(kind, row) })),
  };
}

type SailingInfo = { return_date: string; return_port: string } | undefined;

/**
 * One document as the guest sees it: the booking's sailing and guests, and for the itinerary the days
 * of the catalogue's sailing, for the invoice the amounts and payments, for the cruise documents the
 * boarding. Nothing else of the agency (no commission, branch, agent or notes).
 */
export function documentContent(db: Db, row: DocumentBookingRow, kind: DocumentKind) {
  const { guests, payments } = bookingParts(db, row.booking_id);
  const sailing = prepared(db, "SELECT return_date, return_port FROM catalogue_sailings WHERE sailing_id = ?").get(
    row.sailing_id,
  ) as SailingInfo;
  const portName = prepared(db, "SELECT name FROM catalogue_ports WHERE port_code = ?");
  const nameOf = (code: string | null) =>
    code === null ? null : ((portName.get(code) as { name: string } | undefined)?.name ?? code);
  const days = sailingDays(db, row.sailing_id);
  const first = days[0];
  return {
    kind,
    title: DOCUMENT_TITLES[kind],
    booking: {
      bookingId: row.booking_id,
      brand: row.brand,
      shipName: row.ship_name,
      sailDate: row.sail_date,
      returnDate: sailing?.return_date ?? null,
      nights: row.nights,
      cabinClass: row.cabin_class,
      departurePort: row.departure_port,
      guests: guests.map((g) => ({ givenName: g.givenName, surname: g.surname, loyaltyNumber: g.loyaltyNumber })),
    },
    boarding:
      kind === "cruise-documents"
        ? {
            port: row.departure_port,
            date: row.sail_date,
            departure: first?.departure ?? null,
            // All aboard an hour and a half before the ship leaves.
            allAboard: first?.departure ? minusMinutes(first.departure, 90) : null,
          }
        : null,
    itinerary:
      kind === "itinerary"
        ? days.map((d) => ({
            day: d.day,
            date: d.date,
            port: nameOf(d.port_code),
            arrival: d.arrival,
            departure: d.departure,
          }))
        : null,
    invoice:
      kind === "invoice"
        ? {
            status: row.status,
            currency: row.currency,
            total: money(row.total_cents),
            paid: money(row.paid_cents),
            due: money(row.due_cents),
            balanceDueDate: row.balance_due_date,
            payments,
          }
        : null,
  };
}

function minusMinutes(time: string, minutes: number): string {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) return time;
  const total = (Number(match[1]) * 60 + Number(match[2]) - minutes + 24 * 60) % (24 * 60);
  return `${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
}

// -----------------------------------------------------------------------------------------------------------
// Preview links

export type PreviewRow = {
  link_id: string;
  agency_id: string;
  booking_id: string;
  document: DocumentKind;
  created_by: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
  revoked_by: string | null;
  emailed_to: string | null;
};

/** The key that signs preview tokens: derived from the JWT secret, for this one purpose. */
export function previewKey(jwtSecret: Uint8Array): Buffer {
  return createHmac("sha256", jwtSecret).update("travel-docs preview link v1").digest();
}

const TOKEN = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

const signatureOf = (key: Buffer, linkId: string) => createHmac("sha256", key).update(linkId).digest();

/** The token for a link: its id and the id's HMAC-SHA256 signature, both base64url. */
export function previewToken(key: Buffer, linkId: string): string {
  return `${linkId}.${signatureOf(key, linkId).toString("base64url")}`;
}

/** The link id a token names when its signature holds; null for a malformed or forged token. */
export function readPreviewToken(key: Buffer, token: string): string | null {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const [, linkId, signature] = match as unknown as [string, string, string];
  return signatureMatches(signature, signatureOf(key, linkId)) ? linkId : null;
}

export type PreviewState = "LIVE" | "EXPIRED" | "REVOKED";

export function previewState(row: Pick<PreviewRow, "expires_at" | "revoked_at">, now: number): PreviewState {
  if (row.revoked_at !== null) return "REVOKED";
  return row.expires_at <= now ? "EXPIRED" : "LIVE";
}

export function createPreview(
  db: Db,
  link: {
    agencyId: string;
    bookingId: string;
    document: DocumentKind;
    createdBy: string;
    at: number;
    emailedTo?: string;
  },
): PreviewRow {
  const linkId = randomBytes(16).toString("base64url");
  db.prepare(
    `INSERT INTO document_previews (link_id, agency_id, booking_id, document, created_by, created_at, expires_at, emailed_to)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    linkId,
    link.agencyId,
    link.bookingId,
    link.document,
    link.createdBy,
    link.at,
    link.at + PREVIEW_TTL_MS,
    link.emailedTo ?? null,
  );
  return findPreview(db, linkId) as PreviewRow;
}

export function findPreview(db: Db, linkId: string): PreviewRow | undefined {
  return db.prepare("SELECT * FROM document_previews WHERE link_id = ?").get(linkId) as PreviewRow | undefined;
}

/** The booking's links that still work, newest first. */
export function livePreviews(db: Db, agencyId: string, bookingId: string, now: number): PreviewRow[] {
  return db
    .prepare(
      `SELECT * FROM document_previews WHERE agency_id = ? AND booking_id = ? AND revoked_at IS NULL AND expires_at > ?
       ORDER BY created_at DESC, link_id`,
    )
    .all(agencyId, bookingId, now) as PreviewRow[];
}

/** Revokes a link of the agency (once); true when this call revoked it. */
export function revokePreview(db: Db, linkId: string, agencyId: string, by: string, at: number): boolean {
  return (
    db
      .prepare(
        "UPDATE document_previews SET revoked_at = ?, revoked_by = ? WHERE link_id = ? AND agency_id = ? AND revoked_at IS NULL",
      )
      .run(at, by, linkId, agencyId).changes === 1
  );
}
