import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { fakeJwt, mswUpstream, portalEnv, profile, signedInSession, statusOf, thrown } from "./harness";

/**
 * Mends that live in the guard and the client: a refreshed access token is saved by the
 * client for every route, a legal acceptance that cannot be read asks again,
 * and a legacy token on any path wins over that path's own redirect.
 */
const env = portalEnv();
const { sessionStore } = await import("~/server/infra/session.server");
const chatToken = await import("~/routes/resources/chat-token");
const partnerTool = await import("~/routes/legacy/tool");
const indexRoute = await import("~/routes/index");
const catchAll = await import("~/routes/catch-all");
const legalAccept = await import("~/routes/legal/accept");
const { loader: appLayoutLoader } = await import("~/routes/layouts/app");
const { requireAgent } = await import("~/server/auth/auth.server");
const { SERVICE_UNAVAILABLE } = await import("~/domain/login-errors");

const API = "http://upstream.test";
const stale = fakeJwt({ username: "agent.usa", typ: "access", n: 1 });
const fresh = fakeJwt({ username: "agent.usa", typ: "access", n: 2 });
const calls: string[] = [];

const server = mswUpstream(env, [calls]);

function upstream(...handlers: Parameters<typeof server.use>) {
  server.events.removeAllListeners();
  server.events.on("request:start", ({ request }) => {
    const url = new URL(request.url);
    calls.push(`${request.method} ${url.pathname}`);
  });
  server.use(...handlers);
}

/** Signed in with an access token about to be refused; the profile is cached, as after sign-in, so
 * the route's own call is the first to meet the expired token. */
const signedIn = (overrides: Record<string, unknown> = {}) =>
  signedInSession({ auth: { accessToken: stale }, profile: profile(overrides) });

/** The upstream answers 401 to the stale access token until it has been refreshed. */
const expiring = (path: string, body: unknown) =>
  http.get(`${API}${path}`, ({ request }) =>
    request.headers.get("authorization") === `Bearer ${fresh}`
      ? HttpResponse.json({ data: body })
      : HttpResponse.json({ message: { errorCode: "INVALID_TOKEN" } }, { status: 401 }),
  );
const refresh = http.post(`${API}/auth/refresh-token`, () =>
  HttpResponse.json({ data: { access_token: fresh, id_token: fakeJwt({ username: "agent.usa" }) } }),
);

async function storedAccessToken(id: string): Promise<string> {
  return ((await sessionStore().read(id)) as { auth: { accessToken: string } }).auth.accessToken;
}

describe("a refreshed access token is kept, whichever route's call refreshed it", () => {
  it("the chat token route", async () => {
    upstream(expiring("/auth/remoteCPAccess", { remote_token: "chat-token" }), refresh);
    const { cookie, id } = await signedIn();
    const request = new Request("http://localhost/chat/token", { method: "POST", headers: { Cookie: cookie } });
    const answer = await chatToken.action({ request, params: {}, context: {} });
    expect(answer).toMatchObject({ token: "chat-token" });
    expect(calls).toEqual(["GET /auth/remoteCPAccess", "POST /auth/refresh-token", "GET /auth/remoteCPAccess"]);
    expect(await storedAccessToken(id)).toBe(fresh);
  });

  it("a partner tool's single sign-on", async () => {
    upstream(expiring("/redirect", { remoteAccessToken: "tool-token" }), refresh);
    const { cookie, id } = await signedIn({ allowedApplicationTools: [{ toolCode: "VERB" }] });
    const request = new Request("http://localhost/tools/VERB", { headers: { Cookie: cookie } });
    const answer = (await partnerTool.loader({ request, params: { toolCode: "VERB" }, context: {} })) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toContain("sso=tool-token");
    expect(await storedAccessToken(id)).toBe(fresh);
  });
});

