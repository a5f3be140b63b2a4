import { authState, type ActingAuthState } from "~/server/infra/auth-state.server";
import { sessionSlice, type PortalSession } from "~/server/infra/session-slice.server";
import { compareList } from "~/server/catalogue/compare.server";
import { pickedInsightBranch } from "~/server/insights/context.server";
import { legalAcceptance } from "~/server/legal/legal.server";

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

export const cachedProfile = sessionSlice<CachedProfile>("profile", import.meta.url);

/**
 * What the session of one identity's view should not carry over to another (acting for an agency):
 * the profile and legal-acceptance caches, the insights branch and the compare list.
 */
export function forgetIdentityState(session: PortalSession): void {
  cachedProfile.clear(session);
  legalAcceptance.clear(session);
  pickedInsightBranch.clear(session);
  compareList.clear(session);
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
