import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { createCookie } from "@remix-run/node";
import { z } from "zod";
import { HONEYPOT_FIELD } from "~/domain/honeypot";
import { KEPT_FORM_MINUTES, isKeptFormPage, keptFormPath, type KeptFields } from "~/domain/kept-forms";
import { env } from "~/server/infra/env.server";
import { watchedRedis } from "~/server/infra/store-health.server";

/**
 * Work that survives a sign-out (decision 031). A form posted after its session ended (idle,
 * expired, ended from elsewhere) is kept here, and the page gives it back, filled in, after the same
 * account signs in again. Entries are:
 * - bound to the account and the page: the key is an HMAC of (username, page path and query), and the
 *   same pair is the cipher's additional data, so an entry opens only for that account on that page;
 * - encrypted with AES-256-GCM under a key derived (HKDF) from the session secret (each secret of a
 *   rotation is tried when opening);
 * - kept at most 30 minutes (Redis with REDIS_URL, else SQLite under DATA_DIR), and taken once;
 * - never hold a password, a one-time code or a token (see `keptFields`), nor a file.
 */
export const KEPT_FORM_TTL_MS = KEPT_FORM_MINUTES * 60_000;

/** What a page gets back: the forms as they were posted (one, or each open item of a profile page). */
export type KeptForm = { path: string; forms: KeptFields[]; keptAt: number };

// ---------------------------------------------------------------------------------------------------
// Storage

export interface KeptFormStore {
  put(key: string, blob: string, ttlMs: number): Promise<void>;
  /** The entry, removed in the same step (a second take finds nothing). */
  take(key: string): Promise<string | null>;
  close(): Promise<void>;
}

export function sqliteKeptFormStore(dataDir: string, now: () => number = Date.now): KeptFormStore {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(path.join(dataDir, "kept-forms.sqlite"));
  db.pragma("journal_mode = WAL");
  db.pragma("busy_timeout = 5000");
  db.exec(`CREATE TABLE IF NOT EXISTS kept_forms (
    key TEXT PRIMARY KEY, blob TEXT NOT NULL, expires_at INTEGER NOT NULL)`);
  const upsert = db.prepare(
    `INSERT INTO kept_forms (key, blob, expires_at) VALUES (?, ?, ?)
     ON CONFLICT (key) DO UPDATE SET blob = excluded.blob, expires_at = excluded.expires_at`,
  );
  const select = db.prepare<[string], { blob: string; expires_at: number }>(
    "SELECT blob, expires_at FROM kept_forms WHERE key = ?",
  );
  const remove = db.prepare("DELETE FROM kept_forms WHERE key = ?");
  const sweep = db.prepare("DELETE FROM kept_forms WHERE expires_at < ?");
  const take = db.transaction((key: string, at: number) => {
    const row = select.get(key);
    if (row) remove.run(key);
    return row && row.expires_at >= at ? row.blob : null;
  });
  return {
    async put(key, blob, ttlMs) {
      const t = now();
      sweep.run(t);
      upsert.run(key, blob, t + ttlMs);
    },
    async take(key) {
      return take(key, now());
    },
    async close() {
      db.close();
    },
  };
}

export function redisKeptFormStore(redisUrl: string): KeptFormStore {
  // One log line when Redis goes or comes back, not "Unhandled error event" per retry (store-health).
  const redis = watchedRedis(redisUrl);
  return {
    async put(key, blob, ttlMs) {
      await redis.set(`pp:kept:${key}`, blob, "PX", Math.max(1, ttlMs));
    },
    async take(key) {
      return redis.getdel(`pp:kept:${key}`);
    },
    async close() {
      await redis.quit();
    },
  };
}

let store: KeptFormStore | undefined;
export function keptFormStore(): KeptFormStore {
  store ??= env.REDIS_URL ? redisKeptFormStore(env.REDIS_URL) : sqliteKeptFormStore(env.DATA_DIR);
  return store;
}

// ---------------------------------------------------------------------------------------------------
// Sealing: HKDF from each session secret, AES-256-GCM, the account and page as additional data

const keysOf = (secret: string) => ({
  seal: Buffer.from(hkdfSync("sha256", secret, "pp-kept-forms", "aes-256-gcm v1", 32)),
  name: Buffer.from(hkdfSync("sha256", secret, "pp-kept-forms", "entry key v1", 32)),
});
let keys: Array<ReturnType<typeof keysOf>> | undefined;
const secretKeys = () => (keys ??= env.sessionSecrets.map(keysOf));

const owner = (username: string, page: string) => `${username.trim().toLowerCase()}\n${page}`;

/** The store's key: names neither the account nor the page. */
const entryKey = (username: string, page: string) =>
  createHmac("sha256", secretKeys()[0]!.name).update(owner(username, page)).digest("base64url");

