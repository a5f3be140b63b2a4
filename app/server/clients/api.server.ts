import { constants, publicEncrypt } from "node:crypto";
import { z } from "zod";
import { derivedProfileFields } from "~/domain/profile";
import { cachedRead } from "~/server/infra/cache.server";
import { env } from "~/server/infra/env.server";
import { requestJson, UpstreamError, type JsonRequest } from "~/server/infra/http.server";
import { authState, type ActingAuthState, type AuthState } from "~/server/infra/auth-state.server";
import { sessionStorage, type PortalSession } from "~/server/infra/session.server";
import { ActingEndedError, SignedOutError } from "~/server/infra/errors.server";
import { signInClientHeaders } from "~/server/infra/request.server";

/** The main API: authentication, profile, one-time codes. */
const SERVICE = "api";
const base = () => env.API_URL;

// ---------- response schemas ----------
/** The main API wraps every answer as `{ data: … }`: the schema of what is inside. */
export const enveloped = <T extends z.ZodType>(inner: T) =>
  z.object({ data: inner as z.ZodType<z.output<T>> }).transform((r) => r.data);

const signInTokens = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  id_token: z.string().min(1),
});
export type SignInTokens = z.infer<typeof signInTokens>;

const loginResult = z.union([
  z.object({
    mfaRequired: z.literal(true),
    otpToken: z.string().min(1),
    channel: z.string(),
    recipient: z.string().min(1),
  }),
  signInTokens.extend({ refresh_token: z.string().min(1) }),
]);

const refreshResult = z.object({ access_token: z.string().min(1), id_token: z.string().min(1) });

const legacyResult = z.object({
  isValid: z.boolean(),
  access_token: z.string().optional(),
  id_token: z.string().optional(),
  refresh_token: z.string().optional(),
});

const otpValidateResult = z.object({ isValid: z.boolean() }).and(signInTokens.partial());

export const profileSchema = z
  .object({
    loginUserName: z.string(),
    countryCode: z.string(),
    reportingOfficeCode: z.string().nullish(),
    roleCode: z.string().nullish(),
    currencies: z.array(z.object({ currencyCode: z.string(), primaryCurrency: z.boolean() })).default([]),
    agencyId: z.union([z.string(), z.number()]).transform(String).nullish(),
    agentId: z.union([z.string(), z.number()]).transform(String),
    agentFirstName: z.string().default(""),
    agentLastName: z.string().default(""),
    agentEmailAddress: z.string().default(""),
    agencyName: z.string().default(""),
    agentPhotos: z.array(z.object({ type: z.string().optional(), fullPath: z.string() })).default([]),
    allowedApplicationTools: z.array(z.object({ toolCode: z.string() })).default([]),
    eQuoteAcceptanceTC: z.boolean().default(false),
    latteAvailable: z.boolean().default(false),
    latteKey: z.string().nullish(),
    locationData: z.array(z.object({ key: z.string(), value: z.string() })).default([]),
    dismissedNotifications: z
      .array(z.object({ notificationId: z.string(), start: z.string().nullish(), end: z.string().nullish() }))
      .default([]),
    legacySiteVisited: z.boolean().default(true),
    /** False for a new account until it goes on from /welcome; an upstream without it: true. */
    welcomed: z.boolean().default(true),
  })
  .transform((profile) => ({ ...profile, ...derivedProfileFields(profile) }));
/** The profile as the upstream sends it, plus its derived fields (`~/domain/profile`). */
export type UserProfile = z.infer<typeof profileSchema>;

// ---------- public calls ----------
let publicKey: { pem: string; fetchedAt: number } | undefined;
const PUBLIC_KEY_TTL_MS = 60 * 60 * 1000;

async function upstreamPublicKey(): Promise<string> {
  if (publicKey && Date.now() - publicKey.fetchedAt < PUBLIC_KEY_TTL_MS) return publicKey.pem;
  const result = await call({
    path: "/auth/public-key",
    schema: enveloped(z.object({ publicKey: z.string().min(1) })),
  });
  publicKey = { pem: result.publicKey, fetchedAt: Date.now() };
  return publicKey.pem;
}

