import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import {
  fakeJwt,
  getWithCookie,
  loginRequest,
  mswUpstream,
  portalEnv,
  profile,
  rsa,
  signedInSession,
  thrown,
  upstreamMock,
} from "./harness";

/**
 * /welcome: the first sign-in of a new account (the profile's `welcomed` is false) lands
 * there, by password, one-time code or legacy token, carrying where it was going; Continue saves the
 * communication choices (as /profile/communications does), marks the agent welcomed and goes on.
 */
const env = portalEnv();
const login = await import("~/routes/auth/login");
const otp = await import("~/routes/auth/otp-verify");
const welcome = await import("~/routes/welcome");
const { requireAgent } = await import("~/server/auth/auth.server");
const { sessionStorage } = await import("~/server/infra/session.server");
const { cachedProfile, pendingMfa } = await import("~/server/auth/session-state.server");
const { UPDATE_FAILED } = await import("~/domain/profile-items");
const { STALE_CHOICES } = await import("~/server/profile/welcome.server");

const API = "http://upstream.test";
const calls: string[] = [];
const bodies: unknown[] = [];
const server = mswUpstream(env, [calls, bodies]);

const tokens = () => ({
  access_token: fakeJwt({ username: "agent.usa" }),
  refresh_token: fakeJwt({ username: "agent.usa", typ: "refresh" }),
  id_token: fakeJwt({ username: "agent.usa", typ: "id" }),
});
const details = (overrides: Record<string, unknown> = {}) => ({
  agentId: "200001",
  firstName: "Avery",
  lastName: "Stone",
  email: "agent.usa@example.com",
  mobilePhone: "+13055550142",
  jobTitle: null,
  yearsIndustry: null,
  specializations: [],
  regions: [],
  cliaAgentId: null,
  homeBasedAgent: false,
  espressoLanguage: "en_us",
  emailPreference: true,
  mobilePreference: false,
  primaryMFA: "EMAIL",
  secondaryMFA: "NONE",
  photoUrl: null,
  version: 7,
  ...overrides,
});

/** The upstream of a new account: not yet welcomed, unless the test says otherwise. */
const upstream = (welcomed: boolean) =>
  upstreamMock(server, calls, () => [
    http.get(`${API}/auth/public-key`, () => HttpResponse.json({ data: { publicKey: rsa.publicKey } })),
    http.post(`${API}/auth/login`, () => HttpResponse.json({ data: tokens() })),
    http.get(`${API}/userProfile`, () => HttpResponse.json({ data: profile({ welcomed }) })),
    http.get(`${API}/agents/200001/details`, () => HttpResponse.json({ data: details() })),
    http.post(`${API}/agents/200001/welcome`, () =>
      HttpResponse.json({ data: { welcomed: true, welcomedAt: "2026-03-02T10:00:00.000Z" } }),
    ),
    http.get(`${API}/agents/legal-acceptance`, () => HttpResponse.json({ data: { acceptedTerms: [] } })),
    http.get(`${API}/api/royal/content/*`, () => HttpResponse.json({}, { status: 404 })),
  ]);
const newAccount = upstream(false);
const welcomedAccount = upstream(true);

const args = (request: Request) => ({ request, params: {}, context: {} });
const locationOf = (r: unknown) => (r as Response).headers.get("Location");

