#!/usr/bin/env node
// Starts the portal (remix-serve on the production build) and, unless API_URL points elsewhere,
// the embedded reference upstream first. `--dev` runs the Vite dev server instead of the build.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
const dev = process.argv.includes("--dev");

const env = { ...process.env };
env.PORT ??= "3000";
env.UPSTREAM_PORT ??= "3001";
env.DATA_DIR = path.resolve(root, env.DATA_DIR ?? "data");
env.NODE_ENV ??= dev ? "development" : "production";
mkdirSync(env.DATA_DIR, { recursive: true });

const children = [];
let stopping = false;

function run(name, args, extraEnv = {}) {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...env, ...extraEnv }, stdio: "inherit" });
  child.on("exit", (code, signal) => {
    if (stopping) return;
    console.error(`[start] ${name} exited (${signal ?? code}); stopping`);
    stop(code ?? 1);
  });
  children.push(child);
  return child;
}

function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill("SIGTERM");
  setTimeout(() => process.exit(code), 2000).unref();
  Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r() : c.on("exit", r))))).then(() =>
    process.exit(code),
  );
}
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));

async function waitFor(url, seconds) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

if (!env.API_URL) {
  const host = env.UPSTREAM_HOST ?? "127.0.0.1";
  run("upstream", ["--import", "tsx", "upstream/main.ts"]);
  env.API_URL = `http://${host}:${env.UPSTREAM_PORT}`;
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
  run("portal", [require.resolve("@remix-run/serve/dist/cli.js"), serverBuild]);
}
