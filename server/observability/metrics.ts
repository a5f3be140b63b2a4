import { timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { RequestHandler } from "express";
import { AggregatorRegistry, Histogram, collectDefaultMetrics, register } from "prom-client";
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

/**
 * Records every request's duration, labelled by the Remix route that answered it (never the path:
 * ids and slugs would make one series per agent or ship). A request the client gave up on before
 * the answer ended counts as status 499, as the balancers write it.
 */
export function httpMetrics(resolveRouteId: (pathname: string) => string): RequestHandler {
  const histogram = httpDuration();
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    let recorded = false;
    const record = () => {
      if (recorded) return;
      recorded = true;
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
 * In each worker: the process's own metrics (event-loop lag, memory, CPU, handles) in the default
 * registry, and the answer to the primary's requests for them. prom-client only answers once an
 * AggregatorRegistry exists in the worker, so one is made here. Safe to call more than once.
 */
export function collectProcessMetrics(): void {
  if (!register.getSingleMetric("nodejs_eventloop_lag_seconds")) collectDefaultMetrics();
  new AggregatorRegistry();
}

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * In the cluster's primary: GET /metrics on its own port, the sum of every worker's metrics
 * (collected over the cluster's message channel when scraped), so one scrape covers the host.
 * Loopback unless told otherwise; with a token, a scrape without `Authorization: Bearer <token>`
 * is refused. Resolves once listening; a port already taken rejects with an error naming it.
 */
export function startMetricsServer(options: { port?: number; host?: string; token?: string } = {}): Promise<Server> {
  const config = readObservabilityConfig();
  const port = options.port ?? config.METRICS_PORT;
  const host = options.host ?? config.METRICS_HOST;
  const token = options.token ?? config.METRICS_TOKEN;
  const aggregator = new AggregatorRegistry();

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
    aggregator.clusterMetrics().then(
      (text) => {
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
