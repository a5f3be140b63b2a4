import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { PASSWORD, UPSTREAM, expect, stack, test } from "./support/fixtures";
import { startFaultyUpstream, startPortal, tempDataDir } from "./support/processes";

/**
 * The portal's own server (server/main.ts): a drain that finishes what is in flight, a worker that
 * dies and is replaced, a loop of crashes that stops the portal, a port that is taken, and an
 * embedded upstream that dies and comes back. Processes, not pages: each test is @once (JavaScript on
 * only), and none opens a browser page.
 */

// Ports of this file's own processes, from this worker's block (tests/e2e/support/ports.ts).
const PORTAL = stack.spare(31);
const FAULTY = stack.spare(32);
const DEMO_PORTAL = stack.spare(33);
const DEMO_UPSTREAM = stack.spare(34);

// Each test starts a portal of its own (a primary and its workers, each loading the build).
test.describe.configure({ timeout: 120_000 });

/** What each test started, stopped after it even when it timed out (a finally block would not run then). */
const started: Array<() => Promise<unknown>> = [];
test.afterEach(async () => {
  for (const stop of started.splice(0).reverse()) await stop().catch(() => {});
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The pids of the primary's children: its workers (and, in demo mode, the upstream). */
async function childrenOf(pid: number): Promise<Array<{ pid: number; args: string }>> {
  const ps = spawn("ps", ["--ppid", String(pid), "-o", "pid=,args="]);
  let text = "";
  ps.stdout.on("data", (chunk) => (text += String(chunk)));
  await new Promise((r) => ps.once("close", r));
  return text
    .trim()
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [, id, args] = /^\s*(\d+)\s+(.*)$/.exec(line)!;
      return { pid: Number(id), args: args! };
    });
}
const workersOf = async (pid: number) => (await childrenOf(pid)).filter((c) => c.args.includes("server/main.js"));

/** SIGTERM (the portal drains and stops its upstream), SIGKILL if it is still there after 15 s. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timer);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function statusOnNewConnection(url: string): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false, timeout: 10_000 }, (answer) => {
      answer.resume();
      resolve(answer.statusCode);
    });
    request.on("timeout", () => request.destroy(new Error(`no answer from ${url} within 10 s`)));
    request.on("error", reject);
  });
}

/** Signs in to a portal of the test's own by the sign-in form's post; answers the Cookie header of the session. */
async function sessionCookieOf(portalUrl: string, username: string): Promise<string> {
  const response = await fetch(`${portalUrl}/login`, {
    method: "POST",
    body: new URLSearchParams({ username, password: PASSWORD, redirectTo: "" }),
    headers: { origin: portalUrl },
    redirect: "manual",
  });
  expect(response.status, `sign-in of ${username} by request`).toBe(302);
  expect(response.headers.get("location")).toBe("/home");
  const session = response.headers.getSetCookie().find((line) => line.startsWith("__Host-pp_session="));
  expect(session, "the session cookie").toBeTruthy();
  return session!.split(";")[0]!;
}

/** A GET on the given agent's connection: its status and Connection header. */
function get(agent: http.Agent, url: string): Promise<{ status: number; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        res.resume();
        res.once("end", () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
      })
      .once("error", reject);
  });
}

async function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: "127.0.0.1" });
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });
}

