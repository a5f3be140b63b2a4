import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { portalEnv, signedInSession, thrown } from "./harness";

/**
 * The specification's session and API errors: "Thrown messages: 'Error logout user', … 'Error fetching user profile'"
 * and "API errors are logged to the console and rethrown". Both texts are produced.
 */
const env = portalEnv();
const { requireAgent, signOut } = await import("~/server/auth/auth.server");
const { sessionStore } = await import("~/server/infra/session.server");
const login = await import("~/routes/auth/login");

const API = "http://upstream.test";
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "bypass" }));
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(async () => {
  server.close();
  await sessionStore().close();
  env.cleanup();
});

const warnings = () => {
  const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  return () => warn.mock.calls.map((c) => c.map(String).join(" "));
};

describe("'Error logout user'", () => {
  it("a failed logout call is logged with the text, the session still ends, and /login says it", async () => {
    const logged = warnings();
    server.use(http.delete(`${API}/auth/logout`, () => HttpResponse.json({}, { status: 500 })));
    const { cookie, id } = await signedInSession();
    const response = await signOut(
      new Request("http://localhost/logout", { method: "POST", headers: { Cookie: cookie } }),
    );
    expect(response.headers.get("Location")).toBe("/login?reason=logout-failed");
    expect(await sessionStore().read(id)).toBeNull();
    expect(logged().some((line) => line.startsWith("[auth] Error logout user:"))).toBe(true);

    const page = (await login.loader({
      request: new Request("http://localhost/login?reason=logout-failed"),
      params: {},
      context: {},
    })) as { notice: string | null };
    expect(page.notice).toMatch(/^Error logout user\. /);
  });

  it("a logout the upstream accepts says nothing of the kind", async () => {
    server.use(http.delete(`${API}/auth/logout`, () => new HttpResponse(null, { status: 204 })));
    const { cookie } = await signedInSession();
    const response = await signOut(
      new Request("http://localhost/logout", { method: "POST", headers: { Cookie: cookie } }),
    );
    expect(response.headers.get("Location")).toBe("/login");
  });
});

describe("'Error fetching user profile'", () => {
  it("a failed profile fetch is logged with the text and the page's 503 says it", async () => {
    const logged = warnings();
    server.use(http.get(`${API}/userProfile`, () => HttpResponse.json({}, { status: 500 })));
    const { cookie } = await signedInSession();
    const error = (await thrown(
      requireAgent(new Request("http://localhost/home", { headers: { Cookie: cookie } })),
    )) as { data: { message: string }; init: ResponseInit };
    expect(error.init.status).toBe(503);
    expect(error.data.message).toBe("Error fetching user profile. Service unavailable, please try again later");
    expect(logged().filter((line) => line.startsWith("[auth] Error fetching user profile:"))).toHaveLength(1);
  });
});
