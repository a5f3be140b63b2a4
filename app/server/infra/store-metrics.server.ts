import { Counter, register } from "prom-client";

/**
 * The stores' and limiters' counts, in prom-client's default registry (the one each worker serves
 * to the cluster's primary; prom-client is not bundled into the build, so the build and the server
 * share it). Labels are fixed words, never a key or an address.
 */

/** What a store holds: the sessions, or the cached upstream reads. */
export type StoreName = "session" | "cache";

type StoreLabels = "store" | "kind" | "operation";

/** Taken from the registry when already there: this module is evaluated more than once per process. */
function counter<L extends string>(name: string, help: string, labelNames: L[]): Counter<L> {
  return (register.getSingleMetric(name) as Counter<L> | undefined) ?? new Counter({ name, help, labelNames });
}

const operations = () =>
  counter<StoreLabels>(
    "portal_store_operations_total",
    "Calls to a store, by store (session, cache), kind (redis, sqlite, lru) and operation.",
    ["store", "kind", "operation"],
  );
const errors = () =>
  counter<StoreLabels>(
    "portal_store_errors_total",
    "Store calls that failed (threw or rejected), by store, kind and operation.",
    ["store", "kind", "operation"],
  );
const refusals = () =>
  counter<"limiter">(
    "portal_rate_limit_refusals_total",
    "Requests a rate limit refused (429), by limiter (the limited form).",
    ["limiter"],
  );

/**
 * The same store with each of its `operations` counted: every call, and every call that threw or
 * rejected. The store's other properties (its name) are kept as they are.
 */
export function countedStore<T extends object>(
  store: StoreName,
  kind: string,
  target: T,
  names: ReadonlyArray<keyof T & string>,
): T {
  const counted: T = { ...target };
  for (const operation of names) {
    const original = target[operation];
    if (typeof original !== "function") continue;
    const labels = { store, kind, operation };
    const failed = (error: unknown) => {
      errors().inc(labels);
      throw error;
    };
    (counted as Record<string, unknown>)[operation] = (...args: unknown[]) => {
      operations().inc(labels);
      try {
        const result: unknown = (original as (...a: unknown[]) => unknown).apply(target, args);
        return result instanceof Promise ? result.catch(failed) : result;
      } catch (error) {
        return failed(error);
      }
    };
  }
  return counted;
}

/** Counts one request refused by a rate limit. */
export function countRefusal(limiter: string): void {
  refusals().inc({ limiter });
}
