import { TOO_MANY_CODES, tooManyCodesMessage } from "~/domain/upstream-refusals";
import type { Translate } from "./translate";

/** The upstream's registration and recovery error codes, and the dictionary key that explains each. */
const ERROR_KEYS: Record<string, string> = {
  EMAIL_ALREADY_EXISTS: "errorEmailAlreadyExists",
  SANCTIONED_COUNTRY: "errorSanctionedCountry",
  WEAK_PASSWORD: "errorWeakPassword",
  EMAIL_NOT_VERIFIED: "errorEmailNotVerified",
  PHONE_NOT_VERIFIED: "errorPhoneNotVerified",
  AGENCY_NOT_FOUND: "agencyNotFound",
  AGENCY_ALREADY_EXISTS: "errorAgencyAlreadyExists",
  RESET_TOKEN_INVALID: "errorResetLinkInvalid",
  OTP_EXPIRED: "otpExpired",
  OTP_USED: "otpUsed",
  OTP_TOO_MANY_ATTEMPTS: "otpTooManyAttempts",
  [TOO_MANY_CODES]: "otpRateLimited",
};

/** The dictionary key for an upstream error code; errorGeneric for anything else. */
export function errorKeyFor(errorCode: string | undefined): string {
  return (errorCode && ERROR_KEYS[errorCode]) || "errorGeneric";
}

/**
 * The text for an upstream failure on a registration or recovery form. A wrong code says how many
 * tries are left; a failure without an error code (down, slow, garbage) says the service is
 * unavailable.
 */
export function upstreamErrorText(
  t: Translate,
  error: { errorCode?: string; remainingAttempts?: number; retryAfterSeconds?: number } | undefined,
): string {
  if (!error?.errorCode) return t("errorServiceUnavailable");
  // One text for too many codes everywhere, with the upstream's wait (domain/upstream-refusals).
  if (error.errorCode === TOO_MANY_CODES) return tooManyCodesMessage(error.retryAfterSeconds);
  if (error.errorCode === "OTP_INVALID") {
    const left = error.remainingAttempts;
    if (typeof left !== "number") return t("otpInvalidNoCount");
    // The dictionary has no plural forms: the last try has its own sentence.
    return left === 1 ? t("otpInvalidOneLeft") : t("otpInvalid", left);
  }
  return t(errorKeyFor(error.errorCode));
}
