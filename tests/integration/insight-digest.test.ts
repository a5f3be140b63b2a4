import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { getWithCookie, mswUpstream, portalEnv, profile, signedInSession, statusOf, thrown } from "./harness";

/**
 * The booking-alert digest: /insights/set-up-automated-emails (the agent's digest e-mails, GET and PUT
 * /digest) and /unsubscribe?token=… (the e-mail's link, no sign-in; GET and POST
 * /digest/unsubscribe). The insight API is mocked; every call it did not expect fails the test.
 */

const env = portalEnv();
const settingsPage = await import("~/routes/insights/set-up-automated-emails");
const unsubscribePage = await import("~/routes/unsubscribe");
const { DIGEST_NOTICES, DIGEST_MESSAGES } = await import("~/domain/insights/digest");
const { CONCRETE_ALERT_TYPES } = await import("~/domain/insights/alerts");
const { HONEYPOT_FIELD } = await import("~/domain/honeypot");
const { requestContext } = await import("~/server/infra/request-context.server");

const API = "http://upstream.test";
const INSIGHT = `${API}/insight`;
const PATH = "/insights/set-up-automated-emails";
const TOKEN = "dGVzdA.signed-token_123";

const calls: Array<{ method: string; path: string; bearer: string | null; body: unknown }> = [];
const server = mswUpstream(env, [calls]);

const branches = {
  home: "MIA",
  branches: [{ code: "MIA", name: "Bayfront Cruise Vacations – Miami", city: "Miami", bookings: 900 }],
};
const saved = {
  enabled: true,
  frequency: "WEEKLY",
  alertTypes: ["BALANCE_DUE", "FCC"],
  enrolment: "Enrolled",
  email: "agent.usa@example.com",
  lastSentAt: "2026-11-23T06:00:00.000Z",
};
const subscription = { email: "a***@example.com", frequency: "WEEKLY", enabled: true };
const invalidToken = () =>
  HttpResponse.json({ message: { message: "The token is not valid.", errorCode: "INVALID_TOKEN" } }, { status: 400 });

/** The insight API and the content service (no introductions), recording every call. */
function upstream(...handlers: Parameters<typeof server.use>) {
  server.events.removeAllListeners();
  server.events.on("request:start", async ({ request }) => {
    const url = new URL(request.url);
    const text = request.method === "GET" ? "" : await request.clone().text();
    calls.push({
      method: request.method,
      path: `${url.pathname}${url.search}`,
      bearer: request.headers.get("authorization"),
      body: text ? JSON.parse(text) : null,
    });
  });
  server.use(
    ...handlers,
    http.get(`${INSIGHT}/branches`, () => HttpResponse.json({ data: branches })),
    http.get(`${API}/api/royal/content/*`, () => HttpResponse.json({}, { status: 404 })),
  );
}
const insightCalls = () => calls.filter((c) => c.path.startsWith("/insight/digest"));

const args = (request: Request) => ({ request, params: {}, context: {} });
// The client caches an agent's branches by username: each test signs in as someone new.
let agents = 0;
const signIn = (tools = [{ toolCode: "INSIGHT" }]) =>
  signedInSession({
    profile: profile({ allowedApplicationTools: tools }),
    auth: { username: `digest.${++agents}` },
  });

function post(path: string, fields: Array<[string, string]>, headers: Record<string, string> = {}) {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost", ...headers },
  });
}
type Reply = { status: string; initialValue?: Record<string, unknown>; error?: Record<string, string[] | null> };
const replyOf = (result: unknown) => (result as { data: Reply }).data;

const CHOSEN: Array<[string, string]> = [
  ["enabled", "on"],
  ["frequency", "DAILY"],
  ["alertTypes", "DINING_CONFLICT"],
  ["alertTypes", "FINAL_PAYMENT_DUE"],
  ["enrolment", "Eligible"],
];
const CHOSEN_VALUES = {
  enabled: "on",
  frequency: "DAILY",
  alertTypes: ["DINING_CONFLICT", "FINAL_PAYMENT_DUE"],
  enrolment: "Eligible",
};

