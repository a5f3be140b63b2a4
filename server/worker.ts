import { createServer } from "node:http";
import net, { type Socket } from "node:net";
import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import type { RequestHandler } from "express";
import onHeaders from "on-headers";
import { createApp } from "./app";
import { requestLogger } from "./observability/logger";
import { collectProcessMetrics, httpMetrics } from "./observability/metrics";
import { routeIdResolver } from "./observability/route-id";
import { setDraining } from "./readiness";
import { settings } from "./settings";

/**
 * A portal worker: the app on the shared port (the cluster module hands it connections), a
 * heartbeat to the primary from its event loop (a wedged worker stops beating and is replaced), and
 * a drain on the primary's word: stop accepting, finish what is in flight, exit.
 */
export async function runWorker(root: string): Promise<void> {
  // A drain that comes while the build still loads ends the worker at once: it has nothing in flight.
  let drain: () => void = () => process.exit(0);
  process.on("message", (message: { type?: string }) => {
    if (message?.type === "drain") drain();
  });
  // The primary's SIGTERM reaches the whole process group; the drain message is what counts.
  process.on("SIGTERM", () => {});
  process.on("SIGINT", () => {});

  const build = (await import(path.join(root, "build/server/index.js"))) as ServerBuild;
  collectProcessMetrics({ version: build.assets.version });
  const resolveRouteId = routeIdResolver(build);
  let draining = false;
  // Once draining, every answer says Connection: close (the balancer sends nothing more on that
  // connection and opens its next one to another instance); readiness says no (setDraining).
  const leaving: RequestHandler = (_req, res, next) => {
    onHeaders(res, () => {
      if (draining) res.setHeader("Connection", "close");
    });
    next();
  };
  const app = createApp({
    build,
    clientDir: path.join(root, "build/client"),
    before: [requestLogger({ resolveRouteId }), httpMetrics(resolveRouteId), leaving],
  });
  const server = createServer(app).listen({ port: settings.port, host: settings.host });
  const connections = watchConnections(server);
  server.keepAliveTimeout = 65_000; // longer than a balancer's idle keep-alive, so it closes first
  server.headersTimeout = 66_000;
  server.on("listening", () => process.send?.({ type: "listening" }));
  server.on("error", (error: NodeJS.ErrnoException) => {
    process.send?.({ type: "listen-failed", code: error.code ?? error.message });
    process.exit(1);
  });

  const beat = setInterval(() => process.send?.({ type: "heartbeat" }), settings.heartbeatMs);
  beat.unref();

  drain = () => {
    if (draining) return;
    draining = true;
    setDraining();
    clearInterval(beat);
    // No new connections (refused: nginx sends a refused request, a post too, to another instance).
    // net.Server's close, not http.Server's: that one also closes idle keep-alive connections at
    // once, and a post nginx is writing on one at that moment would be lost.
    net.Server.prototype.close.call(server, () => process.exit(0));
    // Idle connections close when idle longer than the balancer keeps its own (DRAIN_IDLE_MS, so
    // nginx never posts on a connection being closed: it does not retry a post; decision 053); busy
    // ones end with their answer (Connection: close).
    server.keepAliveTimeout = settings.drainIdleMs;
    const sweep = setInterval(() => connections.closeIdle(settings.drainIdleMs), 250);
    sweep.unref();
    // What is still running at the grace's end is cut; the primary would stop it anyway.
    setTimeout(() => process.exit(0), settings.shutdownGraceMs).unref();
  };
}

/**
 * The server's connections with what each is doing: requests in flight and when it last answered,
 * so that a drain closes only connections idle for a while (Node's closeIdleConnections would also
 * close one that has just been used, on which the balancer may be sending its next request).
 */
function watchConnections(server: ReturnType<typeof createServer>) {
  const state = new Map<Socket, { busy: number; since: number }>();
  server.on("connection", (socket: Socket) => {
    state.set(socket, { busy: 0, since: Date.now() });
    socket.once("close", () => state.delete(socket));
  });
  server.on("request", (req, res) => {
    const entry = state.get(req.socket);
    if (!entry) return;
    entry.busy++;
    res.once("close", () => {
      entry.busy--;
      entry.since = Date.now();
    });
  });
  return {
    closeIdle(idleMs: number) {
      const now = Date.now();
      for (const [socket, entry] of state) if (entry.busy === 0 && now - entry.since >= idleMs) socket.destroy();
    },
  };
}
