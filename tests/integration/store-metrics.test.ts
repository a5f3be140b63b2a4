import { register } from "prom-client";
import { afterAll, describe, expect, it } from "vitest";
import { expectConsoleErrors } from "../setup";
import { portalEnv } from "./harness";

/** The portal's session store and cache count their calls and failures where they are made. */
const env = portalEnv();
const { sessionStore } = await import("~/server/infra/session.server");
const { sharedCache } = await import("~/server/infra/cache.server");
afterAll(async () => {
  await sessionStore().close();
  env.cleanup();
});

describe("store metrics", () => {
  it("count the session store's and the cache's calls by store, kind and operation", async () => {
    const id = await sessionStore().create({ username: "agent.usa" }, Date.now() + 60_000);
    await sessionStore().read(id);
    await sharedCache().get("nothing-here");
    const text = await register.metrics();
    expect(text).toMatch(/^portal_store_operations_total\{store="session",kind="sqlite",operation="create"\} 1$/m);
    expect(text).toMatch(/^portal_store_operations_total\{store="session",kind="sqlite",operation="read"\} 1$/m);
    expect(text).toMatch(/^portal_store_operations_total\{store="cache",kind="lru",operation="get"\} 1$/m);
    // No key or session id is a label.
    expect(text).not.toContain(id);
    expect(text).not.toContain("nothing-here");
  });

  it("count a call that fails as an error of its operation", async () => {
    expectConsoleErrors(); // the store's one "unavailable" line
    const store = sessionStore();
    await store.close();
    await expect(store.read("any")).rejects.toThrow();
    const text = await register.metrics();
    expect(text).toMatch(/^portal_store_errors_total\{store="session",kind="sqlite",operation="read"\} 1$/m);
  });
});
