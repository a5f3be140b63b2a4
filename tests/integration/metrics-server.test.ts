import cluster, { type Worker } from "node:cluster";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMetricsServer } from "../../server/observability/metrics";

const TOKEN = "a-scrape-token-of-some-length";
const workers: Worker[] = [];
let metrics: Server;
let base: string;

/** A worker forked as the portal's primary forks them (TypeScript through tsx), once it is ready. */
function fork(): Promise<Worker> {
  return new Promise((resolve, reject) => {
    const worker = cluster.fork();
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
  await Promise.all([fork(), fork()]);
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

  it("serves every worker's metrics summed in one scrape", async () => {
    const response = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    const text = await response.text();
    // Three from each of the two workers: the primary asked both.
    expect(text).toMatch(/^fixture_worker_requests_total 6$/m);
    expect(text).toContain("nodejs_eventloop_lag_seconds");
    expect(text).toContain("process_resident_memory_bytes");
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
      expect(await response.text()).toMatch(/^fixture_worker_requests_total 6$/m);
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
