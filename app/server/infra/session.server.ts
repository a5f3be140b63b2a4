import { createCookie, createSessionStorage, type Session } from "@remix-run/node";
import type { PendingPolicy } from "~/domain/legal";
import { ABSOLUTE_LIMIT_MS } from "~/domain/session-rules";
import { env } from "~/server/infra/env.server";
import { redisSessionStore, sqliteSessionStore, type SessionStore } from "~/server/infra/session-store.server";

/** What a signed-in session holds. Tokens never leave the server. */
export type AuthState = {
  accessToken: string;
  idToken: string;
  refreshToken?: string;
  username: string;
  signedInAt: number;
  lastActivity: number;
  /** Set when the agent opened the legacy application; logout then clears its cookies. */
  legacyNavigated?: boolean;
  /**
   * Set while a super user acts for an agency: the tokens above are the agency
   * administrator's acting sign-in; `real` are the super user's own, restored when acting stops.
   */
  actingFor?: ActingFor;
};

/** A super user acting for an agency: whom for, as whom, and their own sign-in to go back to. */
export type ActingFor = {
  agencyId: string;
  agencyName: string;
  asName: string;
  asUsername: string;
  realName: string;
  real: Pick<AuthState, "accessToken" | "idToken" | "refreshToken" | "username">;
  /** When acting began: a "sign out everywhere" of the administrator after it ends the acting sign-in. */
  startedAt?: number;
};

/** A sign-in waiting for the e-mailed one-time code. */
export type PendingMfa = {
  otpToken: string;
  recipient: string;
  username: string;
  redirectTo: string;
  startedAt: number;
  lastSentAt: number;
};

/** The terms gate's verdict from the legal acceptances as last read (kept 5 minutes). */
export type CachedAcceptance = { pending: PendingPolicy | null; fetchedAt: number };

/** The profile as last read, so a page view need not wait for the upstream (see requireAgent). */
export type CachedProfile = { data: unknown; fetchedAt: number };

/**
 * Agent registration in progress (the registration draft), kept server-side between steps.
 * The password is held only encrypted under the upstream's public key (RSA-OAEP), never in clear.
 */
export type AgentDraft = {
  /** The furthest step the agent may open (1-based); steps below it are complete. */
  reached: number;
  agency?: { agencyId: string; agencyName: string; city: string; countryCode: string };
  identificationType?: "phone" | "abta";
  agencyPhoneNumber?: string;
  agencyAbtaNumber?: string;
  /** The lookup form as typed, so the agent finds it filled in when coming back. */
  lookup?: Record<string, string>;
  /** An administrator's invitation: the agency came from it, and the account starts active. */
  invitationToken?: string;
  fields: Record<string, unknown>;
  encryptedPassword?: string;
  mailValidationToken?: string;
  emailVerified?: boolean;
  emailCodeSentAt?: number;
  telephoneValidationToken?: string;
  phoneCodeRecipient?: string;
  isMobilePhoneValidated?: boolean;
  phoneCodeSentAt?: number;
  updatedAt: number;
};

/** Agency registration in progress; the same rules as the agent draft. */
export type AgencyDraft = {
  reached: number;
  fields: Record<string, unknown>;
  encryptedPassword?: string;
  /** The e-mailed link's token (its code travels only in the e-mail). */
  mailValidationToken?: string;
  linkSentTo?: string;
  linkSentAt?: number;
  emailVerified?: boolean;
  updatedAt: number;
};

/** Account recovery in progress: a code waiting to be entered, or a verified reset link. */
export type RecoveryState = {
  forgotUsername?: {
    token: string;
    channel: "EMAIL" | "SMS";
    recipient: string;
    lastSentAt: number;
    startedAt: number;
  };
  passwordReset?: { token: string; verifiedAt: number };
};

/** What a finished flow shows once on its success page (username of a new account, recovered name). */
export type Outcome = {
  kind: "agent-registered" | "agency-registered" | "username-recovered" | "password-reset";
  username: string;
  at: number;
};

/**
 * A change of the agent's mobile number on /profile/communications waiting for the code texted to
 * the new number: the one-time code's token stays here, as registration's does.
 */
export type MobileChange = {
  agentId: string;
  /** The new number, E.164. */
  recipient: string;
  token: string;
  sentAt: number;
  /** The number as the agent typed it, shown again in the form. */
  typed: { telephoneCountryCode: string; mobilePhone: string };
  /** When the code was accepted: the token may then save this number (the upstream allows an hour). */
  verifiedAt?: number;
};

export type SessionData = {
  auth: AuthState;
  pendingMfa: PendingMfa;
  legalAcceptance: CachedAcceptance;
  profile: CachedProfile;
  agentDraft: AgentDraft;
  agencyDraft: AgencyDraft;
  recovery: RecoveryState;
  outcome: Outcome;
  /** Sailing ids the agent set side by side on /itineraries/compare (at most four). */
  compare: string[];
  /** The branch (reporting office) the insights pages show, when not the agent's home branch. */
  insightBranch: string;
  /** A change of the mobile number waiting for its texted code (/profile/communications). */
  mobileChange: MobileChange;
  /** The super-user search form's last values (phone and ABTA), kept for its next visit. */
  superUserForm: Record<string, string>;
};
export type PortalSession = Session<SessionData, SessionData>;

/** Anonymous sessions (a pending MFA) live at most an hour. */
const ANONYMOUS_LIMIT_MS = 60 * 60 * 1000;

let store: SessionStore | undefined;
export function sessionStore(): SessionStore {
  store ??= env.REDIS_URL ? redisSessionStore(env.REDIS_URL) : sqliteSessionStore(env.DATA_DIR);
  return store;
}

export const sessionCookie = createCookie(env.cookieSecure ? "__Host-pp_session" : "pp_session", {
  httpOnly: true,
  secure: env.cookieSecure,
  sameSite: "lax",
  path: "/",
  secrets: env.sessionSecrets,
});

export const sessionStorage = createSessionStorage<SessionData, SessionData>({
  cookie: sessionCookie,
  async createData(data) {
    const auth = data.auth as AuthState | undefined;
    const expiresAt = auth ? auth.signedInAt + ABSOLUTE_LIMIT_MS : Date.now() + ANONYMOUS_LIMIT_MS;
    return sessionStore().create(data, expiresAt);
  },
  async readData(id) {
    return ((await sessionStore().read(id)) as Partial<SessionData> | null) ?? null;
  },
  async updateData(id, data) {
    await sessionStore().update(id, data);
  },
  async deleteData(id) {
    await sessionStore().delete(id);
  },
});

export function getSession(request: Request): Promise<PortalSession> {
  return sessionStorage.getSession(request.headers.get("Cookie"));
}

/** What the session of one identity's view should not carry over to another (acting for an agency). */
export function forgetIdentityState(session: PortalSession): void {
  session.unset("profile");
  session.unset("legalAcceptance");
  session.unset("insightBranch");
  session.unset("compare");
}

/**
 * A super user back to their own sign-in after acting for an agency (stopped, or ended from the agency's
 * side): the session limits run on as they were. Not saved here; the caller commits the session.
 */
export function returnToOwnSignIn(session: PortalSession, auth: AuthState & { actingFor: ActingFor }): void {
  session.set("auth", {
    ...auth.actingFor.real,
    signedInAt: auth.signedInAt,
    lastActivity: Date.now(),
    legacyNavigated: auth.legacyNavigated,
  });
  forgetIdentityState(session);
}
