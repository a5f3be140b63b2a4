import http from "node:http";
import path from "node:path";
import net, { type AddressInfo } from "node:net";
import express from "express";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { portalEnv } from "./harness";

/**
 * The portal's server in front of Remix (server/app.ts, mountEdge): what it refuses before Remix reads
 * a byte, with its own pages carrying the portal's security headers; the request id; the client's
 * address from TRUST_PROXY_HOPS. A stand-in records what would reach Remix.
 */

const env = portalEnv({
  COOKIE_SECURE: "true",
  HSTS_MAX_AGE: "31536000",
  TRUST_PROXY_HOPS: "1",
  METRICS_TOKEN: "metrics-token-metrics-token",
});
const { mountEdge } = await import("../../server/app");
const { currentRequest } = await import("~/server/infra/request-context.server");
const { applySecurityHeaders } = await import("~/server/infra/security-headers.server");

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});
afterAll(() => env.cleanup());

/** The edge in front of a stand-in for Remix that records each request and its context. */
async function portal() {
  const reached: string[] = [];
  const app = express();
  mountEdge(app, {});
  app.all("*", (req, res) => {
    reached.push(`${req.method} ${req.originalUrl} ${req.headers.host}`);
    req.resume();
    res.json(currentRequest());
  });
  const server = http.createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { port: (server.address() as AddressInfo).port, reached };
}

/** One raw request on a connection of its own, so that any Host header can be sent as written. */
function rawRequest(
  port: number,
  lines: string[],
): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(`${lines.join("\r\n")}\r\n\r\n`));
    let text = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => (text += chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const [head = "", body = ""] = text.split("\r\n\r\n");
      const [status = "", ...rest] = head.split("\r\n");
      const headers = Object.fromEntries(
        rest.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]),
      );
      resolve({ status: Number(status.split(" ")[1]), headers, body });
    });
  });
}

describe("a malformed Host header", () => {
  it.each(["[::1", "a b", "localhost:99999", "exa mple.com:80", "host/path", ""])(
    "Host %j answers 400 (not Remix's 500) and never reaches Remix",
    async (host) => {
      const { port, reached } = await portal();
      const answer = await rawRequest(port, ["GET /login HTTP/1.1", `Host: ${host}`, "Connection: close"]);
      expect(answer.status).toBe(400);
      expect(answer.body).toContain("Bad request");
      expect(answer.headers["x-frame-options"]).toBe("DENY");
      expect(reached).toEqual([]);
    },
  );

  it.each(["localhost:3000", "127.0.0.1:3000", "[::1]:3000", "portal.example.com", "evil.example"])(
    "Host %j is passed on",
    async (host) => {
      const { port, reached } = await portal();
      const answer = await rawRequest(port, ["GET /login HTTP/1.1", `Host: ${host}`, "Connection: close"]);
      expect(answer.status).toBe(200);
      expect(reached).toEqual([`GET /login ${host}`]);
    },
  );
});

describe("the server's own pages carry the portal's security headers", () => {
  it("403 (a cross-site post), 413 (too large), 411 (no length) and 400 (bad Host) carry every header the portal's pages carry", async () => {
    const portalHeaders = new Headers();
    applySecurityHeaders(portalHeaders);
    const expected = [...portalHeaders.entries()];
    expect(expected.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        "x-content-type-options",
        "x-frame-options",
        "referrer-policy",
        "strict-transport-security",
      ]),
    );
    const { port, reached } = await portal();
    const answers = {
      403: await rawRequest(port, [
        "POST /login HTTP/1.1",
        "Host: localhost",
        "Origin: https://evil.example",
        "Content-Length: 0",
        "Connection: close",
      ]),
      413: await rawRequest(port, [
        "POST /login HTTP/1.1",
        "Host: localhost",
        "Content-Length: 70000",
        "Connection: close",
      ]),
      411: await rawRequest(port, [
        "POST /login HTTP/1.1",
        "Host: localhost",
        "Transfer-Encoding: chunked",
        "Connection: close",
        "",
        "0",
      ]),
      400: await rawRequest(port, ["GET /login HTTP/1.1", "Host: [::1", "Connection: close"]),
    };
    for (const [status, answer] of Object.entries(answers)) {
      expect(answer.status, status).toBe(Number(status));
      for (const [name, value] of expected) expect(answer.headers[name], `${status} ${name}`).toBe(value);
      expect(answer.headers["content-security-policy"], status).toContain("default-src 'none'");
      expect(answer.headers["cache-control"], status).toBe("no-store");
    }
    expect(answers[413].body).toContain("What was sent is too large.");
    expect(reached).toEqual([]);
  });

  it("a photo over the upload limit is told as the photo form tells it, with the way back; under it, it passes", async () => {
    const { port, reached } = await portal();
    const over = await rawRequest(port, [
      "POST /profile/photo HTTP/1.1",
      "Host: localhost",
      `Content-Length: ${5 * 1024 * 1024 + 64 * 1024 + 1}`,
      "Referer: http://localhost/welcome",
      "Connection: close",
    ]);
    expect(over.status).toBe(413);
    expect(over.body).toContain("The photo is larger than 5 MB. Please choose a smaller one.");
    expect(over.body).toContain('<a href="/welcome">Back to your photo</a>');
    const under = await rawRequest(port, [
      "POST /profile/photo HTTP/1.1",
      "Host: localhost",
      "Content-Length: 70000",
      "Connection: close",
      "",
      "x".repeat(70000),
    ]);
    expect(under.status).toBe(200);
    expect(reached).toEqual(["POST /profile/photo localhost"]);
  });
});

