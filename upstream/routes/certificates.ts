import { Hono } from "hono";
import { z } from "zod";
import { utcDate } from "../catalogue/generate";
import {
  CERTIFICATE_CODE,
  certificateState,
  findBookingOfAgency,
  findCertificate,
  listRedemptions,
  redeemCertificate,
  type CertificateRow,
} from "../db/certificates";
import { requireAuth } from "../lib/auth";
import type { AppEnv, Deps } from "../lib/context";
import { ApiError, invalidRequest, ok, parseOrThrow, readBody } from "../lib/errors";
import { callerOf } from "../lib/roles";
import { notFound, readQuery } from "./catalogue";

const redeemBody = z.object({
  bookingId: z
    .string()
    .trim()
    .regex(/^[0-9A-Z-]{1,20}$/i, "must be a booking id"),
});

/** `?bookingId=`: only the redemptions on that booking. */
const redemptionsQuery = z.object({ bookingId: redeemBody.shape.bookingId.optional() });

const conflict = (errorCode: string, message: string) => new ApiError(409, errorCode, message);

/** The code from the path, trimmed and upper-cased; 400 INVALID_CODE when it is not of the code's format. */
function readCode(raw: string): string {
  const code = raw.trim().toUpperCase();
  if (!CERTIFICATE_CODE.test(code)) {
    throw new ApiError(
      400,
      "INVALID_CODE",
      "A certificate code is two letters and two groups of four, like RC-DEMO-0100.",
    );
  }
  return code;
}

/** What a lookup shows: the booking it went to only to the agency that redeemed it. */
function certificateBody(row: CertificateRow, today: string, agencyId: string) {
  const own = row.redeemed_agency_id === agencyId;
  return {
    code: row.code,
    value: row.value_cents / 100,
    currency: row.currency,
    brand: row.brand,
    sailingId: row.sailing_id,
    conditions: row.conditions,
    expiresOn: row.expires_on,
    state: certificateState(row, today),
    redeemedAt: row.redeemed_at === null ? null : new Date(row.redeemed_at).toISOString(),
    redeemedBookingId: own ? row.redeemed_booking_id : null,
  };
}

/**
 * Certificates and vouchers (docs/booking-services-contract.md): look one up, redeem it on one of the caller's agency's
 * bookings (atomic: of two redemptions at once one wins, the other 409 ALREADY_REDEEMED), and the agency's
 * redemptions. Bearer.
 */
export function certificateRoutes(deps: Deps) {
  const { db } = deps;
  const r = new Hono<AppEnv>();
  const today = () => utcDate(deps.clock());

  r.get("/redemptions", requireAuth(deps), (c) => {
    const caller = callerOf(c, db);
    const { bookingId } = parseOrThrow(redemptionsQuery, readQuery(c, ["bookingId"]));
    const items = listRedemptions(db, caller.agency_id, bookingId?.toUpperCase()).map((row) => ({
      code: row.code,
      value: row.value_cents / 100,
      currency: row.currency,
      brand: row.brand,
      bookingId: row.redeemed_booking_id ?? "",
      redeemedAt: new Date(row.redeemed_at ?? 0).toISOString(),
      redeemedBy: row.redeemed_by,
      shipName: row.ship_name,
      sailDate: row.sail_date,
      leadGuest: row.lead_guest,
    }));
    return ok(c, { items });
  });

  r.get("/:code", requireAuth(deps), (c) => {
    const caller = callerOf(c, db);
    const code = readCode(c.req.param("code"));
    const row = findCertificate(db, code);
    if (!row) throw new ApiError(404, "UNKNOWN_CODE", `There is no certificate ${code}.`);
    return ok(c, certificateBody(row, today(), caller.agency_id));
  });

  r.post("/:code/redeem", requireAuth(deps), async (c) => {
    const caller = callerOf(c, db);
    const code = readCode(c.req.param("code"));
    const { bookingId } = await readBody(c, redeemBody);
    const row = findCertificate(db, code);
    if (!row) throw new ApiError(404, "UNKNOWN_CODE", `There is no certificate ${code}.`);
    const booking = findBookingOfAgency(db, bookingId.toUpperCase(), caller.agency_id);
    if (!booking) throw notFound(`Your agency has no booking ${bookingId}.`);
    const state = certificateState(row, today());
    if (state === "REDEEMED") throw conflict("ALREADY_REDEEMED", "This certificate has already been redeemed.");
    if (state === "EXPIRED") throw conflict("EXPIRED", `This certificate expired on ${row.expires_on}.`);
    if (booking.status === "CANCELLED")
      throw conflict("BOOKING_CANCELLED", "A cancelled booking cannot take a certificate.");
    if (booking.brand !== row.brand) {
      throw conflict("BRAND_MISMATCH", "This certificate is for another brand than the booking's.");
    }
    if (row.sailing_id !== null && row.sailing_id !== booking.sailing_id) {
      throw conflict("SAILING_MISMATCH", "This certificate is valid only on another sailing.");
    }
    const at = deps.clock();
    const won = redeemCertificate(db, code, {
      agencyId: caller.agency_id,
      bookingId: booking.booking_id,
      agentId: caller.agent_id,
      at,
    });
    if (!won) throw conflict("ALREADY_REDEEMED", "This certificate has already been redeemed.");
    const redeemed = findCertificate(db, code);
    if (!redeemed) throw invalidRequest("The certificate is gone.");
    return ok(c, certificateBody(redeemed, today(), caller.agency_id));
  });

  return r;
}
