import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { portalEnv, profile, signedInSession } from "./harness";

// GTM_ID set: the tag manager's script and host are in the page and its CSP.
const env = portalEnv({ GTM_ID: "GTM-TEST123", GIFT_LINK_BASIC_AUTH: "portal:test-secret" });
const { applySecurityHeaders, contentSecurityPolicy } = await import("~/server/infra/security-headers.server");
const { TagManager } = await import("~/components/analytics");
const root = await import("~/root");
const gift = await import("~/routes/resources/gift-link");
const { sessionStore } = await import("~/server/infra/session.server");

const API = "http://upstream.test";
const server = setupServer(
  // The root's footer: content left out (optional), never an unhandled call.
  http.get(`${API}/api/royal/content/*`, () => HttpResponse.json({ message: "not found" }, { status: 404 })),
);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(async () => {
  server.close();
  await sessionStore().close();
  env.cleanup();
});

const NONCE = "bm9uY2Utbm9uY2Utbm9uY2U=";

describe("analytics link events: the tag manager with GTM_ID set", () => {
  it("the CSP allows its host for scripts and hits, beside this response's nonce", () => {
    const headers = new Headers();
    applySecurityHeaders(headers, NONCE);
    const csp = headers.get("Content-Security-Policy")!;
    expect(csp).toContain(`script-src 'nonce-${NONCE}' 'strict-dynamic' https://www.googletagmanager.com;`);
    expect(csp).toMatch(/connect-src 'self' https:\/\/www\.googletagmanager\.com https:\/\/\*\.google-analytics\.com/);
  });

  it("without GTM_ID no third-party host is allowed", () => {
    const csp = contentSecurityPolicy(NONCE, { gtmId: null });
    expect(csp).not.toContain("googletagmanager");
    expect(csp).toContain(`script-src 'nonce-${NONCE}' 'strict-dynamic';`);
    expect(csp).toContain("connect-src 'self';");
  });

  it("the root hands the container id to the page", async () => {
    const data = await root.loader({ request: new Request("http://localhost/login"), params: {}, context: {} });
    expect(data).toMatchObject({ gtmId: "GTM-TEST123" });
  });

  it("its scripts carry the nonce, load async from the tag manager's host and start the data layer", () => {
    const html = renderToStaticMarkup(createElement(TagManager, { gtmId: "GTM-TEST123", nonce: NONCE }));
    expect(html).toContain(
      `<script async="" src="https://www.googletagmanager.com/gtm.js?id=GTM-TEST123" nonce="${NONCE}">`,
    );
    expect(html).toMatch(new RegExp(`<script nonce="${NONCE}">window\\.dataLayer=window\\.dataLayer\\|\\|\\[\\];`));
  });
});

describe("the public gift link: POST /gift-link", () => {
  const post = (cookie: string) =>
    gift.action({
      request: new Request("http://localhost/gift-link", { method: "POST", headers: { cookie } }),
      params: {},
      context: {},
    });

  it("posts with the fixed basic headers and hands the gift page on, sandboxed", async () => {
    const seen: { authorization: string | null; body: unknown }[] = [];
    server.use(
      http.post(`${API}/gift-link`, async ({ request }) => {
        seen.push({ authorization: request.headers.get("authorization"), body: await request.json() });
        return new HttpResponse("<!doctype html><h1>Gift a cruise</h1>", { headers: { "content-type": "text/html" } });
      }),
    );
    const { cookie } = await signedInSession({ profile: profile() });
    const response = await post(cookie);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("<h1>Gift a cruise</h1>");
    expect(response.headers.get("content-security-policy")).toMatch(/^sandbox /);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(seen).toEqual([
      {
        authorization: `Basic ${Buffer.from("portal:test-secret").toString("base64")}`,
        body: { agencyId: "100001", agentId: "200001", language: "en_us" },
      },
    ]);
  });

  it.each([
    ["answers 500", () => new HttpResponse("boom", { status: 500 })],
    ["answers JSON, not a page", () => HttpResponse.json({ ok: true })],
  ])("a gift service that %s is a clear page in the new tab, never a 500", async (_name, reply) => {
    server.use(http.post(`${API}/gift-link`, reply));
    const { cookie } = await signedInSession({ profile: profile() });
    const response = await post(cookie);
    expect(response.status).toBe(503);
    expect(await response.text()).toContain("The gift page cannot be opened just now");
  });

  it("signed out, the post goes to /login", async () => {
    const error = await post("").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Response);
    expect((error as Response).headers.get("location")).toMatch(/^\/login/);
  });
});
