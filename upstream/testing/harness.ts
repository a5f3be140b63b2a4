import { constants, publicEncrypt } from "node:crypto";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inject } from "vitest";
import { createApp } from "../app";
import { parseConfig, type Config } from "../config";
import type { Db } from "../db/database";
import { openDatabase } from "../db/index";
import { DEMO_PASSWORD } from "../db/demo-data";
import { manualClock, type ManualClock } from "../lib/clock";
import { loadOrCreateKeys, type Keys } from "../lib/keys";
import type { Logger } from "../lib/logger";

/** 2026-03-02T10:00:00Z: every test starts its clock here. */
export const TEST_START = Date.parse("2026-03-02T10:00:00.000Z");
export { DEMO_PASSWORD };

export type Reply = { status: number; body: any; headers: Headers }; // eslint-disable-line @typescript-eslint/no-explicit-any

export type Harness = ReturnType<typeof startHarness>;

/**
 * Fills `dataDir` as a harness finds it before its first call: the demo data, the keys, and the
 * catalogue, offers, insights and groups generated on TEST_START. The run does it once
 * (tests/global-setup.ts) and each harness copies the result: generating takes seconds.
 */
export function prepareDataDir(dataDir: string): void {
  const { db } = openDatabase(dataDir);
  try {
    const keys = loadOrCreateKeys(join(dataDir, "upstream-keys"));
    const config = parseConfig({ DATA_DIR: dataDir, UPSTREAM_MODE: "demo" });
    createApp({ db, config, keys, clock: manualClock(TEST_START), logger: { info: () => {}, error: () => {} } });
    db.pragma("wal_checkpoint(TRUNCATE)");
  } finally {
    db.close();
  }
}

/** A fresh DATA_DIR, database, keys and in-process app. Call `close()` in afterAll. */
export function startHarness(options: { mode?: "demo" | "production"; env?: Record<string, string> } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), "upstream-test-"));
  // The run's prepared data directory (prepareDataDir, tests/global-setup.ts), when there is one.
  const template = inject("upstreamTemplate");
  if (template) cpSync(template, dataDir, { recursive: true });
  const config: Config = parseConfig({ DATA_DIR: dataDir, UPSTREAM_MODE: options.mode ?? "demo", ...options.env });
  const keys: Keys = loadOrCreateKeys(join(dataDir, "upstream-keys"));
  const { db } = openDatabase(dataDir);
  const clock: ManualClock = manualClock(TEST_START);
  const logs = { info: [] as string[], error: [] as string[] };
  const logger: Logger = { info: (line) => logs.info.push(line), error: (line) => logs.error.push(line) };
  const app = createApp({ db, config, keys, clock, logger });

  async function call(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Reply> {
    const init: RequestInit = { method, headers: { ...headers } };
    if (body !== undefined) {
      init.body = typeof body === "string" ? body : JSON.stringify(body);
      (init.headers as Record<string, string>)["content-type"] = "application/json";
    }
    const response = await app.request(path, init);
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
  }

  /** Encrypts a JSON value under the upstream's public key, as the portal encrypts what it sends. */
  async function encryptJson(value: unknown): Promise<string> {
    const { body } = await call("GET", "/auth/public-key");
    return publicEncrypt(
      { key: body.data.publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" },
      Buffer.from(JSON.stringify(value), "utf8"),
    ).toString("base64");
  }

  /** Encrypts `{username, password}` exactly as the portal's login action does. */
  const encryptCredentials = (username: string, password: string) => encryptJson({ username, password });

  /** Encrypts `{password}` as the portal's registration and reset forms send `encryptedPassword`. */
  const encryptPassword = (password: string) => encryptJson({ password });

  async function login(username: string, password: string = DEMO_PASSWORD): Promise<Reply> {
    return call("POST", "/auth/login", { encryptedCredentials: await encryptCredentials(username, password) });
  }

  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  // Demo accounts signed in once and their tokens kept until the next reset (which may revoke them).
  const tokens = new Map<string, string>();
  async function tokenOf(username: string): Promise<string> {
    const cached = tokens.get(username);
    if (cached) return cached;
    const reply = await login(username, DEMO_PASSWORD);
    if (reply.status !== 200) throw new Error(`${username} could not sign in: ${reply.status}`);
    const token = reply.body.data.access_token as string;
    tokens.set(username, token);
    return token;
  }

  /** A call as a demo account (signed in with the demo password on first use after a reset). */
  async function as(username: string, method: string, path: string, body?: unknown): Promise<Reply> {
    return call(method, path, body, bearer(await tokenOf(username)));
  }

  return {
    app,
    db: db as Db,
    config,
    keys,
    clock,
    logs,
    dataDir,
    call,
    login,
    encryptCredentials,
    encryptPassword,
    bearer,
    tokenOf,
    as,
    /** Signs the demo accounts in again on their next call (after the clock has moved past a token's life). */
    forgetTokens: () => tokens.clear(),
    reset: async () => {
      tokens.clear();
      clock.set(TEST_START);
      logs.info.length = 0;
      logs.error.length = 0;
      if (config.mode === "demo") await call("POST", "/dev/reset");
    },
    close: () => {
      if (db.open) db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
