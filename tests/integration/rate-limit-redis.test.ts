import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { portalEnv } from "./harness";

const env = portalEnv({ AUTH_RATE_LIMIT: "10", REDIS_URL: "redis://127.0.0.1:6379/0" });
const { consumeAuthPost } = await import("~/server/infra/rate-limit.server");
const { requestContext } = await import("~/server/infra/request-context.server");
afterAll(() => env.cleanup());

describe("with REDIS_URL set, the counts live in Redis", () => {
  it("shares one budget between portal processes (two limiter instances here) per address", async () => {
    const address = `198.51.100.${Math.floor(Math.random() * 250)}-${randomUUID()}`;
    const from = { requestId: "test", clientAddress: address };
    const verdicts = [];
    for (let i = 0; i < 11; i++) verdicts.push(await requestContext.run(from, () => consumeAuthPost("recovery")));
    expect(verdicts.slice(0, 10).every((v) => v.allowed)).toBe(true);
    expect(verdicts[10]).toMatchObject({ allowed: false });

    // A second process: a fresh module instance with its own Redis connection sees the same count.
    const { vi } = await import("vitest");
    vi.resetModules();
    const other = await import("~/server/infra/rate-limit.server");
    expect(await requestContext.run(from, () => other.consumeAuthPost("recovery"))).toMatchObject({ allowed: false });
    // Each form has its own budget.
    expect(await requestContext.run(from, () => other.consumeAuthPost("registration"))).toEqual({ allowed: true });
  });
});
