import type { Agent } from "~/server/auth.server";
import * as api from "~/server/clients/api.server";
import type { ActingAnswer } from "~/server/clients/super-user.server";
import {
  forgetIdentityState,
  returnToOwnSignIn,
  sessionStorage,
  type AuthState,
  type PortalSession,
} from "~/server/infra/session.server";

/**
 * A super user acting for an agency (issue 14). The session's tokens become the acting sign-in's
 * (the agency administrator's, naming the super user upstream); the super user's own are kept in
 * `actingFor.real` and come back when acting stops. The session's limits run on as they were: the
 * sign-in time is the super user's, so acting ends with the session, and at logout (signOut ends both).
 */

export async function startActing(agent: Agent, answer: ActingAnswer): Promise<string> {
  const { auth, session, profile } = agent;
  const acting: AuthState = {
    accessToken: answer.access_token,
    idToken: answer.id_token,
    refreshToken: answer.refresh_token,
    username: answer.actingAs.username,
    signedInAt: auth.signedInAt,
    lastActivity: Date.now(),
    legacyNavigated: auth.legacyNavigated,
    actingFor: {
      agencyId: answer.agency.agencyId,
      agencyName: answer.agency.name,
      asName: answer.actingAs.name,
      asUsername: answer.actingAs.username,
      realName: `${profile.agentFirstName} ${profile.agentLastName}`.trim() || profile.loginUserName,
      real: {
        accessToken: auth.accessToken,
        idToken: auth.idToken,
        refreshToken: auth.refreshToken,
        username: auth.username,
      },
    },
  };
  session.set("auth", acting);
  forgetIdentityState(session);
  return sessionStorage.commitSession(session);
}

/**
 * Back to the super user's own sign-in; the acting sign-in is ended upstream (best effort: it ends
 * with the super user's own sign-in anyway). Answers the agency acted for, or null when not acting.
 */
export async function stopActing(session: PortalSession): Promise<{ agencyId: string; cookie: string } | null> {
  const auth = session.get("auth");
  const acting = auth?.actingFor;
  if (!auth || !acting) return null;
  try {
    await api.logout(auth);
  } catch {
    // Logged by the client; the acting sign-in also ends with the super user's own.
  }
  returnToOwnSignIn(session, { ...auth, actingFor: acting });
  return { agencyId: acting.agencyId, cookie: await sessionStorage.commitSession(session) };
}

/** The banner's facts while acting, else null. */
export function actingBanner(auth: AuthState) {
  const acting = auth.actingFor;
  return acting ? { agencyName: acting.agencyName, asName: acting.asName, realName: acting.realName } : null;
}
