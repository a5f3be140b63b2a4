import { serve } from "@hono/node-server";
import type { ServerBuild } from "@remix-run/node";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, inject } from "vitest";
import { createApp as createUpstream } from "../../upstream/app";
import { parseConfig } from "../../upstream/config";
import type { Db } from "../../upstream/db/database";
import { openDatabase } from "../../upstream/db/index";
import { loadOrCreateKeys } from "../../upstream/lib/keys";
import { silentLogger, type Logger } from "../../upstream/lib/logger";

/**
 * The request-level layer (docs/testing.md): the BUILT portal (build/server/index.js behind
 * server/app.ts's createApp, static files included) and the reference upstream (demo mode), both
 * served in this process on 127.0.0.1 ephemeral ports, with a fresh DATA_DIR per test file. Vitest
 * runs each file in its own fork, so the portal's environment (read once, at import) is the file's.
 *
 *     const portal = servePortal();
 *     it("…", async () => {
 *       const agent = await portal.signIn("agent.usa");
 *       const home = await agent.get("/home");
 *     });
 *
 * `npm run build` runs before vitest; the harness refuses to start without a build.
 */

export const PASSWORD = "Portal!2026";
const ROOT = path.resolve(import.meta.dirname, "../..");

/** An answer, its body read (as text: HTML, JSON, CSV; `bytes` for the rest). Redirects are never followed. */
export type Answer = {
  status: number;
  headers: Headers;
  /** The Location header, or null. */
  location: string | null;
  /** Each Set-Cookie header as sent. */
  setCookies: string[];
  body: string;
  bytes: Buffer;
};

export type RequestOptions = {
  headers?: Record<string, string>;
  /** Sent as application/x-www-form-urlencoded (a browser's form post). */
  form?: Record<string, string>;
  /** A raw body (with its own content-type in `headers`). */
  body?: string | Buffer;
  /** Sends no Cookie header, whatever the jar holds. */
  noCookies?: boolean;
  /** The Origin header of a post: the portal's own unless said; null sends none (as a script may). */
  origin?: string | null;
};

/**
 * A client with a cookie jar, as a browser is to one origin: it sends back what the portal set and
 * forgets what it expired (Secure cookies included: a browser keeps them for localhost too). Posts
 * carry the portal's own Origin unless told otherwise.
 */
export class Client {
  readonly jar = new Map<string, string>();

  constructor(readonly base: string) {}

  get(path: string, options: Omit<RequestOptions, "form" | "body"> = {}): Promise<Answer> {
    return this.request("GET", path, options);
  }

  post(path: string, options: RequestOptions = {}): Promise<Answer> {
    return this.request("POST", path, options);
  }

