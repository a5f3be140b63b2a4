import type { PendingPolicy } from "~/domain/legal";
import type { SessionCaller, UserProfile } from "~/server/clients/api.server";
import type { AuthState } from "~/server/infra/auth-state.server";
import type { PortalSession } from "~/server/infra/session.server";

// The agent a guard (auth.server.ts) resolves for a request. Its own module, below the guard: the
// modules the guard calls (acting, the session state it clears, the insight context) take an Agent too.

/**
 * `pendingTerms`: the policy the agent must accept before anything else (null once accepted). Only a
 * guard called with `terms: "ask"` or `"exempt"` ever returns an agent for whom it is set.
 */
export type Agent = {
  profile: UserProfile;
  auth: AuthState;
  session: PortalSession;
  /** The way back to a super user's own sign-in, for a call that finds the acting sign-in over. */
  returnToOwnSignIn: SessionCaller["returnToOwnSignIn"];
  pendingTerms: PendingPolicy | null;
  /** The page to return to when a call made for this request finds the session over. */
  returnTo?: string;
};
