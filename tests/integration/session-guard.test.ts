import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { fakeJwt, portalEnv, profile, signedInSession, thrown } from "./harness";

const env = portalEnv();
const { requireAgent, legacyTokenRedirect, signOut } = await import("~/server/auth/auth.server");
const { sessionStore } = await import("~/server/infra/session.server");
const { IDLE_LIMIT_MS, SERVER_IDLE_LIMIT_MS } = await import("~/domain/session-rules");

const API = "http://upstream.test";
const access = fakeJwt({ username: "agent.usa", typ: "access" });
const calls: string[] = [];

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => {
  server.resetHandlers();
  calls.length = 0;
  vi.useRealTimers();
});
afterAll(async () => {
  server.close();
  await sessionStore().close();
  env.cleanup();
});

function upstream(...handlers: Parameters<typeof server.use>) {
  server.events.removeAllListeners();
  server.events.on("request:start", ({ request }) => {
    calls.push(`${request.method} ${new URL(request.url).pathname}`);
  });
  server.use(...handlers);
}

const page = (cookie?: string, url = "http://localhost/insights/overview?brand=R") =>
  new Request(url, { headers: cookie ? { Cookie: cookie } : {} });

describe("the auth guard", () => {
  it("sends a signed-out visitor to /login with the origin remembered", async () => {
    const response = (await thrown(requireAgent(page()))) as Response;
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Finsights%2Foverview%3Fbrand%3DR");
  });

  it("treats a tampered session cookie as signed out", async () => {
    const { cookie } = await signedInSession();
    const [name, value] = cookie.split("=");
    const tampered = `${name}=${value!.slice(0, -3)}abc`;
    const response = (await thrown(requireAgent(page(tampered)))) as Response;
    expect(response.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
  });

  it("loads the profile with the bearer and id-token headers and stamps the last activity", async () => {
    let headers: Headers | undefined;
    upstream(
      http.get(`${API}/userProfile`, ({ request }) => {
        headers = request.headers;
        return HttpResponse.json({ data: profile() });
      }),
    );
    const { cookie, id } = await signedInSession({ auth: { lastActivity: Date.now() - 10 * 60_000 } });
    const before = Date.now();
    const agent = await requireAgent(page(cookie));
    expect(agent.profile.agencyName).toBe("Harbor Lights Travel");
    expect(headers?.get("authorization")).toBe(`Bearer ${access}`);
    expect(headers?.get("id-token")).toBeTruthy();
    const stored = (await sessionStore().read(id)) as { auth: { lastActivity: number } };
    expect(stored.auth.lastActivity).toBeGreaterThanOrEqual(before);
  });

  it("loaders of one request share one profile fetch", async () => {
    upstream(http.get(`${API}/userProfile`, () => HttpResponse.json({ data: profile() })));
    const { cookie } = await signedInSession();
    await Promise.all([requireAgent(page(cookie)), requireAgent(page(cookie)), requireAgent(page(cookie))]);
    expect(calls).toEqual(["GET /userProfile"]);
  });

  it("signs out past the server's idle limit (the clock is moved, not waited for)", async () => {
    upstream(http.get(`${API}/userProfile`, () => HttpResponse.json({ data: profile() })));
    const { cookie, id } = await signedInSession();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + SERVER_IDLE_LIMIT_MS + 1000);
    const response = (await thrown(requireAgent(page(cookie)))) as Response;
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Finsights%2Foverview%3Fbrand%3DR&reason=idle");
    expect(await sessionStore().read(id)).toBeNull();
    expect(calls).toEqual([]);
  });

  it.each([
    [
      "the page it was asked from",
      "http://localhost/profile/info?tab=2",
      "/login?redirectTo=%2Fprofile%2Finfo%3Ftab%3D2&reason=idle",
    ],
    ["no page from another site", "https://evil.example/profile/info", "/login?reason=idle"],
    ["no page without a Referer", null, "/login?reason=idle"],
  ])("a keepalive that finds the session idle remembers %s, never itself", async (_name, referer, location) => {
    const { cookie } = await signedInSession({ auth: { lastActivity: Date.now() - SERVER_IDLE_LIMIT_MS - 1000 } });
    const headers: Record<string, string> = { Cookie: cookie, Origin: "http://localhost" };
    if (referer) headers.Referer = referer;
    const request = new Request("http://localhost/session/keepalive", { method: "POST", headers });
    const response = (await thrown(requireAgent(request))) as Response;
    expect(response.headers.get("Location")).toBe(location);
  });

  it("a refused token refresh during a page's own call brings the agent back to that page", async () => {
    upstream(
      http.post(`${API}/auth/refresh-token`, () =>
        HttpResponse.json({ message: { errorCode: "INVALID_TOKEN" } }, { status: 401 }),
      ),
      http.get(`${API}/agents/legal-acceptance`, () =>
        HttpResponse.json({ message: { errorCode: "INVALID_TOKEN" } }, { status: 401 }),
      ),
    );
    const { cookie } = await signedInSession({ profile: profile() });
    const agent = await requireAgent(page(cookie));
    const { getLegalAcceptance } = await import("~/server/clients/api.server");
    const { routeErrorOf } = await import("~/server/infra/route-errors.server");
    const error = await thrown(getLegalAcceptance(agent));
    const response = routeErrorOf(error) as Response;
    expect(response.headers.get("Location")).toBe(
      "/login?redirectTo=%2Finsights%2Foverview%3Fbrand%3DR&reason=expired",
    );
  });

  it("is still signed in just under 30 minutes idle", async () => {
    upstream(http.get(`${API}/userProfile`, () => HttpResponse.json({ data: profile() })));
    const { cookie } = await signedInSession({ auth: { lastActivity: Date.now() - IDLE_LIMIT_MS + 1000 } });
    await expect(requireAgent(page(cookie))).resolves.toMatchObject({ profile: { loginUserName: "agent.usa" } });
  });

  it("refreshes an expired access token once with the refresh token, without the usual headers", async () => {
    const fresh = fakeJwt({ username: "agent.usa", typ: "access", n: 2 });
    let refreshHeaders: Headers | undefined;
    upstream(
      http.get(`${API}/userProfile`, ({ request }) =>
        request.headers.get("authorization") === `Bearer ${fresh}`
          ? HttpResponse.json({ data: profile() })
          : HttpResponse.json({ message: { errorCode: "INVALID_TOKEN" } }, { status: 401 }),
      ),
      http.post(`${API}/auth/refresh-token`, ({ request }) => {
        refreshHeaders = request.headers;
        return HttpResponse.json({ data: { access_token: fresh, id_token: fakeJwt({ username: "agent.usa" }) } });
      }),
    );
    const { cookie, id } = await signedInSession();
    await requireAgent(page(cookie));
    expect(calls).toEqual(["GET /userProfile", "POST /auth/refresh-token", "GET /userProfile"]);
    expect(refreshHeaders?.get("authorization")).toBeNull();
    const stored = (await sessionStore().read(id)) as { auth: { accessToken: string } };
    expect(stored.auth.accessToken).toBe(fresh);
  });

  it.each([
    ["a failed refresh", {}, () => HttpResponse.json({ message: { errorCode: "INVALID_TOKEN" } }, { status: 401 })],
    ["no refresh token", { refreshToken: undefined }, () => HttpResponse.json({ data: {} })],
  ])("%s signs out", async (_name, overrides, refresh) => {
    upstream(
      http.get(`${API}/userProfile`, () =>
        HttpResponse.json({ message: { errorCode: "INVALID_TOKEN" } }, { status: 401 }),
      ),
      http.post(`${API}/auth/refresh-token`, refresh),
    );
    const { cookie, id } = await signedInSession({ auth: overrides });
    const response = (await thrown(requireAgent(page(cookie)))) as Response;
    expect(response.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    expect(await sessionStore().read(id)).toBeNull();
  });

  it("clears the session when the token's username differs from the profile's loginUserName", async () => {
    upstream(
      http.get(`${API}/userProfile`, () => HttpResponse.json({ data: profile({ loginUserName: "admin.can" }) })),
    );
    const { cookie, id } = await signedInSession();
    const response = (await thrown(requireAgent(page(cookie)))) as Response;
    expect(response.headers.get("Location")).toMatch(/^\/login/);
    expect(await sessionStore().read(id)).toBeNull();
  });

  it("sends a user lacking a required tool to /home; a post from them is refused with the reason", async () => {
    upstream(http.get(`${API}/userProfile`, () => HttpResponse.json({ data: profile() })));
    const { cookie } = await signedInSession();
    const response = (await thrown(requireAgent(page(cookie), { tools: ["INSIGHT", "COUPON"] }))) as Response;
    expect(response.headers.get("Location")).toBe("/home");
    const posted = new Request(page(cookie).url, {
      method: "POST",
      headers: { Cookie: cookie, origin: "http://localhost", "content-type": "application/x-www-form-urlencoded" },
      body: "",
    });
    const refused = (await thrown(requireAgent(posted, { tools: ["INSIGHT", "COUPON"] }))) as {
      init?: { status?: number };
      data?: { message?: string };
    };
    expect(refused.init?.status).toBe(403);
    expect(refused.data?.message).toBe(
      "That action was refused: your account does not have the tool this page belongs to.",
    );
  });

  it.each([
    ["down", () => HttpResponse.error()],
    ["answering 500", () => HttpResponse.json({}, { status: 500 })],
    ["answering malformed JSON", () => new HttpResponse("<html>", { status: 200 })],
  ])("an upstream that is %s becomes a 503 with a clear message, not a 500", async (_name, resolver) => {
    upstream(http.get(`${API}/userProfile`, resolver));
    const { cookie } = await signedInSession();
    const error = (await thrown(requireAgent(page(cookie)))) as { data: unknown; init: ResponseInit };
    expect(error.init.status).toBe(503);
    // The specification's 'Error fetching user profile', then what to do.
    expect(error.data).toEqual({ message: "Error fetching user profile. Service unavailable, please try again later" });
  });
});

describe("the legacy token in ?z=", () => {
  /**
   * The upstream's rule: the first exchange of the token signs in (a moment later); every other is
   * refused. Counts the exchanges and keeps the token the last one sent.
   */
  function singleUseToken() {
    const exchanges = { count: 0, cpToken: null as string | null };
    upstream(
      http.get(`${API}/auth/validate-legacy-token`, async ({ request }) => {
        exchanges.count += 1;
        exchanges.cpToken = request.headers.get("Cp-Token");
        if (exchanges.count > 1) return HttpResponse.json({ message: { errorCode: "INVALID_TOKEN" } }, { status: 401 });
        await new Promise((resolve) => setTimeout(resolve, 20));
        return HttpResponse.json({
          data: {
            isValid: true,
            access_token: access,
            id_token: fakeJwt({ username: "agent.usa" }),
            refresh_token: "r",
          },
        });
      }),
      http.get(`${API}/userProfile`, () => HttpResponse.json({ data: profile() })),
    );
    return exchanges;
  }

  it("is validated with the Cp-Token header; a session starts and z leaves the address", async () => {
    const exchanges = singleUseToken();
    const response = (await legacyTokenRedirect(page(undefined, "http://localhost/home?z=legacy.tok.en&tab=2")))!;
    expect(exchanges.cpToken).toBe("legacy.tok.en");
    expect(response.headers.get("Location")).toBe("/home?tab=2");
    expect(response.headers.get("Set-Cookie")).toMatch(/pp_session=/);
  });

  it.each([
    ["garbage", "%%%<script>"],
    ["empty", ""],
    ["rejected by the upstream", "forged.token.value"],
  ])("a %s token goes to /login", async (_name, z) => {
    upstream(
      http.get(`${API}/auth/validate-legacy-token`, () =>
        HttpResponse.json({ message: { errorCode: "INVALID_TOKEN" } }, { status: 401 }),
      ),
    );
    const response = (await legacyTokenRedirect(page(undefined, `http://localhost/home?z=${encodeURIComponent(z)}`)))!;
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fhome");
  });

  it("the loaders of one request share one exchange, though Remix hands each its own copy of the Request", async () => {
    // The token is single use: a second exchange is refused, and its /login would race the first's /home.
    const exchanges = singleUseToken();
    const url = "http://localhost/home?z=legacy.tok.en";
    // The root's loader, the guard of the app layout and the page's own loader, each with its copy.
    const answers = await Promise.all([0, 1, 2].map(() => legacyTokenRedirect(page(undefined, url))!));
    expect(exchanges.count).toBe(1);
    for (const answer of answers) {
      expect(answer.headers.get("Location")).toBe("/home");
      expect(answer.headers.get("Set-Cookie")).toMatch(/pp_session=/);
    }
    // Once it is over, the same token again is a new exchange, which the upstream refuses.
    const replay = (await legacyTokenRedirect(page(undefined, url)))!;
    expect(exchanges.count).toBe(2);
    expect(replay.headers.get("Location")).toBe("/login?redirectTo=%2Fhome");
  });

  it("another browser's use of the same token is an exchange of its own", async () => {
    const exchanges = singleUseToken();
    const url = "http://localhost/home?z=legacy.tok.en";
    const [mine, theirs] = await Promise.all([
      legacyTokenRedirect(page(undefined, url))!,
      legacyTokenRedirect(page("pp_theme=dark", url))!,
    ]);
    expect(exchanges.count).toBe(2);
    expect(mine.headers.get("Location")).toBe("/home");
    expect(theirs.headers.get("Location")).toBe("/login?redirectTo=%2Fhome");
    expect(theirs.headers.get("Set-Cookie") ?? "").not.toMatch(/pp_session=/);
  });

  it("when already signed in, z is only removed", async () => {
    upstream();
    const { cookie } = await signedInSession();
    const response = (await legacyTokenRedirect(page(cookie, "http://localhost/home?z=abc")))!;
    expect(response.headers.get("Location")).toBe("/home");
    expect(calls).toEqual([]);
  });
});

describe("logout", () => {
  it("calls DELETE /auth/logout, ends the server-side session and goes to /login", async () => {
    let bearer: string | null = null;
    upstream(
      http.delete(`${API}/auth/logout`, ({ request }) => {
        bearer = request.headers.get("authorization");
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { cookie, id } = await signedInSession();
    const response = await signOut(page(cookie, "http://localhost/logout"));
    expect(bearer).toBe(`Bearer ${access}`);
    expect(response.headers.get("Location")).toBe("/login");
    expect(await sessionStore().read(id)).toBeNull();
  });

  it("ends the session even when the upstream is down (and /login says 'Error logout user')", async () => {
    upstream(http.delete(`${API}/auth/logout`, () => HttpResponse.error()));
    const { cookie, id } = await signedInSession();
    const response = await signOut(page(cookie, "http://localhost/logout"));
    expect(response.headers.get("Location")).toBe("/login?reason=logout-failed");
    expect(await sessionStore().read(id)).toBeNull();
  });

  it("clears the legacy cookies first when the agent had gone to the legacy app", async () => {
    upstream(http.delete(`${API}/auth/logout`, () => new HttpResponse(null, { status: 204 })));
    const { cookie } = await signedInSession({ auth: { legacyNavigated: true } });
    const response = await signOut(page(`${cookie}; CP_SESSION=abc`, "http://localhost/logout"));
    const setCookies = response.headers.getSetCookie();
    expect(setCookies[0]).toMatch(/^CP_SESSION=; Path=\/; Max-Age=0/);
    expect(response.headers.get("Location")).toBe("/login");
  });
});