describe("a legal acceptance that cannot be read lets nobody through, and tells an agent the service is unavailable", () => {
  it.each([
    ["the upstream fails", () => HttpResponse.json({ message: "down" }, { status: 500 })],
    ["the answer is malformed", () => HttpResponse.json({ data: { acceptedTerms: "yes" } })],
    ["the upstream hangs", () => new Promise<never>(() => {})],
  ])("%s: 503 with the service message, not the terms dialog", async (_name, answer) => {
    upstream(
      http.get(`${API}/agents/legal-acceptance`, answer),
      http.get(`${API}/api/royal/content/*`, () =>
        HttpResponse.json({ items: [{ title: "Terms of Use", modified: "2026-01-15", body: "<p>Terms</p>" }] }),
      ),
    );
    const { cookie } = await signedInSession({ auth: { accessToken: fresh }, profile: profile(), termsChecked: false });
    const request = new Request("http://localhost/home", { headers: { Cookie: cookie } });
    const error = await thrown(appLayoutLoader({ request, params: {}, context: {} }));
    expect(statusOf(error)).toBe(503);
    expect((error as { data: unknown }).data).toEqual({ message: SERVICE_UNAVAILABLE });
  });
});

describe("accepting the terms when it cannot be saved", () => {
  it("goes back to the dialog, which says so, instead of an error response", async () => {
    upstream(
      http.get(`${API}/api/royal/content/*`, () =>
        HttpResponse.json({ items: [{ title: "Terms of Use", modified: "2026-01-15", body: "<p>Terms</p>" }] }),
      ),
      http.post(`${API}/agents/legal-acceptance`, () => HttpResponse.json({ message: "down" }, { status: 500 })),
    );
    const { cookie } = await signedIn();
    const request = new Request("http://localhost/legal-acceptance", {
      method: "POST",
      headers: { Cookie: cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ policyType: "terms-of-use", redirectTo: "/home" }),
    });
    const response = await legalAccept.action({ request, params: {}, context: {} });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/home?acceptance=failed");
  });
});

describe("a legacy token on any path is exchanged", () => {
  const legacyAnswers = () => {
    let validations = 0;
    upstream(
      http.get(`${API}/auth/validate-legacy-token`, () => {
        validations++;
        return HttpResponse.json({
          data: {
            isValid: true,
            access_token: fresh,
            id_token: fakeJwt({ username: "agent.usa" }),
            refresh_token: "r",
          },
        });
      }),
      http.get(`${API}/userProfile`, () => HttpResponse.json({ data: profile() })),
    );
    return () => validations;
  };

  it.each([
    ["the index", indexRoute.loader, "http://localhost/?z=legacy.tok.en", "/"],
    ["the catch-all", catchAll.loader, "http://localhost/unknown/page?z=legacy.tok.en&x=1", "/unknown/page?x=1"],
  ])("%s answers the exchange, not its own redirect to /home", async (_name, loader, url, target) => {
    legacyAnswers();
    const response = (await thrownOrReturned(
      loader({ request: new Request(url), params: {}, context: {} }),
    )) as Response;
    expect(response.headers.get("Location")).toBe(target);
    expect(response.headers.get("Set-Cookie")).toMatch(/pp_session=/);
  });

  it("every loader of one request shares one validation of the token", async () => {
    const validations = legacyAnswers();
    const request = new Request("http://localhost/home?z=legacy.tok.en");
    const answers = await Promise.all([
      thrownOrReturned(requireAgent(request)),
      thrownOrReturned(indexRoute.loader({ request, params: {}, context: {} })),
    ]);
    expect(validations()).toBe(1);
    for (const answer of answers) expect((answer as Response).headers.get("Location")).toBe("/home");
  });

  it("the exchange never redirects off the site (a path of //evil.com)", async () => {
    legacyAnswers();
    const request = new Request("http://localhost//evil.com?z=legacy.tok.en");
    const response = (await thrownOrReturned(catchAll.loader({ request, params: {}, context: {} }))) as Response;
    expect(response.headers.get("Location")).toBe("/home");
  });
});

async function thrownOrReturned(promise: Promise<unknown>): Promise<unknown> {
  try {
    return await promise;
  } catch (error) {
    return error;
  }
}
