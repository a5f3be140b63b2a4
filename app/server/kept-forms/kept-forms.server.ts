import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { createCookie } from "@remix-run/node";
import { z } from "zod";
import { HONEYPOT_FIELD } from "~/domain/honeypot";
import { KEPT_FORM_MINUTES, isKeptFormPage, keptFormPath, type KeptFields } from "~/domain/kept-forms";
import { env } from "~/server/infra/env.server";
import { REDIS_STORE, guardedStore, watchedRedis } from "~/server/infra/store-health.server";

/**
 * Work that survives a sign-out (decision 031). A form posted after its session ended (idle,
 * expired, ended from elsewhere) is kept here, and the page gives it back, filled in, after the same
 * account signs in again in the same browser. Entries are:
 * - bound to the account, the page and the browser: one entry per account and page (the key is an
 *   HMAC of the two; a later keep replaces it), opened only with the account and the browser's own id
 *   (`pp_kept_browser`, a random HttpOnly cookie given at sign-in) as the cipher's additional data;
 * - bounded: at most KEPT_FORMS_PER_ACCOUNT per account (the oldest dropped) and KEPT_FORM_MAX_BYTES of
 *   fields each, so no one can fill the store (which with REDIS_URL is the sessions' Redis);
 * - encrypted with AES-256-GCM under a key derived (HKDF) from the session secret (each secret of a
 *   rotation is tried when opening);
 * - kept at most 30 minutes (Redis with REDIS_URL, else SQLite under DATA_DIR), and taken once;
 * - never hold a password, a one-time code or a token (see `keptFields`), nor a file.
 */
export const KEPT_FORM_TTL_MS = KEPT_FORM_MINUTES * 60_000;
/** Pages with work kept at once per account: a few open tabs' worth. */
export const KEPT_FORMS_PER_ACCOUNT = 5;
/**
 * The fields of one entry, as JSON (UTF-8 bytes). The largest real form (a group-space request with
 * 500 characters of notes, or a profile page's open items) is under 4 KB; more is not a form of ours.
 */
export const KEPT_FORM_MAX_BYTES = 16_384;

/** What a page gets back: the forms as they were posted (one, or each open item of a profile page). */
export type KeptForm = { path: string; forms: KeptFields[]; keptAt: number };

/** Whose work an entry is: the account, and the browser it was posted from. */
export type KeptFormOwner = { username: string; browser: string };

// ---------------------------------------------------------------------------------------------------
// Storage

export interface KeptFormStore {
  /**
   * Stores the entry under `key` (replacing one there), in the account's `group`, which then keeps
   * only its `limit` newest entries.
   */
  put(group: string, key: string, blob: string, ttlMs: number, limit: number): Promise<void>;
  /** The entry, removed in the same step (a second take finds nothing). */
  take(group: string, key: string): Promise<string | null>;
  /** The group's live entries, newest first. */
  list(group: string): Promise<string[]>;
  close(): Promise<void>;
}

export function sqliteKeptFormStore(dataDir: string, now: () => number = Date.now): KeptFormStore {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(path.join(dataDir, "kept-forms.sqlite"));
  db.pragma("journal_mode = WAL");
  db.pragma("busy_timeout = 5000");
  // The table before the per-account bound held no group: its entries (30 minutes at most) are dropped.
  db.exec(`DROP TABLE IF EXISTS kept_forms;
    CREATE TABLE IF NOT EXISTS kept_form_entries (
      seq INTEGER PRIMARY KEY AUTOINCREMENT, key TEXT NOT NULL UNIQUE, grp TEXT NOT NULL,
      blob TEXT NOT NULL, expires_at INTEGER NOT NULL);
    CREATE INDEX IF NOT EXISTS kept_form_entries_grp ON kept_form_entries (grp, seq)`);
  const insert = db.prepare(
    "INSERT OR REPLACE INTO kept_form_entries (key, grp, blob, expires_at) VALUES (?, ?, ?, ?)",
  );
  const trim = db.prepare(
    `DELETE FROM kept_form_entries WHERE grp = @grp AND seq NOT IN
       (SELECT seq FROM kept_form_entries WHERE grp = @grp ORDER BY seq DESC LIMIT @limit)`,
  );
  const select = db.prepare<[string, string], { blob: string; expires_at: number }>(
    "SELECT blob, expires_at FROM kept_form_entries WHERE key = ? AND grp = ?",
  );
  const remove = db.prepare("DELETE FROM kept_form_entries WHERE key = ?");
  const sweep = db.prepare("DELETE FROM kept_form_entries WHERE expires_at < ?");
  const live = db.prepare<[string, number], { blob: string }>(
    "SELECT blob FROM kept_form_entries WHERE grp = ? AND expires_at >= ? ORDER BY seq DESC",
  );
  const put = db.transaction((group: string, key: string, blob: string, expiresAt: number, limit: number) => {
    insert.run(key, group, blob, expiresAt);
    trim.run({ grp: group, limit });
  });
  const take = db.transaction((group: string, key: string, at: number) => {
    const row = select.get(key, group);
    if (row) remove.run(key);
    return row && row.expires_at >= at ? row.blob : null;
  });
  // A failure (disk full, a locked or broken file) is a store failure: one log line, a 503 page.
  return guardedStore<KeptFormStore>("SQLite kept forms", {
    async put(group, key, blob, ttlMs, limit) {
      const t = now();
      sweep.run(t);
      put(group, key, blob, t + ttlMs, limit);
    },
    async take(group, key) {
      return take(group, key, now());
    },
    async list(group) {
      return live.all(group, now()).map((row) => row.blob);
    },
    async close() {
      db.close();
    },
  });
}

