import type { Submission as ConformSubmission } from "@conform-to/react";
import { data } from "@remix-run/node";
import { redirect } from "~/server/infra/responses.server";
import type { z } from "zod";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { LoginSchema } from "~/domain/auth-forms";
import { SERVICE_UNAVAILABLE, TOKEN_WITHOUT_USERNAME, loginErrorMessage } from "~/domain/login-errors";
import { exemptFromLegacyRule, hasTool, mustVisitLegacyFirst, requiredTools } from "~/domain/access";
import { isResourcePath, loginPath, originOf, safeRedirect, type SignOutReason } from "~/domain/redirect";
import { ACTIVITY_STAMP_INTERVAL_MS, sessionExpiry } from "~/domain/session-rules";
import { tokenMatchesProfile, tokenUsername } from "~/domain/token";
import { actingEndedPath } from "~/domain/super-user";
import { landingAfterSignIn } from "~/domain/welcome";
import { endedActing } from "~/server/auth/acting.server";
import * as api from "~/server/clients/api.server";
import type { Agent } from "~/server/auth/agent.server";
import { UpstreamError } from "~/server/infra/http.server";
import { refusal } from "~/server/infra/route-errors.server";
import { ActingEndedError, SignedOutError } from "~/server/infra/errors.server";
import { env } from "~/server/infra/env.server";
import { applyNoStore, applySecurityHeaders } from "~/server/infra/security-headers.server";
import { pendingPolicy } from "~/server/legal/legal.server";
import { assertAcceptablePost, publicUrl } from "~/server/infra/request.server";
import { authState, type AuthState } from "~/server/infra/auth-state.server";
import { getSession, sessionStorage, sessionStore, type PortalSession } from "~/server/infra/session.server";
import { cachedProfile, returnToOwnSignIn } from "~/server/auth/session-state.server";
import { parseSubmission } from "~/server/infra/forms.server";
import { keepFormOnSignOut, keptFormAtSignIn, markSignedOut } from "~/server/kept-forms/kept-forms.server";

type Submission = ConformSubmission<z.output<typeof LoginSchema>>;

/** A sign-in that did not succeed: the form shows `message` and keeps what was typed. */
export class SignInFailure extends Error {
  constructor(
    readonly submission: Submission,
    message: string | null,
  ) {
    super(message ?? "invalid submission");
    this.name = "SignInFailure";
  }
  get formError(): string | null {
    return this.message === "invalid submission" ? null : this.message;
  }
}

export type SignInOutcome =
  | { type: "signed-in"; tokens: api.SignInTokens; redirectTo: string; submission: Submission }
  | { type: "mfa"; otpToken: string; recipient: string; username: string; redirectTo: string };

/** remix-auth with the form strategy: validates the form and asks the upstream. */
export const authenticator = new Authenticator<SignInOutcome>();
authenticator.use(
  new FormStrategy(async ({ form }) => {
    const submission = parseSubmission(form, LoginSchema);
    if (submission.status !== "success") throw new SignInFailure(submission, null);
    const { username, password, redirectTo } = submission.value;
    const target = safeRedirect(redirectTo);
    try {
      const result = await api.login(username, password);
      if ("mfaRequired" in result) {
        return { type: "mfa", otpToken: result.otpToken, recipient: result.recipient, username, redirectTo: target };
      }
      return { type: "signed-in", tokens: result, redirectTo: target, submission };
    } catch (error) {
      throw new SignInFailure(submission, signInErrorText(error));
    }
  }),
  "form",
);

/** The text for a failed login call: the upstream's code where it gave one, else unavailable. */
export function signInErrorText(error: unknown): string {
  if (error instanceof UpstreamError && error.failure === "http") return loginErrorMessage(error.body);
  return SERVICE_UNAVAILABLE;
}

/**
 * Turns tokens into a signed-in session: the token must carry a username, the profile must load and
 * match it. The old session is ended and a new id issued (no fixation). Returns the Set-Cookie
 * headers and where the sign-in lands: `target` (a same-site path), or /welcome first for an agent
 * the profile says has not been welcomed (a new account's first sign-in). Throws a
 * TOKEN_WITHOUT_USERNAME / SERVICE_UNAVAILABLE message as an Error.
 */
