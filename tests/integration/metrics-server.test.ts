import cluster, { type Worker } from "node:cluster";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countWorkerRestart, startMetricsServer } from "../../server/observability/metrics";

const TOKEN = "a-scrape-token-of-some-length";
const workers: Worker[] = [];
const instance = `${os.hostname()}:${process.env.PORT ?? 3000}`;
let metrics: Server;
let base: string;

/** A worker forked as the portal's primary forks them (TypeScript through tsx, its slot), once it is ready. */
function fork(slot: number): Promise<Worker> {
  return new Promise((resolve, reject) => {
    const worker = cluster.fork({ PORTAL_WORKER: String(slot) });
    workers.push(worker);
    worker.once("message", (message) => (message === "ready" ? resolve(worker) : reject(new Error(String(message)))));
    worker.once("exit", (code) => reject(new Error(`worker exited with ${code}`)));
  });
}

beforeAll(async () => {
  cluster.setupPrimary({
    exec: path.resolve(import.meta.dirname, "../fixtures/metrics-worker.ts"),
    execArgv: ["--import", "tsx"],
    silent: true,
  });
  await Promise.all([fork(0), fork(1)]);
  metrics = await startMetricsServer({ port: 0, host: "127.0.0.1", token: TOKEN });
  base = `http://127.0.0.1:${(metrics.address() as AddressInfo).port}`;
}, 15_000);

afterAll(async () => {
  await new Promise<void>((resolve) => (metrics ? metrics.close(() => resolve()) : resolve()));
  await Promise.all(
    workers.map(
      (worker) =>
        new Promise<void>((resolve) => {
          if (worker.isDead()) return resolve();
          worker.once("exit", () => resolve());
          worker.kill();
        }),
    ),
  );
});

describe("the metrics server", () => {
  it("refuses a scrape without the token, or with another", async () => {
    const without = await fetch(`${base}/metrics`);
    expect(without.status).toBe(401);
    expect(await without.text()).not.toContain("fixture_worker_requests_total");
    const wrong = await fetch(`${base}/metrics`, { headers: { authorization: "Bearer not-the-token" } });
    expect(wrong.status).toBe(401);
  });

  it("serves every worker's metrics in one scrape, each series labelled with its instance and worker", async () => {
    const response = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    const text = await response.text();
    // Three from each of the two workers: the primary asked both.
    for (const worker of ["0", "1"]) {
      expect(text).toContain(`fixture_worker_requests_total{instance="${instance}",worker="${worker}"} 3`);
      expect(text).toContain(`nodejs_eventloop_lag_seconds{instance="${instance}",worker="${worker}"}`);
    }
    expect(text).toContain("process_resident_memory_bytes");
  });

  it("counts what an operator alerts on, by fixed words and templates only", async () => {
    countWorkerRestart("crashed");
    const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
    const labels = (worker: string) => `instance="${instance}",worker="${worker}"`;
    for (const worker of ["0", "1"]) {
      const of = labels(worker);
      expect(text).toContain(`portal_build_info{version="build-abc123",${of}} 1`);
      // One request still being answered in each worker.
      expect(text).toContain(`portal_http_requests_in_flight{${of}} 1`);
      expect(text).toContain(
        `portal_http_request_duration_seconds_count{route="routes/home",method="GET",status="200",${of}} 1`,
      );
      expect(text).toContain(
        `portal_upstream_requests_total{service="api",endpoint="/agents/:id/branches",outcome="ok",${of}} 1`,
      );
      expect(text).toContain(
        `portal_upstream_requests_total{service="api",endpoint="/agents/:id/branches",outcome="http_5xx",${of}} 1`,
      );
      expect(text).toContain(`portal_store_operations_total{store="session",kind="redis",operation="read",${of}} 1`);
      expect(text).toContain(`portal_store_operations_total{store="session",kind="redis",operation="create",${of}} 1`);
      expect(text).toContain(`portal_store_errors_total{store="session",kind="redis",operation="create",${of}} 1`);
      expect(text).not.toContain(`portal_store_errors_total{store="session",kind="redis",operation="read"`);
      expect(text).toContain(`portal_rate_limit_refusals_total{limiter="sign-in",${of}} 1`);
    }
    // The primary's own: restarts, labelled with the instance alone.
    expect(text).toContain(`portal_worker_restarts_total{reason="crashed",instance="${instance}"} 1`);
    expect(text).toContain(`portal_worker_restarts_total{reason="wedged",instance="${instance}"} 0`);
    // No raw id, token or query ever becomes a label value.
    const values = [...text.matchAll(/="([^"]*)"/g)].map((m) => m[1]);
    expect(values.filter((value) => /1000001|1000002|s3cr3t|\?/.test(value ?? ""))).toEqual([]);
  });

  it("answers only /metrics", async () => {
    const response = await fetch(`${base}/other`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(404);
  });

  it("needs no token when none is set", async () => {
    const open = await startMetricsServer({ port: 0, host: "127.0.0.1", token: undefined });
    try {
      const response = await fetch(`http://127.0.0.1:${(open.address() as AddressInfo).port}/metrics`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain(`fixture_worker_requests_total{instance="${instance}",worker="1"} 3`);
    } finally {
      await new Promise<void>((resolve) => open.close(() => resolve()));
    }
  });

  it("rejects a port that is taken with an error naming it", async () => {
    const taken = await new Promise<Server>((resolve) => {
      const s = createServer().listen(0, "127.0.0.1", () => resolve(s));
    });
    const port = (taken.address() as AddressInfo).port;
    try {
      await expect(startMetricsServer({ port, host: "127.0.0.1" })).rejects.toThrow(
        `Metrics port 127.0.0.1:${port} is already in use`,
      );
    } finally {
      await new Promise<void>((resolve) => taken.close(() => resolve()));
    }
  });
});