/**
 * One step in Redis: the entry with its time to live, its key in the account's sorted set (scored by
 * the server's clock, microseconds), the set trimmed of expired and surplus keys (deleted with them).
 */
const PUT_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local ttl = tonumber(ARGV[2])
redis.call('SET', KEYS[1], ARGV[1], 'PX', ttl)
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now - ttl * 1000)
redis.call('ZADD', KEYS[2], now, KEYS[1])
local surplus = redis.call('ZCARD', KEYS[2]) - tonumber(ARGV[3])
if surplus > 0 then
  local old = redis.call('ZRANGE', KEYS[2], 0, surplus - 1)
  redis.call('DEL', unpack(old))
  redis.call('ZREMRANGEBYRANK', KEYS[2], 0, surplus - 1)
end
redis.call('PEXPIRE', KEYS[2], ttl)
return 1`;

export function redisKeptFormStore(redisUrl: string, prefix = "pp:kept:"): KeptFormStore {
  // One log line when Redis goes or comes back, not "Unhandled error event" per retry (store-health).
  const redis = watchedRedis(redisUrl);
  const entry = (key: string) => `${prefix}${key}`;
  const set = (group: string) => `${prefix}account:${group}`;
  return guardedStore<KeptFormStore>(
    REDIS_STORE,
    {
      async put(group, key, blob, ttlMs, limit) {
        await redis.eval(PUT_SCRIPT, 2, entry(key), set(group), blob, Math.max(1, ttlMs), limit);
      },
      async take(group, key) {
        const [[, blob]] = (await redis.multi().getdel(entry(key)).zrem(set(group), entry(key)).exec()) as [
          [unknown, string | null],
        ];
        return blob;
      },
      async list(group) {
        const keys = await redis.zrevrange(set(group), 0, -1);
        if (keys.length === 0) return [];
        return (await redis.mget(keys)).filter((blob): blob is string => blob !== null);
      },
      async close() {
        await redis.quit();
      },
    },
    redis,
  );
}

let store: KeptFormStore | undefined;
export function keptFormStore(): KeptFormStore {
  store ??= env.REDIS_URL ? redisKeptFormStore(env.REDIS_URL) : sqliteKeptFormStore(env.DATA_DIR);
  return store;
}

// ---------------------------------------------------------------------------------------------------
// Sealing: HKDF from each session secret, AES-256-GCM, the account and browser as additional data

const keysOf = (secret: string) => ({
  seal: Buffer.from(hkdfSync("sha256", secret, "pp-kept-forms", "aes-256-gcm v2", 32)),
  name: Buffer.from(hkdfSync("sha256", secret, "pp-kept-forms", "entry key v2", 32)),
});
let keys: Array<ReturnType<typeof keysOf>> | undefined;
const secretKeys = () => (keys ??= env.sessionSecrets.map(keysOf));

const account = (username: string) => username.trim().toLowerCase();
const sealedFor = (owner: KeptFormOwner) => `${account(owner.username)}\n${owner.browser}`;
const hmac = (text: string) => createHmac("sha256", secretKeys()[0]!.name).update(text).digest("base64url");

/** The store's names: neither names the account, the page nor the browser. */
const entryKey = (username: string, page: string) => hmac(`entry\n${account(username)}\n${page}`);
const accountGroup = (username: string) => hmac(`account\n${account(username)}`);

export function seal(plain: string, owner: KeptFormOwner): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", secretKeys()[0]!.seal, iv);
  cipher.setAAD(Buffer.from(sealedFor(owner)));
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

export function unseal(blob: string, owner: KeptFormOwner): string | null {
  const raw = Buffer.from(blob, "base64url");
  if (raw.length < 28) return null;
  for (const key of secretKeys()) {
    try {
      const decipher = createDecipheriv("aes-256-gcm", key.seal, raw.subarray(0, 12));
      decipher.setAAD(Buffer.from(sealedFor(owner)));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
    } catch {
      // another secret of a rotation, or not this account's and browser's entry
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------
// What is kept of a form

/** Fields never kept: passwords, one-time codes, tokens and secrets, the honeypot. */
export function isSecretField(name: string): boolean {
  const n = name.toLowerCase();
  if (/password|passcode|passwd|otp|token|secret|captcha|csrf/.test(n)) return true;
  if (n === HONEYPOT_FIELD) return true;
  // A one-time code: `code`, `otpCode`, `verificationCode`…, not a country or role code.
  return n === "code" || n === "pin" || /(verification|onetime|security|confirm|sms|email)code$/.test(n);
}

const MAX_FIELDS = 200;
const MAX_VALUE = 5_000;

/** A form's fields as kept: text values only, none of the secret ones, within sane bounds. */
export function keptFields(entries: Iterable<[string, FormDataEntryValue | string]>): KeptFields {
  const kept: KeptFields = [];
  for (const [name, value] of entries) {
    if (typeof value !== "string" || isSecretField(name) || name.length > 100) continue;
    kept.push([name, value.slice(0, MAX_VALUE)]);
    if (kept.length >= MAX_FIELDS) break;
  }
  return kept;
}

/** A kept form as FormData again, for the page's own reading of a post (`typedValue`, `typedRequest`…). */
export function asFormData(fields: KeptFields): FormData {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  return form;
}

const entrySchema = z.object({
  path: z.string(),
  keptAt: z.number(),
  forms: z.array(z.array(z.tuple([z.string(), z.string()]))),
});

const opened = (blob: string, owner: KeptFormOwner): KeptForm | null => {
  const plain = unseal(blob, owner);
  if (plain === null) return null;
  try {
    const entry = entrySchema.parse(JSON.parse(plain));
    return isKeptFormPage(entry.path) && Date.now() - entry.keptAt <= KEPT_FORM_TTL_MS ? entry : null;
  } catch {
    return null;
  }
};

/**
 * Keeps these forms of the page for the account, in this browser, for 30 minutes (a later keep of the
 * same page replaces it; the account's oldest goes beyond KEPT_FORMS_PER_ACCOUNT). Nothing is kept
 * over KEPT_FORM_MAX_BYTES: half a form given back would mislead more than none.
 */
export async function keepForms(owner: KeptFormOwner, page: string, forms: KeptFields[]): Promise<boolean> {
  const filled = forms.map((f) => keptFields(f)).filter((f) => f.length > 0);
  if (!owner.username || !owner.browser || !isKeptFormPage(page) || filled.length === 0) return false;
  const entry: KeptForm = { path: page, keptAt: Date.now(), forms: filled.slice(0, 10) };
  if (Buffer.byteLength(JSON.stringify(entry.forms)) > KEPT_FORM_MAX_BYTES) return false;
  const blob = seal(JSON.stringify(entry), owner);
  const { username } = owner;
  await keptFormStore().put(
    accountGroup(username),
    entryKey(username, page),
    blob,
    KEPT_FORM_TTL_MS,
    KEPT_FORMS_PER_ACCOUNT,
  );
  return true;
}

/** The account's kept forms of this page posted in this browser, taken (once) — null when there are none. */
export async function takeForms(owner: KeptFormOwner, page: string): Promise<KeptForm | null> {
  if (!owner.username || !owner.browser || !isKeptFormPage(page)) return null;
  const blob = await keptFormStore().take(accountGroup(owner.username), entryKey(owner.username, page));
  const entry = blob ? opened(blob, owner) : null;
  return entry?.path === page ? entry : null;
}

/** The page of the newest form the account kept in this browser (not taken: its page takes it). */
export async function newestKeptPage(owner: KeptFormOwner): Promise<string | null> {
  if (!owner.username || !owner.browser) return null;
  for (const blob of await keptFormStore().list(accountGroup(owner.username))) {
    const entry = opened(blob, owner);
    if (entry) return entry.path;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------
// The browser's id and the signed-out marker

const cookieOptions = {
  httpOnly: true,
  secure: env.cookieSecure,
  sameSite: "lax" as const,
  path: "/",
  secrets: env.sessionSecrets,
};

/**
 * A random id of this browser, given at sign-in (and at a session's end if it has none): a kept form
 * opens only with it, so a form posted from another computer is never offered here. It lives as long
 * as a session can, and a kept form after it.
 */
export const keptBrowserCookie = createCookie(env.cookieSecure ? "__Host-pp_kept_browser" : "pp_kept_browser", {
  ...cookieOptions,
  maxAge: 12 * 60 * 60 + KEPT_FORM_MINUTES * 60,
});

/**
 * A session that is over (idle, expired, ended elsewhere) is destroyed, so a later post from that
 * browser finds no account to keep its form for. This signed, HttpOnly cookie names the account, the
 * browser and when it was set; it counts for 30 minutes from then (a copy lives no longer) and only in
 * the browser it names. It only decides whose kept entry a post becomes, never grants anything.
 */
export const signedOutCookie = createCookie(env.cookieSecure ? "__Host-pp_signed_out" : "pp_signed_out", {
  ...cookieOptions,
  maxAge: KEPT_FORM_MINUTES * 60,
});

const markerSchema = z.object({ u: z.string().min(1), b: z.string().min(1), t: z.number() });

/** The cookies a response is setting (the guard just ended the session), then the request's. */
function cookiesOf(request: Request, response?: Response): string[] {
  const setting = (response?.headers.getSetCookie() ?? []).map((c) => c.split(";")[0]!).join("; ");
  return [setting, request.headers.get("Cookie") ?? ""].filter(Boolean);
}

async function parsed(cookie: typeof keptBrowserCookie, headers: string[]): Promise<unknown> {
  for (const header of headers) {
    try {
      const value: unknown = await cookie.parse(header);
      if (value) return value;
    } catch {
      // a cookie signed with a secret no longer in use, or not ours
    }
  }
  return null;
}

async function browserOf(request: Request, response?: Response): Promise<string | null> {
  const value = await parsed(keptBrowserCookie, cookiesOf(request, response));
  return typeof value === "string" && /^[\w-]{22}$/.test(value) ? value : null;
}

/** This browser's id, and the Set-Cookie that gives it (a new one when it has none), renewing its life. */
async function browserFor(request: Request): Promise<{ browser: string; setCookie: string }> {
  const browser = (await browserOf(request)) ?? randomBytes(16).toString("base64url");
  return { browser, setCookie: await keptBrowserCookie.serialize(browser) };
}

/**
 * Adds the marker (the session of `username` ended without the agent asking) or clears it (a
 * deliberate logout). The marker names this browser, which gets its id now if it had none.
 */
export async function markSignedOut(
  headers: Headers,
  username: string | null | undefined,
  request: Request,
): Promise<void> {
  if (!username) {
    headers.append("Set-Cookie", await signedOutCookie.serialize("", { maxAge: 0, expires: new Date(0) }));
    return;
  }
  const { browser, setCookie } = await browserFor(request);
  headers.append("Set-Cookie", setCookie);
  headers.append("Set-Cookie", await signedOutCookie.serialize({ u: username, b: browser, t: Date.now() }));
}

/** The account whose work a post from this browser becomes: a fresh marker set for this very browser. */
async function markedOwner(request: Request, response?: Response): Promise<KeptFormOwner | null> {
  const marker = markerSchema.safeParse(await parsed(signedOutCookie, cookiesOf(request, response)));
  if (!marker.success) return null;
  const { u, b, t } = marker.data;
  const age = Date.now() - t;
  if (age < 0 || age > KEPT_FORM_TTL_MS) return null;
  const browser = await browserOf(request, response);
  return browser === b ? { username: u, browser } : null;
}

/**
 * At sign-in (every way: the form, the one-time code, the legacy token): this browser's id cookie,
 * given or renewed, and the page of the newest form this account kept in this browser, where the
 * sign-in lands so that the form is offered (it is sent only when the agent clicks).
 */
export async function keptFormAtSignIn(
  request: Request,
  username: string,
): Promise<{ setCookie: string; page: string | null }> {
  const { browser, setCookie } = await browserFor(request);
  try {
    return { setCookie, page: await newestKeptPage({ username, browser }) };
  } catch (error) {
    // The store is down: the sign-in goes on; the form is offered when its page is opened.
    console.warn(`[kept-forms] not read: ${error instanceof Error ? error.message : String(error)}`);
    return { setCookie, page: null };
  }
}

// ---------------------------------------------------------------------------------------------------
// The guard's side and the page's side

const isLoginRedirect = (response: Response) =>
  response.status >= 300 && response.status < 400 && /^\/login(\?|$)/.test(response.headers.get("Location") ?? "");

/**
 * Called by the auth guard with the redirect to /login it is about to throw: when the request is a
 * form post to a page that gives kept forms back, the form is kept for the account whose session
 * ended (or the one the signed-out marker names), in this browser. Nothing is kept for a post that no
 * session of this browser owned. The response goes on unchanged; keeping never stands in the way of
 * the sign-in.
 */
export async function keepFormOnSignOut(request: Request, response: Response): Promise<Response> {
  if (request.method !== "POST" || !isLoginRedirect(response)) return response;
  const page = keptFormPath(new URL(request.url));
  if (!isKeptFormPage(page)) return response;
  // Files are never kept (the photo upload); nor is a body that cannot be read as a form.
  if (/multipart\/form-data/i.test(request.headers.get("Content-Type") ?? "")) return response;
  try {
    const owner = await markedOwner(request, response);
    if (!owner) return response;
    const form = await request.clone().formData();
    await keepForms(owner, page, [keptFields(form.entries())]);
  } catch (error) {
    console.warn(`[kept-forms] not kept: ${error instanceof Error ? error.message : String(error)}`);
  }
  return response;
}

/**
 * The browser's idle countdown ends in a sign-out before anything is posted: just before it, the
 * page's forms with unsaved changes come here (`POST /kept-forms`). The account is the session's
 * (signed in, or already over on the server: its record still names the account) or the marker's;
 * the browser is the one its id cookie names (none, nothing kept).
 */
export const browserKeepSchema = z.object({
  path: z.string().max(2048),
  forms: z
    .array(z.array(z.tuple([z.string().max(100), z.string().max(MAX_VALUE)])).max(MAX_FIELDS))
    .min(1)
    .max(10),
});

export async function keepFromBrowser(
  username: string | null,
  request: Request,
  body: unknown,
): Promise<"kept" | "nothing"> {
  const parsedBody = browserKeepSchema.safeParse(body);
  if (!parsedBody.success) return "nothing";
  const browser = await browserOf(request);
  const owner = username && browser ? { username, browser } : await markedOwner(request);
  if (!owner) return "nothing";
  const page = keptFormPath(new URL(parsedBody.data.path, "http://portal.invalid"));
  try {
    return (await keepForms(owner, page, parsedBody.data.forms)) ? "kept" : "nothing";
  } catch (error) {
    // The store is down: keeping is a courtesy, never an error page (the sign-out goes on).
    console.warn(`[kept-forms] not kept: ${error instanceof Error ? error.message : String(error)}`);
    return "nothing";
  }
}

/**
 * The page's loader: this account's kept forms of this page (path and query) posted in this browser,
 * taken once. A prefetch never takes them (the agent is not on the page yet).
 */
export async function takeKeptForm(agent: { auth: { username: string } }, request: Request): Promise<KeptForm | null> {
  if (request.method !== "GET") return null;
  const purpose = `${request.headers.get("Sec-Purpose") ?? ""} ${request.headers.get("Purpose") ?? ""}`;
  if (/prefetch/i.test(purpose)) return null;
  try {
    const browser = await browserOf(request);
    if (!browser) return null;
    return await takeForms({ username: agent.auth.username, browser }, keptFormPath(new URL(request.url)));
  } catch (error) {
    console.warn(`[kept-forms] not read: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}