describe("the request context Remix gets", () => {
  it("the client address is the entry the one trusted proxy appended, not one the client wrote", async () => {
    const { port } = await portal();
    const answer = await rawRequest(port, [
      "GET /home HTTP/1.1",
      "Host: localhost",
      "X-Forwarded-For: 10.9.9.9, 198.51.100.1",
      "Connection: close",
    ]);
    expect(JSON.parse(answer.body)).toMatchObject({ clientAddress: "198.51.100.1" });
  });

  it("keeps a balancer's request id and returns it; replaces one that is not an id", async () => {
    const { port } = await portal();
    const kept = await rawRequest(port, [
      "GET /home HTTP/1.1",
      "Host: localhost",
      "X-Request-Id: abc-123.def",
      "Connection: close",
    ]);
    expect(kept.headers["x-request-id"]).toBe("abc-123.def");
    expect(JSON.parse(kept.body)).toMatchObject({ requestId: "abc-123.def" });
    const replaced = await rawRequest(port, [
      "GET /home HTTP/1.1",
      "Host: localhost",
      "X-Request-Id: <script>",
      "Connection: close",
    ]);
    expect(replaced.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("a client's X-Forwarded-Host never reaches Remix (it would choose the portal's host)", async () => {
    const app = express();
    mountEdge(app, {});
    let seen: unknown = "not reached";
    app.all("*", (req, res) => {
      seen = req.headers["x-forwarded-host"];
      res.end();
    });
    const server = http.createServer(app);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as AddressInfo).port;
    await rawRequest(port, [
      "GET /home HTTP/1.1",
      "Host: localhost",
      "X-Forwarded-Host: evil.example",
      "Connection: close",
    ]);
    expect(seen).toBeUndefined();
  });
});

describe("static files and readiness", () => {
  it("a hashed asset is kept a year and immutable, and carries the security headers; other public files an hour", async () => {
    const { mkdirSync, writeFileSync } = await import("node:fs");
    const dir = path.join(env.dataDir, "client");
    mkdirSync(path.join(dir, "assets"), { recursive: true });
    writeFileSync(path.join(dir, "assets", "app-abc123.js"), "console.log(1)");
    writeFileSync(path.join(dir, "robots.txt"), "User-agent: *");
    const app = express();
    mountEdge(app, { clientDir: dir });
    const server = http.createServer(app);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as AddressInfo).port;
    const asset = await rawRequest(port, [
      "GET /assets/app-abc123.js HTTP/1.1",
      "Host: localhost",
      "Connection: close",
    ]);
    expect(asset.status).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(asset.headers["x-frame-options"]).toBe("DENY");
    const file = await rawRequest(port, ["GET /robots.txt HTTP/1.1", "Host: localhost", "Connection: close"]);
    expect(file.headers["cache-control"]).toBe("public, max-age=3600");
  });

  it("/readyz says whether this instance can serve, not whether the shared upstream answers; the detail only with the metrics token", async () => {
    const { setBuildLoaded, setDraining, checkUpstream } = await import("../../server/readiness");
    const { register } = await import("prom-client");
    const { port } = await portal();
    const ask = (headers: string[] = []) =>
      rawRequest(port, ["GET /readyz HTTP/1.1", "Host: localhost", ...headers, "Connection: close"]);
    setBuildLoaded(false);
    expect((await ask()).status).toBe(503);
    setBuildLoaded();
    // The upstream (http://upstream.test) does not answer: this instance is ready all the same.
    const ready = await ask();
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.body)).toEqual({ ready: true });
    // The operator (the metrics token) learns what each check says.
    const detail = await ask([`Authorization: Bearer ${process.env.METRICS_TOKEN}`]);
    expect(JSON.parse(detail.body)).toEqual({ ready: true, checks: { build: "ok", draining: "ok", stores: "ok" } });
    expect(JSON.parse((await ask(["Authorization: Bearer wrong-token-wrong-token"])).body)).toEqual({ ready: true });
    // Draining: not ready, so the balancer sends nothing new.
    setDraining();
    try {
      expect((await ask()).status).toBe(503);
    } finally {
      setDraining(false);
    }
    // The upstream's health is a metric, and a log line when it changes.
    const { expectConsoleErrors } = await import("../setup");
    expectConsoleErrors();
    expect(await checkUpstream()).toBe(false);
    expect(await register.getSingleMetricAsString("portal_upstream_up")).toMatch(/portal_upstream_up 0$/m);
  });
});
