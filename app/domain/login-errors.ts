/** Login error codes of the specification. */
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

/** The one text for a wrong username or password (decision 033: it never tells which one was wrong). */
export const WRONG_CREDENTIALS = "The username or password is not correct. Check them and try again.";

/**
 * The text the login form shows for an upstream error. The specification names the codes but not
 * their texts; these are ours. Without an errorCode the user sees the service-unavailable text.
 * An unknown username and a wrong password read alike, and so does a lock (an unknown name locks too),
 * so a stranger cannot tell from them whether an account exists (decision 033).
 */
export function loginErrorMessage(error: { errorCode?: string | null; remainingAttempts?: number | null }): string {
  switch (error.errorCode) {
    case "unsuccessfulLoginMessage":
      return WRONG_CREDENTIALS;
    case "attemptsRemaining": {
      const n = error.remainingAttempts;
      if (typeof n !== "number") return WRONG_CREDENTIALS;
      return `The username or password is not correct. You have ${n} ${n === 1 ? "attempt" : "attempts"} remaining before sign-in with this username is locked.`;
    }
    case "accountLockedMessage":
      return "Sign-in with this username is locked after too many unsuccessful attempts. If it is your account, reset your password to unlock it.";
    case "qaModeMessage":
      return "The portal is in QA mode: only Royal Caribbean Group staff can sign in right now.";
    case "INVALID_TOKEN":
      return "Your sign-in could not be verified. Please try again.";
    // An account an administrator has not approved yet, or has deactivated.
    case "ACCOUNT_PENDING":
      return "Your account is waiting for your agency administrator's approval. You can sign in once it is approved.";
    case "ACCOUNT_DEACTIVATED":
      return "Your account has been deactivated. Contact your agency administrator to have it reactivated.";
    default:
      return SERVICE_UNAVAILABLE;
  }
}
