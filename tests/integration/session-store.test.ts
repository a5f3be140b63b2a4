import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  newSessionId,
  redisSessionStore,
  sqliteSessionStore,
  type SessionStore,
} from "~/server/infra/session-store.server";

const dir = mkdtempSync(path.join(tmpdir(), "portal-store-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("session ids", () => {
  it("carry 128 random bits and never repeat", () => {
    const ids = new Set(Array.from({ length: 1000 }, newSessionId));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(Buffer.from(id, "base64url")).toHaveLength(16);
  });
});

const stores: Array<[string, () => SessionStore]> = [
  ["SQLite under DATA_DIR", () => sqliteSessionStore(dir)],
  ["Redis at 127.0.0.1:6379", () => redisSessionStore("redis://127.0.0.1:6379/0")],
];

describe.each(stores)("the %s store", (_name, open) => {
  it("creates, reads, updates and deletes; a new instance (a restart, another process) sees the same data", async () => {
    const a = open();
    const id = await a.create({ auth: { username: "agent.usa" } }, Date.now() + 60_000);
    expect(await a.read(id)).toEqual({ auth: { username: "agent.usa" } });
    await a.update(id, { auth: { username: "agent.usa", lastActivity: 1 } });

    const b = open();
    expect(await b.read(id)).toEqual({ auth: { username: "agent.usa", lastActivity: 1 } });
    await b.delete(id);
    expect(await a.read(id)).toBeNull();
    await a.close();
    await b.close();
  });

  it("forgets a record past its absolute expiry and never resurrects an ended one", async () => {
    const store = open();
    const id = await store.create({ x: 1 }, Date.now() + 30);
    await new Promise((r) => setTimeout(r, 60));
    expect(await store.read(id)).toBeNull();
    await store.update(id, { x: 2 });
    expect(await store.read(id)).toBeNull();
    await store.close();
  });

  it("keeps a user's sign-out cut-off (the latest wins) for every process, and none for others", async () => {
    const a = open();
    const user = `cutoff.${newSessionId()}`;
    expect(await a.cutoff(user)).toBeNull();
    await a.endOthers(user, 1_000, "keep-me");
    await a.endOthers(user, Date.now(), "keep-me-too");
    const b = open();
    expect(await b.cutoff(user.toUpperCase())).toMatchObject({ keep: "keep-me-too" });
    expect(await b.cutoff(`${user}.other`)).toBeNull();
    await a.close();
    await b.close();
  });

  it("reads nothing for an unknown id", async () => {
    const store = open();
    expect(await store.read(newSessionId())).toBeNull();
    await store.close();
  });
});
