// Starts the production build with its embedded upstream on the benchmark's own ports and a fresh
// data directory, stops it (the whole process group), and signs demo agents in.
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** The benchmark's ports: BENCH_PORT (3400) for the portal, the next one for its embedded upstream. */
export const PORT = Number(process.env.BENCH_PORT) || 3400;
export const UPSTREAM_PORT = PORT + 1;
/** The browser's base URL: the production cookie is Secure and __Host-, which Chromium accepts on localhost. */
export const BROWSER_BASE = `http://localhost:${PORT}`;
/** The load tool's base URL (the server binds 127.0.0.1 only). */
export const DIRECT_BASE = `http://127.0.0.1:${PORT}`;
export const PASSWORD = "Portal!2026";
/** Demo accounts that land on /home straight after the password (no MFA, terms, lock). */
export const HOME_ACCOUNTS = ["agent.usa", "admin.can", "rccl.staff", "rccl.admin", "agent.basic", "agent.sgp"];
/** The /home accounts with the SEARCH-PROMOTIONS tool (agent.basic has none of the tools). */
export const PROMOTION_ACCOUNTS = HOME_ACCOUNTS.filter((username) => username !== "agent.basic");

/**
 * How the portal is started (node's arguments, from the repository root). Its process is the primary:
 * the portal's processes are its children (told apart from the upstream child by UPSTREAM_ARGS).
 */
export const START_COMMAND = ["build/start/server/main.js"];
/** A child of the primary whose command line matches this is the embedded upstream, not a worker. */
const UPSTREAM_ARGS = /upstream\/main\.js/;

