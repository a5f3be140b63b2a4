import { TOO_MANY_CODES, tooManyCodesMessage } from "~/domain/upstream-refusals";

/** Seconds before another code may be asked for on /otp-verify. */
export const OTP_RESEND_COOLDOWN_SECONDS = 30;

/** The text for the upstream's verdict on a one-time code. */
export function otpErrorMessage(error: {
  errorCode?: string | null;
  remainingAttempts?: number | null;
  retryAfterSeconds?: number;
}): string {
  switch (error.errorCode) {
    case "OTP_INVALID": {
      const n = error.remainingAttempts;
      return typeof n === "number"
        ? `That code is not correct. You have ${n} ${n === 1 ? "try" : "tries"} left.`
        : "That code is not correct.";
    }
    case "OTP_EXPIRED":
      return "That code has expired. Ask for a new code.";
    case "OTP_USED":
      return "That code has already been used. Ask for a new code.";
    case "OTP_TOO_MANY_ATTEMPTS":
      return "Too many wrong codes. Ask for a new code.";
    case TOO_MANY_CODES:
      return tooManyCodesMessage(error.retryAfterSeconds);
    default:
      return "Service unavailable, please try again later";
  }
}

/** a•••••@example.com: enough for the agent to recognise the address, not enough to harvest it. */
export function maskEmail(address: string): string {
  const at = address.indexOf("@");
  if (at < 1) return address;
  return `${address[0]}${"•".repeat(Math.max(1, at - 1))}${address.slice(at)}`;
}

/** Seconds still to wait before a resend, 0 when one may be sent. */
export function resendWait(lastSentAt: number, now: number): number {
  return Math.max(0, Math.ceil((lastSentAt + OTP_RESEND_COOLDOWN_SECONDS * 1000 - now) / 1000));
}
