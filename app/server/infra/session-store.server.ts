import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { REDIS_STORE, guardedStore, watchedRedis } from "~/server/infra/store-health.server";

/**
 * Where server-side sessions live. The cookie carries only the id; the data (tokens included) stays
 * here. Every record has an absolute expiry; updates keep it.
 */
export interface SessionStore {
  create(data: unknown, expiresAt: number): Promise<string>;
  read(id: string): Promise<unknown | null>;
  update(id: string, data: unknown): Promise<void>;
  delete(id: string): Promise<void>;
  /**
   * "Every other sign-in of this user ends now" (sign out everywhere else, a password change): the
   * user's sessions started before `at` are over, except `keep` (the one that asked).
   */
  endOthers(username: string, at: number, keep: string | null): Promise<void>;
  /** The last such cut-off for the user, if any. */
  cutoff(username: string): Promise<{ at: number; keep: string | null } | null>;
  close(): Promise<void>;
}

/** How long a cut-off is kept: every session it can end is over by then (the 12-hour absolute limit). */
const CUTOFF_TTL_MS = 12 * 60 * 60_000;

/** 128 random bits (DESIGN.md security floor), URL-safe. */
export function newSessionId(): string {
  return randomBytes(16).toString("base64url");
}

export function sqliteSessionStore(dataDir: string, now: () => number = Date.now): SessionStore {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(path.join(dataDir, "sessions.sqlite"));
  db.pragma("journal_mode = WAL");
  // WAL with NORMAL sync survives a process crash; only a power cut may lose the last stamps.
  db.pragma("synchronous = NORMAL");
  db.pragma("busy_timeout = 5000");
  db.exec(`CREATE TABLE IF NOT EXISTS sessions (
    id TEXT PRIMARY KEY, data TEXT NOT NULL, expires_at INTEGER NOT NULL)`);
  db.exec(`CREATE TABLE IF NOT EXISTS session_cutoffs (
    username TEXT PRIMARY KEY COLLATE NOCASE, at INTEGER NOT NULL, keep TEXT)`);
  const setCutoff = db.prepare(
    `INSERT INTO session_cutoffs (username, at, keep) VALUES (?, ?, ?)
     ON CONFLICT (username) DO UPDATE SET at = excluded.at, keep = excluded.keep`,
  );
  const getCutoff = db.prepare<[string], { at: number; keep: string | null }>(
    "SELECT at, keep FROM session_cutoffs WHERE username = ?",
  );
  const insert = db.prepare("INSERT INTO sessions (id, data, expires_at) VALUES (?, ?, ?)");
  const select = db.prepare<[string], { data: string; expires_at: number }>(
    "SELECT data, expires_at FROM sessions WHERE id = ?",
  );
  const update = db.prepare("UPDATE sessions SET data = ? WHERE id = ?");
  const remove = db.prepare("DELETE FROM sessions WHERE id = ?");
  const sweep = db.prepare("DELETE FROM sessions WHERE expires_at < ?");
  let lastSweep = 0;

  // A failure (disk full, a locked or broken file) is a store failure: one log line, a 503 page.
  return guardedStore<SessionStore>("SQLite sessions", {
    async create(data, expiresAt) {
      const id = newSessionId();
      insert.run(id, JSON.stringify(data), expiresAt);
      return id;
    },
    async read(id) {
      const t = now();
      // Expired records are removed now and then, not on every read.
      if (t - lastSweep > 60_000) {
        lastSweep = t;
        sweep.run(t);
      }
      const row = select.get(id);
      if (!row || row.expires_at < t) return null;
      return JSON.parse(row.data) as unknown;
    },
    async update(id, data) {
      update.run(JSON.stringify(data), id);
    },
    async delete(id) {
      remove.run(id);
    },
    async endOthers(username, at, keep) {
      setCutoff.run(username, at, keep);
    },
    async cutoff(username) {
      const row = getCutoff.get(username);
      return row && now() - row.at < CUTOFF_TTL_MS ? row : null;
    },
    async close() {
      db.close();
    },
  });
}

export function redisSessionStore(redisUrl: string, now: () => number = Date.now): SessionStore {
  const redis = watchedRedis(redisUrl);
  const key = (id: string) => `pp:session:${id}`;
  return guardedStore<SessionStore>(
    REDIS_STORE,
    {
      async create(data, expiresAt) {
        const id = newSessionId();
        await redis.set(key(id), JSON.stringify(data), "PX", Math.max(1, expiresAt - now()));
        return id;
      },
      async read(id) {
        const raw = await redis.get(key(id));
        return raw ? (JSON.parse(raw) as unknown) : null;
      },
      async update(id, data) {
        // XX: never resurrect a session that expired or was ended; KEEPTTL: keep the absolute expiry.
        await redis.set(key(id), JSON.stringify(data), "KEEPTTL", "XX");
      },
      async delete(id) {
        await redis.del(key(id));
      },
      async endOthers(username, at, keep) {
        await redis.set(`pp:cutoff:${username.toLowerCase()}`, JSON.stringify({ at, keep }), "PX", CUTOFF_TTL_MS);
      },
      async cutoff(username) {
        const raw = await redis.get(`pp:cutoff:${username.toLowerCase()}`);
        return raw ? (JSON.parse(raw) as { at: number; keep: string | null }) : null;
      },
      async close() {
        await redis.quit();
      },
    },
    redis,
  );
}