  /** The Cookie header this client sends. */
  cookieHeader(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  async request(method: string, path: string, options: RequestOptions = {}): Promise<Answer> {
    const headers = new Headers();
    const origin = options.origin === undefined ? this.base : options.origin;
    if (method !== "GET" && method !== "HEAD" && origin !== null) headers.set("origin", origin);
    if (this.jar.size && !options.noCookies) headers.set("cookie", this.cookieHeader());
    let body: string | Buffer | undefined = options.body;
    if (options.form) {
      headers.set("content-type", "application/x-www-form-urlencoded");
      body = new URLSearchParams(options.form).toString();
    }
    for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
    const response = await fetch(new URL(path, this.base), {
      method,
      headers,
      body: typeof body === "string" || body === undefined ? body : new Blob([new Uint8Array(body)]),
      redirect: "manual",
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    const setCookies = response.headers.getSetCookie();
    for (const line of setCookies) this.keep(line);
    return {
      status: response.status,
      headers: response.headers,
      location: response.headers.get("location"),
      setCookies,
      body: bytes.toString("utf8"),
      bytes,
    };
  }

  private keep(setCookie: string) {
    const [pair = "", ...attributes] = setCookie.split(";").map((part) => part.trim());
    const equals = pair.indexOf("=");
    if (equals < 1) return;
    const name = pair.slice(0, equals);
    const value = pair.slice(equals + 1);
    const expired = attributes.some((attribute) => {
      const [key = "", setting = ""] = attribute.split("=");
      if (key.toLowerCase() === "max-age") return Number(setting) <= 0;
      if (key.toLowerCase() === "expires") return Date.parse(setting) <= Date.now();
      return false;
    });
    if (expired || value === "") this.jar.delete(name);
    else this.jar.set(name, value);
  }
}

export type Portal = {
  /** The portal's origin (also its PUBLIC_ORIGIN): http://127.0.0.1:PORT. */
  url: string;
  /** The reference upstream's origin (its /dev routes included: demo mode). */
  upstream: string;
  dataDir: string;
  /** The upstream's database (to read what a request wrote, or did not). */
  db: () => Db;
  /** A client with an empty cookie jar. */
  client: () => Client;
  /** A GET or POST with a client of its own (no cookies). */
  get: (path: string, options?: Omit<RequestOptions, "form" | "body">) => Promise<Answer>;
  post: (path: string, options?: RequestOptions) => Promise<Answer>;
  /**
   * A fresh session of `username`: the sign-in form's fields posted (username, the demo password,
   * redirectTo ""), as the form sends them. Fails unless sign-in answers 302 with the session cookie.
   */
  signIn: (username: string) => Promise<Client & { signedInTo: string }>;
  /** POST /dev/reset on the upstream: its demo data as seeded (the portal's sessions are kept). */
  resetUpstream: () => Promise<void>;
  /** What the upstream logged (its errors go to console.error too, which fails a test that does not expect them). */
  upstreamLogs: { info: string[]; error: string[] };
};

/**
 * Starts the built portal and the reference upstream before the file's tests (beforeAll) and stops
 * them after (afterAll), removing the data directory. `env` adds to or overrides the portal's
 * environment (read once, when the build is imported). The object's fields are set once started.
 */
export function servePortal(env: Record<string, string> = {}): Portal {
  const portal = {} as Portal;
  let stop = async () => {};
  // Bounded by what it waits for (the template, the build, both servers answering), not by a sleep.
  // The first file of a run makes the upstream's template meanwhile the others wait for it: on a
  // busy two-core machine that is more than the 20 s a test gets.
  beforeAll(async () => {
    const started = await startPortal(env);
    Object.assign(portal, started.portal);
    stop = started.stop;
  }, 120_000);
  afterAll(() => stop());
  return portal;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The upstream's data as its first start leaves it (migrated, seeded, the catalogue, offers,
 * insight data, reduced rates and groups generated for today, its keys): made once per run by the
 * first file that asks (a directory made with mkdir is the lock), the others wait until it is
 * there. Generating it takes seconds; copying it, milliseconds.
 */
async function upstreamTemplate(): Promise<string> {
  const root = inject("requestTemplateDir");
  const ready = path.join(root, "data");
  const failed = path.join(root, "failed");
  if (existsSync(ready)) return ready;
  let mine = true;
  try {
    mkdirSync(path.join(root, "lock"));
  } catch {
    mine = false;
  }
  if (mine) {
    const building = path.join(root, "building");
    try {
      const config = parseConfig({ DATA_DIR: building, UPSTREAM_MODE: "demo" });
      const keys = loadOrCreateKeys(path.join(building, "upstream-keys"));
      const { db } = openDatabase(building);
      createUpstream({ db, config, keys, logger: silentLogger });
      db.close();
      renameSync(building, ready);
    } catch (error) {
      writeFileSync(failed, (error as Error).stack ?? String(error));
      throw error;
    }
    return ready;
  }
  const deadline = Date.now() + 100_000;
  while (!existsSync(ready)) {
    if (existsSync(failed)) throw new Error(`the upstream's template failed:\n${readFileSync(failed, "utf8")}`);
    if (Date.now() > deadline) throw new Error(`the upstream's template (${ready}) was not made within 100 s`);
    await sleep(100);
  }
  return ready;
}

async function listen(server: http.Server): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  return (server.address() as AddressInfo).port;
}

function close(server: http.Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/** Resolves once `url` answers 200; fails after `ms` (never a fixed sleep). */
async function answering(url: string, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  let last = "";
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.ok) return;
      last = `status ${response.status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await sleep(50);
  }
  throw new Error(`${url} did not answer within ${ms} ms (${last})`);
}

async function startPortal(overrides: Record<string, string>): Promise<{ portal: Portal; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "portal-request-"));
  cpSync(await upstreamTemplate(), dataDir, { recursive: true });
  // Both servers listen first (port 0), so each knows the other's address before its app is made:
  // the portal's environment is read once, when the build is imported.
  let portalHandler: http.RequestListener = (_req, res) => res.writeHead(503).end();
  const portalServer = http.createServer((req, res) => portalHandler(req, res));
  const portalPort = await listen(portalServer);
  const url = `http://127.0.0.1:${portalPort}`;

  const config = parseConfig({ DATA_DIR: dataDir, UPSTREAM_MODE: "demo", UPSTREAM_PORT: "0", PORTAL_URL: url });
  const keys = loadOrCreateKeys(path.join(dataDir, "upstream-keys"));
  const { db } = openDatabase(dataDir);
  const upstreamLogs = { info: [] as string[], error: [] as string[] };
  const logger: Logger = {
    info: (line) => upstreamLogs.info.push(line),
    // An error of the upstream's own (a 500) fails the test, as a console.error does (tests/setup.ts).
    error: (line) => {
      upstreamLogs.error.push(line);
      console.error(`[upstream] ${line}`);
    },
  };
  const upstreamApp = createUpstream({ db, config, keys, logger });
  const upstreamServer = serve({ fetch: upstreamApp.fetch, port: 0, hostname: "127.0.0.1" }) as http.Server;
  await new Promise<void>((resolve) =>
    upstreamServer.listening ? resolve() : upstreamServer.once("listening", () => resolve()),
  );
  const upstream = `http://127.0.0.1:${(upstreamServer.address() as AddressInfo).port}`;

  Object.assign(process.env, {
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    API_URL: upstream,
    PUBLIC_ORIGIN: url,
    SESSION_SECRET: "request-layer-secret-request-layer-secret",
    AUTH_RATE_LIMIT: "1000",
    // The upstream shares this process (and a busy machine): its answers are waited for, not timed.
    UPSTREAM_TIMEOUT_MS: "20000",
    ...overrides,
  });
  for (const name of ["REDIS_URL", "COOKIE_SECURE", "HSTS_MAX_AGE", "TRUST_PROXY_HOPS", "GTM_ID"])
    if (!(name in overrides)) delete process.env[name];

  const buildFile = path.join(ROOT, "build/server/index.js");
  let build: ServerBuild;
  try {
    build = (await import(/* @vite-ignore */ buildFile)) as ServerBuild;
  } catch (error) {
    throw new Error(`the portal's build could not be loaded (${buildFile}): run \`npm run build\` first`, {
      cause: error,
    });
  }
  const { createApp } = await import("../../server/app");
  const app = createApp({ build, clientDir: path.join(ROOT, "build/client") });
  portalHandler = app;
  await Promise.all([answering(`${upstream}/health`), answering(`${url}/healthz`)]);

  const client = () => new Client(url);
  const portal: Portal = {
    url,
    upstream,
    dataDir,
    db: () => db,
    client,
    get: (p, options) => client().get(p, options),
    post: (p, options) => client().post(p, options),
    signIn: async (username) => {
      const agent = client();
      const answer = await agent.post("/login", { form: { username, password: PASSWORD, redirectTo: "" } });
      expect(answer.status, `sign-in of ${username} by request`).toBe(302);
      expect(answer.setCookies.join("\n"), `sign-in of ${username}: the session cookie`).toMatch(/__Host-pp_session=/);
      return Object.assign(agent, { signedInTo: answer.location ?? "" });
    },
    resetUpstream: async () => {
      const answer = await fetch(`${upstream}/dev/reset`, { method: "POST" });
      expect(answer.ok, "POST /dev/reset").toBe(true);
    },
    upstreamLogs,
  };

  const stop = async () => {
    await close(portalServer);
    await close(upstreamServer);
    // The session store (SQLite in DATA_DIR) is the build's; its connection goes with the process.
    if (db.open) db.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { portal, stop };
}

/** The text of HTML: tags and React's comment markers dropped, the usual entities decoded, spaces folded. */
export function textOf(html: string): string {
  return html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]*>/g, "")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

/** The document's <title>, as a browser shows it. */
export function titleOf(html: string): string | undefined {
  const title = /<title>([\s\S]*?)<\/title>/.exec(html)?.[1];
  return title === undefined ? undefined : textOf(title);
}

/** The text of each <h1> (or of the level asked for) in the document, in order. */
export function headings(html: string, level = 1): string[] {
  return [...html.matchAll(new RegExp(`<h${level}\\b[^>]*>([\\s\\S]*?)</h${level}>`, "g"))].map(([, inner]) =>
    textOf(inner!),
  );
}
