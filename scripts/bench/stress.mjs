// The portal under more connections than the ratio rows use, a worker killed under load, and the time
// from spawning the start command to a sign-in page. These report failed answers as figures (the
// ratio rows' load throws on the first one) because failures are what they look for.
import { counted, summarise } from "./load.mjs";
import { portalRssMb, settle, startPortal, workerPids } from "./portal.mjs";

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** One autocannon run's figures: { rps, p99, requests, non2xx, errors, timeouts, statuses }. */
function figures(run) {
  const { rps, p99, requests } = summarise([run]);
  return { rps, p99, requests, non2xx: run.non2xx, errors: run.errors, timeouts: run.timeouts, statuses: run.statuses };
}

/**
 * One route at each connection count in turn (ascending), after a warm-up at the first count. The
 * portal's memory is read after the warm-up and after each run, so a run that leaves it much higher
 * than the previous one shows (memory that grows with the load must level off, not climb).
 * `cookies` are spread over the connections (see `counted`).
 */
export async function loadSteps(primaryPid, { path, cookies, steps, seconds, warmup = 2 }) {
  // Each route starts on a portal that answers, whatever the run before it left behind.
  const settledMs = await settle();
  await counted(path, { connections: steps[0], seconds: warmup, cookies });
  const memoryBeforeMb = portalRssMb(primaryPid);
  const runs = [];
  for (const connections of steps) {
    const run = await counted(path, { connections, seconds, cookies });
    runs.push({ connections, ...figures(run), memoryAfterMb: portalRssMb(primaryPid) });
  }
  return { settledMs, memoryBeforeMb, runs };
}

/**
 * Load on `path` for `seconds`; at `killAt` seconds one worker (a child of the primary other than the
 * upstream) gets SIGKILL. Returns the run's figures with the worker counts before and right after.
 */
export async function killWorkerDuringLoad(primaryPid, { path, cookies, connections, seconds, killAt }) {
  const settledMs = await settle();
  const before = workerPids(primaryPid);
  if (before.length === 0) throw new Error(`no worker process under the primary (pid ${primaryPid})`);
  let killed;
  let killError;
  const run = await counted(path, {
    connections,
    seconds,
    cookies,
    during() {
      setTimeout(() => {
        // The worker list now, not the one from before the run: any worker that is alive will do.
        [killed] = workerPids(primaryPid);
        try {
          process.kill(killed, "SIGKILL");
        } catch (error) {
          killError = error;
        }
      }, killAt * 1000);
    },
  });
  if (killed === undefined || killError) {
    throw new Error(`could not kill a worker (${killError?.message ?? "none found at the time"})`);
  }
  return {
    ...figures(run),
    settledMs,
    killed,
    workersBefore: before.length,
    workersAfter: workerPids(primaryPid).length,
  };
}

/**
 * `times` starts of the portal on a fresh data directory each, one after the other: the time from
 * spawning the start command until /login answers 200, and a complete stop (the process group) before
 * the next. Returns the times in ms, in order.
 */
export async function coldStarts(root, times) {
  const readyMs = [];
  for (let i = 0; i < times; i++) {
    const portal = await startPortal(root, { readyPath: "/login", pollMs: 50 });
    readyMs.push(portal.readyMs);
    await portal.stop();
    // The ports are free again only once the group is gone; stop() waited for it, a breath for the kernel.
    await sleep(200);
  }
  return readyMs;
}
