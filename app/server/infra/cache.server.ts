import { cachified, totalTtl, type Cache, type CacheEntry } from "@epic-web/cachified";
import { watchedRedis } from "~/server/infra/store-health.server";
import { LRUCache } from "lru-cache";
import type { z } from "zod";
import { env } from "~/server/infra/env.server";
import { countedStore } from "~/server/infra/store-metrics.server";

/** Cached upstream reads: an in-process LRU, or Redis (shared by the processes) when REDIS_URL is set. */
function lruCache(): Cache {
  const lru = new LRUCache<string, CacheEntry>({ max: 2000 });
  return {
    name: "lru",
    get: (key) => lru.get(key),
    set: (key, value) => {
      const ttl = totalTtl(value.metadata);
      lru.set(key, value, { ttl: Number.isFinite(ttl) ? ttl : undefined });
    },
    delete: (key) => lru.delete(key),
  };
}

function redisCache(url: string): Cache {
  const redis = watchedRedis(url);
  return {
    name: "redis",
    async get(key) {
      const raw = await redis.get(`pp:cache:${key}`);
      return raw ? (JSON.parse(raw) as CacheEntry) : null;
    },
    async set(key, value) {
      const ttl = totalTtl(value.metadata);
      const json = JSON.stringify(value);
      if (Number.isFinite(ttl)) await redis.set(`pp:cache:${key}`, json, "PX", Math.max(1, Math.ceil(ttl)));
      else await redis.set(`pp:cache:${key}`, json);
    },
    async delete(key) {
      await redis.del(`pp:cache:${key}`);
    },
  };
}

let cache: Cache | undefined;
export function sharedCache(): Cache {
  // Counted (portal_store_operations_total, portal_store_errors_total); `name` stays as it is.
  cache ??= env.REDIS_URL
    ? countedStore("cache", "redis", redisCache(env.REDIS_URL), ["get", "set", "delete"])
    : countedStore("cache", "lru", lruCache(), ["get", "set", "delete"]);
  return cache;
}

export type CachedRead<T> = {
  key: string;
  /** Fresh for this long (ms)… */
  ttl: number;
  /** …then served stale for this long while one refresh runs. */
  staleWhileRevalidate: number;
  schema: z.ZodType<T>;
  getFreshValue: () => Promise<T>;
};

/**
 * One cached read: namespaced key (the caller puts the language and every filter in it), a zod check
 * of what comes out of Redis, stale-while-revalidate. A failed refresh keeps serving the stale value;
 * with nothing cached the failure reaches the caller.
 */
export function cachedRead<T>(read: CachedRead<T>): Promise<T> {
  const cache = sharedCache();
  return cachified<T>({
    cache,
    // Redis holds JSON another process (or version) wrote: check it. The in-process LRU holds the
    // very values getFreshValue returned, already parsed by the caller's schema: checking them again
    // on every hit costs a zod pass per read for nothing.
    checkValue: cache.name === "redis" ? read.schema : undefined,
    key: read.key,
    ttl: read.ttl,
    staleWhileRevalidate: read.staleWhileRevalidate,
    fallbackToCache: true,
    getFreshValue: read.getFreshValue,
  });
}

export async function forget(key: string): Promise<void> {
  await sharedCache().delete(key);
}
