#!/usr/bin/env node
// The production shape on one machine: the reference upstream, N portal instances on loopback ports
// sharing Redis (sessions, sign-in rate limits) and one SESSION_SECRET, and nginx in front of them
// with deploy/nginx.conf.template rendered into a temporary directory. `npm run start:balanced`
// builds first; the end-to-end test (tests/e2e/balancer.spec.ts) calls startBalanced() itself.
//
// Options (flags, or the environment): --port / BALANCER_PORT (nginx, 3080), --instances /
// BALANCER_INSTANCES (2), --instance-port / BALANCER_INSTANCE_PORT (the first instance's port, 3082;
// the others follow), --upstream-port / BALANCER_UPSTREAM_PORT (3081), --redis-db / BALANCER_REDIS_DB
// (5; REDIS_URL, when set, wins), --metrics-port / BALANCER_METRICS_PORT (the first instance's
// /metrics, 9464; the others follow; 0: none), NGINX (the nginx binary).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  accessSync,
  chmodSync,
  constants,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { rollingRestart } from "./rolling-restart.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

// An instance is the portal's compiled server (npm run build makes it); nginx is the one proxy in front of it.
const INSTANCE = { args: ["build/start/server/main.js"], trustProxyHops: 1 };
const UPSTREAM_ARGS = ["build/start/upstream/main.js"];

