import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { portalEnv } from "./harness";

const env = portalEnv({ REDIS_URL: "redis://127.0.0.1:6379/0" });
const { sessionCookie, sessionStorage, sessionStore } = await import("~/server/infra/session.server");
const { authState } = await import("~/server/infra/auth-state.server");
const redis = new Redis("redis://127.0.0.1:6379/0");

afterAll(async () => {
  await sessionStore().close();
  await redis.quit();
  env.cleanup();
});

describe("with REDIS_URL set", () => {
  it("keeps sessions in Redis, with the absolute expiry as the key's time to live", async () => {
    const session = await sessionStorage.getSession();
    const now = Date.now();
    authState.write(session, {
      accessToken: "a",
      idToken: "i",
      username: "agent.usa",
      signedInAt: now,
      lastActivity: now,
    });
    const setCookie = await sessionStorage.commitSession(session);
    const id = (await sessionCookie.parse(setCookie.split(";")[0]!)) as string;
    const raw = await redis.get(`pp:session:${id}`);
    expect(JSON.parse(raw!)).toMatchObject({ auth: { username: "agent.usa" } });
    const ttl = await redis.pttl(`pp:session:${id}`);
    expect(ttl).toBeGreaterThan(11.9 * 3_600_000);
    expect(ttl).toBeLessThanOrEqual(12 * 3_600_000);
  });
});
