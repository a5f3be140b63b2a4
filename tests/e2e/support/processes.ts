import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { Socket } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

/** A portal (the server's primary and its workers) on the production build, started by a test that needs to stop or fault it. */
export type PortalProcess = {
  url: string;
  pid: number;
  stop: () => Promise<void>;
  /** Resolves with the exit code (or signal) when the primary has exited. */
  exited: Promise<number | string | null>;
  output: () => string;
};

/**
 * Portals started and not yet exited. When the test process ends before a test could stop its
 * portal (Playwright replaces a worker after a failure), they are killed with it: a portal left
 * running would hold its ports and fail the tests after it.
 */
const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

export async function startPortal(options: {
  port: number;
  apiUrl: string;
  dataDir: string;
  env?: Record<string, string>;
  /** false: return at once (a portal expected to stop by itself). */
  waitForHealth?: boolean;
}): Promise<PortalProcess> {
  // A portal left behind by an earlier run would answer in this one's place.
  if (
    await fetch(`http://127.0.0.1:${options.port}/healthz`).then(
      () => true,
      () => false,
    )
  )
    throw new Error(`port ${options.port} already answers: stop what runs there first`);
  let output = "";
  const child: ChildProcess = spawn(process.execPath, [path.resolve("build/start/server/main.js")], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(options.port),
      HOST: "127.0.0.1",
      WEB_CONCURRENCY: "1",
      // The shared e2e portal serves metrics; a test's own portal serves none (no port to collide on).
      METRICS_PORT: "0",
      API_URL: options.apiUrl,
      PUBLIC_ORIGIN: `http://localhost:${options.port}`,
      DATA_DIR: options.dataDir,
      SESSION_SECRET: "e2e-shared-secret-e2e-shared-secret",
      UPSTREAM_TIMEOUT_MS: "1000",
      AUTH_RATE_LIMIT: "1000",
      // No balancer in front: the browser's idle connections need not outlive a balancer's, and a
      // stop takes a moment instead of the production drain's 5 s.
      DRAIN_IDLE_MS: "100",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<number | string | null>((resolve) =>
    child.once("exit", (code, signal) => resolve(signal ?? code)),
  );
  running.add(child);
  child.once("exit", () => running.delete(child));
  child.stdout?.on("data", (chunk) => (output += String(chunk)));
  child.stderr?.on("data", (chunk) => (output += String(chunk)));
  const url = `http://localhost:${options.port}`;
  const deadline = options.waitForHealth === false ? 0 : Date.now() + 40_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`portal exited: ${output}`);
    await new Promise((r) => setTimeout(r, 100));
    try {
      if ((await fetch(`http://127.0.0.1:${options.port}/healthz`)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    pid: child.pid!,
    exited,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
        setTimeout(() => child.kill("SIGKILL"), 3000).unref();
      }),
  };
}

export function tempDataDir(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), "portal-e2e-"));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export type FaultMode = "pass" | "down" | "slow" | "500" | "malformed";

/**
 * A stand-in upstream that passes calls to the real one or fails on purpose: refused connections
 * (down), answers later than the portal's timeout (slow), 500s, or malformed JSON.
 */
export async function startFaultyUpstream(port: number, realUpstream: string) {
  let mode: FaultMode = "pass";
  let only: RegExp | null = null;
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    // The portal gives up on slow answers; what is left of them is no test failure.
    answer(req, res).catch(() => res.destroy());
  });
  async function answer(req: http.IncomingMessage, res: http.ServerResponse) {
    const mode_ = only && !only.test(req.url ?? "/") ? "pass" : mode;
    if (mode_ === "down") return req.socket.destroy();
    if (mode_ === "500") return res.writeHead(500, { "content-type": "application/json" }).end("{}");
    if (mode_ === "malformed") return res.writeHead(200, { "content-type": "application/json" }).end('{"data": [tru');
    const body: Buffer[] = [];
    for await (const chunk of req) body.push(chunk as Buffer);
    if (mode_ === "slow") await new Promise((r) => setTimeout(r, 2500));
    if (res.destroyed) return;
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers))
      if (typeof v === "string" && k !== "host" && k !== "content-length") headers.set(k, v);
    const real = await fetch(new URL(req.url ?? "/", realUpstream), {
      method: req.method,
      headers,
      body: body.length ? Buffer.concat(body) : undefined,
    });
    res.writeHead(real.status, { "content-type": real.headers.get("content-type") ?? "application/json" });
    res.end(Buffer.from(await real.arrayBuffer()));
  }
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    /** The fault for every call, or only for the calls whose path and query match `paths`. */
    setMode: (next: FaultMode, paths: RegExp | null = null) => {
      mode = next;
      only = paths;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * A redis-server of the test's own on `port` (never the machine's shared one): no persistence, so a
 * restart starts empty unless `keep`; `stop` ends it (SIGTERM) and `start` brings it back on the same
 * port (a store that goes away and comes back).
 */
export async function startRedis(port: number) {
  const net = await import("node:net");
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
      stdio: "ignore",
    });
    running.add(child);
    const started = child;
    child.once("exit", () => running.delete(started));
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const up = await new Promise<boolean>((resolve) => {
        const socket = new net.Socket();
        socket.once("error", () => resolve(false));
        socket.connect(port, "127.0.0.1", () => {
          socket.end();
          resolve(true);
        });
      });
      if (up) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`redis-server did not listen on ${port}`);
  };
  const stop = () =>
    new Promise<void>((resolve) => {
      const current = child;
      if (!current || current.exitCode !== null) return resolve();
      current.once("exit", () => resolve());
      current.kill("SIGTERM");
    });
  await start();
  return { url: `redis://127.0.0.1:${port}/0`, start, stop };
}
