import { authState, type ActingAuthState } from "~/server/infra/auth-state.server";
import { forgetIdentitySlices, sessionSlice, type PortalSession } from "~/server/infra/session-slice.server";

/** A sign-in waiting for the e-mailed one-time code. */
export type PendingMfa = {
  otpToken: string;
  recipient: string;
  username: string;
  redirectTo: string;
  startedAt: number;
  lastSentAt: number;
};

export const pendingMfa = sessionSlice<PendingMfa>("pendingMfa", import.meta.url);

/** The profile as last read, so a page view need not wait for the upstream (see requireAgent). */
export type CachedProfile = { data: unknown; fetchedAt: number };

export const cachedProfile = sessionSlice<CachedProfile>("profile", import.meta.url, { perIdentity: true });

/**
 * What the session of one identity's view should not carry over to another (acting for an agency):
 * every slice its owner defines `perIdentity` (the profile and legal-acceptance caches, the insights
 * branch, the compare list).
 */
export function forgetIdentityState(session: PortalSession): void {
  forgetIdentitySlices(session);
}

/**
 * A super user back to their own sign-in after acting for an agency (stopped, or ended from the agency's
 * side): the session limits run on as they were. Not saved here; the caller commits the session.
 */
export function returnToOwnSignIn(session: PortalSession, auth: ActingAuthState): void {
  authState.write(session, {
    ...auth.actingFor.real,
    signedInAt: auth.signedInAt,
    lastActivity: Date.now(),
    legacyNavigated: auth.legacyNavigated,
  });
  forgetIdentityState(session);
}
