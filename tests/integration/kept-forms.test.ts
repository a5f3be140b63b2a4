import { readFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { http, HttpResponse } from "msw";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import {
  cookieFrom,
  getWithCookie,
  mswUpstream,
  portalEnv,
  profile,
  signedInSession,
  thrown,
  upstreamMock,
} from "./harness";

/**
 * Work that survives a sign-out: a form posted after the session ended is kept server-side
 * (encrypted, bound to the account and the page, at most 30 minutes, never a password or a code), and
 * the page gives it back, once, after the same account signs in again.
 */
const env = portalEnv();
const kept = await import("~/server/kept-forms/kept-forms.server");
const requestPage = await import("~/routes/group-travel-hub/request");
const keepRoute = await import("~/routes/resources/kept-forms");
const { SERVER_IDLE_LIMIT_MS } = await import("~/domain/session-rules");
const { keptFormPath, isKeptFormPage } = await import("~/domain/kept-forms");

const API = "http://upstream.test";
const calls: string[] = [];
const server = mswUpstream(env, [calls]);
const upstream = upstreamMock(server, calls, () => [
  http.get(`${API}/groups/requests`, () => HttpResponse.json({ data: { items: [] } })),
  http.get(`${API}/userProfile`, () => HttpResponse.json({ data: profile() })),
]);
afterAll(async () => {
  await kept.keptFormStore().close();
});

const args = (request: Request) => ({ request, params: {}, context: {} });
const PAGE = "/group-travel-hub/request?sailingId=AD20260806";
const typed = {
  sailingId: "AD20260806",
  staterooms: "14",
  cabinClass: "BALCONY",
  groupName: "Lighthouse Rotary Club",
  notes: "Wheelchair access for two guests",
};
const post = (cookie: string, fields: Record<string, string>, url = `http://localhost${PAGE}`) =>
  new Request(url, {
    method: "POST",
    headers: { Cookie: cookie, origin: "http://localhost", "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
const idleSession = () =>
  signedInSession({ auth: { lastActivity: Date.now() - SERVER_IDLE_LIMIT_MS - 60_000 }, profile: profile() });
type Loaded = { keptTyped: Record<string, string> | null };

describe("the kept-form store", () => {
  it("stores only sealed bytes: neither the typed text nor the account nor the page is readable", async () => {
    expect(await kept.keepForms("agent.usa", PAGE, [Object.entries(typed)])).toBe(true);
    const db = new Database(path.join(env.dataDir, "kept-forms.sqlite"), { readonly: true });
    const rows = db.prepare("SELECT key, blob FROM kept_forms").all() as Array<{ key: string; blob: string }>;
    db.close();
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows) + readFileSync(path.join(env.dataDir, "kept-forms.sqlite")).toString("latin1");
    for (const secret of ["Lighthouse", "Wheelchair", "agent.usa", "group-travel-hub", "BALCONY"]) {
      expect(stored).not.toContain(secret);
      expect(Buffer.from(rows[0]!.blob, "base64url").toString("latin1")).not.toContain(secret);
    }
    expect((await kept.takeForms("agent.usa", PAGE))?.forms[0]).toEqual(Object.entries(typed));
  });

  it("is bound to the account and the page: another username or page finds nothing, the owner still does", async () => {
    await kept.keepForms("agent.usa", PAGE, [Object.entries(typed)]);
    expect(await kept.takeForms("admin.can", PAGE)).toBeNull();
    expect(await kept.takeForms("agent.usa", "/group-travel-hub/request?sailingId=OA20260101")).toBeNull();
    // A sealed entry moved under another account does not open there.
    const blob = kept.seal("{}", "agent.usa", PAGE);
    expect(kept.unseal(blob, "admin.can", PAGE)).toBeNull();
    expect(kept.unseal(blob, "AGENT.USA", PAGE)).toBe("{}");
    expect(await kept.takeForms("Agent.USA", PAGE)).not.toBeNull();
  });

  it("is taken once", async () => {
    await kept.keepForms("agent.usa", PAGE, [Object.entries(typed)]);
    expect(await kept.takeForms("agent.usa", PAGE)).not.toBeNull();
    expect(await kept.takeForms("agent.usa", PAGE)).toBeNull();
  });

  it("never keeps a password, a one-time code, a token or the honeypot; a country or role code stays", () => {
    const fields = kept.keptFields([
      ["firstName", "Avery"],
      ["password", "Portal!2026"],
      ["newPassword", "x"],
      ["confirmPassword", "x"],
      ["code", "123456"],
      ["otpCode", "123456"],
      ["verificationCode", "123456"],
      ["otp", "123456"],
      ["csrfToken", "t"],
      ["contact_me_by_fax", "bot"],
      ["telephoneCountryCode", "US"],
      ["roleCode", "ADMIN"],
      ["intent", "verify"],
    ]);
    expect(fields).toEqual([
      ["firstName", "Avery"],
      ["telephoneCountryCode", "US"],
      ["roleCode", "ADMIN"],
      ["intent", "verify"],
    ]);
  });

  it("lives at most 30 minutes (SQLite, the clock moved)", async () => {
    let now = Date.now();
    const store = kept.sqliteKeptFormStore(path.join(env.dataDir, "ttl"), () => now);
    await store.put("k", "blob", kept.KEPT_FORM_TTL_MS);
    now += kept.KEPT_FORM_TTL_MS - 1000;
    expect(await store.take("k")).toBe("blob");
    await store.put("k", "blob", kept.KEPT_FORM_TTL_MS);
    now += kept.KEPT_FORM_TTL_MS + 1000;
    expect(await store.take("k")).toBeNull();
    await store.close();
  });

  it("lives at most 30 minutes in Redis (the key's time to live) and is taken once there too", async () => {
    const store = kept.redisKeptFormStore("redis://127.0.0.1:6379/0");
    const redis = new Redis("redis://127.0.0.1:6379/0");
    const key = `test-${Date.now()}`;
    try {
      await store.put(key, "blob", kept.KEPT_FORM_TTL_MS);
      const ttl = await redis.pttl(`pp:kept:${key}`);
      expect(ttl).toBeGreaterThan(kept.KEPT_FORM_TTL_MS - 5_000);
      expect(ttl).toBeLessThanOrEqual(30 * 60_000);
      expect(await store.take(key)).toBe("blob");
      expect(await store.take(key)).toBeNull();
    } finally {
      await store.close();
      await redis.quit();
    }
  });

  it("keys a page by its path and query, whatever their order and the framework's own parameters", () => {
    expect(keptFormPath(new URL("http://x/profile/info.data?edit=name&index&_routes=a"))).toBe(
      "/profile/info?edit=name",
    );
    expect(keptFormPath(new URL("http://x/reduced-rates/request?b=2&sailing=X"))).toBe(
      "/reduced-rates/request?b=2&sailing=X",
    );
    expect(isKeptFormPage("/notifications/dismiss")).toBe(false);
    expect(isKeptFormPage("/session/keepalive")).toBe(false);
    expect(isKeptFormPage("/user-management/agents/200001?confirm=role")).toBe(true);
  });
});

describe("the guard keeps a form posted after the session ended", () => {
  it("keeps a post from an idle session, sends to sign in, and the page gives it back once after sign-in", async () => {
    upstream();
    const { cookie } = await idleSession();
    const response = (await thrown(requestPage.action(args(post(cookie, { ...typed, password: "nope" }))))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/login\?redirectTo=%2Fgroup-travel-hub%2Frequest.*reason=idle/);
    expect(calls.filter((c) => c.startsWith("POST"))).toEqual([]);

    const again = await signedInSession({ profile: profile() });
    const loaded = (await requestPage.loader(args(getWithCookie(again.cookie, PAGE)))) as unknown as Loaded;
    expect(loaded.keptTyped).toEqual(typed);
    // Taken once: a reload shows the empty form.
    const reloaded = (await requestPage.loader(args(getWithCookie(again.cookie, PAGE)))) as unknown as Loaded;
    expect(reloaded.keptTyped).toBeNull();
  });

  it("gives user management's invitation back as typed to the administrator who signs in again", async () => {
    upstream();
    const invite = await import("~/routes/user-management/invite");
    const admin = profile({ loginUserName: "admin.can", roleCode: "ADMIN", agencyId: "AG100102" });
    const invitation = { email: "new.agent@example.org", firstName: "Noor", lastName: "Haddad" };
    const idle = await signedInSession({
      auth: { username: "admin.can", lastActivity: Date.now() - SERVER_IDLE_LIMIT_MS - 60_000 },
      profile: admin,
    });
    const response = (await thrown(
      invite.action(args(post(idle.cookie, invitation, "http://localhost/user-management/invite"))),
    )) as Response;
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fuser-management%2Finvite&reason=idle");
    expect(calls.filter((c) => c.startsWith("POST"))).toEqual([]);

    const again = await signedInSession({ auth: { username: "admin.can" }, profile: admin });
    const loaded = (await invite.loader(args(getWithCookie(again.cookie, "/user-management/invite")))) as {
      kept: Record<string, string> | null;
    };
    expect(loaded.kept).toMatchObject(invitation);
  });

  it("keeps a post from a session ended elsewhere (sign out everywhere else)", async () => {
    upstream();
    const { cookie } = await signedInSession({ auth: { signedInAt: Date.now() - 60_000 }, profile: profile() });
    const { sessionStore } = await import("~/server/infra/session.server");
    await sessionStore().endOthers("agent.usa", Date.now(), null);
    const response = (await thrown(requestPage.action(args(post(cookie, typed))))) as Response;
    expect(response.headers.get("Location")).toMatch(/reason=signed-out/);
    expect((await kept.takeForms("agent.usa", PAGE))?.forms[0]).toEqual(Object.entries(typed));
    await sessionStore().endOthers("agent.usa", 0, null);
  });

  it("gives nothing back to another account that signs in", async () => {
    upstream();
    const { cookie } = await idleSession();
    await thrown(requestPage.action(args(post(cookie, typed))));
    const other = await signedInSession({
      auth: { username: "admin.can" },
      profile: profile({ loginUserName: "admin.can" }),
    });
    const loaded = (await requestPage.loader(args(getWithCookie(other.cookie, PAGE)))) as unknown as Loaded;
    expect(loaded.keptTyped).toBeNull();
    await kept.takeForms("agent.usa", PAGE);
  });

  it("a session already destroyed: the signed-out marker set at the sign-out names the account", async () => {
    upstream();
    // The idle sign-out of one request (a GET) ends the session and sets the marker.
    const { cookie } = await idleSession();
    const ended = (await thrown(requestPage.loader(args(getWithCookie(cookie, "/group-travel-hub"))))) as Response;
    const marker = ended.headers
      .getSetCookie()
      .map((c) => cookieFrom(c))
      .find((c) => c.startsWith("pp_signed_out="));
    expect(marker).toBeTruthy();

    // A post from that browser finds no session; without the marker nothing is kept …
    await thrown(requestPage.action(args(post(cookie, typed))));
    const fresh = await signedInSession({ profile: profile() });
    let loaded = (await requestPage.loader(args(getWithCookie(fresh.cookie, PAGE)))) as unknown as Loaded;
    expect(loaded.keptTyped).toBeNull();
    // … with it, the form is kept for the account it names.
    const response = (await thrown(requestPage.action(args(post(`${cookie}; ${marker}`, typed))))) as Response;
    expect(response.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    loaded = (await requestPage.loader(args(getWithCookie(fresh.cookie, PAGE)))) as unknown as Loaded;
    expect(loaded.keptTyped).toEqual(typed);
  });

  it("keeps nothing posted to a resource route, nor a post of a live session (it is simply sent)", async () => {
    upstream(http.post(`${API}/groups/requests`, () => HttpResponse.json({ message: "x" }, { status: 500 })));
    const { cookie } = await idleSession();
    const dismiss = await import("~/routes/resources/dismiss-notification");
    await thrown(
      dismiss.action(args(post(cookie, { notificationId: "n1" }, "http://localhost/notifications/dismiss"))),
    );
    const live = await signedInSession({ profile: profile() });
    await requestPage.action(args(post(live.cookie, typed)));
    const loaded = (await requestPage.loader(args(getWithCookie(live.cookie, PAGE)))) as unknown as Loaded;
    expect(loaded.keptTyped).toBeNull();
    expect(await kept.takeForms("agent.usa", "/notifications/dismiss")).toBeNull();
  });
});

describe("POST /kept-forms (the idle countdown's keep, JavaScript on)", () => {
  const keep = (cookie: string, body: unknown) =>
    new Request("http://localhost/kept-forms", {
      method: "POST",
      headers: { Cookie: cookie, origin: "http://localhost", "content-type": "application/json" },
      body: JSON.stringify(body),
    });

  it("keeps the page's unsaved forms for the session's account, even one the server already finds idle", async () => {
    const { cookie } = await idleSession();
    const response = await keepRoute.action(
      args(keep(cookie, { path: PAGE, forms: [[...Object.entries(typed), ["password", "x"]]] })),
    );
    expect(response.status).toBe(204);
    expect((await kept.takeForms("agent.usa", PAGE))?.forms).toEqual([Object.entries(typed)]);
  });

  it("refuses a page that gives nothing back, a browser with no account, and a post from another site", async () => {
    const { cookie } = await signedInSession({ profile: profile() });
    expect((await keepRoute.action(args(keep(cookie, { path: "/home", forms: [[["a", "b"]]] })))).status).toBe(422);
    expect((await keepRoute.action(args(keep("", { path: PAGE, forms: [Object.entries(typed)] })))).status).toBe(422);
    const crossSite = new Request("http://localhost/kept-forms", {
      method: "POST",
      headers: { Cookie: cookie, origin: "https://evil.example", "content-type": "application/json" },
      body: JSON.stringify({ path: PAGE, forms: [Object.entries(typed)] }),
    });
    expect(((await thrown(keepRoute.action(args(crossSite)))) as { init: { status: number } }).init.status).toBe(403);
    expect(await kept.takeForms("agent.usa", PAGE)).toBeNull();
  });
});
