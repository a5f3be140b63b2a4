import { Histogram, register } from "prom-client";

/** How an upstream call ended, as operators count them. */
export type UpstreamOutcome = "ok" | "http_4xx" | "http_5xx" | "timeout" | "unavailable" | "malformed";

const NAME = "portal_upstream_request_duration_seconds";

/**
 * The upstream-call histogram, in prom-client's default registry: the one the portal's server
 * serves and the cluster's primary collects (prom-client is not bundled into the app's build, so
 * the build and the server share it). Taken from the registry when it is already there, since this
 * module is evaluated more than once in one process (the build's copy, the tests' reloads) and a
 * second registration throws.
 */
const histogram = (): Histogram<"service" | "outcome"> =>
  (register.getSingleMetric(NAME) as Histogram<"service" | "outcome"> | undefined) ??
  new Histogram({
    name: NAME,
    help: "Time of each upstream call from sending to its outcome, by service and outcome.",
    labelNames: ["service", "outcome"],
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  });

/** Records one finished upstream call; `started` is its performance.now() at sending. */
export function recordUpstream(service: string, outcome: UpstreamOutcome, started: number): void {
  histogram().observe({ service, outcome }, (performance.now() - started) / 1000);
}
