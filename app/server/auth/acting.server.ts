import type { Agent } from "~/server/auth/agent.server";
import { actingEndedPath } from "~/domain/super-user";
import * as api from "~/server/clients/api.server";
import type { ActingAnswer } from "~/server/clients/super-user.server";
import { redirect } from "~/server/infra/responses.server";
import { forgetIdentityState, returnToOwnSignIn } from "~/server/auth/session-state.server";
import { authState, type AuthState } from "~/server/infra/auth-state.server";
import { sessionCookie, sessionStorage, sessionStore, type PortalSession } from "~/server/infra/session.server";

/**
 * A super user acting for an agency. The session's tokens become the acting sign-in's
 * (the agency administrator's, naming the super user upstream); the super user's own are kept in
 * `actingFor.real` and come back when acting stops. The session's limits run on as they were: the
 * sign-in time is the super user's, so acting ends with the session, and at logout (signOut ends both).
 * Each change of who the session is gets a new session id, the old one ended (as at sign-in).
 */

export async function startActing(agent: Agent, answer: ActingAnswer): Promise<Headers> {
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
      startedAt: Date.now(),
    },
  };
  authState.write(session, acting);
  forgetIdentityState(session);
  return rotateSession(session, auth.username);
}

/**
 * Back to the super user's own sign-in; the acting sign-in is ended upstream (best effort: it ends
 * with the super user's own sign-in anyway). Answers the agency acted for and the new session's
 * cookies, or null when not acting.
 */
export async function stopActing(session: PortalSession): Promise<{ agencyId: string; headers: Headers } | null> {
  const auth = authState.read(session);
  const acting = auth?.actingFor;
  if (!auth || !acting) return null;
  try {
    await api.logout(auth);
  } catch {
    // Logged by the client; the acting sign-in also ends with the super user's own.
  }
  returnToOwnSignIn(session, { ...auth, actingFor: acting });
  return { agencyId: acting.agencyId, headers: await rotateSession(session, acting.real.username) };
}

/**
 * The guard's check while acting, before a cached profile draws the acting banner again: when the
 * administrator acted as has signed out everywhere (or changed the password) through the portal since
 * acting began, the upstream has ended the acting sign-in (decision 023). The session is the super
 * user's own again, on a new id, and the agency's page says acting has ended. Null while acting goes
 * on. One read of the session store, only while acting.
 */
export async function endedActing(session: PortalSession, auth: AuthState): Promise<Response | null> {
  const acting = auth.actingFor;
  if (!acting) return null;
  const cutoff = await sessionStore().cutoff(acting.asUsername);
  // The acting session's own "sign out everywhere else" (kept: this id) ends the others, not itself.
  if (!cutoff || cutoff.keep === session.id || cutoff.at <= (acting.startedAt ?? auth.signedInAt)) return null;
  returnToOwnSignIn(session, { ...auth, actingFor: acting });
  return redirect(actingEndedPath(acting.agencyId), { headers: await rotateSession(session, acting.real.username) });
}

/**
 * The session's data under a new id, the old id ended (no fixation across a change of identity). A
 * "sign out everywhere else" of the super user that kept the old id keeps the new one.
 */
async function rotateSession(session: PortalSession, ownUsername: string): Promise<Headers> {
  const fresh = await sessionStorage.getSession();
  // Every slice as it is, whoever owns it: the same session under another id.
  for (const [key, value] of Object.entries(session.data)) fresh.set(key, value);
  const created = await sessionStorage.commitSession(fresh);
  const headers = new Headers();
  if (session.id) {
    const cutoff = await sessionStore().cutoff(ownUsername);
    if (cutoff && cutoff.keep === session.id) {
      const freshId = (await sessionCookie.parse(created.split(";")[0]!)) as string;
      await sessionStore().endOthers(ownUsername, cutoff.at, freshId);
    }
    headers.append("Set-Cookie", await sessionStorage.destroySession(session));
  }
  headers.append("Set-Cookie", created);
  return headers;
}

/** The banner's facts while acting, else null. */
export function actingBanner(auth: AuthState) {
  const acting = auth.actingFor;
  return acting ? { agencyName: acting.agencyName, asName: acting.asName, realName: acting.realName } : null;
}
