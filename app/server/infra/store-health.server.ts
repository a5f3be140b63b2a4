import { Redis, type RedisOptions } from "ioredis";
import { StoreUnavailableError } from "~/server/infra/errors.server";
import { currentRequest } from "~/server/infra/request-context.server";

/**
 * The health of the portal's stores (sessions, kept forms, rate limits, cache; Redis or SQLite), one
 * log line each time one goes down or comes back, never a line (or a stack) per retry or per request.
 * A store known to be down fails at once, so a request is answered 503 in milliseconds instead of
 * waiting for a reconnect; Redis says when it is back ('ready'), SQLite by its next call succeeding.
 */
// One record per process, shared by the server (readiness) and the app's build, which each bundle
// their own copy of this module (as the request context does).
const KEY = Symbol.for("professional-portal.store-health");
const shared = globalThis as typeof globalThis & { [KEY]?: Map<string, string> };
const down: Map<string, string> = (shared[KEY] ??= new Map());

const causeOf = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).replace(/\s+/g, " ").slice(0, 200);

/**
 * The error a request throws for a store that failed. The request is marked too: whatever a loader
 * or action makes of the error (some catch everything), the answer is the 503 page (server/app.ts).
 */
function unavailable(store: string, cause: string): StoreUnavailableError {
  const context = currentRequest();
  if (context) context.storeUnavailable = true;
  return new StoreUnavailableError(store, cause);
}

/** Marks `store` down (one log line on the change) and returns the error a request throws for it. */
export function storeFailed(store: string, error: unknown): StoreUnavailableError {
  if (error instanceof StoreUnavailableError) return error;
  const cause = causeOf(error);
  if (!down.has(store)) {
    down.set(store, cause);
    console.error(`[store] ${store} unavailable: ${cause}; pages answer 503 until it is back`);
  }
  return unavailable(store, cause);
}

/** Marks `store` working again (one log line on the change). */
export function storeBack(store: string): void {
  if (down.delete(store)) console.warn(`[store] ${store} is back`);
}

/** Whether a store is known to be down, and why (readiness, metrics). */
export function storeState(): Record<string, string> {
  return Object.fromEntries(down);
}

/** Every Redis client of the portal is one store for the log: Redis down is one line, not one per client. */
export const REDIS_STORE = "Redis";

/**
 * A Redis client whose connection changes are said once: an `error` listener (without one ioredis
 * prints "Unhandled error event" with a stack on every retry), down on the first error or close,
 * back on 'ready'. Commands fail after one retry rather than waiting in a queue.
 */
export function watchedRedis(url: string, options: RedisOptions = {}): Redis {
  const store = REDIS_STORE;
  const redis = new Redis(url, { maxRetriesPerRequest: 1, ...options });
  redis.on("error", (error: unknown) => void storeFailed(store, error));
  redis.on("close", () => {
    const { host, port } = redis.options;
    if (redis.status !== "end") storeFailed(store, new Error(`the connection to ${host}:${port} closed`));
  });
  redis.on("ready", () => storeBack(store));
  return redis;
}

/**
 * Runs one call of a store: a failure marks it down and becomes a StoreUnavailableError; a success
 * marks it back. A Redis store already known down (`redis` not ready) is not asked at all.
 */
export async function storeCall<T>(store: string, work: () => Promise<T> | T, redis?: Redis): Promise<T> {
  // Known down and not reconnected: fail now rather than wait out the client's retry.
  if (redis && down.has(store) && redis.status !== "ready") {
    throw unavailable(store, down.get(store) ?? "unavailable");
  }
  try {
    const result = await work();
    storeBack(store);
    return result;
  } catch (error) {
    throw storeFailed(store, error);
  }
}

/** Every method of `target` run through storeCall (a store interface: all its methods are async). */
export function guardedStore<T extends object>(store: string, target: T, redis?: Redis): T {
  return new Proxy(target, {
    get(object, key, receiver) {
      const value = Reflect.get(object, key, receiver) as unknown;
      if (typeof value !== "function" || key === "close") return value;
      return (...args: unknown[]) =>
        storeCall(store, () => (value as (...a: unknown[]) => unknown).apply(object, args), redis);
    },
  });
}
