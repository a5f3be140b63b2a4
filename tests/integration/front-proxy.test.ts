import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { edgeSecurityHeaders, startFrontProxy } from "../../scripts/front-proxy.mjs";
import { expectConsoleErrors } from "../setup";
import { portalEnv } from "./harness";

/**
 * The front proxy keeps its connections to the portal open between requests. A pooled connection
 * the portal has just closed (its keep-alive timeout, or a restart) can still be picked for the next
 * request, which then fails: the agent on a slow hotel connection would be told the portal is
 * restarting. Here the portal closes every connection it has answered on once, on the next request.
 */

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

async function listen(server: http.Server): Promise<number> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

/** A portal that answers a connection's first request and drops the connection at its second. */
async function portalDroppingReusedConnections() {
  const seen = new WeakSet<object>();
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    if (seen.has(req.socket)) {
      req.socket.destroy();
      return;
    }
    seen.add(req.socket);
    req.resume();
    req.on("end", () => {
      const text = `answered ${req.method} ${req.url}`;
      // With its length said, a HEAD's connection stays open for the next request too.
      res.writeHead(200, { "content-type": "text/plain", "content-length": Buffer.byteLength(text) });
      res.end(req.method === "HEAD" ? undefined : text);
    });
  });
  server.keepAliveTimeout = 5_000;
  return { port: await listen(server), requests };
}

async function proxyTo(port: number): Promise<number> {
  const proxy = startFrontProxy({
    host: "127.0.0.1",
    port: 0,
    targets: () => [port],
    bodyLimit: 64 * 1024,
    securityHeaders: {},
  });
  servers.push(proxy);
  await new Promise<void>((resolve) => (proxy.listening ? resolve() : proxy.once("listening", () => resolve())));
  return (proxy.address() as AddressInfo).port;
}

/** One request on a connection of its own, as a new browser connection would be. */
async function send(port: number, method: string, path: string, body?: string) {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    body,
    headers: body ? { "content-type": "application/x-www-form-urlencoded" } : {},
  });
  return { status: response.status, text: await response.text() };
}

describe("the front proxy and a connection the portal has closed", () => {
  it("sends a GET or HEAD again on a new connection, so the agent gets the page, not 'restarting'", async () => {
    const portal = await portalDroppingReusedConnections();
    const proxy = await proxyTo(portal.port);
    expect(await send(proxy, "GET", "/home")).toEqual({ status: 200, text: "answered GET /home" });
    // The pooled connection is picked and dropped; the request goes again on a fresh one.
    expect(await send(proxy, "GET", "/itinerary/results?page=2")).toEqual({
      status: 200,
      text: "answered GET /itinerary/results?page=2",
    });
    // A HEAD on a new pooled connection, then on the same one again.
    expect((await send(proxy, "HEAD", "/login")).status).toBe(200);
    expect((await send(proxy, "HEAD", "/login")).status).toBe(200);
    expect(portal.requests).toEqual([
      "GET /home",
      "GET /itinerary/results?page=2",
      "GET /itinerary/results?page=2",
      "HEAD /login",
      "HEAD /login",
      "HEAD /login",
    ]);
  });

  it("does not send a form post twice (the portal may have acted on it): it answers 503 and says why", async () => {
    expectConsoleErrors();
    const portal = await portalDroppingReusedConnections();
    const proxy = await proxyTo(portal.port);
    expect((await send(proxy, "GET", "/login")).status).toBe(200);
    const post = await send(proxy, "POST", "/login?token=secret", "username=agent.usa");
    expect(post.status).toBe(503);
    expect(post.text).toBe("The portal is restarting. Please try again in a moment.");
    expect(portal.requests.filter((r) => r.startsWith("POST"))).toEqual(["POST /login?token=secret"]);
    const logged = (console.error as unknown as { mock: { calls: unknown[][] } }).mock.calls.map((c) => String(c[0]));
    // The log names the path, never its query (a one-time link's token).
    expect(logged).toEqual([
      expect.stringMatching(/^\[proxy\] POST \/login to port \d+: ECONNRESET \(reused socket\)$/),
    ]);
  });

  it("lets a pooled connection go a second before the portal's keep-alive timeout would close it", async () => {
    // The portal announces 2 s (remix-serve's Node server says 5 s); it would itself wait far longer.
    const closedByProxy: number[] = [];
    let answeredAt = 0;
    const portal = http.createServer((req, res) => {
      req.socket.once("end", () => closedByProxy.push(Date.now() - answeredAt));
      res.writeHead(200, { "content-type": "text/plain", "keep-alive": "timeout=2" });
      res.end("ok");
      answeredAt = Date.now();
    });
    portal.keepAliveTimeout = 10_000;
    const proxy = await proxyTo(await listen(portal));
    expect((await send(proxy, "GET", "/home")).status).toBe(200);
    await new Promise((r) => setTimeout(r, 2_500));
    expect(closedByProxy).toHaveLength(1);
    expect(closedByProxy[0]).toBeGreaterThanOrEqual(900);
    expect(closedByProxy[0]).toBeLessThan(2_000);
  });
});

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