/** A JSON object encrypted for the upstream alone (RSA-OAEP, SHA-256, its public key), base64. */
export async function encryptForUpstream(payload: Record<string, string>): Promise<string> {
  const key = await upstreamPublicKey();
  return publicEncrypt(
    { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" },
    Buffer.from(JSON.stringify(payload)),
  ).toString("base64");
}

/** Username and password are encrypted together as one JSON object (RSA-OAEP, SHA-256). */
export function encryptCredentials(username: string, password: string): Promise<string> {
  return encryptForUpstream({ username, password });
}

/**
 * A new password as registration and password reset send it: `{password}` encrypted for the
 * upstream, so a draft kept between steps never holds it in clear.
 */
export function encryptPassword(password: string): Promise<string> {
  return encryptForUpstream({ password });
}

export type LoginResult = z.infer<typeof loginResult>;

export async function login(username: string, password: string): Promise<LoginResult> {
  const encryptedCredentials = await encryptCredentials(username, password);
  try {
    return await call({
      path: "/auth/login",
      method: "POST",
      headers: signInClientHeaders(),
      json: { encryptedCredentials },
      schema: enveloped(loginResult),
    });
  } catch (error) {
    // The key may have been rotated upstream: fetch it again once.
    if (error instanceof UpstreamError && error.body.errorCode === "INVALID_TOKEN" && publicKey) {
      publicKey = undefined;
      const again = await encryptCredentials(username, password);
      return call({
        path: "/auth/login",
        method: "POST",
        headers: signInClientHeaders(),
        json: { encryptedCredentials: again },
        schema: enveloped(loginResult),
      });
    }
    throw error;
  }
}

/**
 * GET /auth/qa-mode: on error it is treated as false. Every visit to /login asks, so the
 * answer is kept for 5 seconds (then served stale while one refresh runs).
 */
export async function qaMode(): Promise<boolean> {
  try {
    return await cachedRead({
      key: "api:qa-mode",
      ttl: 5_000,
      staleWhileRevalidate: 25_000,
      schema: z.boolean(),
      getFreshValue: async () =>
        (await call({ path: "/auth/qa-mode", schema: enveloped(z.object({ qaMode: z.boolean() })) })).qaMode,
    });
  } catch {
    return false;
  }
}

export async function validateLegacyToken(token: string) {
  const result = await call({
    path: "/auth/validate-legacy-token",
    headers: { "Cp-Token": token, ...signInClientHeaders() },
    schema: enveloped(legacyResult),
  });
  if (!result.isValid || !result.access_token || !result.id_token) return null;
  return { access_token: result.access_token, id_token: result.id_token, refresh_token: result.refresh_token };
}

/** The one-time-code channels and purposes. */
export type OtpChannel = "email_otp" | "sms" | "email_magic_link";
export type OtpPurpose =
  "login_verification" | "register_agency_verification" | "phone_verification" | "email_verification_otp";

/** POST /otp/generate: the token that names the code sent. */
export function generateOtp(input: {
  recipient: string;
  channel: OtpChannel;
  purpose: OtpPurpose;
  metadata?: Record<string, string>;
}) {
  return call({
    path: "/otp/generate",
    method: "POST",
    json: input,
    schema: enveloped(z.object({ token: z.string().min(1) })),
  });
}

/**
 * POST /otp/validate. A 200 with `isValid: false` is the same verdict as a refused code, so it is
 * thrown as OTP_INVALID too: no caller can mistake it for a pass.
 */
export async function validateOtp(input: { token: string; otp: string }) {
  const result = await call({
    path: "/otp/validate",
    method: "POST",
    headers: signInClientHeaders(),
    json: input,
    schema: enveloped(otpValidateResult),
  });
  if (!result.isValid) throw new UpstreamError("http", SERVICE, "/otp/validate", 400, { errorCode: "OTP_INVALID" });
  return result;
}

// ---------- calls as the signed-in agent ----------
/**
 * Who a signed-in call is made for: the session's tokens, and the session itself once it exists.
 * A refreshed access token is saved to that session here, by the one function that refreshes, so
 * no route can lose it. (At sign-in there is no session yet: startSession saves the tokens itself.)
 */
export type Caller = { auth: AuthState; session?: undefined; returnTo?: string } | SessionCaller;

/**
 * A caller with its session. It brings the auth feature's way back to the super user's own sign-in
 * (which also forgets the caches of the identity acted as), used when the acting sign-in is found over:
 * a client may not import a feature.
 */
export type SessionCaller = {
  auth: AuthState;
  session: PortalSession;
  returnToOwnSignIn: (session: PortalSession, auth: ActingAuthState) => void;
  returnTo?: string;
};

export function getProfile(caller: Caller): Promise<UserProfile> {
  return authorized(caller, { path: "/userProfile", schema: enveloped(profileSchema) });
}

/** DELETE /auth/logout. It is not an activity: no stamp, no refresh. */
export async function logout(auth: AuthState): Promise<void> {
  await call({ path: "/auth/logout", method: "DELETE", headers: authHeaders(auth), schema: null });
}

/** GET /auth/remoteCPAccess?target=: a short-lived token for the legacy site or the chat. */
export async function remoteAccessToken(caller: Caller, target: string): Promise<string> {
  const { remote_token } = await authorized(caller, {
    path: `/auth/remoteCPAccess?${new URLSearchParams({ target })}`,
    schema: enveloped(z.object({ remote_token: z.string().min(1) })),
  });
  return remote_token;
}

/** GET /redirect?applicationId=: the single-sign-on token of a partner tool. */
export async function partnerAccessToken(caller: Caller, applicationId: string): Promise<string> {
  const { remoteAccessToken } = await authorized(caller, {
    path: `/redirect?${new URLSearchParams({ applicationId })}`,
    schema: enveloped(z.object({ remoteAccessToken: z.string().min(1) })),
  });
  return remoteAccessToken;
}

/** POST /userProfile/dismissed-notification: the notification's id, start and end. */
export async function dismissNotification(
  caller: Caller,
  dismissal: { notificationId: string; startDate: string | null; endDate: string | null },
): Promise<void> {
  await authorized(caller, {
    path: "/userProfile/dismissed-notification",
    method: "POST",
    json: dismissal,
    schema: null,
  });
}

const acceptedTermsSchema = z.object({
  acceptedTerms: z.array(z.object({ policyType: z.string(), policyVersion: z.string(), policyLanguage: z.string() })),
});
export type AcceptedTerms = z.infer<typeof acceptedTermsSchema>;

/** GET /agents/legal-acceptance: the policies the agent has accepted, with their versions. */
export function getLegalAcceptance(caller: Caller): Promise<AcceptedTerms> {
  return authorized(caller, { path: "/agents/legal-acceptance", schema: enveloped(acceptedTermsSchema) });
}

/** POST /agents/legal-acceptance: records acceptances; answers the whole list as stored. */
export function postLegalAcceptance(caller: Caller, accepted: AcceptedTerms): Promise<AcceptedTerms> {
  return authorized(caller, {
    path: "/agents/legal-acceptance",
    method: "POST",
    json: accepted,
    schema: enveloped(acceptedTermsSchema),
  });
}

export type ChosenLocation = { name: string; region: string; country: string; lat: string; long: string };

/** PUT /userProfile/location: the place chosen in the weather widget's search (longitude as `long`). */
export function updateProfileLocation(caller: Caller, place: ChosenLocation): Promise<UserProfile> {
  return authorized(caller, {
    path: "/userProfile/location",
    method: "PUT",
    json: place,
    schema: enveloped(profileSchema),
  });
}

/** Exchanges the refresh token for new access and id tokens, without the usual headers. */
async function refresh({ auth, session }: Caller): Promise<void> {
  if (!auth.refreshToken) throw new SignedOutError("No refresh token available");
  try {
    const tokens = await call({
      path: "/auth/refresh-token",
      method: "POST",
      json: { refresh_token: auth.refreshToken },
      schema: enveloped(refreshResult),
    });
    auth.accessToken = tokens.access_token;
    auth.idToken = tokens.id_token;
  } catch (error) {
    if (error instanceof UpstreamError && error.failure === "http" && error.status !== null && error.status < 500) {
      throw new SignedOutError("Error accessing web service");
    }
    throw error;
  }
  if (session) {
    authState.write(session, auth);
    await sessionStorage.commitSession(session);
  }
}

/**
 * A call with the bearer and id-token headers. An expired access token is refreshed once (and saved
 * to the caller's session) and the call repeated; a failed refresh signs out. Every success stamps
 * the last activity (for the inactivity limit) on `caller.auth`; the guard saves the stamp.
 */
export async function authorized<S extends z.ZodType>(
  caller: Caller,
  req: Omit<JsonRequest<S>, "service" | "baseUrl" | "headers">,
  /** Another service behind the same sign-in (the catalogue); the main API by default. */
  target: { service: string; baseUrl: string } = { service: SERVICE, baseUrl: base() },
): Promise<z.infer<S>> {
  const { auth } = caller;
  const call = <T extends z.ZodType>(r: Omit<JsonRequest<T>, "service" | "baseUrl">) =>
    requestJson({ ...r, ...target });
  let result: z.infer<S>;
  try {
    result = await call({ ...req, headers: authHeaders(auth) });
  } catch (error) {
    if (!(error instanceof UpstreamError && error.status === 401)) throw error;
    try {
      await refresh(caller);
      result = await call({ ...req, headers: authHeaders(auth) });
    } catch (retryError) {
      const signedOut =
        retryError instanceof SignedOutError || (retryError instanceof UpstreamError && retryError.status === 401);
      if (!signedOut) throw retryError;
      // The session is over wherever this happened: ended in the store, so whatever the route does
      // next (its error handling sends the agent to /login), the cookie no longer signs anyone in.
      // Acting for an agency, only the acting sign-in is over: the super user is themself again.
      if (caller.session && auth.actingFor) {
        caller.returnToOwnSignIn(caller.session, { ...auth, actingFor: auth.actingFor });
        await sessionStorage.commitSession(caller.session);
        throw new ActingEndedError(auth.actingFor.agencyId);
      }
      if (caller.session) await sessionStorage.destroySession(caller.session);
      const message = retryError instanceof SignedOutError ? retryError.message : "Error accessing web service";
      throw new SignedOutError(message, caller.returnTo);
    }
  }
  auth.lastActivity = Date.now();
  return result;
}

function authHeaders(auth: AuthState): Record<string, string> {
  return { authorization: `Bearer ${auth.accessToken}`, "id-token": auth.idToken };
}

export function call<S extends z.ZodType>(req: Omit<JsonRequest<S>, "service" | "baseUrl">) {
  return requestJson({ ...req, service: SERVICE, baseUrl: base() });
}