export async function startSession(
  request: Request,
  tokens: api.SignInTokens,
  target = "/home",
): Promise<{ headers: Headers; to: string }> {
  const claimed = tokenUsername(tokens.access_token);
  if (claimed.kind === "missing-username") throw new Error(TOKEN_WITHOUT_USERNAME);
  const now = Date.now();
  const auth: AuthState = {
    accessToken: tokens.access_token,
    idToken: tokens.id_token,
    refreshToken: tokens.refresh_token,
    username: claimed.kind === "readable" ? claimed.username : "",
    signedInAt: now,
    lastActivity: now,
  };
  let profile: api.UserProfile;
  try {
    profile = await api.getProfile({ auth });
  } catch {
    throw new Error(SERVICE_UNAVAILABLE);
  }
  if (!tokenMatchesProfile(auth.accessToken, profile.loginUserName)) throw new Error(TOKEN_WITHOUT_USERNAME);
  auth.username = profile.loginUserName;

  // A form this account kept in this browser is offered however the agent signs in: the sign-in
  // lands on its page (kept-forms.server.ts).
  const kept = await keptFormAtSignIn(request, auth.username);
  const headers = new Headers({ "Set-Cookie": kept.setCookie });
  const old = await getSession(request);
  if (old.id) headers.append("Set-Cookie", await sessionStorage.destroySession(old));
  const fresh = await sessionStorage.getSession();
  fresh.set("auth", auth);
  fresh.set("profile", { data: profile, fetchedAt: Date.now() });
  headers.append("Set-Cookie", await sessionStorage.commitSession(fresh));
  return { headers, to: landingAfterSignIn(kept.page ?? target, profile.welcomed) };
}

// The agent a guard resolves is named in agent.server.ts, below the modules this one uses that take
// it (acting, the insight context); its importers may keep naming it from here.
export type { Agent };

/**
 * The terms gate, held where the session is resolved so no loader, action or resource route can
 * forget it. "gate" (every route by default): while a policy is pending the request is refused with
 * 403 and the route's own code never runs, so it answers no data and writes nothing; the app layout
 * draws the terms dialog in place of the refused page. "ask": the layouts that draw the dialog (or
 * the minimal shell) get the agent with `pendingTerms`. "exempt": what must stay reachable before
 * accepting: the acceptance itself and logout.
 */
export type TermsGate = "gate" | "ask" | "exempt";

/** The refusal of a route while the terms wait for acceptance (the page shows the dialog instead). */
export const TERMS_PENDING_MESSAGE = "Accept the Terms of Use to continue.";

// A Response, not data(): a resource route answers it as it is (403), and a page's error boundary
// reads its JSON like any thrown data.
function termsRefusal(): Response {
  const response = Response.json({ message: TERMS_PENDING_MESSAGE, termsPending: true }, { status: 403 });
  applySecurityHeaders(response.headers);
  applyNoStore(response.headers);
  return response;
}

// Loaders of one request run in parallel and each guards itself; they share one profile fetch.
const inflight = new Map<string, Promise<Agent | Response>>();

/**
 * The auth guard of every protected loader and action. Signed out, idle or expired → /login with the
 * origin remembered. Lacking a required tool → /home. Returns the agent and their profile.
 */
