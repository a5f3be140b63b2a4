import { Redis } from "ioredis";
import { env } from "~/server/infra/env.server";

type Check = "ok" | "unreachable";

const TIMEOUT_MS = 1000;
let redis: Redis | undefined;

/**
 * Whether what the portal needs answers: the upstream (any answer below 500 of its /health) and,
 * when sessions live there, Redis. A balancer takes an instance out of rotation while it is not
 * ready; liveness (/healthz) never depends on either, so a slow upstream never restarts a portal.
 */
export async function readiness(): Promise<Record<string, Check>> {
  const [upstream, store] = await Promise.all([upstreamCheck(), redisCheck()]);
  return { upstream, ...(store ? { redis: store } : {}) };
}

async function upstreamCheck(): Promise<Check> {
  try {
    const response = await fetch(new URL("/health", env.API_URL), { signal: AbortSignal.timeout(TIMEOUT_MS) });
    await response.arrayBuffer();
    return response.status < 500 ? "ok" : "unreachable";
  } catch {
    return "unreachable";
  }
}

async function redisCheck(): Promise<Check | null> {
  if (!env.REDIS_URL) return null;
  // Fails fast rather than queueing commands while the connection is down.
  if (!redis) {
    redis = new Redis(env.REDIS_URL, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0 });
    redis.on("error", () => {}); // said by the check's answer, not by a log line per retry
  }
  try {
    if (redis.status === "wait" || redis.status === "end") await redis.connect();
    const pong = await Promise.race([
      redis.ping(),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error("timeout")), TIMEOUT_MS).unref()),
    ]);
    return pong === "PONG" ? "ok" : "unreachable";
  } catch {
    return "unreachable";
  }
}

export async function closeReadiness(): Promise<void> {
  redis?.disconnect();
}
