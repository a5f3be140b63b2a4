/**
 * Rules of account recovery (the /account/forgot/... screens): how long each step's state
 * is honoured, and how a phone number is shown on the code page.
 */

/** A username code (by e-mail or SMS) may be entered and resent for this long after the request. */
export const USERNAME_CODE_LIMIT_MS = 30 * 60 * 1000;
/** A verified reset link lets the agent choose a new password for this long. */
export const PASSWORD_RESET_LIMIT_MS = 30 * 60 * 1000;
/** A finished flow's outcome (the recovered username, the reset) is shown for this long. */
export const OUTCOME_LIMIT_MS = 10 * 60 * 1000;

/** True while a step started at `since` is still within `limitMs` of `now`. */
export function isFresh(since: number | undefined, limitMs: number, now: number): boolean {
  return typeof since === "number" && since <= now && now - since <= limitMs;
}

/** •••••••0142: only the last four digits of a phone number, enough to recognise it. */
export function maskPhone(number: string): string {
  const digits = number.replace(/\D/g, "");
  if (digits.length <= 4) return digits;
  return `${"•".repeat(digits.length - 4)}${digits.slice(-4)}`;
}
