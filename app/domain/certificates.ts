import { z } from "zod";
import { moneyIn } from "~/domain/money";
import { BRAND_NAMES } from "~/domain/navigation";

/** A certificate code: two letters, then two groups of four letters or digits (RC-DEMO-0100). */
export const CERTIFICATE_CODE = /^[A-Z]{2}-[A-Z0-9]{4}-[A-Z0-9]{4}$/;

export const CODE_FORMAT_MESSAGE =
  "Enter the code as it is printed: two letters and two groups of four, like RC-DEMO-0100.";

/** The code as typed: trimmed, upper-cased, spaces read as dashes; then its format. */
export const CodeSchema = z
  .string()
  .trim()
  .min(1, "Enter a certificate or voucher code.")
  .max(40, CODE_FORMAT_MESSAGE)
  .transform((v) => v.toUpperCase().replace(/\s+/g, "-"))
  .pipe(z.string().regex(CERTIFICATE_CODE, CODE_FORMAT_MESSAGE));

export const BookingIdSchema = z
  .string()
  .trim()
  .min(1, "Enter the booking id.")
  .regex(/^[0-9A-Za-z-]{1,20}$/, "Enter the booking id as it is shown on the booking, like 1234567.")
  .transform((v) => v.toUpperCase());

export type CertificateState = "VALID" | "REDEEMED" | "EXPIRED";

/** What the page says for each state of a certificate that was found. */
export const STATE_MESSAGES: Record<CertificateState, { tone: "success" | "warning" | "error"; text: string }> = {
  VALID: { tone: "success", text: "This certificate is valid. Apply it to one of your agency's bookings below." },
  REDEEMED: { tone: "warning", text: "This certificate has already been redeemed and cannot be used again." },
  EXPIRED: { tone: "error", text: "This certificate has expired and can no longer be redeemed." },
};

/** The upstream's refusal codes as the page says them; anything else is the generic failure. */
export const REFUSALS: Record<string, string> = {
  INVALID_CODE: CODE_FORMAT_MESSAGE,
  UNKNOWN_CODE: "We could not find a certificate with this code. Check the code and try again.",
  ALREADY_REDEEMED: "This certificate has already been redeemed and cannot be used again.",
  EXPIRED: "This certificate has expired and can no longer be redeemed.",
  BRAND_MISMATCH: "This certificate is not for this booking's brand.",
  SAILING_MISMATCH: "This certificate is not for this booking's sailing.",
  BOOKING_CANCELLED: "This booking is cancelled; a certificate can be applied only to an active booking.",
  NOT_FOUND: "Your agency has no booking with this id.",
};

export const REDEEM_FAILED = "The certificate could not be applied just now. Please try again.";

/** The message for an upstream refusal code (a 4xx), or the generic failure. */
export function refusalMessage(errorCode: string | undefined): string {
  return (errorCode && REFUSALS[errorCode]) || REDEEM_FAILED;
}

export function brandName(code: string): string {
  return (BRAND_NAMES as Record<string, string>)[code] ?? code;
}

/** The value in its own currency, as Intl formats money (the portal's one money helper): "$100.00". */
export function certificateValue(value: number, currency: string): string {
  return moneyIn(value, currency);
}