export async function requireAgent(
  request: Request,
  options: { tools?: readonly string[]; beforeLegacyVisit?: boolean; terms?: TermsGate } = {},
): Promise<Agent> {
  assertAcceptablePost(request);
  const key = request.headers.get("Cookie") ?? "";
  let pending = key ? inflight.get(key) : undefined;
  if (!pending) {
    pending = loadAgent(request);
    if (key) {
      inflight.set(key, pending);
      const forget = () => inflight.delete(key);
      pending.then(forget, forget);
    }
  }
  let agent: Agent | Response;
  try {
    agent = await pending;
  } catch (error) {
    // The upstream is down, slow or confused: a clear message where the page would be, never a 500.
    if (error instanceof UpstreamError) {
      const message =
        error instanceof ProfileUnavailable ? `${PROFILE_ERROR}. ${SERVICE_UNAVAILABLE}` : SERVICE_UNAVAILABLE;
      throw data({ message }, { status: 503 });
    }
    throw error;
  }
  // A form posted after the session ended is kept for the account (kept-forms.server.ts).
  if (agent instanceof Response) throw await keepFormOnSignOut(request, agent.clone());
  if (agent.pendingTerms && (options.terms ?? "gate") === "gate") throw termsRefusal();
  // The auth guard: the path's tools (the tool-to-route table) and any the caller names.
  const { pathname } = new URL(request.url);
  const owned = agent.profile.allowedApplicationTools;
  const needed = [...requiredTools(pathname), ...(options.tools ?? [])];
  if (!needed.every((tool) => hasTool(owned, tool))) {
    throw refusal(request, "That action", "your account does not have the tool this page belongs to.");
  }
  const legacyRule = !options.beforeLegacyVisit && !exemptFromLegacyRule(pathname);
  if (legacyRule && mustVisitLegacyFirst(agent.profile)) throw redirect(LEGACY_FIRST_VISIT);
  // Where a sign-out found later in this request (a refused token refresh) brings the agent back to.
  return { ...agent, returnTo: returnPathOf(request) };
}

/**
 * The page to come back to after signing in again: the request's own page, or for a resource route
 * (a fetcher's post such as /session/keepalive, a download) the page it was asked from, when the
 * browser says so (Referer) and it is a page of this site.
 */
