import { z } from "zod";
import { authorized, enveloped, type Caller } from "~/server/clients/api.server";

/**
 * The main API's certificate calls (docs/booking-services-contract.md, "Certificates"): look a code up, redeem it on
 * one of the agency's bookings, and the agency's redemptions. The only module that names these paths.
 */

const certificateSchema = z.object({
  code: z.string(),
  value: z.number(),
  currency: z.string(),
  brand: z.string(),
  sailingId: z.string().nullable(),
  conditions: z.string(),
  expiresOn: z.string(),
  state: z.enum(["VALID", "REDEEMED", "EXPIRED"]),
  redeemedAt: z.string().nullable(),
  redeemedBookingId: z.string().nullable(),
});
export type Certificate = z.infer<typeof certificateSchema>;

const redemptionSchema = z.object({
  code: z.string(),
  value: z.number(),
  currency: z.string(),
  brand: z.string(),
  bookingId: z.string(),
  redeemedAt: z.string(),
  redeemedBy: z.string().nullable(),
  shipName: z.string().nullable(),
  sailDate: z.string().nullable(),
  leadGuest: z.string().nullable(),
});
export type Redemption = z.infer<typeof redemptionSchema>;

const certificatePath = (code: string, rest = "") => `/certificates/${encodeURIComponent(code)}${rest}`;

/** A certificate by its code (already of the code's format); 404 UNKNOWN_CODE when there is none. */
export function getCertificate(caller: Caller, code: string): Promise<Certificate> {
  return authorized(caller, { path: certificatePath(code), schema: enveloped(certificateSchema) });
}

/** Redeems the certificate on the booking; 409 with the reason's code when it does not fit or is taken. */
export function redeemCertificate(caller: Caller, code: string, bookingId: string): Promise<Certificate> {
  return authorized(caller, {
    path: certificatePath(code, "/redeem"),
    method: "POST",
    json: { bookingId },
    schema: enveloped(certificateSchema),
  });
}

/** The agency's redemptions, newest first; only those on one booking when `bookingId` is given. */
export function listRedemptions(caller: Caller, bookingId?: string): Promise<Redemption[]> {
  const query = bookingId ? `?${new URLSearchParams({ bookingId })}` : "";
  return authorized(caller, {
    path: `/certificates/redemptions${query}`,
    schema: enveloped(z.object({ items: z.array(redemptionSchema) })),
  }).then((page) => page.items);
}
