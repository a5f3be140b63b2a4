import { describe, expect, it, vi } from "vitest";
import { portalEnv } from "./harness";

/**
 * Issue 38: a store that fails is one log line (not one per call), a StoreUnavailableError that
 * marks the request (answered 503 by the server), and it recovers by itself.
 */
const env = portalEnv();
const { sqliteSessionStore } = await import("~/server/infra/session-store.server");
const { isStoreUnavailable } = await import("~/server/infra/errors.server");
const { storeState } = await import("~/server/infra/store-health.server");
const { requestContext } = await import("~/server/infra/request-context.server");
const { expectConsoleErrors } = await import("../setup");

describe("a SQLite session store that fails", () => {
  it("is said once, marks each request it failed, and is back when it answers again", async () => {
    expectConsoleErrors();
    const errors = vi.spyOn(console, "error");
    const warnings = vi.spyOn(console, "warn");
    const store = sqliteSessionStore(`${env.dataDir}/broken`);
    const id = await store.create({ a: 1 }, Date.now() + 60_000);
    const { default: Database } = await import("better-sqlite3");
    // Another connection holds the write lock: writes fail (SQLITE_BUSY after the store's 5 s busy timeout).
    const other = new Database(`${env.dataDir}/broken/sessions.sqlite`);
    other.pragma("busy_timeout = 0");
    other.exec("BEGIN EXCLUSIVE");
    const contexts = [0, 1].map((n) => ({ requestId: `r${n}`, clientAddress: "127.0.0.1" }) as Record<string, unknown>);
    for (const context of contexts) {
      const failure = await requestContext
        .run(context as never, () => store.update(id, { a: 2 }))
        .catch((error: unknown) => error);
      expect(isStoreUnavailable(failure)).toBe(true);
      expect(context.storeUnavailable).toBe(true);
    }
    expect(
      errors.mock.calls.filter(([line]) => String(line).startsWith("[store] SQLite sessions unavailable")),
    ).toHaveLength(1);
    expect(storeState()).toHaveProperty("SQLite sessions");
    other.exec("ROLLBACK");
    other.close();
    await store.update(id, { a: 3 });
    expect(await store.read(id)).toEqual({ a: 3 });
    expect(storeState()).not.toHaveProperty("SQLite sessions");
    expect(warnings.mock.calls.some(([line]) => String(line) === "[store] SQLite sessions is back")).toBe(true);
    await store.close();
  }, 30_000);
});

describe("a kept-form store that fails", () => {
  it("is a store failure too (a 503 page), not a kept form silently lost or a 500", async () => {
    expectConsoleErrors();
    const { sqliteKeptFormStore } = await import("~/server/kept-forms/kept-forms.server");
    const store = sqliteKeptFormStore(`${env.dataDir}/kept-broken`);
    await store.close(); // a file gone from under it: every call fails
    const context = { requestId: "k1", clientAddress: "127.0.0.1" } as Record<string, unknown>;
    const failure = await requestContext
      .run(context as never, () => store.put("agent.usa", "k", "blob", 60_000, 5))
      .catch((error: unknown) => error);
    expect(isStoreUnavailable(failure)).toBe(true);
    expect(context.storeUnavailable).toBe(true);
    expect(storeState()).toHaveProperty("SQLite kept forms");
  });
});
