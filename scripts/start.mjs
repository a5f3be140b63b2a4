#!/usr/bin/env node
// Starts the portal: the embedded reference upstream (unless API_URL points elsewhere), then
// WEB_CONCURRENCY portal processes (remix-serve on the production build) on loopback ports behind
// one front proxy on PORT. A portal process that dies is started again. `--dev` runs the Vite dev
// server instead of the build (one process, no proxy).
import { spawn } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import net from "node:net";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { edgeSecurityHeaders, startFrontProxy } from "./front-proxy.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
const dev = process.argv.includes("--dev");

const env = { ...process.env };
env.PORT ??= "3000";
env.UPSTREAM_PORT ??= "3001";
env.DATA_DIR = path.resolve(root, env.DATA_DIR ?? "data");
env.NODE_ENV ??= dev ? "development" : "production";
mkdirSync(env.DATA_DIR, { recursive: true });
// Absolute addresses for the outside world (the legacy site's return address, logout's returnTo,
// e-mail links) start with the public origin, never with a request's Host header. The demo (the
// embedded upstream) is this machine's front door; production services need it said.
const demo = !env.API_URL;
if (demo) env.PUBLIC_ORIGIN ??= `http://localhost:${env.PORT}`;
else if (!env.PUBLIC_ORIGIN && !dev) {
  console.error(
    "[start] PUBLIC_ORIGIN must be set with API_URL (the portal's address, such as https://portal.example.com)",
  );
  process.exit(1);
}
const workers = Math.max(1, Math.min(Number(env.WEB_CONCURRENCY ?? 1) || 1, os.availableParallelism() * 2));

// A page's render makes megabytes of short-lived objects; with ten requests in flight, V8's default
// young generation fills before they die and copies them on. 64 MB semi-spaces: itinerary results
// answer about 5 % more requests a second under load (decision 028). NODE_OPTIONS can still set it.
const YOUNG_GENERATION = /--max-semi-space-size/.test(env.NODE_OPTIONS ?? "") ? [] : ["--max-semi-space-size=64"];

const children = new Set();
let stopping = false;

function run(name, args, extraEnv = {}, { restart = false } = {}) {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...env, ...extraEnv }, stdio: "inherit" });
  children.add(child);
  child.on("exit", (code, signal) => {
    children.delete(child);
    if (stopping) return;
    if (restart) {
      console.error(`[start] ${name} exited (${signal ?? code}); starting it again`);
      setTimeout(() => run(name, args, extraEnv, { restart }), 500);
      return;
    }
    console.error(`[start] ${name} exited (${signal ?? code}); stopping`);
    stop(code ?? 1);
  });
  return child;
}

function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill("SIGTERM");
  setTimeout(() => process.exit(code), 3000).unref();
  const waits = [...children].map((c) => new Promise((r) => c.once("exit", r)));
  Promise.all(waits).then(() => process.exit(code));
}
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));

async function answers(url) {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(1000) })).ok;
  } catch {
    return false;
  }
}

async function waitFor(url, seconds) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (await answers(url)) return;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
    probe.on("error", reject);
  });
}

if (demo) {
  // Links in the upstream's e-mails (magic links) point at this portal's front door.
  run("upstream", ["--import", "tsx", "upstream/main.ts"], {
    PORTAL_URL: env.PORTAL_URL ?? env.PUBLIC_ORIGIN,
  });
  env.API_URL = `http://${env.UPSTREAM_HOST ?? "127.0.0.1"}:${env.UPSTREAM_PORT}`;
  await waitFor(`${env.API_URL}/health`, 30);
}

if (dev) {
  run("portal", [require.resolve("@remix-run/dev/dist/cli.js"), "vite:dev", "--port", env.PORT]);
} else {
  const serverBuild = path.join(root, "build/server/index.js");
  if (!existsSync(serverBuild)) {
    console.error("[start] no production build: run `npm run build` first (npm start does)");
    process.exit(1);
  }
  const ports = [];
  for (let i = 0; i < workers; i++) ports.push(await freePort());
  for (const [i, port] of ports.entries()) {
    run(
      `portal ${i + 1}`,
      [...YOUNG_GENERATION, require.resolve("@remix-run/serve/dist/cli.js"), serverBuild],
      { PORT: String(port), HOST: "127.0.0.1" },
      { restart: true },
    );
  }
  await Promise.all(ports.map((port) => waitFor(`http://127.0.0.1:${port}/healthz`, 30)));
  // Only processes that answer get traffic; a restarting one is skipped.
  const up = new Set(ports);
  setInterval(async () => {
    for (const port of ports) {
      if (await answers(`http://127.0.0.1:${port}/healthz`)) up.add(port);
      else {
        // Said once, when it leaves the rotation: every request meanwhile is answered 503.
        if (up.has(port) && !stopping)
          console.error(`[start] the portal on port ${port} did not answer its health check`);
        up.delete(port);
      }
    }
  }, 2000).unref();
  // The same rules as app/server/infra/env.server.ts (COOKIE_SECURE, HSTS_MAX_AGE, FORM_BODY_LIMIT_KB).
  const cookieSecure = env.COOKIE_SECURE ? env.COOKIE_SECURE === "true" : env.NODE_ENV === "production";
  startFrontProxy({
    host: env.HOST,
    port: Number(env.PORT),
    targets: () => [...up],
    bodyLimit: Number(env.FORM_BODY_LIMIT_KB ?? 64) * 1024,
    securityHeaders: edgeSecurityHeaders({ cookieSecure, hstsMaxAge: Number(env.HSTS_MAX_AGE ?? 31_536_000) }),
  });
  console.log(`[start] portal at http://localhost:${env.PORT} (${workers} process${workers > 1 ? "es" : ""})`);
}