export function returnPathOf(request: Request): string | undefined {
  const url = new URL(request.url);
  if (!isResourcePath(url.pathname)) return originOf(url);
  const referer = request.headers.get("Referer");
  if (!referer) return undefined;
  try {
    const from = new URL(referer);
    return from.host === url.host && !isResourcePath(from.pathname) ? originOf(from) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The profile is read from the upstream at sign-in and then at most once a minute (or when something
 * the agent did changed it: see forgetProfile). Production upstreams are far away; a page view should
 * not wait for one every time.
 */
export const PROFILE_CACHE_MS = 60_000;

function freshProfile(session: PortalSession, now: number): api.UserProfile | null {
  const cached = cachedProfile.read(session);
  if (!cached || now - cached.fetchedAt >= PROFILE_CACHE_MS) return null;
  const parsed = api.profileSchema.safeParse(cached.data);
  return parsed.success ? parsed.data : null;
}

/**
 * Every other portal session of this agent ends now (the upstream ended their sign-ins too): the
 * guard refuses any session of theirs that started before this moment, except this one.
 */
export async function endOtherSessions(agent: Agent): Promise<void> {
  // Acting for an agency, these are the administrator's sessions (the acting one is checked against
  // the super user's own cut-off, so it goes on).
  await sessionStore().endOthers(agent.auth.username, Date.now(), agent.session.id || null);
}

/** The next guarded request reads the profile again (after a dismissal, a legacy visit…). */
export function forgetProfile(session: PortalSession): void {
  cachedProfile.clear(session);
}

/** The specification's thrown messages: a failed profile fetch, a failed logout call. */
export const PROFILE_ERROR = "Error fetching user profile";
export const LOGOUT_ERROR = "Error logout user";

/** The internal legacy link named espresso: where a BRA agent goes before the portal. */
export const LEGACY_FIRST_VISIT = "/legacy/espresso";

/**
 * The signed-in agent when there is one, else null; never redirects (pages open to everyone that
 * draw the signed-in shell for agents).
 */
export async function optionalAgent(request: Request): Promise<Agent | null> {
  try {
    return await requireAgent(request, { beforeLegacyVisit: true, terms: "ask" });
  } catch {
    return null;
  }
}

/**
 * The signed-in agent whatever tools the request's own path needs, else null: the shell drawn around a
 * refused action's 403 page, which may have been refused for those very tools. Asked as for /home.
 */
export async function signedInAgent(request: Request): Promise<Agent | null> {
  return optionalAgent(new Request(new URL("/home", request.url), { headers: request.headers }));
}

/** The profile could not be read: the guard says so with the specification's 'Error fetching user profile'. */
class ProfileUnavailable extends UpstreamError {
  constructor(cause: UpstreamError) {
    super(cause.failure, cause.service, cause.path, cause.status, cause.body);
  }
}

async function loadAgent(request: Request): Promise<Agent | Response> {
  const legacy = legacyTokenRedirect(request);
  if (legacy) return legacy;
  const origin = returnPathOf(request);
  const session = await getSession(request);
  const auth = authState.read(session);
  if (!auth) return redirect(loginPath(origin));

  const expired = sessionExpiry(auth, Date.now());
  if (expired) return endSession(request, session, loginPath(origin, expired));
  // Ended from another sign-in (sign out everywhere else, a password change): over at once. While
  // a super user acts for an agency, the session is still theirs.
  const cutoff = await sessionStore().cutoff(auth.actingFor?.real.username ?? auth.username);
  if (cutoff && cutoff.keep !== session.id && auth.signedInAt < cutoff.at) {
    return endSession(request, session, loginPath(origin, "signed-out"));
  }
  // Acting for an agency whose administrator has since signed out everywhere: acting is over before
  // a cached profile can draw its banner again (decision 023).
  const actingEnded = await endedActing(session, auth);
  if (actingEnded) return actingEnded;

  const stampedAt = auth.lastActivity;
  const tokenBefore = auth.accessToken;
  const now = Date.now();
  let profile = freshProfile(session, now);
  if (!profile) {
    try {
      profile = await api.getProfile({ auth, session, returnToOwnSignIn });
    } catch (error) {
      if (error instanceof ActingEndedError) return redirect(actingEndedPath(error.agencyId));
      if (error instanceof SignedOutError) return endSession(request, session, loginPath(origin, "expired"));
      // The failed profile fetch's message, logged once per request (the guard answers 503 with it).
      if (error instanceof UpstreamError) {
        console.warn(`[auth] ${PROFILE_ERROR}: ${error.message}`);
        throw new ProfileUnavailable(error);
      }
      throw error;
    }
    // A username mismatch between token and profile clears the session.
    if (!tokenMatchesProfile(auth.accessToken, profile.loginUserName))
      return endSession(request, session, loginPath(origin));
    cachedProfile.write(session, { data: profile, fetchedAt: now });
  }
  // The terms gate's verdict, read with the session (cached there 5 minutes): every guard needs it.
  const pendingTerms = await pendingPolicy({ auth, session, returnToOwnSignIn });
  // A request that passes the guard is the agent's activity.
  auth.lastActivity = now;

  // Save a new profile or refreshed tokens at once; the activity stamp when it has moved on by a
  // few seconds (the idle limit is 30 minutes: a write per request would buy nothing but load).
  const changed = auth.accessToken !== tokenBefore || cachedProfile.read(session)?.fetchedAt === now;
  if (changed || now - stampedAt >= ACTIVITY_STAMP_INTERVAL_MS) {
    authState.write(session, auth);
    await sessionStorage.commitSession(session);
  }
  return { profile, auth, session, returnToOwnSignIn, pendingTerms };
}

async function endSession(request: Request, session: PortalSession, to: string): Promise<Response> {
  const headers = new Headers({ "Set-Cookie": await sessionStorage.destroySession(session) });
  // The browser remembers whose session this was, so a later post keeps its form for them.
  await markSignedOut(headers, authState.read(session)?.username, request);
  return redirect(to, { headers });
}

/** Login, registration and recovery pages: a signed-in agent goes home instead. */
export async function requireAnonymous(request: Request): Promise<void> {
  assertAcceptablePost(request);
  const legacy = legacyTokenRedirect(request);
  if (legacy) throw await legacy;
  const session = await getSession(request);
  const auth = authState.read(session);
  if (auth && !sessionExpiry(auth, Date.now())) throw redirect("/home");
}

/**
 * Logout in the specification's order: legacy cookies (or the legacy logout address), the logout call,
 * the session ended, then /login. The chat widget is shut down in the browser before the post.
 */
export async function signOut(request: Request, reason?: SignOutReason, returnTo?: string): Promise<Response> {
  const session = await getSession(request);
  const auth = authState.read(session);
  // Step 3, the logout call (made first here; the steps before it only write this answer's headers).
  // Acting for an agency ends with the logout: the acting sign-in and the super user's own.
  const signIns = auth ? [auth, ...(auth.actingFor ? [{ ...auth, ...auth.actingFor.real }] : [])] : [];
  let logoutFailed = false;
  for (const signIn of signIns) {
    try {
      await api.logout(signIn);
    } catch (error) {
      // 'Error logout user': logged, and said on /login; the local session ends regardless.
      logoutFailed = true;
      console.warn(`[auth] ${LOGOUT_ERROR}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const headers = new Headers();
  let to = loginPath(returnTo || undefined, logoutFailed ? "logout-failed" : reason);

  if (auth?.legacyNavigated) {
    const cookies = request.headers.get("Cookie") ?? "";
    const legacy = env.LEGACY_COOKIE_NAMES.split(",")
      .map((n) => n.trim())
      .filter((name) => name && new RegExp(`(?:^|;\\s*)${name.replace(/[^\w-]/g, "")}=`).test(cookies));
    for (const name of legacy) headers.append("Set-Cookie", `${name}=; Path=/; Max-Age=0; SameSite=Lax`);
    if (legacy.length === 0 && env.LEGACY_LOGOUT_URL) {
      const back = publicUrl(to);
      const legacyLogout = new URL(env.LEGACY_LOGOUT_URL);
      legacyLogout.searchParams.set("returnTo", back);
      to = legacyLogout.href;
    }
  }

  // Step 4: session data, and with it the caches that belong to the session, are cleared.
  headers.append("Set-Cookie", await sessionStorage.destroySession(session));
  // An idle sign-out remembers the account for kept forms; a deliberate logout forgets it.
  await markSignedOut(headers, reason ? auth?.username : null, request);
  return redirect(to, { headers });
}

/**
 * A legacy token in the address: `?z=` on any page is removed from the address; when
 * signed out the token is validated and a session started from the tokens it returns; a failure
 * goes to /login. Every loader that could answer a request first (the root, the guard, the
 * anonymous guard, the index and catch-all redirects) asks here and throws what it gets, so the
 * exchange wins over their own redirects whichever finishes first; they share one exchange per
 * request, so the token is validated once. Null when the address carries no `z`.
 */
export function legacyTokenRedirect(request: Request): Promise<Response> | null {
  const token = new URL(request.url).searchParams.get("z");
  if (token === null) return null;
  // Remix hands each loader its own copy of the Request, so the copies find their one exchange by
  // what they all carry: the token and the browser's cookies. Another browser with the same token
  // gets an exchange of its own, which the upstream refuses (single use).
  const key = `${token}\n${request.headers.get("Cookie") ?? ""}`;
  let pending = legacyExchanges.get(key);
  if (!pending) {
    // Kept while it runs (the loaders of a request all ask before it can end); a later use of the
    // token is a new exchange.
    pending = acceptLegacyToken(request).finally(() => legacyExchanges.delete(key));
    legacyExchanges.set(key, pending);
  }
  return pending.then((response) => response.clone());
}

const legacyExchanges = new Map<string, Promise<Response>>();

async function acceptLegacyToken(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const token = url.searchParams.get("z") ?? "";
  const target = safeRedirect(originOf(url));
  const session = await getSession(request);
  const auth = authState.read(session);
  if (auth && !sessionExpiry(auth, Date.now())) return redirect(target);

  const failed = () => redirect(loginPath(target));
  if (!/^[\w.~+/=-]{1,8192}$/.test(token)) return failed();
  try {
    const tokens = await api.validateLegacyToken(token);
    if (!tokens) return failed();
    const { headers, to } = await startSession(request, tokens, target);
    return redirect(to, { headers });
  } catch (error) {
    console.warn(`[auth] legacy token rejected: ${error instanceof Error ? error.message : String(error)}`);
    return failed();
  }
}
