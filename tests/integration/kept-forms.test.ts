import { readFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { http, HttpResponse } from "msw";
import { Redis } from "ioredis";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
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
/** This browser's id (given at sign-in) and another computer's. */
const BROWSER = "browser-of-agent-usa-1";
const AGENT = { username: "agent.usa", browser: BROWSER };
const browserCookie = async (id = BROWSER) => cookieFrom(await kept.keptBrowserCookie.serialize(id));
/** A session of this browser: the session cookie and the browser's id. */
const inBrowser = async (session: Promise<{ cookie: string }>, id = BROWSER) => ({
  cookie: `${(await session).cookie}; ${await browserCookie(id)}`,
});
type Loaded = { keptTyped: Record<string, string> | null };

describe("the kept-form store", () => {
  it("stores only sealed bytes: neither the typed text nor the account nor the page is readable", async () => {
    expect(await kept.keepForms(AGENT, PAGE, [Object.entries(typed)])).toBe(true);
    const db = new Database(path.join(env.dataDir, "kept-forms.sqlite"), { readonly: true });
    const rows = db.prepare("SELECT key, grp, blob FROM kept_form_entries").all() as Array<{
      key: string;
      blob: string;
    }>;
    db.close();
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows) + readFileSync(path.join(env.dataDir, "kept-forms.sqlite")).toString("latin1");
    for (const secret of ["Lighthouse", "Wheelchair", "agent.usa", "group-travel-hub", "BALCONY", BROWSER]) {
      expect(stored).not.toContain(secret);
      expect(Buffer.from(rows[0]!.blob, "base64url").toString("latin1")).not.toContain(secret);
    }
    expect((await kept.takeForms(AGENT, PAGE))?.forms[0]).toEqual(Object.entries(typed));
  });

  it("is bound to the account, the page and the browser: another finds nothing, the owner still does", async () => {
    await kept.keepForms(AGENT, PAGE, [Object.entries(typed)]);
    expect(await kept.takeForms({ ...AGENT, username: "admin.can" }, PAGE)).toBeNull();
    expect(await kept.takeForms(AGENT, "/group-travel-hub/request?sailingId=OA20260101")).toBeNull();
    // A sealed entry moved under another account or browser does not open there.
    const blob = kept.seal("{}", AGENT);
    expect(kept.unseal(blob, { ...AGENT, username: "admin.can" })).toBeNull();
    expect(kept.unseal(blob, { ...AGENT, browser: "another-computer-00001" })).toBeNull();
    expect(kept.unseal(blob, { ...AGENT, username: "AGENT.USA" })).toBe("{}");
    expect(await kept.takeForms({ ...AGENT, username: "Agent.USA" }, PAGE)).not.toBeNull();
  });

  it("is taken once", async () => {
    await kept.keepForms(AGENT, PAGE, [Object.entries(typed)]);
    expect(await kept.takeForms(AGENT, PAGE)).not.toBeNull();
    expect(await kept.takeForms(AGENT, PAGE)).toBeNull();
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
    await store.put("g", "k", "blob", kept.KEPT_FORM_TTL_MS, 5);
    now += kept.KEPT_FORM_TTL_MS - 1000;
    expect(await store.take("g", "k")).toBe("blob");
    await store.put("g", "k", "blob", kept.KEPT_FORM_TTL_MS, 5);
    now += kept.KEPT_FORM_TTL_MS + 1000;
    expect(await store.list("g")).toEqual([]);
    expect(await store.take("g", "k")).toBeNull();
    await store.close();
  });

  it("lives at most 30 minutes in Redis (the key's time to live) and is taken once there too", async () => {
    const store = kept.redisKeptFormStore("redis://127.0.0.1:6379/0");
    const redis = new Redis("redis://127.0.0.1:6379/0");
    const key = `test-${Date.now()}`;
    try {
      await store.put(key, key, "blob", kept.KEPT_FORM_TTL_MS, 5);
      for (const name of [`pp:kept:${key}`, `pp:kept:account:${key}`]) {
        const ttl = await redis.pttl(name);
        expect(ttl).toBeGreaterThan(kept.KEPT_FORM_TTL_MS - 5_000);
        expect(ttl).toBeLessThanOrEqual(30 * 60_000);
      }
      expect(await store.take(key, key)).toBe("blob");
      expect(await store.take(key, key)).toBeNull();
      expect(await redis.exists(`pp:kept:account:${key}`)).toBe(0);
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
    const { cookie } = await inBrowser(idleSession());
    const response = (await thrown(requestPage.action(args(post(cookie, { ...typed, password: "nope" }))))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/login\?redirectTo=%2Fgroup-travel-hub%2Frequest.*reason=idle/);
    expect(calls.filter((c) => c.startsWith("POST"))).toEqual([]);

    const again = await inBrowser(signedInSession({ profile: profile() }));
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
    const idle = await inBrowser(
      signedInSession({
        auth: { username: "admin.can", lastActivity: Date.now() - SERVER_IDLE_LIMIT_MS - 60_000 },
        profile: admin,
      }),
    );
    const response = (await thrown(
      invite.action(args(post(idle.cookie, invitation, "http://localhost/user-management/invite"))),
    )) as Response;
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fuser-management%2Finvite&reason=idle");
    expect(calls.filter((c) => c.startsWith("POST"))).toEqual([]);

    const again = await inBrowser(signedInSession({ auth: { username: "admin.can" }, profile: admin }));
    const loaded = (await invite.loader(args(getWithCookie(again.cookie, "/user-management/invite")))) as {
      kept: Record<string, string> | null;
    };
    expect(loaded.kept).toMatchObject(invitation);
  });

  it("keeps a post from a session ended elsewhere (sign out everywhere else)", async () => {
    upstream();
    const { cookie } = await inBrowser(
      signedInSession({ auth: { signedInAt: Date.now() - 60_000 }, profile: profile() }),
    );
    const { sessionStore } = await import("~/server/infra/session.server");
    await sessionStore().endOthers("agent.usa", Date.now(), null);
    const response = (await thrown(requestPage.action(args(post(cookie, typed))))) as Response;
    expect(response.headers.get("Location")).toMatch(/reason=signed-out/);
    expect((await kept.takeForms(AGENT, PAGE))?.forms[0]).toEqual(Object.entries(typed));
    await sessionStore().endOthers("agent.usa", 0, null);
  });

  it("gives nothing back to another account that signs in", async () => {
    upstream();
    const { cookie } = await inBrowser(idleSession());
    await thrown(requestPage.action(args(post(cookie, typed))));
    const other = await inBrowser(
      signedInSession({ auth: { username: "admin.can" }, profile: profile({ loginUserName: "admin.can" }) }),
    );
    const loaded = (await requestPage.loader(args(getWithCookie(other.cookie, PAGE)))) as unknown as Loaded;
    expect(loaded.keptTyped).toBeNull();
    await kept.takeForms(AGENT, PAGE);
  });

  it("a session already destroyed: the signed-out marker set at the sign-out names the account", async () => {
    upstream();
    // The idle sign-out of one request (a GET) ends the session and sets the marker.
    const { cookie } = await inBrowser(idleSession());
    const ended = (await thrown(requestPage.loader(args(getWithCookie(cookie, "/group-travel-hub"))))) as Response;
    const marker = ended.headers
      .getSetCookie()
      .map((c) => cookieFrom(c))
      .find((c) => c.startsWith("pp_signed_out="));
    expect(marker).toBeTruthy();

    // A post from that browser finds no session; without the marker nothing is kept …
    await thrown(requestPage.action(args(post(cookie, typed))));
    const fresh = await inBrowser(signedInSession({ profile: profile() }));
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
    const live = await inBrowser(signedInSession({ profile: profile() }));
    await requestPage.action(args(post(live.cookie, typed)));
    const loaded = (await requestPage.loader(args(getWithCookie(live.cookie, PAGE)))) as unknown as Loaded;
    expect(loaded.keptTyped).toBeNull();
    expect(await kept.takeForms(AGENT, "/notifications/dismiss")).toBeNull();
  });
});

const keepPost = (cookie: string, body: unknown) =>
  new Request("http://localhost/kept-forms", {
    method: "POST",
    headers: { Cookie: cookie, origin: "http://localhost", "content-type": "application/json" },
    body: JSON.stringify(body),
  });

describe("POST /kept-forms (the idle countdown's keep, JavaScript on)", () => {
  const keep = keepPost;

  it("keeps the page's unsaved forms for the session's account, even one the server already finds idle", async () => {
    const { cookie } = await inBrowser(idleSession());
    const response = await keepRoute.action(
      args(keep(cookie, { path: PAGE, forms: [[...Object.entries(typed), ["password", "x"]]] })),
    );
    expect(response.status).toBe(204);
    expect((await kept.takeForms(AGENT, PAGE))?.forms).toEqual([Object.entries(typed)]);
  });

  it("refuses a page that gives nothing back, a browser with no account, and a post from another site", async () => {
    const { cookie } = await inBrowser(signedInSession({ profile: profile() }));
    expect((await keepRoute.action(args(keep(cookie, { path: "/home", forms: [[["a", "b"]]] })))).status).toBe(422);
    expect((await keepRoute.action(args(keep("", { path: PAGE, forms: [Object.entries(typed)] })))).status).toBe(422);
    const crossSite = new Request("http://localhost/kept-forms", {
      method: "POST",
      headers: { Cookie: cookie, origin: "https://evil.example", "content-type": "application/json" },
      body: JSON.stringify({ path: PAGE, forms: [Object.entries(typed)] }),
    });
    expect(((await thrown(keepRoute.action(args(crossSite)))) as { init: { status: number } }).init.status).toBe(403);
    expect(await kept.takeForms(AGENT, PAGE)).toBeNull();
  });
});

/** A browser whose session just ended (idle): its session cookie, its id and the marker the end set. */
async function signedOutBrowser(id = BROWSER): Promise<string> {
  const { cookie } = await inBrowser(idleSession(), id);
  const ended = (await thrown(requestPage.loader(args(getWithCookie(cookie, "/group-travel-hub"))))) as Response;
  const set = ended.headers.getSetCookie().map((c) => cookieFrom(c));
  const marker = set.find((c) => c.startsWith("pp_signed_out="));
  expect(marker).toBeTruthy();
  return `${cookie}; ${marker}`;
}

/** What the SQLite store holds: its entries and their bytes. */
function storeSize(): { entries: number; bytes: number } {
  const db = new Database(path.join(env.dataDir, "kept-forms.sqlite"), { readonly: true });
  const row = db
    .prepare("SELECT COUNT(*) AS entries, COALESCE(SUM(LENGTH(blob)), 0) AS bytes FROM kept_form_entries")
    .get();
  db.close();
  return row as { entries: number; bytes: number };
}

/** Every kept form of this file's data directory forgotten, so each test counts only its own. */
function emptyStore(): void {
  const db = new Database(path.join(env.dataDir, "kept-forms.sqlite"));
  db.prepare("DELETE FROM kept_form_entries").run();
  db.close();
}

/** The bytes of the largest entry the store takes: KEPT_FORM_MAX_BYTES of fields, sealed and encoded. */
const MAX_SEALED = Math.ceil(((kept.KEPT_FORM_MAX_BYTES + 200 + 28) * 4) / 3);

describe("the kept-form store holds its bound under a flood (decision 031)", () => {
  beforeEach(emptyStore);
  it("hundreds of posts to new addresses, large bodies, after a sign-out: at most 5 entries of at most 16 KB", async () => {
    upstream();
    const cookie = await signedOutBrowser();
    const before = storeSize();
    // A 60 KB body is refused whole (over 16 KB of fields); one of 14 KB is kept, each to a new address.
    const large = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`note${i}`, "x".repeat(5_000)]));
    const fits = Object.fromEntries(Array.from({ length: 14 }, (_, i) => [`note${i}`, "y".repeat(1_000)]));
    for (let i = 0; i < 300; i++) {
      const url = `http://localhost/group-travel-hub/request?sailingId=FLOOD${i}`;
      await thrown(requestPage.action(args(post(cookie, i % 2 ? large : fits, url))));
    }
    const after = storeSize();
    expect(after.entries - before.entries).toBeLessThanOrEqual(kept.KEPT_FORMS_PER_ACCOUNT);
    expect(after.bytes - before.bytes).toBeLessThanOrEqual(kept.KEPT_FORMS_PER_ACCOUNT * MAX_SEALED);
    // The newest wins: the last kept address is there, the first was dropped.
    expect(await kept.takeForms(AGENT, "/group-travel-hub/request?sailingId=FLOOD298")).not.toBeNull();
    expect(await kept.takeForms(AGENT, "/group-travel-hub/request?sailingId=FLOOD0")).toBeNull();
  });

  it("a signed-in agent's POST /kept-forms flood is held to the same bound", async () => {
    const { cookie } = await inBrowser(signedInSession({ profile: profile() }));
    const before = storeSize();
    const form = Array.from({ length: 14 }, (_, i): [string, string] => [`note${i}`, "z".repeat(1_000)]);
    for (let i = 0; i < 200; i++) {
      const path = `/group-travel-hub/request?sailingId=POSTED${i}`;
      await keepRoute.action(args(keepPost(cookie, { path, forms: [form] })));
    }
    const after = storeSize();
    expect(after.entries - before.entries).toBeLessThanOrEqual(kept.KEPT_FORMS_PER_ACCOUNT);
    expect(after.bytes - before.bytes).toBeLessThanOrEqual(kept.KEPT_FORMS_PER_ACCOUNT * MAX_SEALED);
  });

  it("keeps one form per account and page: the newest wins", async () => {
    await kept.keepForms(AGENT, PAGE, [[["notes", "first"]]]);
    await kept.keepForms(AGENT, PAGE, [[["notes", "second"]]]);
    expect((await kept.takeForms(AGENT, PAGE))?.forms).toEqual([[["notes", "second"]]]);
    expect(await kept.takeForms(AGENT, PAGE)).toBeNull();
  });

  it("keeps nothing for a post that no session of this browser owned", async () => {
    upstream();
    const before = storeSize();
    const stranger = await browserCookie("a-strangers-browser-01");
    for (const cookie of ["", stranger]) await thrown(requestPage.action(args(post(cookie, typed))));
    expect(storeSize()).toEqual(before);
  });
});