/** nginx is in /usr/sbin on Debian, which a non-root PATH (and some CI shells) lacks. */
export function findNginx() {
  if (process.env.NGINX) return process.env.NGINX;
  for (const candidate of ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/local/nginx/sbin/nginx"]) {
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return "nginx";
}

/** The template with its placeholders filled; a placeholder left unfilled is an error, not a broken config. */
export function renderNginxConfig(values) {
  const template = readFileSync(path.join(root, "deploy/nginx.conf.template"), "utf8");
  const rendered = template.replace(/\{\{([A-Z_]+)\}\}/g, (match, name) => {
    if (!(name in values)) throw new Error(`nginx template: no value for ${match}`);
    return String(values[name]);
  });
  return rendered;
}

/**
 * A child in its own process group, so that stopping it stops whatever it started (the portal's
 * server runs workers; nginx runs workers). Its output is kept (the last 64 KB) and, unless quiet,
 * echoed with its name in front.
 */
function startChild(name, command, args, env, { quiet }) {
  const child = spawn(command, args, { cwd: root, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  live.add(child);
  let output = "";
  const keep = (chunk, stream) => {
    const text = String(chunk);
    output = (output + text).slice(-65_536);
    if (!quiet) stream.write(text.replace(/^(?=.)/gm, `[${name}] `));
  };
  child.stdout.on("data", (c) => keep(c, process.stdout));
  child.stderr.on("data", (c) => keep(c, process.stderr));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  exited.then(() => live.delete(child));
  return { child, exited, output: () => output };
}

/** The pids of an nginx master's worker processes (Linux: /proc), old ones still shutting down included. */
function nginxWorkers(masterPid) {
  try {
    return readFileSync(`/proc/${masterPid}/task/${masterPid}/children`, "utf8").trim().split(/\s+/).filter(Boolean);
  } catch {
    return [];
  }
}

/** Every process group started here: killed outright if this process ends without stopping them. */
const live = new Set();
process.once("exit", () => {
  for (const child of live) killGroup(child, "SIGKILL");
});

function killGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

/** SIGTERM to the group, SIGKILL after `graceMs` (five seconds); then whatever is left of the group. */
async function stopChild(started, { signal = "SIGTERM", graceMs = 5000 } = {}) {
  if (started.child.exitCode === null && started.child.signalCode === null) {
    killGroup(started.child, signal);
    const timer = setTimeout(() => killGroup(started.child, "SIGKILL"), graceMs);
    await started.exited;
    clearTimeout(timer);
  }
  killGroup(started.child, "SIGKILL");
}

async function waitFor(url, started, seconds) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null || started.child.signalCode !== null) {
      throw new Error(`${url}: the process exited before it answered\n${started.output()}`);
    }
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(1000) })).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${url} did not answer within ${seconds} s\n${started.output()}`);
}

/**
 * Starts the upstream, the instances and nginx; resolves once nginx answers for the portal.
 * @param {{ port?: number, upstreamPort?: number, instancePorts?: number[], instances?: number,
 *   instancePort?: number, redisDb?: number, redisUrl?: string, sessionSecret?: string, metricsPort?: number,
 *   env?: Record<string, string>, quiet?: boolean, nginx?: string, failTimeout?: number }} [options]
 *   env is added to every instance's environment (AUTH_RATE_LIMIT, …); quiet keeps the children's
 *   output to themselves; failTimeout is nginx's fail_timeout in seconds (10).
 */
export async function startBalanced(options = {}) {
  const port = options.port ?? 3080;
  const upstreamPort = options.upstreamPort ?? 3081;
  const count = options.instances ?? 2;
  const firstInstance = options.instancePort ?? 3082;
  const instancePorts = options.instancePorts ?? Array.from({ length: count }, (_, i) => firstInstance + i);
  const quiet = options.quiet ?? false;
  // How long nginx leaves out an instance that refused connections (a rolling restart waits as long).
  const failTimeout = options.failTimeout ?? 10;
  const url = `http://127.0.0.1:${port}`;
  const upstreamUrl = `http://127.0.0.1:${upstreamPort}`;

  if (
    ![...INSTANCE.args, ...UPSTREAM_ARGS, "build/server/index.js"].every((file) => existsSync(path.join(root, file)))
  ) {
    throw new Error("no production build: run `npm run build` first (npm run start:balanced does)");
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), "portal-balanced-"));
  // nginx started as root runs its workers as nobody: they must reach the temp paths inside (nginx
  // makes those and hands them to the worker user), but need not list the directory.
  chmodSync(dir, 0o711);
  const accessLog = path.join(dir, "access.log");
  let upstream = null;
  let nginx = null;
  const instances = [];
  /** Instances marked `down` in nginx's configuration: leaving for a restart. */
  const leaving = new Set();

  function writeNginxConfig() {
    const config = renderNginxConfig({
      // One worker: round-robin order is then the order requests arrive (each worker keeps its own).
      WORKER_PROCESSES: 1,
      LISTEN: `127.0.0.1:${port}`,
      PORTAL_SERVERS: instancePorts
        .map(
          (p) =>
            `        server 127.0.0.1:${p} max_fails=2 fail_timeout=${failTimeout}s${leaving.has(p) ? " down" : ""};`,
        )
        .join("\n"),
      TEMP_DIR: dir,
      ACCESS_LOG: accessLog,
    });
    writeFileSync(path.join(dir, "nginx.conf"), config);
  }

  /**
   * Marks an instance leaving (`down`) or back, and reloads nginx: new workers read the change, the
   * old ones finish what they are sending and exit. Resolves once only new workers are left: until
   * then an old worker may still accept a request and send it by the old list.
   */
  async function balancerLeaves(instancePort, isLeaving) {
    if (!nginx) return;
    if (isLeaving) leaving.add(instancePort);
    else leaving.delete(instancePort);
    writeNginxConfig();
    const before = nginxWorkers(nginx.child.pid);
    process.kill(nginx.child.pid, "SIGHUP");
    const deadline = Date.now() + 15_000;
    for (;;) {
      const workers = nginxWorkers(nginx.child.pid);
      if (workers.length > 0 && workers.every((pid) => !before.includes(pid))) return;
      if (Date.now() > deadline) throw new Error("nginx's old workers did not exit within 15 s of a reload");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async function stop() {
    // The front door first (no new requests reach a stopping instance), the upstream last.
    if (nginx) await stopChild(nginx);
    await Promise.all(instances.map((instance) => instance.stop()));
    if (upstream) await stopChild(upstream);
    rmSync(dir, { recursive: true, force: true });
  }

  try {
    upstream = startChild(
      "upstream",
      process.execPath,
      UPSTREAM_ARGS,
      {
        ...process.env,
        UPSTREAM_PORT: String(upstreamPort),
        UPSTREAM_HOST: "127.0.0.1",
        DATA_DIR: path.join(dir, "upstream"),
        // Links in the upstream's e-mails point at the balancer, the portal's front door.
        PORTAL_URL: url,
      },
      { quiet },
    );
    await waitFor(`${upstreamUrl}/health`, upstream, 60);

    const redisUrl = options.redisUrl ?? process.env.REDIS_URL ?? `redis://127.0.0.1:6379/${options.redisDb ?? 5}`;
    // Every instance signs and reads the same session cookies.
    const sessionSecret = options.sessionSecret ?? process.env.SESSION_SECRET ?? randomBytes(24).toString("hex");
    const instanceEnv = {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      WEB_CONCURRENCY: "1",
      // Each instance serves its metrics on a port of its own (options.metricsPort + i), or none.
      METRICS_PORT: "0",
      API_URL: upstreamUrl,
      PUBLIC_ORIGIN: url,
      SESSION_SECRET: sessionSecret,
      REDIS_URL: redisUrl,
      TRUST_PROXY_HOPS: String(INSTANCE.trustProxyHops),
      // This balancer speaks plain HTTP: a Secure cookie would only work because browsers trust
      // 127.0.0.1. Behind TLS the portal's default (Secure in production) holds.
      COOKIE_SECURE: url.startsWith("https:") ? "true" : "false",
      ...options.env,
    };

    for (const [i, instancePort] of instancePorts.entries()) {
      const name = `portal ${i + 1}`;
      const env = { ...instanceEnv, PORT: String(instancePort), DATA_DIR: path.join(dir, `instance-${i + 1}`) };
      if (options.metricsPort) env.METRICS_PORT = String(options.metricsPort + i);
      let current = null;
      const instance = {
        port: instancePort,
        url: `http://127.0.0.1:${instancePort}`,
        running: () => current !== null,
        output: () => current?.output() ?? "",
        async start() {
          if (current) return;
          current = startChild(name, process.execPath, INSTANCE.args, env, { quiet });
          await waitFor(`${instance.url}/healthz`, current, 60);
        },
        async stop() {
          if (!current) return;
          const stopping = current;
          current = null;
          // An instance drains (its answers in flight, then the balancer's idle connections, a few
          // seconds): cut only after its own SHUTDOWN_GRACE_MS (30 s) would have.
          await stopChild(stopping, { graceMs: 35_000 });
        },
        /** Drained and started again (deploy/rolling-restart.mjs restarts each in turn). */
        async restart() {
          await instance.stop();
          await instance.start();
        },
        /**
         * nginx is told the instance is leaving before it stops (`down`, then a reload): otherwise a
         * connection nginx opens in the moment the instance stops listening is reset under its post,
         * which nginx may not send again.
         */
        leave: () => balancerLeaves(instancePort, true),
        /** Back in nginx's list: the reloaded workers count no failure against it, so no settle wait. */
        rejoin: () => balancerLeaves(instancePort, false),
      };
      instances.push(instance);
    }
    await Promise.all(instances.map((instance) => instance.start()));

    for (const sub of ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]) mkdirSync(path.join(dir, sub));
    const configFile = path.join(dir, "nginx.conf");
    writeNginxConfig();
    // `-e stderr`: the start-up error log, before the configuration is read (Debian's default,
    // /var/log/nginx/error.log, is not writable without root). No `user`: as root, nginx runs its
    // workers as nobody; as anyone else, as that user.
    nginx = startChild(
      "nginx",
      options.nginx ?? findNginx(),
      [
        "-e",
        "stderr",
        "-p",
        `${dir}/`,
        "-c",
        configFile,
        "-g",
        `daemon off; pid ${path.join(dir, "nginx.pid")}; error_log stderr notice;`,
      ],
      process.env,
      { quiet },
    );
    await waitFor(`${url}/healthz`, nginx, 20);

    return { url, upstreamUrl, dir, accessLog, redisUrl, instances, failTimeout, stop, nginxOutput: nginx.output };
  } catch (error) {
    await stop();
    throw error;
  }
}

