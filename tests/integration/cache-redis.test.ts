import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { portalEnv } from "./harness";

const env = portalEnv({ REDIS_URL: "redis://127.0.0.1:6379/0" });
const { getContent } = await import("~/server/clients/content.server");
const redis = new Redis("redis://127.0.0.1:6379/0");

const BASE = "http://upstream.test/api/royal/content/cruising-power";
let calls = 0;
const server = setupServer(
  http.get(`${BASE}/:page`, () => {
    calls++;
    return HttpResponse.json({ data: { copyrightText: "© fresh" } });
  }),
);
// A page name of its own, so runs never meet each other's entries in the shared Redis.
const page = `footer-${randomUUID()}`;
const key = `pp:cache:content:/api/royal/content/cruising-power/${page}?locale=en_us`;

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterAll(async () => {
  server.close();
  await redis.del(key);
  await redis.quit();
  env.cleanup();
});

describe("the shared cache in Redis (REDIS_URL set)", () => {
  it("checks what it reads against the schema: a tampered entry is not served, the service is asked again", async () => {
    const schema = z.object({ copyrightText: z.string() });
    const metadata = { createdTime: Date.now(), ttl: 3_600_000, swr: 3_600_000 };
    await redis.set(key, JSON.stringify({ value: { copyrightText: 42 }, metadata }), "PX", 60_000);

    await expect(getContent(page, { locale: "en_us", schema })).resolves.toEqual({ copyrightText: "© fresh" });
    expect(calls).toBe(1);
    // The refreshed entry is the one served next, without asking the service.
    await expect(getContent(page, { locale: "en_us", schema })).resolves.toEqual({ copyrightText: "© fresh" });
    expect(calls).toBe(1);
    expect(JSON.parse((await redis.get(key))!)).toMatchObject({ value: { copyrightText: "© fresh" } });
  });
});
