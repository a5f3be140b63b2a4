import { mkdirSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { REDIS_STORE, storeFailed, watchedRedis } from "~/server/infra/store-health.server";
import { RateLimiterRedis, RateLimiterRes, RateLimiterSQLite, type RateLimiterAbstract } from "rate-limiter-flexible";
import { env } from "~/server/infra/env.server";
import { clientAddress } from "~/server/infra/request.server";
import { countRefusal } from "~/server/infra/store-metrics.server";
import { currentRequest } from "~/server/infra/request-context.server";

/** The forms whose posts are limited (DESIGN.md security floor), each its own budget. */
export type LimitedForm = "sign-in" | "one-time-code" | "registration" | "recovery" | "unsubscribe";

let limiter: RateLimiterAbstract | undefined;

/**
 * AUTH_RATE_LIMIT posts a minute per client address and form. Counted in Redis when REDIS_URL is set
 * (several portal processes share the counts), else in SQLite under DATA_DIR (shared by the
 * processes of one machine).
 */
function authLimiter(): RateLimiterAbstract {
  if (limiter) return limiter;
  const options = { keyPrefix: "pp_auth", points: env.AUTH_RATE_LIMIT, duration: 60 };
  if (env.REDIS_URL) {
    // Commands wait for the connection (the offline queue) rather than fail open at start-up.
    limiter = new RateLimiterRedis({ ...options, storeClient: watchedRedis(env.REDIS_URL) });
  } else {
    mkdirSync(env.DATA_DIR, { recursive: true });
    const db = new Database(path.join(env.DATA_DIR, "rate-limits.sqlite"));
    db.pragma("journal_mode = WAL");
    db.pragma("synchronous = NORMAL");
    db.pragma("busy_timeout = 5000");
    // The table the library expects, made now: its own creation is asynchronous and the first posts
    // would slip through uncounted.
    db.exec(
      "CREATE TABLE IF NOT EXISTS rate_limits (key TEXT PRIMARY KEY, points INTEGER NOT NULL DEFAULT 0, expire INTEGER)",
    );
    limiter = new RateLimiterSQLite({
      tableCreated: true,
      ...options,
      storeClient: db,
      storeType: "better-sqlite3",
      tableName: "rate_limits",
      clearExpiredByTimeout: true,
    });
  }
  return limiter;
}

export type RateLimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number; message: string };

/** Counts one post of the current request's client address; answers whether it may go on. A broken counter store is a store failure (503). */
export async function consumeAuthPost(form: LimitedForm): Promise<RateLimitVerdict> {
  try {
    await authLimiter().consume(`${form}:${clientAddress()}`);
    return { allowed: true };
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) {
      const retryAfterSeconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      const context = currentRequest();
      if (context) context.refusal = `rate limit of the ${form} form`;
      countRefusal(form);
      return {
        allowed: false,
        retryAfterSeconds,
        message: `Too many attempts from your network. Please wait ${retryAfterSeconds} seconds and try again.`,
      };
    }
    // The counters' store failed: a store failure like any other (one log line, the 503 page with
    // the form given back), never a post let through uncounted nor the library's words.
    throw storeFailed(env.REDIS_URL ? REDIS_STORE : "SQLite rate limits", rejection);
  }
}

export function retryAfterHeaders(verdict: RateLimitVerdict): HeadersInit {
  return verdict.allowed ? {} : { "Retry-After": String(verdict.retryAfterSeconds) };
}