function option(flag, envName, fallback) {
  const at = process.argv.indexOf(flag);
  const value = at >= 0 ? process.argv[at + 1] : process.env[envName];
  if (value === undefined || value === "") return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) throw new Error(`${flag} / ${envName} must be a whole number`);
  return number;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const balanced = await startBalanced({
    port: option("--port", "BALANCER_PORT", 3080),
    instances: option("--instances", "BALANCER_INSTANCES", 2),
    instancePort: option("--instance-port", "BALANCER_INSTANCE_PORT", 3082),
    upstreamPort: option("--upstream-port", "BALANCER_UPSTREAM_PORT", 3081),
    redisDb: option("--redis-db", "BALANCER_REDIS_DB", 5),
    metricsPort: option("--metrics-port", "BALANCER_METRICS_PORT", 9464),
  });
  console.log(
    `[balanced] portal at ${balanced.url} (nginx over ${balanced.instances.map((i) => i.port).join(", ")}; ` +
      `access log ${balanced.accessLog}); \`kill -HUP ${process.pid}\` restarts the instances one at a time`,
  );
  // SIGHUP: a rolling restart (a new build is picked up by each instance as it starts again).
  let restarting = false;
  process.on("SIGHUP", () => {
    if (restarting) return;
    restarting = true;
    rollingRestart(balanced.instances.map((instance, i) => ({ name: `portal ${i + 1}`, ...instance })))
      .catch((error) => console.error(`[rolling-restart] ${error.message}`))
      .finally(() => (restarting = false));
  });
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log("[balanced] stopping");
    await balanced.stop();
    process.exit(0);
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}
