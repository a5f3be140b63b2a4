// Load figures with autocannon's programmatic API. Latencies are collected from every 2xx response
// (autocannon's own histogram has no p95), requests per second = 2xx responses / measured seconds.
// For the ratio and p95 figures any error, timeout or non-2xx answer makes the figure unmeasurable
// (it throws); the high-concurrency rows use `counted`, which reports them as figures.
import autocannon from "autocannon";
import { DIRECT_BASE } from "./portal.mjs";

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

/**
 * One autocannon run on pathname that counts what went wrong instead of throwing: { latencies (2xx
 * only), seconds, statuses, non2xx, errors, timeouts }. `cookies`, when given, are spread over the
 * connections: connection i sends cookies[i % cookies.length] on every request (autocannon's
 * setupClient + setHeaders), so with as many cookies as connections each connection is one
 * signed-in agent. `during(instance)` is called once the run has started (to act on the portal
 * mid-load).
 */
export async function counted(pathname, { connections, seconds, cookies, during }) {
  let next = 0;
  const instance = autocannon({
    url: `${DIRECT_BASE}${pathname}`,
    connections,
    duration: seconds,
    headers: { accept: "text/html" },
    ...(cookies?.length
      ? {
          setupClient(client) {
            client.setHeaders({ accept: "text/html", cookie: cookies[next++ % cookies.length] });
          },
        }
      : {}),
  });
  const latencies = [];
  const statuses = {};
  instance.on("response", (_client, statusCode, _bytes, responseTime) => {
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
  });
  during?.(instance);
  const result = await instance;
  const non2xx = Object.entries(statuses)
    .filter(([code]) => code < 200 || code >= 300)
    .reduce((sum, [, n]) => sum + n, 0);
  return {
    latencies,
    seconds: result.duration,
    statuses,
    non2xx,
    errors: result.errors ?? 0,
    timeouts: result.timeouts ?? 0,
  };
}

/** One autocannon run for a figure: any error, timeout or non-2xx answer makes it unmeasurable. */
async function once(pathname, options) {
  const run = await counted(pathname, options);
  const problems = [];
  if (run.errors) problems.push(`${run.errors} errors`);
  if (run.timeouts) problems.push(`${run.timeouts} timeouts`);
  const non2xx = Object.entries(run.statuses).filter(([code]) => code < 200 || code >= 300);
  if (non2xx.length) problems.push(`answers ${non2xx.map(([code, n]) => `${code}×${n}`).join(", ")}`);
  if (run.latencies.length === 0) problems.push("no 2xx answer at all");
  if (problems.length) throw new Error(`load on ${pathname}: ${problems.join("; ")}`);
  return run;
}

/** One figure from several runs of the same route: { requests, rps, p50, p95 }. */
export function summarise(parts) {
  const latencies = parts.flatMap((p) => p.latencies).sort((a, b) => a - b);
  const seconds = parts.reduce((sum, p) => sum + p.seconds, 0);
  return {
    requests: latencies.length,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  };
}

/** Warm-up, then `seconds` of load; returns { requests, rps, p50, p95 } (milliseconds). */
export async function measure(pathname, { connections = 10, seconds = 10, warmup = 2, cookies } = {}) {
  if (warmup > 0) await once(pathname, { connections, seconds: warmup, cookies });
  return summarise([await once(pathname, { connections, seconds, cookies })]);
}

/** A route to load: a pathname, or { path, cookies } for signed-in connections (see `once`). */
const target = (route) => (typeof route === "string" ? { path: route } : route);

/**
 * Two routes compared in one run with the same tool and connection count: both warmed up, then
 * measured in the order A B B A (half the time each) so that a drift in the machine's background
 * load hits both alike. Each route is a pathname or { path, cookies }.
 */
export async function compare(routeA, routeB, { connections = 10, seconds = 10, warmup = 2 } = {}) {
  const a = target(routeA);
  const b = target(routeB);
  const half = Math.max(1, Math.round(seconds / 2));
  const run = (route, duration) => once(route.path, { connections, seconds: duration, cookies: route.cookies });
  if (warmup > 0) {
    await run(a, warmup);
    await run(b, warmup);
  }
  const a1 = await run(a, half);
  const b1 = await run(b, half);
  const b2 = await run(b, half);
  const a2 = await run(a, half);
  return { a: summarise([a1, a2]), b: summarise([b1, b2]), parts: { a: [a1, a2], b: [b1, b2] } };
}
