// An agent's mixed day at a fixed overall request rate, stepped up until one instance no longer
// holds it: the figure an operator sizes with (docs/production.md, "Sizing"). Each connection walks
// the same day (home, searches and their results, a sailing, the promotions, the alert centre and a
// booking, now and then a CSV export) with a signed-in agent's session, and autocannon's
// `overallRate` paces all connections together at the step's rate. A step is held when its p95 is at
// most P95_MS, not one answer failed (anything but 2xx, an error or a timeout) and the rate reached
// is at least REACHED of the rate asked (a portal that falls behind does not hold the rate, however
// fast the answers it gives). Documents only: a browser keeps the build's assets (immutable, cached
// for a year), so an agent's page is one request here.
import autocannon from "autocannon";
import { ITINERARY_QUERY } from "./itinerary.mjs";
import { percentile } from "./load.mjs";
import { DIRECT_BASE } from "./portal.mjs";

/** What a step must keep to count as held. */
export const P95_MS = 200;
const REACHED = 0.95;
/** An agent opens a page every this many seconds: agents = requests a second × this. */
export const SECONDS_PER_PAGE = 10;
/** The goal for one 2-core instance (issue 38, "Capacity"). */
export const AGENTS_GOAL = 2000;

const OTHER_SEARCH = "/itinerary/results?destination=ALASKA&sort=price&order=asc";
const CSV = "/insights/export/reservations";

async function page(pathname, cookie) {
  const response = await fetch(`${DIRECT_BASE}${pathname}`, {
    redirect: "manual",
    headers: { cookie, accept: "text/html" },
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`mixed day: ${pathname} answered ${response.status}`);
  return text;
}

const decoded = (href) => href.replaceAll("&amp;", "&");

/**
 * The day's addresses, in order: a sailing and a booking are the first the agent's own results and
 * alert centre link to (so they exist in whatever demo data the build has). One CSV in 40 requests.
 */
export async function agentDay(cookie) {
  const results = await page(ITINERARY_QUERY, cookie);
  const sailing = results.match(/href="(\/itinerary\/detail\?[^"]+)"/)?.[1];
  if (!sailing) throw new Error("mixed day: the itinerary results link to no sailing");
  const alerts = await page("/insights/alert-centre", cookie);
  const booking = alerts.match(/href="(\/insights\/booking\/[^"?#]+)/)?.[1];
  if (!booking) throw new Error("mixed day: the alert centre links to no booking");
  const half = [
    "/home",
    ITINERARY_QUERY,
    decoded(sailing),
    "/itinerary/results",
    "/home",
    "/promotion/results",
    "/insights/alert-centre",
    booking,
    "/home",
    OTHER_SEARCH,
    decoded(sailing),
    "/insights/alert-centre",
    booking,
    "/home",
    "/promotion/results",
    ITINERARY_QUERY,
    decoded(sailing),
    "/insights/alert-centre",
    "/home",
  ];
  return [...half, "/insights/alert-centre", ...half, CSV];
}

/**
 * One step: `rate` requests a second over all connections for `seconds`, each connection walking
 * `day` with one of `cookies` (taken in turn each time a connection starts the day again).
 * Returns { rate, reached, p50, p95, p99, requests, failed, statuses, held }.
 */
export async function step({ rate, seconds, day, cookies }) {
  let next = 0;
  // Enough connections that each waits about 4 rate-intervals between its requests: a slow answer
  // delays its own connection, not the whole rate.
  const connections = Math.max(4, Math.ceil(rate / 4));
  const instance = autocannon({
    url: DIRECT_BASE,
    connections,
    overallRate: rate,
    duration: seconds,
    requests: day.map((path, i) => ({
      method: "GET",
      path,
      setupRequest(request, context) {
        if (i === 0 || context.cookie === undefined) context.cookie = cookies[next++ % cookies.length];
        return { ...request, headers: { ...request.headers, accept: "text/html", cookie: context.cookie } };
      },
    })),
  });
  const latencies = [];
  const statuses = {};
  instance.on("response", (_client, statusCode, _bytes, responseTime) => {
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  const answered = Object.values(statuses).reduce((sum, n) => sum + n, 0);
  const failed = answered - latencies.length + (result.errors ?? 0) + (result.timeouts ?? 0);
  const reached = answered / result.duration;
  const p95 = percentile(latencies, 95);
  return {
    rate,
    connections,
    reached,
    p50: percentile(latencies, 50),
    p95,
    p99: percentile(latencies, 99),
    requests: latencies.length,
    failed,
    statuses,
    held: failed === 0 && p95 <= P95_MS && reached >= rate * REACHED,
  };
}

/**
 * Steps up through `rates` (after a warm-up at the first) until a step is not held; returns
 * { steps, highest } where highest is the last rate held (0: not even the first).
 */
export async function mixedDay({ rates, seconds, cookies, warmup = 5, log = () => {} }) {
  const day = await agentDay(cookies[0]);
  if (warmup > 0) await step({ rate: rates[0], seconds: warmup, day, cookies });
  const steps = [];
  let highest = 0;
  for (const rate of rates) {
    const run = await step({ rate, seconds, day, cookies });
    steps.push(run);
    log(
      `mixed day at ${rate} req/s: reached ${run.reached.toFixed(1)}, p95 ${Math.round(run.p95)} ms, ` +
        `${run.failed} failed: ${run.held ? "held" : "not held"}`,
    );
    if (!run.held) break;
    highest = rate;
  }
  return { steps, highest };
}
