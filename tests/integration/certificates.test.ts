import { http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { getWithCookie, mswUpstream, portalEnv, profile, signedInSession, statusOf, upstreamMock } from "./harness";

/** /certificate-redemption looks a code up, redeems it, lists the redemptions; never a 500. */
const env = portalEnv();
const page = await import("~/routes/certificate-redemption");

const API = "http://upstream.test";
const CONTENT = `${API}/api/royal/content/cruising-power`;
const calls: string[] = [];
const bodies: unknown[] = [];
const server = mswUpstream(env, [calls, bodies]);

const certificate = (over: Record<string, unknown> = {}) => ({
  code: "RC-DEMO-0100",
  value: 100,
  currency: "USD",
  brand: "R",
  sailingId: null,
  conditions: "Onboard credit. No cash value.",
  expiresOn: "2099-12-31",
  state: "VALID",
  redeemedAt: null,
  redeemedBookingId: null,
  ...over,
});
const refusal = (status: number, errorCode: string) =>
  HttpResponse.json({ message: { message: "refused", errorCode } }, { status });

const upstream = upstreamMock(server, calls, () => [
  http.get(`${API}/certificates/redemptions`, () => HttpResponse.json({ data: { items: [] } })),
  http.get(`${API}/certificates/RC-DEMO-0100`, () => HttpResponse.json({ data: certificate() })),
  http.get(`${API}/certificates/RC-EXPD-0050`, () =>
    HttpResponse.json({ data: certificate({ code: "RC-EXPD-0050", state: "EXPIRED", expiresOn: "2024-06-30" }) }),
  ),
  http.get(`${API}/certificates/RC-USED-0075`, () =>
    HttpResponse.json({ data: certificate({ code: "RC-USED-0075", state: "REDEEMED" }) }),
  ),
  http.get(`${API}/certificates/:code`, () => refusal(404, "UNKNOWN_CODE")),
  http.get(`${CONTENT}/*`, () => HttpResponse.json({ message: "not found" }, { status: 404 })),
]);

const args = (request: Request) => ({ request, params: {}, context: {} });
const post = (cookie: string, fields: Array<[string, string]>) =>
  new Request("http://localhost/certificate-redemption?code=RC-DEMO-0100", {
    method: "POST",
    headers: { Cookie: cookie, origin: "http://localhost", "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
type Loaded = { data: Record<string, unknown>; init?: { status?: number } };
const load = async (cookie: string, query: string) =>
  (await page.loader(args(getWithCookie(cookie, `/certificate-redemption${query}`)))) as unknown as Loaded;

describe("certificate lookup", () => {
  it("shows nothing to look up without a code, and the agency's redemptions", async () => {
    upstream();
    const { cookie } = await signedInSession({ profile: profile() });
    const loaded = await load(cookie, "");
    expect(loaded.data.lookup).toEqual({ kind: "none" });
    expect(loaded.data.redemptions).toEqual([]);
    expect(calls).toContain("GET /certificates/redemptions");
  });

  it.each([
    ["RC-DEMO-0100", "VALID"],
    [" rc-demo-0100 ", "VALID"],
    ["RC-EXPD-0050", "EXPIRED"],
    ["RC-USED-0075", "REDEEMED"],
  ])("looks %j up: %s", async (code, state) => {
    upstream();
    const { cookie } = await signedInSession({ profile: profile() });
    const loaded = await load(cookie, `?code=${encodeURIComponent(code)}`);
    expect(loaded.data.lookup).toMatchObject({ kind: "found", certificate: { state } });
    expect(loaded.data.typed).toBe(code);
  });

  it("a malformed code is refused before the upstream, keeping what was typed (400)", async () => {
    upstream();
    const { cookie } = await signedInSession({ profile: profile() });
    const loaded = await load(cookie, "?code=hello%20world");
    expect(statusOf(loaded)).toBe(400);
    expect(loaded.data.lookup).toMatchObject({ kind: "invalid" });
    expect(loaded.data.typed).toBe("hello world");
    expect(calls.filter((c) => c.startsWith("GET /certificates/") && !c.includes("redemptions"))).toEqual([]);
  });

  it("an unknown code says so (404), not a 500", async () => {
    upstream();
    const { cookie } = await signedInSession({ profile: profile() });
    const loaded = await load(cookie, "?code=RC-NONE-0000");
    expect(statusOf(loaded)).toBe(404);
    expect(loaded.data.lookup).toEqual({ kind: "refused", message: expect.stringMatching(/could not find/) });
  });

  it("an upstream that is down leaves the page with a notice", async () => {
    upstream(
      http.get(`${API}/certificates/redemptions`, () => HttpResponse.json({}, { status: 503 })),
      http.get(`${API}/certificates/RC-DEMO-0100`, () => HttpResponse.json({}, { status: 503 })),
    );
    const { cookie } = await signedInSession({ profile: profile() });
    const loaded = await load(cookie, "?code=RC-DEMO-0100");
    expect(loaded.data.lookup).toEqual({ kind: "unavailable" });
    expect(loaded.data.redemptions).toBeNull();
  });
});

describe("certificate redemption", () => {
  it("redeems and redirects to the confirmation with the code in the URL", async () => {
    upstream(
      http.post(`${API}/certificates/RC-DEMO-0100/redeem`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ data: certificate({ state: "REDEEMED", redeemedBookingId: "1234567" }) });
      }),
    );
    const { cookie } = await signedInSession({ profile: profile() });
    const response = (await page.action(
      args(
        post(cookie, [
          ["code", "RC-DEMO-0100"],
          ["bookingId", " 1234567 "],
        ]),
      ),
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/certificate-redemption?code=RC-DEMO-0100&redeemed=1234567");
    expect(bodies).toEqual([{ bookingId: "1234567" }]);
  });

  it.each([
    [409, "ALREADY_REDEEMED", "error", /already been redeemed/],
    [409, "BRAND_MISMATCH", "error", /not for this booking's brand/],
    [409, "SAILING_MISMATCH", "error", /not for this booking's sailing/],
    [409, "EXPIRED", "error", /expired/],
    [404, "NOT_FOUND", "bookingId", /no booking with this id/],
    [404, "UNKNOWN_CODE", "error", /could not find/],
  ])("an upstream %i %s is a clear message that keeps the booking id", async (status, code, where, message) => {
    upstream(http.post(`${API}/certificates/RC-DEMO-0100/redeem`, () => refusal(status, code)));
    const { cookie } = await signedInSession({ profile: profile() });
    const result = (await page.action(
      args(
        post(cookie, [
          ["code", "RC-DEMO-0100"],
          ["bookingId", "1234567"],
        ]),
      ),
    )) as unknown as Loaded;
    expect(statusOf(result)).toBe(status);
    const body = result.data as {
      typed: { bookingId: string };
      error: string | null;
      fieldErrors: Record<string, string[]>;
    };
    expect(body.typed.bookingId).toBe("1234567");
    if (where === "error") expect(body.error).toMatch(message);
    else expect(body.fieldErrors.bookingId?.[0]).toMatch(message);
  });

  it("an upstream failure is a retry message (502), never a 500", async () => {
    upstream(http.post(`${API}/certificates/RC-DEMO-0100/redeem`, () => HttpResponse.json({}, { status: 500 })));
    const { cookie } = await signedInSession({ profile: profile() });
    const result = (await page.action(
      args(
        post(cookie, [
          ["code", "RC-DEMO-0100"],
          ["bookingId", "1234567"],
        ]),
      ),
    )) as unknown as Loaded;
    expect(statusOf(result)).toBe(502);
    expect((result.data as { error: string }).error).toMatch(/try again/);
  });

  it("a missing booking id or malformed code is refused before the upstream (400)", async () => {
    upstream();
    const { cookie } = await signedInSession({ profile: profile() });
    const result = (await page.action(
      args(
        post(cookie, [
          ["code", "nope"],
          ["bookingId", ""],
        ]),
      ),
    )) as unknown as Loaded;
    expect(statusOf(result)).toBe(400);
    const body = result.data as { fieldErrors: Record<string, string[]> };
    expect(Object.keys(body.fieldErrors).sort()).toEqual(["bookingId", "code"]);
    expect(calls.filter((c) => c.startsWith("POST"))).toEqual([]);
  });
});