describe("sign-in sends a not-yet-welcomed agent to /welcome first", () => {
  it("by password: /welcome, carrying a remembered target other than /home", async () => {
    newAccount();
    const home = await login.action(args(loginRequest({ username: "new.agent", password: "x" })));
    expect(locationOf(home)).toBe("/welcome");
    const alerts = await login.action(
      args(loginRequest({ username: "new.agent", password: "x", redirectTo: "/alerts?type=all" })),
    );
    expect(locationOf(alerts)).toBe("/welcome?redirectTo=%2Falerts%3Ftype%3Dall");
  });

  it("a welcomed agent (every later sign-in) goes straight to the target", async () => {
    welcomedAccount();
    expect(locationOf(await login.action(args(loginRequest({ username: "agent.usa", password: "x" }))))).toBe("/home");
    const alerts = await login.action(
      args(loginRequest({ username: "agent.usa", password: "x", redirectTo: "/alerts" })),
    );
    expect(locationOf(alerts)).toBe("/alerts");
  });

  it("by the one-time code of a second factor", async () => {
    newAccount(http.post(`${API}/otp/validate`, () => HttpResponse.json({ data: { isValid: true, ...tokens() } })));
    const session = await sessionStorage.getSession();
    const now = Date.now();
    pendingMfa.write(session, {
      type: "mfa",
      otpToken: "otp-token",
      recipient: "new.agent@example.com",
      username: "new.agent",
      redirectTo: "/profile/info",
      startedAt: now,
      lastSentAt: now,
    } as never);
    const cookie = (await sessionStorage.commitSession(session)).split(";")[0]!;
    const request = new Request("http://localhost/otp-verify", {
      method: "POST",
      headers: { Cookie: cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "verify", code: "123456" }),
    });
    expect(locationOf(await otp.action(args(request)))).toBe("/welcome?redirectTo=%2Fprofile%2Finfo");
  });

  it("by a legacy token in the address", async () => {
    newAccount(
      http.get(`${API}/auth/validate-legacy-token`, () => HttpResponse.json({ data: { isValid: true, ...tokens() } })),
    );
    const redirected = await thrown(requireAgent(new Request("http://localhost/alerts?z=legacy-token")));
    expect(locationOf(redirected)).toBe("/welcome?redirectTo=%2Falerts");
  });
});