/** Kill functions of the portals started and not yet stopped. */
const live = new Set();
/** Synchronous: SIGKILL every portal this process started and not stopped (for process "exit"). */
export function killPortalsNow() {
  for (const kill of live) kill();
  live.clear();
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function answers(url, timeoutMs = 1000) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * Waits until the portal answers /healthz again (a worker back after a
 * heavy run or a kill), at most `ms`; returns the milliseconds waited, or throws.
 */
export async function settle(ms = 60_000) {
  const started = performance.now();
  while (!(await answers(`${DIRECT_BASE}/healthz`, 2000))) {
    if (performance.now() - started > ms) throw new Error(`the portal did not answer /healthz within ${ms / 1000} s`);
    await sleep(250);
  }
  return performance.now() - started;
}

/**
 * Spawns `node START_COMMAND` detached (its own process group) and waits until `readyPath` answers
 * 2xx, asking every `pollMs`. Returns { pid (the primary's), readyMs (spawn to ready), stop(), kill(),
 * tail(), logFile, dataDir }.
 */
export async function startPortal(root, { readyPath = "/healthz", pollMs = 200 } = {}) {
  if ((await answers(`${DIRECT_BASE}/healthz`)) || (await answers(`http://127.0.0.1:${UPSTREAM_PORT}/health`))) {
    throw new Error(`port ${PORT} or ${UPSTREAM_PORT} is already in use: stop whatever runs there first`);
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), "pp-bench-"));
  const logFile = path.join(dataDir, "portal.log");
  const log = openSync(logFile, "a");
  const env = {
    ...process.env,
    PORT: String(PORT),
    UPSTREAM_PORT: String(UPSTREAM_PORT),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    AUTH_RATE_LIMIT: "100000",
    NODE_ENV: "production",
    METRICS_PORT: "0",
  };
  // Always the embedded upstream and the default (SQLite) session store, whatever the shell has.
  for (const name of ["API_URL", "REDIS_URL", "SESSION_SECRET", "COOKIE_SECURE", "UPSTREAM_HOST"]) delete env[name];
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, START_COMMAND, {
    cwd: root,
    detached: true,
    stdio: ["ignore", log, log],
    env,
  });
  let exited = null;
  child.on("exit", (code, signal) => (exited = signal ?? code));

  const groupAlive = () => {
    try {
      process.kill(-child.pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  const waitForGroup = async (ms) => {
    for (let waited = 0; waited < ms && groupAlive(); waited += 100) await sleep(100);
  };

  let stopping;
  /** SIGTERM to the whole group, SIGKILL to whatever is left after 5 s, then the data directory goes. */
  function stop() {
    stopping ??= (async () => {
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        // already gone
      }
      await waitForGroup(5000);
      if (groupAlive()) {
        try {
          process.kill(-child.pid, "SIGKILL");
        } catch {
          // gone meanwhile
        }
        await waitForGroup(2000);
      }
      rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
      live.delete(kill);
    })();
    return stopping;
  }
  /** Synchronous last resort for process "exit". */
  function kill() {
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {
      // already gone
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
  live.add(kill);

  const deadline = Date.now() + 60_000;
  // A first render may be slow on a cold process: a 1 s limit would abort and ask again, adding to
  // the time measured.
  while (!(await answers(`${DIRECT_BASE}${readyPath}`, 10_000))) {
    if (exited !== null || Date.now() > deadline) {
      const tail = readFileSync(logFile, "utf8").split("\n").slice(-30).join("\n");
      await stop();
      throw new Error(`the portal did not start (${exited !== null ? `exited ${exited}` : "timeout"}):\n${tail}`);
    }
    await sleep(pollMs);
  }
  const readyMs = performance.now() - spawnedAt;
  /** The last lines the portal and its upstream logged (for an error report). */
  function tail(lines = 30) {
    try {
      return readFileSync(logFile, "utf8").split("\n").slice(-lines).join("\n");
    } catch {
      return "";
    }
  }
  return { pid: child.pid, readyMs, stop, kill, tail, logFile, dataDir };
}

/** Every process from `ps`: { pid, ppid, rssKb, args }. */
function processList() {
  return execFileSync("ps", ["-e", "-o", "pid=,ppid=,rss=,args="], { encoding: "utf8" })
    .split("\n")
    .map((line) => line.trim().match(/^(\d+)\s+(\d+)\s+(\d+)\s+(.*)$/))
    .filter(Boolean)
    .map(([, pid, ppid, rss, args]) => ({ pid: Number(pid), ppid: Number(ppid), rssKb: Number(rss), args }));
}

/** The primary and all its descendants (workers, the upstream and anything they started). */
export function processTree(primaryPid) {
  const all = processList();
  const tree = all.filter((p) => p.pid === primaryPid);
  for (let i = 0; i < tree.length; i++) tree.push(...all.filter((p) => p.ppid === tree[i].pid));
  return tree;
}

/** The portal's memory: the RSS of the primary and all its descendants, in MB (1 MB = 1024 KB as ps counts). */
export function portalRssMb(primaryPid) {
  return processTree(primaryPid).reduce((sum, p) => sum + p.rssKb, 0) / 1024;
}

/** The worker processes: children of the primary that are not the embedded upstream. */
export function workerPids(primaryPid) {
  return processList()
    .filter((p) => p.ppid === primaryPid && !UPSTREAM_ARGS.test(p.args))
    .map((p) => p.pid);
}

const decode = (s) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
const attr = (tag, name) => {
  const match = tag.match(new RegExp(`\\s${name}="([^"]*)"`));
  return match ? decode(match[1]) : null;
};

/**
 * The fields the sign-in form posts, as a browser would: every named input of the post form with
 * its server-rendered value (hidden fields, the honeypot left empty), username and password filled.
 */
function loginFields(html, username, password) {
  // The sign-in form, not the language switcher that shares the page.
  const form = [...html.matchAll(/<form[^>]*method="post"[^>]*>([\s\S]*?)<\/form>/gi)].find((f) =>
    /name="password"/.test(f[1]),
  );
  if (!form) throw new Error("/login has no sign-in form");
  const fields = new URLSearchParams();
  for (const [tag] of form[1].matchAll(/<input\b[^>]*>/gi)) {
    const name = attr(tag, "name");
    const type = (attr(tag, "type") ?? "text").toLowerCase();
    if (!name || ["submit", "button", "image", "reset", "file"].includes(type)) continue;
    if ((type === "checkbox" || type === "radio") && !/\schecked(=|\s|>|\/)/.test(tag)) continue;
    fields.append(name, attr(tag, "value") ?? "");
  }
  if (!fields.has("username") || !fields.has("password")) throw new Error("/login form has no username/password");
  fields.set("username", username);
  fields.set("password", password);
  return fields;
}

const cookiePairs = (response) => response.headers.getSetCookie().map((c) => c.split(";")[0]);

/**
 * Signs one account in the way a browser's form post does and returns the session cookie
 * ("name=value"): reads the form from GET /login, posts its fields back with the Origin header,
 * redirect manual, and takes the session cookie from Set-Cookie.
 */
export async function signIn(username, password = PASSWORD) {
  const page = await fetch(`${BROWSER_BASE}/login`, { redirect: "manual", headers: { accept: "text/html" } });
  const html = await page.text();
  if (page.status !== 200) throw new Error(`GET /login answered ${page.status}`);
  const earlier = cookiePairs(page);
  const response = await fetch(`${BROWSER_BASE}/login`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: BROWSER_BASE,
      referer: `${BROWSER_BASE}/login`,
      ...(earlier.length ? { cookie: earlier.join("; ") } : {}),
    },
    body: loginFields(html, username, password),
  });
  const body = await response.text();
  const location = response.headers.get("location") ?? "";
  const pairs = cookiePairs(response);
  const cookie = pairs.find((p) => /session/i.test(p.split("=")[0])) ?? pairs[0];
  if (response.status < 300 || response.status >= 400 || !cookie) {
    throw new Error(`sign-in of ${username} answered ${response.status} (${location || body.slice(0, 200)})`);
  }
  if (new URL(location, BROWSER_BASE).pathname !== "/home") {
    throw new Error(`sign-in of ${username} went to ${location}, not /home`);
  }
  // The cookie must really open /home (not bounce to /login).
  const home = await fetch(`${DIRECT_BASE}/home`, { redirect: "manual", headers: { cookie, accept: "text/html" } });
  await home.arrayBuffer();
  if (home.status !== 200) throw new Error(`/home with the session of ${username} answered ${home.status}`);
  return cookie;
}

/** n sessions over the given accounts, repeated as needed (a user may hold several sessions). */
export async function signInMany(n, accounts = HOME_ACCOUNTS) {
  const cookies = [];
  for (let i = 0; i < n; i++) cookies.push(await signIn(accounts[i % accounts.length]));
  return cookies;
}
