import { createServer } from "node:http";
import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import { createApp } from "./app";
import { requestLogger } from "./observability/logger";
import { collectProcessMetrics, httpMetrics } from "./observability/metrics";
import { routeIdResolver } from "./observability/route-id";
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
  const app = createApp({
    build,
    clientDir: path.join(root, "build/client"),
    before: [requestLogger({ resolveRouteId }), httpMetrics(resolveRouteId)],
  });
  const server = createServer(app).listen({ port: settings.port, host: settings.host });
  server.keepAliveTimeout = 65_000; // longer than a balancer's idle keep-alive, so it closes first
  server.headersTimeout = 66_000;
  server.on("listening", () => process.send?.({ type: "listening" }));
  server.on("error", (error: NodeJS.ErrnoException) => {
    process.send?.({ type: "listen-failed", code: error.code ?? error.message });
    process.exit(1);
  });

  const beat = setInterval(() => process.send?.({ type: "heartbeat" }), settings.heartbeatMs);
  beat.unref();

  let draining = false;
  drain = () => {
    if (draining) return;
    draining = true;
    clearInterval(beat);
    // No new connections; idle keep-alive connections close now, busy ones when their answer is done.
    server.close(() => process.exit(0));
    server.closeIdleConnections();
    const idle = setInterval(() => server.closeIdleConnections(), 250);
    idle.unref();
    // What is still running at the grace's end is cut; the primary would stop it anyway.
    setTimeout(() => process.exit(0), settings.shutdownGraceMs).unref();
  };
}