describe("a kept form cannot be planted from another browser", () => {
  beforeEach(emptyStore);
  it("a copied marker posted from another browser keeps nothing, and the agent's own sign-in is offered nothing", async () => {
    upstream();
    const agentsBrowser = await signedOutBrowser();
    const marker = agentsBrowser.split("; ").find((c) => c.startsWith("pp_signed_out="))!;
    // The copy alone, and the copy with another browser's own id.
    for (const cookie of [marker, `${marker}; ${await browserCookie("attackers-browser-0001")}`]) {
      await thrown(requestPage.action(args(post(cookie, { ...typed, groupName: "Planted" }))));
    }
    expect(await kept.takeForms(AGENT, PAGE)).toBeNull();
    const atSignIn = await kept.keptFormAtSignIn(getWithCookie(await browserCookie(), "/login"), "agent.usa");
    expect(atSignIn.page).toBeNull();
  });

  it("a marker counts for 30 minutes from when it was set, however long its copy is kept", async () => {
    upstream();
    const old = cookieFrom(
      await kept.signedOutCookie.serialize({ u: "agent.usa", b: BROWSER, t: Date.now() - kept.KEPT_FORM_TTL_MS - 1 }),
    );
    await thrown(requestPage.action(args(post(`${old}; ${await browserCookie()}`, typed))));
    expect(await kept.takeForms(AGENT, PAGE)).toBeNull();
  });

  it("at sign-in, the newest form kept in this browser names the page the sign-in lands on; another browser's none", async () => {
    await kept.keepForms(AGENT, "/profile/info", [[["firstName", "Avery"]]]);
    await kept.keepForms(AGENT, PAGE, [Object.entries(typed)]);
    const here = await kept.keptFormAtSignIn(getWithCookie(await browserCookie(), "/login"), "Agent.USA");
    expect(here.page).toBe(PAGE);
    expect(here.setCookie).toMatch(/^pp_kept_browser=.*HttpOnly/);
    const elsewhere = await kept.keptFormAtSignIn(getWithCookie("", "/login"), "agent.usa");
    expect(elsewhere.page).toBeNull();
    await kept.takeForms(AGENT, PAGE);
    await kept.takeForms(AGENT, "/profile/info");
  });
});