describe("/insights/set-up-automated-emails: GET shows the saved settings", () => {
  it("reads GET /digest with the agent's bearer: the settings, the address, the last sending as ddMMMyyyy", async () => {
    upstream(http.get(`${INSIGHT}/digest`, () => HttpResponse.json({ data: saved })));
    const { cookie } = await signIn();
    const page = await settingsPage.loader(args(getWithCookie(cookie, PATH)));
    expect(page.digest).toEqual({
      settings: {
        enabled: true,
        frequency: "WEEKLY",
        alertTypes: ["BALANCE_DUE", "FCC"],
        enrolment: "Enrolled",
        priceDrops: false,
      },
      email: "agent.usa@example.com",
      lastSent: "23NOV2026",
    });
    expect(page.saved).toBe(false);
    expect(page.homeBranch).toEqual({ code: "MIA", name: "Bayfront Cruise Vacations – Miami" });
    expect(insightCalls()).toEqual([
      { method: "GET", path: "/insight/digest", bearer: expect.stringMatching(/^Bearer /), body: null },
    ]);
  });

  it("the contract's defaults for an agent who never saved: off, weekly, every type, never sent", async () => {
    upstream(
      http.get(`${INSIGHT}/digest`, () =>
        HttpResponse.json({
          data: {
            enabled: false,
            frequency: "WEEKLY",
            alertTypes: [...CONCRETE_ALERT_TYPES],
            enrolment: "ALL",
            email: "agent.usa@example.com",
            lastSentAt: null,
          },
        }),
      ),
    );
    const { cookie } = await signIn();
    const page = await settingsPage.loader(args(getWithCookie(cookie, PATH)));
    expect(page.digest?.settings).toEqual({
      enabled: false,
      frequency: "WEEKLY",
      alertTypes: [...CONCRETE_ALERT_TYPES],
      enrolment: "ALL",
      priceDrops: false,
    });
    expect(page.digest?.lastSent).toBeNull();
  });

  it("?saved=1 (after a save) says the settings are saved", async () => {
    upstream(http.get(`${INSIGHT}/digest`, () => HttpResponse.json({ data: saved })));
    const { cookie } = await signIn();
    const page = await settingsPage.loader(args(getWithCookie(cookie, `${PATH}?saved=1`)));
    expect(page.saved).toBe(true);
  });

  it.each([
    ["down", () => HttpResponse.error()],
    ["a 500", () => HttpResponse.json({ message: "boom" }, { status: 500 })],
    ["malformed", () => HttpResponse.json({ data: { enabled: "maybe" } })],
  ])("the insight API %s: the page stands with no settings (it says so), not a 500", async (_name, answer) => {
    upstream(http.get(`${INSIGHT}/digest`, answer));
    const { cookie } = await signIn();
    const page = await settingsPage.loader(args(getWithCookie(cookie, `${PATH}?saved=1`)));
    expect(page.digest).toBeNull();
    expect(page.saved).toBe(false);
  });

  it("an agent without the INSIGHT tool is sent home before any insight call", async () => {
    upstream();
    const { cookie } = await signIn([{ toolCode: "SEE-OUR-SHIPS" }]);
    const response = (await thrown(settingsPage.loader(args(getWithCookie(cookie, PATH))))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/home");
    expect(insightCalls()).toEqual([]);
  });

  it("signed out, the page sends to /login and remembers it", async () => {
    upstream();
    const response = (await thrown(settingsPage.loader(args(new Request(`http://localhost${PATH}`))))) as Response;
    expect(response.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(PATH)}`);
  });
});

describe("/insights/set-up-automated-emails: POST saves", () => {
  it("PUTs the choice (types once each, in the contract's order) and redirects to show it saved", async () => {
    upstream(
      http.put(`${INSIGHT}/digest`, async ({ request }) =>
        HttpResponse.json({ data: { ...saved, ...((await request.json()) as object) } }),
      ),
    );
    const { cookie } = await signIn();
    const response = (await settingsPage.action(args(post(PATH, CHOSEN, { Cookie: cookie })))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`${PATH}?saved=1`);
    expect(insightCalls()).toEqual([
      {
        method: "PUT",
        path: "/insight/digest",
        bearer: expect.stringMatching(/^Bearer /),
        body: {
          enabled: true,
          frequency: "DAILY",
          alertTypes: ["FINAL_PAYMENT_DUE", "DINING_CONFLICT"],
          enrolment: "Eligible",
          priceDropMinimum: null,
        },
      },
    ]);
  });

  it("the price-drop choice: ticked, the e-mails list price drops of at least PRICE_DROP_MINIMUM; read back as ticked", async () => {
    upstream(
      http.put(`${INSIGHT}/digest`, async ({ request }) =>
        HttpResponse.json({ data: { ...saved, ...((await request.json()) as object) } }),
      ),
      http.get(`${INSIGHT}/digest`, () => HttpResponse.json({ data: { ...saved, priceDropMinimum: 25 } })),
    );
    const { cookie } = await signIn();
    await settingsPage.action(args(post(PATH, [...CHOSEN, ["priceDrops", "on"]], { Cookie: cookie })));
    expect(insightCalls().find((c) => c.method === "PUT")?.body).toMatchObject({ priceDropMinimum: 25 });
    const page = await settingsPage.loader(args(getWithCookie(cookie, PATH)));
    expect(page.digest?.settings.priceDrops).toBe(true);
  });

  it("turning the e-mails off sends enabled false (no box ticked is off)", async () => {
    upstream(http.put(`${INSIGHT}/digest`, () => HttpResponse.json({ data: { ...saved, enabled: false } })));
    const { cookie } = await signIn();
    const fields: Array<[string, string]> = [
      ["frequency", "WEEKLY"],
      ["alertTypes", "FCC"],
      ["enrolment", "ALL"],
    ];
    const response = (await settingsPage.action(args(post(PATH, fields, { Cookie: cookie })))) as Response;
    expect(response.status).toBe(302);
    expect(insightCalls()[0]?.body).toEqual({
      enabled: false,
      frequency: "WEEKLY",
      alertTypes: ["FCC"],
      enrolment: "ALL",
      priceDropMinimum: null,
    });
  });

  it("on without an alert type: 400 with the message on the types, nothing saved, the rest kept", async () => {
    upstream();
    const { cookie } = await signIn();
    const fields = CHOSEN.filter(([name]) => name !== "alertTypes");
    const result = await settingsPage.action(args(post(PATH, fields, { Cookie: cookie })));
    expect(statusOf(result)).toBe(400);
    expect(replyOf(result).error?.alertTypes).toEqual([DIGEST_MESSAGES.noAlertType]);
    expect(replyOf(result).initialValue).toEqual({ enabled: "on", frequency: "DAILY", enrolment: "Eligible" });
    expect(insightCalls()).toEqual([]);
  });

  it("a tampered value is refused in place (400), never sent on", async () => {
    upstream();
    const { cookie } = await signIn();
    const fields: Array<[string, string]> = [...CHOSEN.filter(([n]) => n !== "frequency"), ["frequency", "HOURLY"]];
    const result = await settingsPage.action(args(post(PATH, fields, { Cookie: cookie })));
    expect(statusOf(result)).toBe(400);
    expect(replyOf(result).error?.frequency).toEqual([DIGEST_MESSAGES.frequency]);
    expect(insightCalls()).toEqual([]);
  });

  it.each([
    [
      "refuses the settings (400)",
      () => HttpResponse.json({ message: { message: "Bad digest" } }, { status: 400 }),
      400,
      DIGEST_NOTICES.notAccepted,
    ],
    ["is down", () => HttpResponse.error(), 503, DIGEST_NOTICES.notSaved],
    ["answers 500", () => HttpResponse.json({ message: "boom" }, { status: 500 }), 503, DIGEST_NOTICES.notSaved],
    ["answers something malformed", () => HttpResponse.json({ data: { saved: "yes" } }), 503, DIGEST_NOTICES.notSaved],
  ])(
    "the insight API %s: the message in the form, every choice kept, never a 500",
    async (_name, answer, status, message) => {
      upstream(http.put(`${INSIGHT}/digest`, answer));
      const { cookie } = await signIn();
      const result = await settingsPage.action(args(post(PATH, CHOSEN, { Cookie: cookie })));
      expect(statusOf(result)).toBe(status);
      expect(replyOf(result).error?.[""]).toEqual([message]);
      expect(replyOf(result).initialValue).toEqual(CHOSEN_VALUES);
    },
  );

  it("the insight API refuses the branch (403): a 403 page says what was refused and why, never a silent redirect", async () => {
    upstream(
      http.put(`${INSIGHT}/digest`, () =>
        HttpResponse.json(
          { errorCode: "BRANCH_NOT_ALLOWED", message: "You may not see this branch." },
          { status: 403 },
        ),
      ),
    );
    const { cookie } = await signIn();
    const error = await requestContext.run({ requestId: "test", clientAddress: "127.0.0.1", method: "POST" }, () =>
      thrown(settingsPage.action(args(post(PATH, CHOSEN, { Cookie: cookie })))),
    );
    expect(statusOf(error)).toBe(403);
    expect((error as { data?: { message?: string } }).data?.message).toBe(
      "That action was refused: you may not see this branch.",
    );
  });

  it("a post from another site is refused (403) before anything is saved", async () => {
    upstream();
    const { cookie } = await signIn();
    const error = await thrown(
      settingsPage.action(args(post(PATH, CHOSEN, { Cookie: cookie, origin: "https://evil.example" }))),
    );
    expect(statusOf(error)).toBe(403);
    expect(insightCalls()).toEqual([]);
  });
});

describe("/unsubscribe?token=…: the digest e-mail's link, without signing in", () => {
  const view = (result: unknown) => (result as { data: Record<string, unknown> }).data;
  const url = (token = TOKEN) => `http://localhost/unsubscribe?${new URLSearchParams({ token })}`;

  it("GET asks (GET /digest/unsubscribe, no bearer) and changes nothing", async () => {
    upstream(http.get(`${INSIGHT}/digest/unsubscribe`, () => HttpResponse.json({ data: subscription })));
    const result = await unsubscribePage.loader(args(new Request(url())));
    expect(statusOf(result) ?? 200).toBe(200);
    expect(view(result)).toEqual({ state: "ask", token: TOKEN, subscription });
    expect(insightCalls()).toEqual([
      {
        method: "GET",
        path: `/insight/digest/unsubscribe?${new URLSearchParams({ token: TOKEN })}`,
        bearer: null,
        body: null,
      },
    ]);
  });

  it("POST stops the e-mails (POST /digest/unsubscribe with the token, no bearer) and confirms", async () => {
    upstream(
      http.post(`${INSIGHT}/digest/unsubscribe`, () =>
        HttpResponse.json({ data: { ...subscription, enabled: false } }),
      ),
    );
    const result = await unsubscribePage.action(
      args(
        post("/unsubscribe", [
          ["token", TOKEN],
          [HONEYPOT_FIELD, ""],
        ]),
      ),
    );
    expect(statusOf(result) ?? 200).toBe(200);
    expect(view(result)).toEqual({ state: "done", subscription: { ...subscription, enabled: false } });
    expect(insightCalls()).toEqual([
      { method: "POST", path: "/insight/digest/unsubscribe", bearer: null, body: { token: TOKEN } },
    ]);
  });

  it("an address whose e-mails are already off says so", async () => {
    upstream(
      http.get(`${INSIGHT}/digest/unsubscribe`, () => HttpResponse.json({ data: { ...subscription, enabled: false } })),
    );
    const result = await unsubscribePage.loader(args(new Request(url())));
    expect(view(result)).toMatchObject({ state: "ask", subscription: { enabled: false } });
  });

  it("a bad or tampered token (400 INVALID_TOKEN) is 'not valid', status 400, on GET and POST", async () => {
    upstream(
      http.get(`${INSIGHT}/digest/unsubscribe`, invalidToken),
      http.post(`${INSIGHT}/digest/unsubscribe`, invalidToken),
    );
    const got = await unsubscribePage.loader(args(new Request(url("tampered"))));
    expect(statusOf(got)).toBe(400);
    expect(view(got)).toEqual({ state: "invalid" });
    const posted = await unsubscribePage.action(args(post("/unsubscribe", [["token", "tampered"]])));
    expect(statusOf(posted)).toBe(400);
    expect(view(posted)).toEqual({ state: "invalid" });
  });

  it.each([
    ["no token", "http://localhost/unsubscribe"],
    ["an empty token", "http://localhost/unsubscribe?token="],
    ["a token with spaces", `http://localhost/unsubscribe?token=${encodeURIComponent("a b")}`],
    ["an over-long token", `http://localhost/unsubscribe?token=${"x".repeat(3000)}`],
  ])("%s is 'not valid' (400) without asking the insight API", async (_name, address) => {
    upstream();
    const result = await unsubscribePage.loader(args(new Request(address)));
    expect(statusOf(result)).toBe(400);
    expect(view(result)).toEqual({ state: "invalid" });
    expect(insightCalls()).toEqual([]);
  });

  it.each([
    ["down", () => HttpResponse.error()],
    ["a 500", () => HttpResponse.json({ message: "boom" }, { status: 500 })],
    ["malformed", () => HttpResponse.json({ data: { email: 1 } })],
  ])("the insight API %s: a clear message, status 503, on GET and POST", async (_name, answer) => {
    upstream(http.get(`${INSIGHT}/digest/unsubscribe`, answer), http.post(`${INSIGHT}/digest/unsubscribe`, answer));
    const got = await unsubscribePage.loader(args(new Request(url())));
    expect(statusOf(got)).toBe(503);
    expect(view(got)).toEqual({ state: "unavailable" });
    const posted = await unsubscribePage.action(args(post("/unsubscribe", [["token", TOKEN]])));
    expect(statusOf(posted)).toBe(503);
    expect(view(posted)).toEqual({ state: "unavailable" });
  });

  it("the public form's protections: a filled honeypot or another site's post is refused, nothing stopped", async () => {
    upstream();
    const bot = await thrown(
      unsubscribePage.action(
        args(
          post("/unsubscribe", [
            ["token", TOKEN],
            [HONEYPOT_FIELD, "x"],
          ]),
        ),
      ),
    );
    expect(statusOf(bot)).toBe(400);
    const crossSite = await thrown(
      unsubscribePage.action(args(post("/unsubscribe", [["token", TOKEN]], { origin: "https://evil.example" }))),
    );
    expect(statusOf(crossSite)).toBe(403);
    expect(insightCalls()).toEqual([]);
  });
});
