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

const STORE_UNAVAILABLE_BRAND = Symbol.for("professional-portal.store-unavailable");

/**
 * A store the portal keeps its own state in (sessions, kept forms, rate limits, cache: Redis or
 * SQLite) did not answer. Answered 503 "Service unavailable, try again in a moment" (server/app.ts),
 * never with the store's own words. Branded, because the server and the build each have this class.
 */
export class StoreUnavailableError extends Error {
  readonly [STORE_UNAVAILABLE_BRAND] = true;
  constructor(
    readonly store: string,
    readonly reason: string,
  ) {
    super(`${store} unavailable: ${reason}`);
    this.name = "StoreUnavailableError";
  }
}

export const isStoreUnavailable = (error: unknown): error is StoreUnavailableError =>
  typeof error === "object" && error !== null && STORE_UNAVAILABLE_BRAND in error;
