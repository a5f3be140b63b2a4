import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { delay, http, HttpResponse, passthrough } from "msw";
import { register } from "prom-client";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { mswUpstream, portalEnv } from "./harness";

const env = portalEnv();
const { requestContext } = await import("~/server/infra/request-context.server");
const { fetchRates } = await import("~/server/clients/forex.server");
const { createLogger, requestLogger } = await import("../../server/observability/logger");
const { httpMetrics } = await import("../../server/observability/metrics");
const { routeIdResolver } = await import("../../server/observability/route-id");

const API = "http://upstream.test";
const server = mswUpstream(env);
// The test's own requests to its local server go through; only the upstream is mocked.
beforeEach(() => server.use(http.all(/^http:\/\/127\.0\.0\.1:\d+\//, () => passthrough())));

const route = (id: string, parentId: string | undefined, path?: string) => ({
  id,
  parentId,
  path,
  index: undefined,
  caseSensitive: undefined,
  module: {} as never,
});
const resolveRouteId = routeIdResolver({
  routes: Object.fromEntries(
    [
      route("root", undefined, ""),
      route("routes/account/reset-password", "root", "reset-password"),
      route("routes/resources/healthz", "root", "healthz"),
      route("routes/boom", "root", "boom"),
    ].map((r) => [r.id, r]),
  ),
  basename: undefined,
});

/** What the logger wrote, one JSON line per entry. */
const output: string[] = [];
const logger = createLogger({ level: "info", destination: { write: (line: string) => void output.push(line) } });

const app = express();
// As the portal's server does before any of its middleware: the request's id in its context.
app.use((req, _res, next) => {
  const incoming = req.get("x-request-id");
  requestContext.run({ requestId: incoming ?? "made-up-id", clientAddress: "127.0.0.1" }, next);
});
app.use(requestLogger({ logger, resolveRouteId }));
app.use(httpMetrics(resolveRouteId));
app.get("/reset-password", (_req, res) => void res.send("form"));
app.get("/healthz", (_req, res) => void res.send("ok"));
app.get("/assets/app.js", (_req, res) => void res.type("js").send("1"));
app.get("/boom", (_req, res) => void res.status(500).send("broken"));

let listening: Server;
let base: string;
beforeAll(async () => {
  listening = await new Promise<Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  base = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => listening.close(() => resolve())));

/** The log lines once `count` of them are written (the line is written when the answer has finished). */
async function lines(count: number): Promise<Array<Record<string, unknown>>> {
  for (let i = 0; i < 100 && output.length < count; i++) await new Promise((r) => setTimeout(r, 10));
  return output.map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** The value of one sample line of the default registry, 0 when absent. */
async function sample(line: string): Promise<number> {
  const text = await register.metrics();
  const found = text.split("\n").find((l) => l.startsWith(`${line} `));
  return found ? Number(found.slice(line.length + 1)) : 0;
}

describe("the request log", () => {
  it("writes one line per request without the query, the cookie or the authorization", async () => {
    output.length = 0;
    const response = await fetch(`${base}/reset-password?token=secret-one-time-token&x=1`, {
      headers: {
        cookie: "__session=cookie-value-123; other=cookie-value-456",
        authorization: "Bearer auth-value-789",
        "x-request-id": "balancer-id-1",
        "user-agent": "test-agent/1.0",
      },
    });
    expect(response.status).toBe(200);
    const [line, ...more] = await lines(1);
    expect(more).toHaveLength(0);
    expect(line).toMatchObject({
      level: 30,
      pid: process.pid,
      method: "GET",
      path: "/reset-password",
      status: 200,
      requestId: "balancer-id-1",
      route: "routes/account/reset-password",
      userAgent: "test-agent/1.0",
      msg: "request completed",
    });
    expect(typeof line!.durationMs).toBe("number");
    const text = output.join("");
    for (const secret of [
      "secret-one-time-token",
      "token=",
      "cookie-value-123",
      "cookie-value-456",
      "auth-value-789",
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(/"headers"|"query"/);
  });

  it("leaves health checks and static files out at info, and logs a 500 as an error", async () => {
    output.length = 0;
    await (await fetch(`${base}/healthz`)).text();
    await (await fetch(`${base}/assets/app.js`)).text();
    await (await fetch(`${base}/boom`, { headers: { "x-request-id": "balancer-id-2" } })).text();
    const written = await lines(1);
    // Give any line the quiet requests might still write the time to arrive.
    await new Promise((r) => setTimeout(r, 50));
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ level: 50, path: "/boom", status: 500, requestId: "balancer-id-2" });
  });

  it("logs the quiet requests too when the level is debug", async () => {
    const debugOutput: string[] = [];
    const debugApp = express();
    debugApp.use(
      requestLogger({
        logger: createLogger({ level: "debug", destination: { write: (line: string) => void debugOutput.push(line) } }),
      }),
    );
    debugApp.get("/healthz", (_req, res) => void res.send("ok"));
    const s = await new Promise<Server>((resolve) => {
      const started = debugApp.listen(0, "127.0.0.1", () => resolve(started));
    });
    await (await fetch(`http://127.0.0.1:${(s.address() as AddressInfo).port}/healthz`)).text();
    for (let i = 0; i < 100 && debugOutput.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    await new Promise<void>((resolve) => s.close(() => resolve()));
    expect(debugOutput).toHaveLength(1);
    expect(JSON.parse(debugOutput[0]!)).toMatchObject({ level: 20, path: "/healthz", status: 200 });
  });
});

describe("the request metrics", () => {
  it("counts requests by route id, method and exact status, never by path", async () => {
    const ok =
      'portal_http_request_duration_seconds_count{route="routes/account/reset-password",method="GET",status="200"}';
    const failed = 'portal_http_request_duration_seconds_count{route="routes/boom",method="GET",status="500"}';
    const before = { ok: await sample(ok), failed: await sample(failed) };
    await (await fetch(`${base}/reset-password?token=a`)).text();
    await (await fetch(`${base}/reset-password?token=b`)).text();
    await (await fetch(`${base}/boom`)).text();
    await lines(0);
    await new Promise((r) => setTimeout(r, 20));
    expect(await sample(ok)).toBe(before.ok + 2);
    expect(await sample(failed)).toBe(before.failed + 1);
    const text = await register.metrics();
    expect(text).not.toContain("token=");
    expect(text).not.toContain('route="/reset-password"');
  });
});

describe("the upstream calls", () => {
  const rates = (base: string) => [{ base, date: "2026-11-20", rates: { EUR: 0.9 } }];
  const count = (outcome: string) =>
    sample(`portal_upstream_request_duration_seconds_count{service="forex",outcome="${outcome}"}`);

  it("send the request's id and count a success", async () => {
    const seen: Array<string | null> = [];
    server.use(
      http.get(`${API}/api/forex`, ({ request }) => {
        seen.push(request.headers.get("x-request-id"));
        return HttpResponse.json(rates("USD"));
      }),
    );
    const before = await count("ok");
    await requestContext.run({ requestId: "test-id", clientAddress: "x" }, () => fetchRates("USD"));
    expect(seen).toEqual(["test-id"]);
    expect(await count("ok")).toBe(before + 1);
  });

  it("name the request in the failure's log line", async () => {
    server.use(http.get(`${API}/api/forex`, () => HttpResponse.json({}, { status: 503 })));
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      await expect(
        requestContext.run({ requestId: "test-id-2", clientAddress: "x" }, () => fetchRates("SEK")),
      ).rejects.toThrow();
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^\[upstream\] forex .* 503 .*\(request test-id-2\)$/));
    } finally {
      warn.mockRestore();
    }
  });

  it("send no request id outside a request", async () => {
    const seen: Array<string | null> = [];
    server.use(
      http.get(`${API}/api/forex`, ({ request }) => {
        seen.push(request.headers.get("x-request-id"));
        return HttpResponse.json(rates("CAD"));
      }),
    );
    await fetchRates("CAD");
    expect(seen).toEqual([null]);
  });

  it.each([
    ["http_5xx", "GBP", () => HttpResponse.json({}, { status: 500 })],
    ["http_4xx", "JPY", () => HttpResponse.json({ message: "unknown base" }, { status: 404 })],
    ["malformed", "AUD", () => HttpResponse.json([{ base: "AUD" }])],
    [
      "timeout",
      "CHF",
      async () => {
        await delay(1_000);
        return HttpResponse.json(rates("CHF"));
      },
    ],
    ["unavailable", "NZD", () => HttpResponse.error()],
  ] as const)("count a %s failure as such", async (outcome, currency, answer) => {
    server.use(http.get(`${API}/api/forex`, answer));
    const before = { failed: await count(outcome), ok: await count("ok") };
    await expect(fetchRates(currency)).rejects.toThrow();
    expect(await count(outcome)).toBe(before.failed + 1);
    expect(await count("ok")).toBe(before.ok);
  });
});
