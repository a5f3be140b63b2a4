import cluster from "node:cluster";
import { timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:http";
import os from "node:os";
import type { RequestHandler } from "express";
import { AggregatorRegistry, Counter, Gauge, Histogram, Registry, collectDefaultMetrics, register } from "prom-client";
import { readObservabilityConfig } from "./config";

const HTTP_DURATION = "portal_http_request_duration_seconds";

/** Methods a label may name; anything else is "other", so a client cannot invent label values. */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/**
 * The request-duration histogram in the process's default registry (the one the cluster's primary
 * collects). Taken from the registry when it is already there: this module may be evaluated twice
 * in one process (tests, a reload), and a second registration throws.
 */
function httpDuration(): Histogram<"route" | "method" | "status"> {
  return (
    (register.getSingleMetric(HTTP_DURATION) as Histogram<"route" | "method" | "status"> | undefined) ??
    new Histogram({
      name: HTTP_DURATION,
      help: "Time from a request's arrival to the end of its answer, by Remix route id, method and status.",
      labelNames: ["route", "method", "status"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    })
  );
}

/** Requests being answered now, in this worker (the primary's scrape lists each worker's). */
function inFlight(): Gauge {
  return (
    (register.getSingleMetric("portal_http_requests_in_flight") as Gauge | undefined) ??
    new Gauge({ name: "portal_http_requests_in_flight", help: "Requests arrived and not yet answered." })
  );
}

/**
 * Records every request's duration, labelled by the Remix route that answered it (never the path:
 * ids and slugs would make one series per agent or ship). A request the client gave up on before
 * the answer ended counts as status 499, as the balancers write it.
 */
export function httpMetrics(resolveRouteId: (pathname: string) => string): RequestHandler {
  const histogram = httpDuration();
  const gauge = inFlight();
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    gauge.inc();
    let recorded = false;
    const record = () => {
      if (recorded) return;
      recorded = true;
      gauge.dec();
      const url = req.originalUrl ?? req.url;
      const end = url.search(/[?#]/);
      const path = end < 0 ? url : url.slice(0, end);
      histogram.observe(
        {
          route: resolveRouteId(path),
          method: METHODS.has(req.method) ? req.method : "other",
          status: String(res.writableFinished ? res.statusCode : 499),
        },
        Number(process.hrtime.bigint() - started) / 1e9,
      );
    };
    res.once("finish", record);
    res.once("close", record);
    next();
  };
}

/**
 * This portal instance as a label value: the host and the portal's port, what the balancer knows it
 * by (several instances may share a host, each with its own metrics port).
 */
export function instanceLabel(): string {
  return `${os.hostname()}:${readObservabilityConfig().PORT}`;
}

/**
 * In each worker: every series carries `instance` and `worker` (the worker's slot, 0 to
 * WEB_CONCURRENCY − 1, which a replacement takes over, so restarts add no series); the process's
 * own metrics (event-loop lag, memory, CPU, handles); `portal_build_info{version}` for the build it
 * serves; and the answer to the primary's requests for them (prom-client only answers once an
 * AggregatorRegistry exists in the worker, so one is made here). Safe to call more than once.
 */
export function collectProcessMetrics(options: { version?: string; worker?: string } = {}): void {
  register.setDefaultLabels({
    instance: instanceLabel(),
    worker: options.worker ?? process.env.PORTAL_WORKER ?? String(cluster.worker?.id ?? 0),
  });
  if (!register.getSingleMetric("nodejs_eventloop_lag_seconds")) collectDefaultMetrics();
  if (options.version !== undefined) {
    const info =
      (register.getSingleMetric("portal_build_info") as Gauge<"version"> | undefined) ??
      new Gauge({
        name: "portal_build_info",
        help: "The build this worker serves (always 1; the version is the label).",
        labelNames: ["version"],
      });
    info.reset();
    info.set({ version: options.version }, 1);
  }
  new AggregatorRegistry();
}

/** The primary's own metrics (the workers' come over the cluster's channel): served with theirs. */
const primaryRegistry = new Registry();
const restarts = new Counter({
  name: "portal_worker_restarts_total",
  help: "Workers the primary replaced, by reason (crashed: it exited; wedged: its event loop stopped beating).",
  labelNames: ["reason"],
  registers: [primaryRegistry],
});

/** In the primary: one worker replaced. */
export function countWorkerRestart(reason: "crashed" | "wedged"): void {
  primaryRegistry.setDefaultLabels({ instance: instanceLabel() });
  restarts.inc({ reason });
}

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * In the cluster's primary: GET /metrics on its own port, every worker's metrics (collected over the
 * cluster's message channel when scraped, each series labelled with its worker) and the primary's
 * own, so one scrape covers the instance.
 * Loopback unless told otherwise; with a token, a scrape without `Authorization: Bearer <token>`
 * is refused. Resolves once listening; a port already taken rejects with an error naming it.
 */
export function startMetricsServer(options: { port?: number; host?: string; token?: string } = {}): Promise<Server> {
  const config = readObservabilityConfig();
  const port = options.port ?? config.METRICS_PORT;
  const host = options.host ?? config.METRICS_HOST;
  const token = options.token ?? config.METRICS_TOKEN;
  const aggregator = new AggregatorRegistry();
  primaryRegistry.setDefaultLabels({ instance: instanceLabel() });
  // Both reasons from the start, at 0: an alert on their increase has a series before the first restart.
  for (const reason of ["crashed", "wedged"]) restarts.inc({ reason }, 0);

  const server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    if (path !== "/metrics") {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found\n");
      return;
    }
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { allow: "GET, HEAD", "content-type": "text/plain" }).end("method not allowed\n");
      return;
    }
    if (token !== undefined && !sameSecret(req.headers.authorization ?? "", `Bearer ${token}`)) {
      res.writeHead(401, { "www-authenticate": "Bearer", "content-type": "text/plain" }).end("unauthorized\n");
      return;
    }
    Promise.all([aggregator.clusterMetrics(), primaryRegistry.metrics()]).then(
      ([workers, primary]) => {
        const text = `${workers.trimEnd()}\n${primary}`;
        res.writeHead(200, { "content-type": aggregator.contentType, "cache-control": "no-store" });
        res.end(req.method === "HEAD" ? undefined : text);
      },
      (error: unknown) => {
        // A worker that does not answer in time (stuck, restarting) fails the scrape, which the
        // scraper records as down: better than a partial sum that looks like a drop in traffic.
        res.writeHead(503, { "content-type": "text/plain" });
        res.end(`metrics unavailable: ${error instanceof Error ? error.message : String(error)}\n`);
      },
    );
  });

  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      const reason =
        error.code === "EADDRINUSE" ? "is already in use" : `could not be opened (${error.code ?? error.message})`;
      reject(new Error(`Metrics port ${host}:${port} ${reason}`, { cause: error }));
    };
    server.once("error", onError);
    server.listen(port, host, () => {
      server.off("error", onError);
      resolve(server);
    });
  });
}
