import { inflateRawSync } from "node:zlib";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { portalEnv, profile, signedInSession } from "./harness";

/**
 * Absolute addresses the portal hands to the outside world (the legacy site's return
 * address, logout's returnTo) start with the configured PUBLIC_ORIGIN, never with the Host header a
 * client chose: `Host: evil.example` must not send an agent's browser to evil.example.
 */
const env = portalEnv({ PUBLIC_ORIGIN: "https://portal.example.com" });
const { loader: openLegacy } = await import("~/routes/legacy/open");
const { signOut } = await import("~/server/auth/auth.server");
const { sessionStore } = await import("~/server/infra/session.server");
const { env: portalSettings } = await import("~/server/infra/env.server");

const API = "http://upstream.test";
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(async () => {
  server.close();
  await sessionStore().close();
  env.cleanup();
});

/** A request as it arrives when the client wrote `Host: evil.example` (Remix builds request.url from it). */
const fromEvilHost = (cookie: string, path: string, method = "GET") =>
  new Request(`http://evil.example${path}`, { method, headers: { Cookie: cookie, Host: "evil.example" } });

describe("absolute addresses come from PUBLIC_ORIGIN, not from the Host header", () => {
  it("the legacy sign-on payload's returnUrl is PUBLIC_ORIGIN/home", async () => {
    server.use(http.get(`${API}/auth/remoteCPAccess`, () => HttpResponse.json({ data: { remote_token: "remote-1" } })));
    const { cookie } = await signedInSession({ profile: profile() });
    const response = (await openLegacy({
      request: fromEvilHost(cookie, "/legacy/espresso"),
      params: { app: "espresso" },
      context: {},
    })) as Response;
    const location = new URL(response.headers.get("Location")!);
    expect(location.origin + location.pathname).toBe(`${portalSettings.LEGACY_SITE_URL}/espresso`);
    const payload = JSON.parse(inflateRawSync(Buffer.from(location.searchParams.get("cp")!, "base64url")).toString());
    expect(payload).toMatchObject({ token: "remote-1", returnUrl: "https://portal.example.com/home" });
    expect(JSON.stringify(payload)).not.toContain("evil.example");
  });

  it("logout's returnTo at the legacy logout address is PUBLIC_ORIGIN/login", async () => {
    server.use(http.delete(`${API}/auth/logout`, () => new HttpResponse(null, { status: 204 })));
    const { cookie } = await signedInSession({ auth: { legacyNavigated: true } });
    const response = await signOut(fromEvilHost(cookie, "/logout", "POST"));
    const location = new URL(response.headers.get("Location")!);
    expect(location.href.split("?")[0]).toBe(portalSettings.LEGACY_LOGOUT_URL);
    expect(location.searchParams.get("returnTo")).toBe("https://portal.example.com/login");
    expect(response.headers.get("Location")).not.toContain("evil.example");
  });
});

describe("PUBLIC_ORIGIN is checked at start-up", () => {
  it.each([
    "https://portal.example.com/app",
    "https://portal.example.com/?a=1",
    "https://me@portal.example.com",
    "ftp://portal.example.com",
  ])("%s is refused with a message naming PUBLIC_ORIGIN", async (value) => {
    vi.resetModules();
    const before = process.env.PUBLIC_ORIGIN;
    process.env.PUBLIC_ORIGIN = value;
    try {
      await expect(import("~/server/infra/env.server")).rejects.toThrow(/PUBLIC_ORIGIN/);
    } finally {
      process.env.PUBLIC_ORIGIN = before;
      vi.resetModules();
    }
  });

  it("a trailing slash is dropped", async () => {
    vi.resetModules();
    process.env.PUBLIC_ORIGIN = "https://portal.example.com/";
    try {
      const { env: parsed } = await import("~/server/infra/env.server");
      expect(parsed.PUBLIC_ORIGIN).toBe("https://portal.example.com");
    } finally {
      process.env.PUBLIC_ORIGIN = "https://portal.example.com";
      vi.resetModules();
    }
  });
});
