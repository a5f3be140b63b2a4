/** Login error codes of the specification (section 8). */
export const LOGIN_ERROR_CODES = [
  "unsuccessfulLoginMessage",
  "attemptsRemaining",
  "accountLockedMessage",
  "qaModeMessage",
  "INVALID_TOKEN",
  "ACCOUNT_PENDING",
  "ACCOUNT_DEACTIVATED",
] as const;
export type LoginErrorCode = (typeof LOGIN_ERROR_CODES)[number];

export const SERVICE_UNAVAILABLE = "Service unavailable, please try again later";
export const TOKEN_WITHOUT_USERNAME = "An error occurred while logging in. Please try again.";

/**
 * The text the login form shows for an upstream error. The specification names the codes but not
 * their texts; these are ours. Without an errorCode the user sees the service-unavailable text.
 */
export function loginErrorMessage(error: { errorCode?: string | null; remainingAttempts?: number | null }): string {
  switch (error.errorCode) {
    case "unsuccessfulLoginMessage":
      return "We could not find an account with that username. Check it and try again.";
    case "attemptsRemaining": {
      const n = error.remainingAttempts;
      if (typeof n !== "number") return "The password is not correct. Check it and try again.";
      return `The password is not correct. You have ${n} ${n === 1 ? "attempt" : "attempts"} remaining before your account is locked.`;
    }
    case "accountLockedMessage":
      return "Your account is locked after too many unsuccessful sign-in attempts. Reset your password to unlock it.";
    case "qaModeMessage":
      return "The portal is in QA mode: only Royal Caribbean Group staff can sign in right now.";
    case "INVALID_TOKEN":
      return "Your sign-in could not be verified. Please try again.";
    // Issue 14: an account an administrator has not approved yet, or has deactivated.
    case "ACCOUNT_PENDING":
      return "Your account is waiting for your agency administrator's approval. You can sign in once it is approved.";
    case "ACCOUNT_DEACTIVATED":
      return "Your account has been deactivated. Contact your agency administrator to have it reactivated.";
    default:
      return SERVICE_UNAVAILABLE;
  }
}