test(
  "SIGTERM drains: a CSV export in flight is answered whole, new connections are refused, a kept connection hears Connection: close and readiness 503, the portal exits 0",
  { tag: "@once" },
  async () => {
    const data = tempDataDir();
    const faulty = await startFaultyUpstream(FAULTY, UPSTREAM);
    const portal = await startPortal({
      port: PORTAL,
      apiUrl: faulty.url,
      dataDir: data.dir,
      // The production drain: idle connections are kept 5 s, as a balancer's would be.
      env: { UPSTREAM_TIMEOUT_MS: "8000", SHUTDOWN_GRACE_MS: "20000", DRAIN_IDLE_MS: "5000" },
    });
    started.push(portal.stop, faulty.stop);
    try {
      const cookie = await sessionCookieOf(portal.url, "agent.usa");
      // A balancer's idle keep-alive connection, opened before the drain.
      const kept = new http.Agent({ keepAlive: true, maxSockets: 1 });
      expect((await get(kept, `${portal.url}/readyz`)).status).toBe(200);

      // The export's upstream answers take 2.5 s each: the request is in flight when SIGTERM comes.
      faulty.setMode("slow", /\/insight\//);
      const started = Date.now();
      const exporting = fetch(`${portal.url}/insights/export/alerts`, { headers: { cookie } });
      await sleep(500);
      process.kill(portal.pid, "SIGTERM");
      await sleep(300);
      expect(await listening(PORTAL)).toBe(false);
      // The kept connection is not cut under the balancer: it is answered, told the instance is
      // leaving (readiness 503) and that nothing more goes on it (Connection: close).
      const leaving = await get(kept, `${portal.url}/readyz`);
      expect(leaving.status).toBe(503);
      expect(leaving.connection).toBe("close");
      kept.destroy();

      const answer = await exporting;
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-type")).toMatch(/^text\/csv/);
      const csv = await answer.text();
      expect(csv.split("\n").length).toBeGreaterThan(2);
      expect(Date.now() - started).toBeGreaterThan(2000);
      expect(await portal.exited).toBe(0);
      expect(portal.output()).toContain("SIGTERM: draining");
    } finally {
      faulty.setMode("pass");
      await portal.stop();
      await faulty.stop();
      data.remove();
    }
  },
);

test("a worker that dies is replaced, said loudly, and the portal answers throughout", { tag: "@once" }, async () => {
  const data = tempDataDir();
  const portal = await startPortal({
    port: PORTAL,
    apiUrl: UPSTREAM,
    dataDir: data.dir,
    env: { WEB_CONCURRENCY: "2" },
  });
  try {
    await expect.poll(async () => (await workersOf(portal.pid)).length, { timeout: 30_000 }).toBe(2);
    // Both listening, not only forked: a worker killed while the other is still starting was the
    // only one holding the port, and the primary closes it until the next one listens (CI saw that
    // as ECONNREFUSED). The primary says so once every worker listens.
    await expect.poll(() => portal.output(), { timeout: 30_000 }).toMatch(/portal at \S+ \(2 workers\)/);
    const [victim] = await workersOf(portal.pid);
    process.kill(victim!.pid, "SIGKILL");
    // A connection the victim took in its last milliseconds dies with it; from its death on, every
    // new connection is answered by the worker that is left, and then by its replacement too.
    await expect.poll(() => alive(victim!.pid)).toBe(false);
    // New connections (a connection the dead worker held is gone with it; browsers send a GET again).
    for (let i = 0; i < 5; i++) {
      expect(await statusOnNewConnection(`${portal.url}/login`)).toBe(200);
      await sleep(100);
    }
    await expect.poll(() => portal.output()).toMatch(new RegExp(`WORKER DIED: pid ${victim!.pid} \\(SIGKILL\\)`));
    await expect
      .poll(async () => (await workersOf(portal.pid)).filter((w) => w.pid !== victim!.pid).length, { timeout: 30_000 })
      .toBe(2);
  } finally {
    await portal.stop();
    data.remove();
  }
});

test("a wedged worker (its event loop stopped) is replaced", { tag: "@once" }, async () => {
  const data = tempDataDir();
  const portal = await startPortal({
    port: PORTAL,
    apiUrl: UPSTREAM,
    dataDir: data.dir,
    env: { WEB_CONCURRENCY: "1", WORKER_WEDGED_MS: "3000" },
  });
  started.push(portal.stop);
  try {
    await expect.poll(async () => (await workersOf(portal.pid)).length, { timeout: 30_000 }).toBe(1);
    const [wedged] = await workersOf(portal.pid);
    process.kill(wedged!.pid, "SIGSTOP");
    await expect
      .poll(() => portal.output(), { timeout: 15_000 })
      .toContain(`WORKER WEDGED: pid ${wedged!.pid} has not answered for 3000 ms; replacing it`);
    // Until the replacement listens, a connection may meet the stopped worker (reset when it is killed).
    await expect
      .poll(() => statusOnNewConnection(`${portal.url}/login`).catch(() => "no answer"), { timeout: 30_000 })
      .toBe(200);
    expect((await workersOf(portal.pid)).map((w) => w.pid)).not.toContain(wedged!.pid);
  } finally {
    await portal.stop();
    data.remove();
  }
});

test(
  "workers that keep crashing stop the portal with a clear message instead of a restart loop",
  { tag: "@once" },
  async () => {
    const data = tempDataDir();
    // A generated session secret the workers cannot read (a directory where its file goes): every
    // worker stops as it loads the app. (A bad variable stops the primary before any worker starts:
    // decision 052, tests/integration/config-check.test.ts.)
    mkdirSync(path.join(data.dir, "session-secret"));
    const portal = await startPortal({
      port: PORTAL,
      apiUrl: UPSTREAM,
      dataDir: data.dir,
      env: { SESSION_SECRET: "" },
      waitForHealth: false,
    });
    started.push(portal.stop);
    try {
      expect(await Promise.race([portal.exited, sleep(60_000).then(() => "still running")])).toBe(1);
      expect(portal.output()).toMatch(/workers crashed 5 times within 60 s .*stopping the portal/);
      expect(portal.output()).toContain("EISDIR");
    } finally {
      await portal.stop();
      data.remove();
    }
  },
);

test("a taken port stops the start with its name, and leaves no upstream child behind", { tag: "@once" }, async () => {
  const blocker = net.createServer();
  await new Promise<void>((r) => blocker.listen(DEMO_PORTAL, "127.0.0.1", r));
  const data = tempDataDir();
  const child = spawn(process.execPath, [path.resolve("build/start/server/main.js")], {
    env: {
      ...process.env,
      PORT: String(DEMO_PORTAL),
      UPSTREAM_PORT: String(DEMO_UPSTREAM),
      DATA_DIR: data.dir,
      METRICS_PORT: "0",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  started.push(() => stopChild(child));
  let output = "";
  child.stderr.on("data", (c) => (output += String(c)));
  child.stdout.on("data", (c) => (output += String(c)));
  try {
    const code = await new Promise((r) => child.once("exit", r));
    expect(code).toBe(1);
    expect(output).toContain(`port ${DEMO_PORTAL} (PORT) is taken`);
    expect(await listening(DEMO_UPSTREAM)).toBe(false);
  } finally {
    child.kill("SIGKILL");
    await new Promise<void>((r) => blocker.close(() => r()));
    data.remove();
  }
});

test(
  "the embedded upstream that dies is started again; the portal answers meanwhile and after",
  { tag: "@once" },
  async () => {
    const data = tempDataDir();
    // Demo mode: no API_URL, so the server runs the reference upstream as its child.
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(DEMO_PORTAL),
      HOST: "127.0.0.1",
      UPSTREAM_PORT: String(DEMO_UPSTREAM),
      DATA_DIR: data.dir,
      WEB_CONCURRENCY: "1",
      METRICS_PORT: "0",
      // No balancer in front: the drain need not keep idle connections 5 s.
      DRAIN_IDLE_MS: "100",
    };
    for (const name of ["API_URL", "PUBLIC_ORIGIN", "REDIS_URL"]) delete env[name];
    const child = spawn(process.execPath, [path.resolve("build/start/server/main.js")], {
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    started.push(() => stopChild(child));
    let output = "";
    child.stderr.on("data", (c) => (output += String(c)));
    child.stdout.on("data", (c) => (output += String(c)));
    const url = `http://127.0.0.1:${DEMO_PORTAL}`;
    try {
      await expect.poll(() => output, { timeout: 60_000 }).toContain("[server] portal at");
      const upstream = (await childrenOf(child.pid!)).find((c) => c.args.includes("upstream/main.js"))!;
      process.kill(upstream.pid, "SIGKILL");
      // Meanwhile: the portal's own pages answer, and the instance stays ready (decision 049: the
      // shared upstream's health is a metric and a log line, not a reason to leave the balancer).
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      expect((await fetch(`${url}/readyz`)).status).toBe(200);
      await expect.poll(() => output).toContain("the reference upstream exited (SIGKILL); starting it again");
      await expect.poll(async () => (await fetch(`${url}/readyz`)).status, { timeout: 30_000 }).toBe(200);
      expect(child.exitCode).toBeNull();
    } finally {
      child.kill("SIGTERM");
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once("exit", r)));
      expect(await listening(DEMO_UPSTREAM)).toBe(false);
      data.remove();
    }
  },
);

test(
  "operators can see it: each answer names its request id, and the metrics count requests by route and upstream calls by service",
  { tag: "@once" },
  async ({ request }) => {
    const answer = await request.get("/login", { headers: { "X-Request-Id": "e2e-trace-1" } });
    expect(answer.status()).toBe(200);
    expect(answer.headers()["x-request-id"]).toBe("e2e-trace-1");
    const metrics = await (await fetch(`http://127.0.0.1:${stack.metrics}/metrics`)).text();
    expect(metrics).toMatch(
      /portal_http_request_duration_seconds_count\{[^}]*route="routes\/auth\/login"[^}]*status="200"[^}]*\} [1-9]/,
    );
    expect(metrics).toMatch(/portal_upstream_request_duration_seconds_count\{[^}]*outcome="ok"[^}]*\} [1-9]/);
    expect(metrics).toContain("nodejs_eventloop_lag_seconds");
  },
);
