import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { portalEnv } from "./harness";

/**
 * With REDIS_URL the kept forms live in the Redis that holds every session: a flood must not fill it
 * (decision 031). A database of this file's own (3: 0 is a developer's, 5 the balanced start's, 8 … 15
 * the Playwright workers'), whose kept-form keys it counts and removes.
 */
const REDIS_URL = "redis://127.0.0.1:6379/3";
const env = portalEnv({ REDIS_URL });
const kept = await import("~/server/kept-forms/kept-forms.server");
const redis = new Redis(REDIS_URL);

async function keptKeys(): Promise<string[]> {
  const keys: string[] = [];
  let cursor = "0";
  do {
    const [next, found] = await redis.scan(cursor, "MATCH", "pp:kept:*", "COUNT", 1000);
    keys.push(...found);
    cursor = next;
  } while (cursor !== "0");
  return keys;
}

async function size(): Promise<{ entries: number; sets: number; bytes: number }> {
  const keys = await keptKeys();
  const entries = keys.filter((k) => !k.startsWith("pp:kept:account:"));
  const bytes = entries.length ? (await redis.mget(entries)).reduce((n, blob) => n + (blob?.length ?? 0), 0) : 0;
  return { entries: entries.length, sets: keys.length - entries.length, bytes };
}

const forget = async () => {
  const keys = await keptKeys();
  if (keys.length) await redis.del(...keys);
};
beforeAll(forget);
afterAll(async () => {
  await forget();
  await kept.keptFormStore().close();
  await redis.quit();
  env.cleanup();
});

describe("the kept-form store in Redis holds its bound under a flood", () => {
  it("hundreds of keeps to new addresses, large bodies: 5 entries of at most 16 KB, one set, for the account", async () => {
    const owner = { username: "agent.usa", browser: "browser-of-agent-usa-1" };
    const large = Array.from({ length: 12 }, (_, i): [string, string] => [`note${i}`, "x".repeat(5_000)]);
    const fits = Array.from({ length: 14 }, (_, i): [string, string] => [`note${i}`, "y".repeat(1_000)]);
    const outcomes = [];
    for (let i = 0; i < 300; i++) {
      outcomes.push(
        await kept.keepForms(owner, `/group-travel-hub/request?sailingId=FLOOD${i}`, [i % 2 ? large : fits]),
      );
    }
    expect(outcomes.filter(Boolean)).toHaveLength(150);
    const held = await size();
    expect(held.entries).toBe(kept.KEPT_FORMS_PER_ACCOUNT);
    expect(held.sets).toBe(1);
    expect(held.bytes).toBeLessThanOrEqual(
      kept.KEPT_FORMS_PER_ACCOUNT * Math.ceil(((kept.KEPT_FORM_MAX_BYTES + 228) * 4) / 3),
    );
    // The newest kept are the ones held; the set expires with them.
    expect(await kept.newestKeptPage(owner)).toBe("/group-travel-hub/request?sailingId=FLOOD298");
    expect(await kept.takeForms(owner, "/group-travel-hub/request?sailingId=FLOOD290")).not.toBeNull();
    expect(await kept.takeForms(owner, "/group-travel-hub/request?sailingId=FLOOD288")).toBeNull();
    const [set] = (await keptKeys()).filter((k) => k.startsWith("pp:kept:account:"));
    expect(await redis.pttl(set!)).toBeLessThanOrEqual(kept.KEPT_FORM_TTL_MS);
  });
});
