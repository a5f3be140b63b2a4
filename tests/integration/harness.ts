import { generateKeyPairSync } from "node:crypto";
import { http, HttpResponse, type RequestHandler } from "msw";
import { setupServer, type SetupServer } from "msw/node";
import { afterAll, afterEach, beforeAll } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * Environment for a test file that loads portal server modules. Call before importing them:
 * env.server.ts reads the environment once, at import.
 */
export function portalEnv(overrides: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "portal-test-"));
  Object.assign(process.env, {
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    API_URL: "http://upstream.test",
    UPSTREAM_TIMEOUT_MS: "300",
    SESSION_SECRET: "test-secret-test-secret-test-secret",
    AUTH_RATE_LIMIT: "1000",
    ...overrides,
  });
  return { dataDir, cleanup: () => rmSync(dataDir, { recursive: true, force: true }) };
}

export const rsa = generateKeyPairSync("rsa", {
  modulusLength: 2048,
  publicKeyEncoding: { type: "spki", format: "pem" },
  privateKeyEncoding: { type: "pkcs8", format: "pem" },
});

/** An unsigned JWT-shaped token with these claims (the portal only reads claims). */
export function fakeJwt(claims: Record<string, unknown>): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
  return `${part({ alg: "HS256", typ: "JWT" })}.${part(claims)}.c2ln`;
}

export function loginRequest(fields: Record<string, string>, url = "http://localhost/login"): Request {
  return new Request(url, { method: "POST", body: new URLSearchParams(fields) });
}

/** The `name=value` part of a Set-Cookie header, to send back as Cookie. */
export function cookieFrom(setCookie: string | null): string {
  if (!setCookie) throw new Error("no Set-Cookie");
  return setCookie.split(";")[0]!;
}

export const profile = (overrides: Record<string, unknown> = {}) => ({
  loginUserName: "agent.usa",
  countryCode: "USA",
  reportingOfficeCode: "MIA",
  roleCode: "AGENT",
  currencies: [{ currencyCode: "USD", primaryCurrency: true }],
  agencyId: "100001",
  agentId: "200001",
  agentFirstName: "Avery",
  agentLastName: "Stone",
  agentEmailAddress: "agent.usa@example.com",
  agencyName: "Harbor Lights Travel",
  agentPhotos: [],
  allowedApplicationTools: [{ toolCode: "INSIGHT" }],
  eQuoteAcceptanceTC: true,
  latteAvailable: true,
  latteKey: null,
  locationData: [],
  dismissedNotifications: [],
  legacySiteVisited: true,
  ...overrides,
});

/**
 * A signed-in session in the portal's own store, as sign-in leaves it: agent.usa's tokens (each
 * overridable through `auth`) and, when given, the profile cached beside them. The terms gate's
 * verdict is cached as "accepted" unless `termsChecked: false` leaves the gate to ask the upstream.
 * Call after portalEnv().
 */
export async function signedInSession(
  options: { auth?: Record<string, unknown>; profile?: Record<string, unknown>; termsChecked?: boolean } = {},
): Promise<{ cookie: string; id: string }> {
  const { sessionCookie, sessionStorage } = await import("~/server/infra/session.server");
  const { authState } = await import("~/server/infra/auth-state.server");
  const { cachedProfile } = await import("~/server/auth/session-state.server");
  const { legalAcceptance } = await import("~/server/legal/legal.server");
  const session = await sessionStorage.getSession();
  const now = Date.now();
  authState.write(session, {
    accessToken: fakeJwt({ username: "agent.usa", typ: "access" }),
    idToken: fakeJwt({ username: "agent.usa", typ: "id" }),
    refreshToken: fakeJwt({ username: "agent.usa", typ: "refresh" }),
    username: "agent.usa",
    signedInAt: now,
    lastActivity: now,
    ...options.auth,
  } as never);
  if (options.profile) cachedProfile.write(session, { data: options.profile, fetchedAt: now });
  if (options.termsChecked !== false) legalAcceptance.write(session, { pending: null, fetchedAt: now });
  const cookie = cookieFrom(await sessionStorage.commitSession(session));
  return { cookie, id: (await sessionCookie.parse(cookie)) as string };
}

/** What a loader or action threw (a Response, a `data()` result, an error); fails if it did not throw. */
export async function thrown(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}

/** The status of a thrown Response or `data(…, { status })`. */
export const statusOf = (error: unknown) =>
  error instanceof Response ? error.status : (error as { init?: { status?: number } }).init?.status;

/** A GET of a portal path with the session cookie. */
export const getWithCookie = (cookie: string, path: string) =>
  new Request(`http://localhost${path}`, { headers: { Cookie: cookie } });

/**
 * The `upstream(...handlers)` of an msw test file: records each call as "METHOD /path?query" in
 * `calls`, then serves the test's own handlers first and the file's defaults after them.
 */
export function upstreamMock(
  server: SetupServer,
  calls: string[],
  defaults: () => RequestHandler[],
): (...handlers: RequestHandler[]) => void {
  return (...handlers) => {
    server.events.removeAllListeners();
    server.events.on("request:start", ({ request }) => {
      const url = new URL(request.url);
      calls.push(`${request.method} ${url.pathname}${url.search}`);
    });
    server.use(...handlers, ...defaults());
  };
}

/**
 * The upstream's side of the terms gate when its verdict is not cached in the session (a new
 * identity, a clock moved past 5 minutes): the agent has accepted the current terms of use.
 */
export function termsAcceptedHandlers(api: string): RequestHandler[] {
  const version = "2026-01-15T00:00:00.000Z";
  return [
    http.get(`${api}/agents/legal-acceptance`, () =>
      HttpResponse.json({
        data: { acceptedTerms: [{ policyType: "terms-of-use", policyVersion: version, policyLanguage: "en_us" }] },
      }),
    ),
    http.get(`${api}/api/royal/content/cruising-power/legal/:policy`, ({ params }) =>
      HttpResponse.json({
        data: { policyType: params.policy, title: "Terms of Use", modified: version, html: "<p>T</p>" },
      }),
    ),
  ];
}

/** The catalogue's reference data and departure ports, as the catalogue pages' loaders read them. */
export function catalogueHandlers(api: string, reference: unknown): RequestHandler[] {
  return [
    http.get(`${api}/catalogue/reference`, () => HttpResponse.json({ data: reference })),
    http.get(`${api}/catalogue/ports`, () =>
      HttpResponse.json({ data: [{ code: "MIA", name: "Miami", country: "United States" }] }),
    ),
  ];
}

/**
 * The msw server of a test file that loads portal modules: it listens before the tests (a request
 * no handler answers fails the test), forgets the test's handlers and empties the `recorded` lists
 * after each, and closes with the session store and the test environment after all.
 */
export function mswUpstream(env: { cleanup: () => void }, recorded: Array<unknown[]> = []): SetupServer {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
  afterEach(() => {
    server.resetHandlers();
    for (const list of recorded) list.length = 0;
  });
  afterAll(async () => {
    server.close();
    const { sessionStore } = await import("~/server/infra/session.server");
    await sessionStore().close();
    env.cleanup();
  });
  return server;
}
