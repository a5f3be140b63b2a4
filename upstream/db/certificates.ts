import type { Database } from "better-sqlite3";
import type { Brand } from "../catalogue/types";
import type { Db } from "./database";

/** A certificate code: two letters, then two groups of four letters or digits (RC-DEMO-0100). */
export const CERTIFICATE_CODE = /^[A-Z]{2}-[A-Z0-9]{4}-[A-Z0-9]{4}$/;

export type CertificateRow = {
  code: string;
  value_cents: number;
  currency: string;
  brand: Brand;
  sailing_id: string | null;
  conditions: string;
  expires_on: string;
  redeemed_at: number | null;
  redeemed_agency_id: string | null;
  redeemed_booking_id: string | null;
  redeemed_by: string | null;
};

export type CertificateState = "VALID" | "REDEEMED" | "EXPIRED";

/** The sailing the demo's sailing-only certificate is for: no demo booking sails on it. */
export const DEMO_RESTRICTED_SAILING = "RC-DEMO-SAILING";

/**
 * The demo certificates (README's demo section): valid ones of each brand, an expired one, one already
 * redeemed by another agency and one for a single sailing no demo booking is on.
 */
export const DEMO_CERTIFICATES: ReadonlyArray<Omit<CertificateRow, "redeemed_booking_id" | "redeemed_by">> = [
  cert("RC-DEMO-0100", 10_000, "R", "2099-12-31", "Onboard credit for one stateroom of a Royal Caribbean booking."),
  cert("RC-DEMO-0250", 25_000, "R", "2099-12-31", "Onboard credit for one stateroom of a Royal Caribbean booking."),
  cert("CE-DEMO-0150", 15_000, "C", "2099-12-31", "Onboard credit for one stateroom of a Celebrity Cruises booking."),
  cert("SV-DEMO-0300", 30_000, "V", "2099-12-31", "Onboard credit for one suite of a Silversea booking."),
  cert("RC-EXPD-0050", 5_000, "R", "2024-06-30", "Onboard credit for one stateroom of a Royal Caribbean booking."),
  {
    ...cert("RC-USED-0075", 7_500, "R", "2099-12-31", "Onboard credit for one stateroom of a Royal Caribbean booking."),
    redeemed_at: Date.UTC(2025, 0, 15, 12),
    redeemed_agency_id: "AG100102",
  },
  {
    ...cert("RC-SAIL-0200", 20_000, "R", "2099-12-31", "Onboard credit valid only on the sailing named."),
    sailing_id: DEMO_RESTRICTED_SAILING,
  },
];

function cert(code: string, valueCents: number, brand: Brand, expiresOn: string, conditions: string) {
  return {
    code,
    value_cents: valueCents,
    currency: "USD",
    brand,
    sailing_id: null as string | null,
    conditions: `${conditions} Not transferable, no cash value, one certificate per booking.`,
    expires_on: expiresOn,
    redeemed_at: null as number | null,
    redeemed_agency_id: null as string | null,
  };
}

/** Writes the demo certificates (the demo reset and migration 9's backfill). */
export function insertCertificates(db: Database): void {
  const insert = db.prepare(
    `INSERT OR IGNORE INTO certificates (code, value_cents, currency, brand, sailing_id, conditions, expires_on,
      redeemed_at, redeemed_agency_id, redeemed_booking_id, redeemed_by)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const c of DEMO_CERTIFICATES) {
    const redeemed = c.redeemed_at !== null;
    insert.run(
      c.code,
      c.value_cents,
      c.currency,
      c.brand,
      c.sailing_id,
      c.conditions,
      c.expires_on,
      c.redeemed_at,
      c.redeemed_agency_id,
      redeemed ? "0000001" : null,
      redeemed ? "0000000" : null,
    );
  }
}

export function findCertificate(db: Db, code: string): CertificateRow | undefined {
  return db.prepare("SELECT * FROM certificates WHERE code = ?").get(code) as CertificateRow | undefined;
}

/** The certificate's state on the UTC day `today` (YYYY-MM-DD): redeemed first, then expired after its last day. */
export function certificateState(
  row: Pick<CertificateRow, "redeemed_at" | "expires_on">,
  today: string,
): CertificateState {
  if (row.redeemed_at !== null) return "REDEEMED";
  return row.expires_on < today ? "EXPIRED" : "VALID";
}

/**
 * Redeems the certificate if nobody has yet (a conditional UPDATE: of two at once exactly one changes the
 * row). True when this call won.
 */
export function redeemCertificate(
  db: Db,
  code: string,
  redemption: { agencyId: string; bookingId: string; agentId: string; at: number },
): boolean {
  const result = db
    .prepare(
      `UPDATE certificates SET redeemed_at = ?, redeemed_agency_id = ?, redeemed_booking_id = ?, redeemed_by = ?
       WHERE code = ? AND redeemed_at IS NULL`,
    )
    .run(redemption.at, redemption.agencyId, redemption.bookingId, redemption.agentId, code);
  return result.changes === 1;
}

export type RedemptionRow = CertificateRow & {
  ship_name: string | null;
  sail_date: string | null;
  lead_guest: string | null;
};

/** The agency's redemptions, newest first. */
/** The agency's redemptions, newest first; only those on one booking when `bookingId` is given. */
export function listRedemptions(db: Db, agencyId: string, bookingId?: string): RedemptionRow[] {
  return db
    .prepare(
      `SELECT c.*, b.ship_name, b.sail_date, b.lead_guest FROM certificates c
       LEFT JOIN insight_bookings b ON b.booking_id = c.redeemed_booking_id
       WHERE c.redeemed_agency_id = ? AND (? IS NULL OR c.redeemed_booking_id = ?)
       ORDER BY c.redeemed_at DESC, c.code`,
    )
    .all(agencyId, bookingId ?? null, bookingId ?? null) as RedemptionRow[];
}

export type BookingForCertificate = {
  booking_id: string;
  agency_id: string;
  brand: Brand;
  sailing_id: string;
  status: string;
};

export function findBookingOfAgency(db: Db, bookingId: string, agencyId: string): BookingForCertificate | undefined {
  return db
    .prepare(
      "SELECT booking_id, agency_id, brand, sailing_id, status FROM insight_bookings WHERE booking_id = ? AND agency_id = ?",
    )
    .get(bookingId, agencyId) as BookingForCertificate | undefined;
}
