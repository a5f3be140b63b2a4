import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { startFrontProxy } from "../../scripts/front-proxy.mjs";
import { expectConsoleErrors } from "../setup";

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
