import { AGENTS } from "./demo-data";
import Database from "better-sqlite3";
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { parseConfig } from "../config";
import { loadOrCreateKeys } from "../lib/keys";
import { unknownNameFailures } from "../lib/login-failures";
import { undoLoginFailureSketchMigration } from "../testing/schema";
import { silentLogger } from "../lib/logger";
import { verifyPassword } from "../lib/passwords";
import { DEMO_PASSWORD } from "./demo-data";
import { DATABASE_FILE, openDatabase } from "./index";
import { migrations } from "./migrations";

const dataDir = mkdtempSync(join(tmpdir(), "upstream-db-test-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("the database", () => {
  it("is created, migrated and seeded on first open, and kept across a reopen", async () => {
    const first = openDatabase(dataDir);
    expect(first.seeded).toBe(true);
    expect(first.db.pragma("journal_mode", { simple: true })).toBe("wal");
    const versions = first.db.prepare("SELECT version FROM schema_migrations ORDER BY version").all();
    expect(versions).toEqual(migrations.map((m) => ({ version: m.version })));

    // Change something through the app, then "restart".
    const config = parseConfig({ DATA_DIR: dataDir });
    const keys = loadOrCreateKeys(join(dataDir, "upstream-keys"));
    const app = createApp({ db: first.db, config, keys, logger: silentLogger });
    await app.request("/dev/qa-mode", { method: "POST", body: JSON.stringify({ enabled: true }) });
    first.db.prepare("UPDATE agents SET failed_attempts = 2 WHERE username = 'agent.usa'").run();
    first.db.close();

    const second = openDatabase(dataDir);
    expect(second.seeded).toBe(false);
    expect(second.db.prepare("SELECT value FROM settings WHERE key = 'qa_mode'").get()).toEqual({ value: "true" });
    expect(second.db.prepare("SELECT failed_attempts FROM agents WHERE username = 'agent.usa'").get()).toEqual({
      failed_attempts: 2,
    });
    expect(second.db.prepare("SELECT count(*) AS n FROM agents").get()).toEqual({ n: AGENTS.length });
    expect(second.db.prepare("SELECT count(*) AS n FROM schema_migrations").get()).toEqual({ n: migrations.length });
    second.db.close();
  });

  it("folds the rows of the old table of unknown names into the sketch on the next start (migration 17)", () => {
    const dir = mkdtempSync(join(tmpdir(), "upstream-db-fold-"));
    try {
      const first = openDatabase(dir);
      undoLoginFailureSketchMigration(first.db);
      first.db.prepare("INSERT INTO login_failures VALUES ('locked.stranger', 5, 0), ('once.tried', 1, 0)").run();
      first.db.close();
      const second = openDatabase(dir);
      expect(unknownNameFailures(second.db, "Locked.Stranger")).toBe(5);
      expect(unknownNameFailures(second.db, "once.tried")).toBe(1);
      const old = second.db.prepare("SELECT name FROM sqlite_master WHERE name = 'login_failures'").get();
      expect(old).toBeUndefined();
      second.db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("stores no password in clear: scrypt hashes, each with its own salt", async () => {
    const db = new Database(join(dataDir, DATABASE_FILE), { readonly: true });
    const rows = db.prepare("SELECT username, password_hash FROM agents").all() as Array<{
      username: string;
      password_hash: string;
    }>;
    db.close();
    expect(rows).toHaveLength(AGENTS.length);
    const salts = new Set(rows.map((r) => r.password_hash.split("$")[4]));
    expect(salts.size).toBe(AGENTS.length);
    for (const row of rows) {
      expect(row.password_hash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]+$/);
      expect(row.password_hash).not.toContain(DEMO_PASSWORD);
    }
    expect(await verifyPassword(DEMO_PASSWORD, rows[0]!.password_hash)).toBe(true);
    expect(await verifyPassword("portal!2026", rows[0]!.password_hash)).toBe(false);
    for (const file of readdirSync(dataDir).filter((f) => f.startsWith(DATABASE_FILE))) {
      expect(readFileSync(join(dataDir, file)).includes(Buffer.from(DEMO_PASSWORD)), file).toBe(false);
    }
  });
});

describe("the keys", () => {
  it("are generated once with mode 0600 and reused", () => {
    const dir = join(dataDir, "keys-test");
    const first = loadOrCreateKeys(dir);
    const second = loadOrCreateKeys(dir);
    expect(second.publicKeyPem).toBe(first.publicKeyPem);
    expect(Buffer.from(second.jwtSecret).equals(Buffer.from(first.jwtSecret))).toBe(true);
    expect(first.jwtSecret.length).toBe(32);
    for (const file of readdirSync(dir)) {
      expect(statSync(join(dir, file)).mode & 0o777, file).toBe(0o600);
    }
  });
});

describe("the configuration", () => {
  it("has the documented defaults and refuses bad values", () => {
    expect(parseConfig({})).toEqual({
      port: 3001,
      host: "127.0.0.1",
      dataDir: "./data",
      mode: "demo",
      accessTokenTtlSeconds: 900,
      refreshTokenTtlSeconds: 43_200,
      portalUrl: "http://localhost:3000",
      widgetApiKey: "demo-widget-key",
      weatherProvider: "simulated",
      weatherstackKey: undefined,
      weatherstackUrl: "http://api.weatherstack.com",
      forexProvider: "snapshot",
      frankfurterUrl: "https://api.frankfurter.app",
      providerTimeoutMs: 5000,
    });
    expect(parseConfig({ UPSTREAM_PORT: "", UPSTREAM_MODE: "production" }).mode).toBe("production");
    expect(() => parseConfig({ UPSTREAM_MODE: "staging", UPSTREAM_PORT: "x" })).toThrow(
      /UPSTREAM_MODE.*UPSTREAM_PORT|UPSTREAM_PORT.*UPSTREAM_MODE/,
    );
  });
});
