import cluster, { type Worker } from "node:cluster";
import { existsSync, mkdirSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { CONFIG_KEYS } from "~/server/infra/config.server";
import { countWorkerRestart, startMetricsServer } from "./observability/metrics";
// First: reading the settings checks the whole configuration, and stops with its report before
// anything below starts (decision 052).
import { config, settings } from "./settings";
import { superviseUpstream } from "./upstream";

/** Crashes within this window that stop the portal instead of hiding a loop of restarts. */
const CRASH_WINDOW_MS = 60_000;
const CRASH_LIMIT = 5;

const say = (text: string) => console.error(`[server] ${text}`);

/**
 * The cluster's primary: checks the ports and the build, runs the embedded upstream (demo mode),
 * forks one worker per core and keeps that many alive: a worker that dies or wedges is replaced
 * with backoff, a loop of crashes stops the portal with a clear message. SIGTERM drains.
 */
export async function runPrimary(root: string): Promise<void> {
  const demo = prepareEnvironment(root);
  if (!existsSync(path.join(root, "build/server/index.js"))) {
    say("no production build: run `npm run build` first (npm start does)");
    process.exit(1);
  }
  const ports: Array<[string, number, string | undefined]> = [["PORT", settings.port, settings.host]];
  if (demo) ports.push(["UPSTREAM_PORT", settings.upstreamPort, settings.upstreamHost]);
  if (config.METRICS_PORT) ports.push(["METRICS_PORT", config.METRICS_PORT, config.METRICS_HOST]);
  for (const [name, port, host] of ports) {
    if (!(await portFree(port, host))) {
      say(`port ${port} (${name}) is taken: stop what listens there or choose another ${name}`);
      process.exit(1);
    }
  }

  const upstream = demo
    ? superviseUpstream({
        root,
        // Links in the upstream's e-mails (magic links) point at this portal's front door.
        env: { ...process.env, PORTAL_URL: process.env.PORTAL_URL ?? process.env.PUBLIC_ORIGIN },
        url: process.env.API_URL!,
      })
    : null;

  // Each worker accepts from the shared socket itself. With the primary handing out connections
  // (round robin), a connection handed to a worker that has just been killed is never answered:
  // the client waits until its own timeout. Under load the kernel spreads connections well enough.
  cluster.schedulingPolicy = cluster.SCHED_NONE;

  const lastBeat = new Map<Worker, number>();
  let crashes: number[] = [];
  let draining = false;

  // Each worker has a slot (0 … workers − 1), its `worker` label in the metrics; a replacement takes
  // the slot of the worker it replaces, so restarts make no new series.
  const slots = new Map<Worker, number>();
  const wedged = new Set<Worker>();
  const fork = (slot: number) => {
    const worker = cluster.fork({ PORTAL_WORKER: String(slot) });
    slots.set(worker, slot);
    // Watched from its first listen on: loading the build on a busy machine is slow, not wedged.
    worker.on("message", (message: { type?: string; code?: string }) => {
      if (message?.type === "heartbeat" || message?.type === "listening") lastBeat.set(worker, Date.now());
      if (message?.type === "listen-failed") {
        say(`a worker could not listen on port ${settings.port} (${message.code}); stopping`);
        void stop(1);
      }
    });
  };

  cluster.on("exit", (worker, code, signal) => {
    lastBeat.delete(worker);
    const slot = slots.get(worker) ?? 0;
    slots.delete(worker);
    const reason = wedged.delete(worker) ? "wedged" : "crashed";
    if (draining) return;
    const now = Date.now();
    crashes = [...crashes.filter((at) => now - at < CRASH_WINDOW_MS), now];
    if (crashes.length >= CRASH_LIMIT) {
      say(
        `workers crashed ${crashes.length} times within ${CRASH_WINDOW_MS / 1000} s (the last: pid ${worker.process.pid}, ${signal ?? `exit code ${code}`}); stopping the portal rather than restarting it in a loop. See the errors above.`,
      );
      void stop(1);
      return;
    }
    const delay = Math.min(30_000, 500 * 2 ** (crashes.length - 1));
    say(
      `WORKER DIED: pid ${worker.process.pid} (${signal ?? `exit code ${code}`}); replacing it in ${delay} ms (${crashes.length} of ${CRASH_LIMIT} allowed within ${CRASH_WINDOW_MS / 1000} s)`,
    );
    // Not unref'd: with no worker left, this timer is what keeps the primary alive until the next.
    setTimeout(() => {
      if (draining) return;
      countWorkerRestart(reason);
      fork(slot);
    }, delay);
  });

  // A worker whose event loop has not beaten for WORKER_WEDGED_MS answers nobody: replace it. Slow
  // is not dead: beats come from the event loop between requests, even under heavy load.
  setInterval(() => {
    for (const [worker, at] of lastBeat) {
      if (Date.now() - at > settings.wedgedMs && !worker.isDead()) {
        say(`WORKER WEDGED: pid ${worker.process.pid} has not answered for ${settings.wedgedMs} ms; replacing it`);
        lastBeat.delete(worker);
        wedged.add(worker);
        worker.process.kill("SIGKILL");
      }
    }
  }, settings.heartbeatMs).unref();

  async function stop(code: number) {
    if (draining) return;
    draining = true;
    upstream?.hold();
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !w.isDead());
    const exited = workers.map((w) => new Promise<void>((resolve) => w.once("exit", () => resolve())));
    for (const worker of workers) worker.send({ type: "drain" });
    // Workers exit by themselves within the grace; a worker that does not is stopped.
    const force = setTimeout(() => workers.forEach((w) => w.process.kill("SIGKILL")), settings.shutdownGraceMs + 2000);
    await Promise.all(exited);
    clearTimeout(force);
    await upstream?.stop();
    process.exit(code);
  }
  process.on("SIGTERM", () => {
    say("SIGTERM: draining (no new connections; requests in flight finish)");
    void stop(0);
  });
  process.on("SIGINT", () => void stop(0));

  if (upstream) {
    try {
      await upstream.ready();
    } catch (error) {
      say((error as Error).message);
      await stop(1);
      return;
    }
  }
  for (let slot = 0; slot < settings.workers; slot++) fork(slot);
  // One scrape covers every worker (collected over the cluster's channel, each labelled).
  const metrics = config.METRICS_PORT ? await startMetricsServer() : null;
  process.once("exit", () => metrics?.close());
  let listening = 0;
  cluster.on("listening", () => {
    if (++listening === settings.workers)
      console.log(
        `[server] portal at ${process.env.PUBLIC_ORIGIN} (${settings.workers} worker${settings.workers > 1 ? "s" : ""})`,
      );
  });
}

/**
 * The environment every process of the portal shares, completed from the checked configuration:
 * absolute DATA_DIR, production mode, and in demo mode (no API_URL) the embedded upstream's address
 * and the public origin (with API_URL the check already required PUBLIC_ORIGIN). The workers
 * inherit it. Answers whether this is demo mode.
 */
export function prepareEnvironment(root: string): boolean {
  const env = process.env;
  // An empty setting is an unset one (as the check read it).
  for (const name of CONFIG_KEYS) if (env[name] === "") delete env[name];
  env.NODE_ENV ??= "production";
  env.DATA_DIR = path.resolve(root, env.DATA_DIR ?? "data");
  mkdirSync(env.DATA_DIR, { recursive: true });
  const demo = !env.API_URL;
  if (demo) {
    // Absolute addresses for the outside world start with the public origin, never with a request's
    // Host header. The demo's is this machine's port; production services need it said.
    env.PUBLIC_ORIGIN ??= `http://localhost:${settings.port}`;
    env.API_URL = `http://${settings.upstreamHost}:${settings.upstreamPort}`;
  }
  return demo;
}

function portFree(port: number, host: string | undefined): Promise<boolean> {
  if (port === 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(true)));
  });
}