export function seal(plain: string, username: string, page: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", secretKeys()[0]!.seal, iv);
  cipher.setAAD(Buffer.from(owner(username, page)));
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

export function unseal(blob: string, username: string, page: string): string | null {
  const raw = Buffer.from(blob, "base64url");
  if (raw.length < 28) return null;
  for (const key of secretKeys()) {
    try {
      const decipher = createDecipheriv("aes-256-gcm", key.seal, raw.subarray(0, 12));
      decipher.setAAD(Buffer.from(owner(username, page)));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
    } catch {
      // another secret of a rotation, or not this account's entry
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

/** Keeps these forms of the page for the account, for 30 minutes (a later keep of the same page replaces it). */
export async function keepForms(username: string, page: string, forms: KeptFields[]): Promise<boolean> {
  const filled = forms.map((f) => keptFields(f)).filter((f) => f.length > 0);
  if (!username || !isKeptFormPage(page) || filled.length === 0) return false;
  const entry: KeptForm = { path: page, keptAt: Date.now(), forms: filled.slice(0, 10) };
  await keptFormStore().put(entryKey(username, page), seal(JSON.stringify(entry), username, page), KEPT_FORM_TTL_MS);
  return true;
}

/** The account's kept forms of this page, taken (once) — null when there are none. */
export async function takeForms(username: string, page: string): Promise<KeptForm | null> {
  if (!username || !isKeptFormPage(page)) return null;
  const blob = await keptFormStore().take(entryKey(username, page));
  if (!blob) return null;
  const plain = unseal(blob, username, page);
  if (plain === null) return null;
  try {
    const entry = entrySchema.parse(JSON.parse(plain));
    return entry.path === page && Date.now() - entry.keptAt <= KEPT_FORM_TTL_MS ? entry : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------------
// The signed-out marker: which account this browser was signed in as when its session ended

/**
 * A session that is over (idle, expired, ended elsewhere) is destroyed, so a later post from that
 * browser finds no account to keep its form for. This signed, HttpOnly cookie names the account for
 * 30 minutes; it only decides whose kept entry a post becomes, never grants anything.
 */
export const signedOutCookie = createCookie(env.cookieSecure ? "__Host-pp_signed_out" : "pp_signed_out", {
  httpOnly: true,
  secure: env.cookieSecure,
  sameSite: "lax",
  path: "/",
  maxAge: KEPT_FORM_MINUTES * 60,
  secrets: env.sessionSecrets,
});

/** Adds the marker (the session of `username` ended without the agent asking) or clears it (a deliberate logout). */
export async function markSignedOut(headers: Headers, username: string | null | undefined): Promise<void> {
  headers.append(
    "Set-Cookie",
    username
      ? await signedOutCookie.serialize(username)
      : await signedOutCookie.serialize("", { maxAge: 0, expires: new Date(0) }),
  );
}

async function markedUsername(cookieHeader: string | null): Promise<string | null> {
  if (!cookieHeader) return null;
  try {
    const value: unknown = await signedOutCookie.parse(cookieHeader);
    return typeof value === "string" && value ? value : null;
  } catch {
    return null;
  }
}

/** The marker a response is setting (the guard just ended the session), else the one the request carries. */
async function signedOutUsername(request: Request, response: Response): Promise<string | null> {
  const setting = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");
  return (await markedUsername(setting)) ?? (await markedUsername(request.headers.get("Cookie")));
}

// ---------------------------------------------------------------------------------------------------
// The guard's side and the page's side

const isLoginRedirect = (response: Response) =>
  response.status >= 300 && response.status < 400 && /^\/login(\?|$)/.test(response.headers.get("Location") ?? "");

/**
 * Called by the auth guard with the redirect to /login it is about to throw: when the request is a
 * form post to a page that gives kept forms back, the form is kept for the account whose session
 * ended (or the one the signed-out marker names). The response goes on unchanged; keeping never
 * stands in the way of the sign-in.
 */
export async function keepFormOnSignOut(request: Request, response: Response): Promise<Response> {
  if (request.method !== "POST" || !isLoginRedirect(response)) return response;
  const page = keptFormPath(new URL(request.url));
  if (!isKeptFormPage(page)) return response;
  // Files are never kept (the photo upload); nor is a body that cannot be read as a form.
  if (/multipart\/form-data/i.test(request.headers.get("Content-Type") ?? "")) return response;
  try {
    const username = await signedOutUsername(request, response);
    if (!username) return response;
    const form = await request.clone().formData();
    await keepForms(username, page, [keptFields(form.entries())]);
  } catch (error) {
    console.warn(`[kept-forms] not kept: ${error instanceof Error ? error.message : String(error)}`);
  }
  return response;
}

/**
 * The browser's idle countdown ends in a sign-out before anything is posted: just before it, the
 * page's forms with unsaved changes come here (`POST /kept-forms`). The account is the session's
 * (signed in, or already over on the server: its record still names the account) or the marker's.
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
  const parsed = browserKeepSchema.safeParse(body);
  const who = username ?? (await markedUsername(request.headers.get("Cookie")));
  if (!parsed.success || !who) return "nothing";
  const page = keptFormPath(new URL(parsed.data.path, "http://portal.invalid"));
  try {
    return (await keepForms(who, page, parsed.data.forms)) ? "kept" : "nothing";
  } catch (error) {
    // The store is down: keeping is a courtesy, never an error page (the sign-out goes on).
    console.warn(`[kept-forms] not kept: ${error instanceof Error ? error.message : String(error)}`);
    return "nothing";
  }
}

/**
 * The page's loader: this account's kept forms of this page (path and query), taken once. A prefetch
 * never takes them (the agent is not on the page yet).
 */
export async function takeKeptForm(agent: { auth: { username: string } }, request: Request): Promise<KeptForm | null> {
  if (request.method !== "GET") return null;
  const purpose = `${request.headers.get("Sec-Purpose") ?? ""} ${request.headers.get("Purpose") ?? ""}`;
  if (/prefetch/i.test(purpose)) return null;
  try {
    return await takeForms(agent.auth.username, keptFormPath(new URL(request.url)));
  } catch (error) {
    console.warn(`[kept-forms] not read: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}