/** A portal that records what reaches it and answers 200. */
async function recordingPortal() {
  const requests: string[] = [];
  const port = await listen(
    http.createServer((req, res) => {
      requests.push(`${req.method} ${req.url} ${req.headers.host}`);
      req.resume();
      res.writeHead(200, { "content-type": "text/plain" }).end("ok");
    }),
  );
  return { port, requests };
}

async function proxyWithHeaders(port: number): Promise<number> {
  const proxy = startFrontProxy({
    host: "127.0.0.1",
    port: 0,
    targets: () => [port],
    bodyLimit: 1024,
    securityHeaders: edgeSecurityHeaders({ cookieSecure: true, hstsMaxAge: 31_536_000 }),
  });
  servers.push(proxy);
  await new Promise<void>((resolve) => (proxy.listening ? resolve() : proxy.once("listening", () => resolve())));
  return (proxy.address() as AddressInfo).port;
}

/** The headers every portal answer carries (applySecurityHeaders), as the front door must carry them too. */
async function portalSecurityHeaders(): Promise<[string, string][]> {
  const { cleanup } = portalEnv({ COOKIE_SECURE: "true", HSTS_MAX_AGE: "31536000" });
  try {
    const { applySecurityHeaders } = await import("~/server/infra/security-headers.server");
    const headers = new Headers();
    applySecurityHeaders(headers);
    return [...headers.entries()];
  } finally {
    cleanup();
  }
}

describe("a malformed Host header at the front door", () => {
  it.each(["[::1", "a b", "localhost:99999", "exa mple.com:80", "host/path", ""])(
    "Host %j answers 400 (not the portal's 500) and never reaches a portal process",
    async (host) => {
      const portal = await recordingPortal();
      const proxy = await proxyWithHeaders(portal.port);
      const answer = await rawRequest(proxy, ["GET /login HTTP/1.1", `Host: ${host}`, "Connection: close"]);
      expect(answer.status).toBe(400);
      expect(answer.body).toContain("Bad request");
      expect(answer.headers["x-frame-options"]).toBe("DENY");
      expect(portal.requests).toEqual([]);
    },
  );

  it.each(["localhost:3000", "127.0.0.1:3000", "[::1]:3000", "portal.example.com", "evil.example"])(
    "Host %j is passed on",
    async (host) => {
      const portal = await recordingPortal();
      const proxy = await proxyWithHeaders(portal.port);
      const status = await new Promise<number | undefined>((resolve, reject) =>
        http
          .get({ host: "127.0.0.1", port: proxy, path: "/login", headers: { host }, agent: false }, (answer) => {
            answer.resume();
            resolve(answer.statusCode);
          })
          .on("error", reject),
      );
      expect(status).toBe(200);
      expect(portal.requests).toEqual([`GET /login ${host}`]);
    },
  );
});

describe("the front door's own pages carry the portal's security headers", () => {
  it("403 (a cross-site post), 413 (too large) and 400 (bad Host) carry every header the portal's pages carry", async () => {
    const expected = await portalSecurityHeaders();
    expect(expected.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        "x-content-type-options",
        "x-frame-options",
        "referrer-policy",
        "strict-transport-security",
      ]),
    );
    const portal = await recordingPortal();
    const proxy = await proxyWithHeaders(portal.port);
    const answers = {
      403: await rawRequest(proxy, [
        "POST /login HTTP/1.1",
        "Host: localhost",
        "Origin: https://evil.example",
        "Content-Length: 0",
        "Connection: close",
      ]),
      413: await rawRequest(proxy, [
        "POST /login HTTP/1.1",
        "Host: localhost",
        "Content-Length: 5000",
        "Connection: close",
      ]),
      400: await rawRequest(proxy, ["GET /login HTTP/1.1", "Host: [::1", "Connection: close"]),
    };
    for (const [status, answer] of Object.entries(answers)) {
      expect(answer.status, status).toBe(Number(status));
      for (const [name, value] of expected) expect(answer.headers[name], `${status} ${name}`).toBe(value);
      expect(answer.headers["content-security-policy"], status).toContain("default-src 'none'");
      expect(answer.headers["cache-control"], status).toBe("no-store");
    }
    expect(portal.requests).toEqual([]);
  });
});
