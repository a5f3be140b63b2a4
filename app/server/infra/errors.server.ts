/** The portal's own error classes: what a server module throws for a route-level outcome. */

/** Thrown when the session can no longer be used: the refresh failed or there was nothing to refresh with. */
export class SignedOutError extends Error {
  constructor(
    message: string,
    /** The page to come back to after signing in again (the caller's, when it said). */
    readonly returnTo?: string,
  ) {
    super(message);
    this.name = "SignedOutError";
  }
}

/**
 * The acting sign-in of a super user ended from the agency's side (its administrator signed out
 * everywhere else or changed the password): the session is the super user's own again.
 */
export class ActingEndedError extends SignedOutError {
  constructor(readonly agencyId: string) {
    super("The acting sign-in has ended");
    this.name = "ActingEndedError";
  }
}