const post = (cookie: string, path: string, fields: Array<[string, string]>) =>
  new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { Cookie: cookie, origin: "http://localhost", "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
const agent = () => signedInSession({ profile: profile({ welcomed: false }) });
const saved: Array<[string, string]> = [
  ["choices", "1"],
  ["version", "7"],
  ["emailPreference", "true"],
  ["espressoLanguage", "en_us"],
];
const putOk = () =>
  http.put(`${API}/agents/200001`, async ({ request }) => {
    bodies.push(await request.json());
    return HttpResponse.json({ data: details({ version: 8 }) });
  });

describe("/welcome", () => {
  it("shows the saved communication choices, and the photo form comes back here with the target", async () => {
    newAccount();
    const { cookie } = await agent();
    const page = await welcome.loader(args(getWithCookie(cookie, "/welcome?redirectTo=%2Falerts")));
    expect(page.choices).toEqual({ emailPreference: "true", espressoLanguage: "en_us", mobilePreference: "false" });
    expect(page.version).toBe(7);
    expect(page.photoReturn).toBe("/welcome?redirectTo=%2Falerts");
    expect((await welcome.loader(args(getWithCookie(cookie, "/welcome")))).photoReturn).toBe("/welcome");
  });

  it("Continue with the choices as they were: no update, the agent marked welcomed, on to /home", async () => {
    newAccount(putOk());
    const { cookie } = await agent();
    const response = await welcome.action(args(post(cookie, "/welcome", saved)));
    expect(locationOf(response)).toBe("/home");
    expect(calls).toContain("POST /agents/200001/welcome");
    expect(calls.some((c) => c.startsWith("PUT "))).toBe(false);
    // The profile is read again, so its `welcomed` is the upstream's from now on.
    expect(cachedProfile.read(await sessionStorage.getSession(cookie))).toBeUndefined();
  });

  it("changed choices are saved with PUT /agents/{id} and the version, then on to the sign-in's target", async () => {
    newAccount(putOk());
    const { cookie } = await agent();
    const response = await welcome.action(
      args(
        post(cookie, "/welcome?redirectTo=%2Falerts", [
          ["choices", "1"],
          ["version", "7"],
          ["espressoLanguage", "fr_fr"],
          ["mobilePreference", "true"],
        ]),
      ),
    );
    expect(locationOf(response)).toBe("/alerts");
    expect(bodies).toEqual([{ emailPreference: false, espressoLanguage: "fr_fr", mobilePreference: true, version: 7 }]);
    expect(calls).toContain("POST /agents/200001/welcome");
  });

  it.each([
    ["https://evil.example", "/home"],
    ["//evil.example", "/home"],
    ["/welcome", "/home"],
    ["/logout", "/home"],
    ["/profile/info", "/profile/info"],
  ])("goes on to a same-site target only: redirectTo %s → %s", async (target, location) => {
    newAccount();
    const { cookie } = await agent();
    const response = await welcome.action(
      args(post(cookie, `/welcome?${new URLSearchParams({ redirectTo: target })}`, saved)),
    );
    expect(locationOf(response)).toBe(location);
  });

  it("bad input keeps what was typed with the field's message; nothing is saved or marked", async () => {
    newAccount(putOk());
    const { cookie } = await agent();
    const reply = (await welcome.action(
      args(
        post(cookie, "/welcome", [
          ["choices", "1"],
          ["version", "7"],
          ["espressoLanguage", "klingon"],
          ["mobilePreference", "true"],
        ]),
      ),
    )) as unknown as {
      data: { fieldErrors: Record<string, string[]>; typed: Record<string, string> };
      init: ResponseInit;
    };
    expect(reply.init.status).toBe(400);
    expect(reply.data.fieldErrors.espressoLanguage).toEqual(["Choose a language from the list."]);
    expect(reply.data.typed).toMatchObject({ mobilePreference: "true", emailPreference: "false" });
    expect(calls.filter((c) => c.startsWith("PUT ") || c.includes("/welcome"))).toEqual([]);
  });

  it("a stale form shows what is saved now, with its version; a failed update says 'Error updating agent information'", async () => {
    newAccount(
      http.put(`${API}/agents/200001`, () =>
        HttpResponse.json({ message: { errorCode: "STALE_PROFILE" } }, { status: 409 }),
      ),
    );
    const { cookie } = await agent();
    const changed: Array<[string, string]> = [
      ["choices", "1"],
      ["version", "6"],
      ["espressoLanguage", "de_de"],
    ];
    const stale = (await welcome.action(args(post(cookie, "/welcome", changed)))) as unknown as {
      data: { error: string; version: number; typed: Record<string, string> };
      init: ResponseInit;
    };
    expect(stale.init.status).toBe(409);
    expect(stale.data.error).toBe(STALE_CHOICES);
    expect(stale.data.version).toBe(7);
    expect(stale.data.typed.espressoLanguage).toBe("en_us");
    expect(calls).not.toContain("POST /agents/200001/welcome");

    newAccount(http.put(`${API}/agents/200001`, () => HttpResponse.json({}, { status: 500 })));
    const failed = (await welcome.action(args(post(cookie, "/welcome", changed)))) as unknown as {
      data: { error: string; typed: Record<string, string> };
      init: ResponseInit;
    };
    expect(failed.init.status).toBe(502);
    expect(failed.data.error).toBe(UPDATE_FAILED);
    expect(failed.data.typed.espressoLanguage).toBe("de_de");
  });

  it("when the welcome cannot be recorded, the agent still goes on (the next sign-in shows it again)", async () => {
    newAccount(http.post(`${API}/agents/200001/welcome`, () => HttpResponse.json({}, { status: 503 })));
    const { cookie } = await agent();
    expect(locationOf(await welcome.action(args(post(cookie, "/welcome", saved))))).toBe("/home");
  });

  it("without the details (the upstream down) the page shows no choices and Continue still goes on", async () => {
    newAccount(http.get(`${API}/agents/200001/details`, () => HttpResponse.json({}, { status: 500 })));
    const { cookie } = await agent();
    expect((await welcome.loader(args(getWithCookie(cookie, "/welcome")))).choices).toBeNull();
    expect(locationOf(await welcome.action(args(post(cookie, "/welcome", []))))).toBe("/home");
    expect(calls).toContain("POST /agents/200001/welcome");
  });
});
