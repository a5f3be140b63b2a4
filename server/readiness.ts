import { Redis } from "ioredis";
import { Gauge, register } from "prom-client";
import { env } from "~/server/infra/env.server";
import { storeState } from "~/server/infra/store-health.server";

type Check = "ok" | "unreachable" | "draining" | "not loaded";

const TIMEOUT_MS = 1000;
const UPSTREAM_EVERY_MS = 10_000;
let redis: Redis | undefined;
let draining = false;
let buildLoaded = false;

/** Said by the worker when it starts draining (SIGTERM): a balancer sends it nothing new. */
export function setDraining(value = true): void {
  draining = value;
}

/** Said by the server once Remix's build is loaded (createApp). */
export function setBuildLoaded(value = true): void {
  buildLoaded = value;
}

/**
 * Whether THIS instance can serve (decision 049): its build is loaded, it is not draining, and its
 * session store answers (Redis when REDIS_URL is set; a store the app found down). The shared
 * upstream is not asked: were it down, every instance would leave the balancer at once, though
 * cached pages still serve and each page says what is unavailable. Its health is a metric
 * (`portal_upstream_up`) and a log line when it changes (watchUpstream).
 */
export async function readiness(): Promise<{ ready: boolean; checks: Record<string, Check> }> {
  const store = await redisCheck();
  const stores = Object.keys(storeState()).length === 0 ? "ok" : "unreachable";
  const checks: Record<string, Check> = {
    build: buildLoaded ? "ok" : "not loaded",
    draining: draining ? "draining" : "ok",
    stores,
    ...(store ? { redis: store } : {}),
  };
  return { ready: Object.values(checks).every((c) => c === "ok"), checks };
}

async function redisCheck(): Promise<Check | null> {
  if (!env.REDIS_URL) return null;
  // Fails fast rather than queueing commands while the connection is down.
  if (!redis) {
    redis = new Redis(env.REDIS_URL, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0 });
    redis.on("error", () => {}); // said by the check's answer and the store's own log line, not per retry
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

const upstreamUp = (): Gauge =>
  (register.getSingleMetric("portal_upstream_up") as Gauge | undefined) ??
  new Gauge({ name: "portal_upstream_up", help: "1 while the main upstream answers its /health, else 0." });

let upstreamWasUp: boolean | null = null;
let upstreamTimer: NodeJS.Timeout | undefined;

/** Asks the upstream's /health once: the gauge, and a log line when the answer changes. */
export async function checkUpstream(): Promise<boolean> {
  let up = false;
  try {
    const response = await fetch(new URL("/health", env.API_URL), { signal: AbortSignal.timeout(TIMEOUT_MS) });
    await response.arrayBuffer();
    up = response.status < 500;
  } catch {
    up = false;
  }
  upstreamUp().set(up ? 1 : 0);
  if (upstreamWasUp !== null && up !== upstreamWasUp) {
    if (up) console.warn(`[server] the upstream ${env.API_URL} answers again`);
    else console.error(`[server] the upstream ${env.API_URL} does not answer its /health; pages that need it say so`);
  } else if (upstreamWasUp === null && !up) {
    // At start the upstream may simply be starting too: said, not raised as an error.
    console.warn(`[server] the upstream ${env.API_URL} does not answer its /health yet`);
  }
  upstreamWasUp = up;
  return up;
}

/** Watches the upstream every 10 s (never keeps the process alive). */
export function watchUpstream(): void {
  if (upstreamTimer) return;
  void checkUpstream();
  upstreamTimer = setInterval(() => void checkUpstream(), UPSTREAM_EVERY_MS);
  upstreamTimer.unref();
}

export async function closeReadiness(): Promise<void> {
  clearInterval(upstreamTimer);
  upstreamTimer = undefined;
  redis?.disconnect();
}
