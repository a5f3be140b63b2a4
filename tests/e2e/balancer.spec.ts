import { readFileSync } from "node:fs";
import http from "node:http";
import { request, type APIRequestContext, type APIResponse } from "@playwright/test";
import { Redis } from "ioredis";
import { rollingRestart } from "../../deploy/rolling-restart.mjs";
import { startBalanced } from "../../deploy/run-balanced.mjs";
import { PASSWORD, expect, expectAccessible, signIn, stack, test } from "./support/fixtures";

// This file's own stack (the shared e2e portal is the worker's own): nginx, the upstream, two instances.
// nginx listens on a port that is not 80 or 443, as a balancer on one machine does: the browser's
// Origin then carries the port, and a Host without it would refuse every form.
const BALANCER = stack.spare(150);
const UPSTREAM_PORT = stack.spare(151);
const INSTANCE_PORTS = [stack.spare(152), stack.spare(153)];
// A Redis database of its own: the sessions and counters of other tests (database 0) stay apart.
const REDIS_URL = stack.redisUrl(1);
const RATE_LIMIT = 4;

type Balanced = Awaited<ReturnType<typeof startBalanced>>;
type LogLine = { request_id: string; method: string; uri: string; status: number; upstream: string };

test.describe("nginx in front of two portal instances sharing Redis", () => {
  test.describe.configure({ mode: "serial" });
  let balanced: Balanced | undefined;
  let redis: Redis | undefined;

  // The request tests read what the stack answers (@once); the browser's sign-in and form post run
  // with JavaScript on and off (@js-off).
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    balanced = await startBalanced({
      port: BALANCER,
      upstreamPort: UPSTREAM_PORT,
      instancePorts: INSTANCE_PORTS,
      redisUrl: REDIS_URL,
      env: { AUTH_RATE_LIMIT: String(RATE_LIMIT), UPSTREAM_TIMEOUT_MS: "3000" },
      quiet: true,
      // nginx takes a restarted instance back after 3 s (10 in production): the rolling restart is shorter.
      failTimeout: 3,
    });
    redis = new Redis(REDIS_URL);
  });
  test.afterAll(async () => {
    await balanced?.stop();
    await redis?.quit();
  });
  // Every sign-in post counts against the limit of 4 for 127.0.0.1; each test starts from none.
  test.beforeEach(() => clearSignInCounts());

  function logLines(): LogLine[] {
    if (!balanced) throw new Error("the stack did not start");
    // Only whole lines: nginx may be writing the last one as it is read.
    return (
      readFileSync(balanced.accessLog, "utf8")
        .split("\n")
        .slice(0, -1)
        .filter(Boolean)
        .map((line) => JSON.parse(line) as LogLine)
        // The start's own readiness probes through nginx: nginx may log the last one after the stack is up.
        .filter((line) => line.uri !== "/healthz")
    );
  }

  /**
   * The instance (its port) that answered a request: its access log line, found by the request id
   * nginx made (the portal answers it in X-Request-Id). nginx writes the line once the answer is
   * sent, a moment after the client has it. After a retry the line names every instance tried; the
   * last one answered.
   */
  async function servedBy(response: APIResponse): Promise<number> {
    const id = response.headers()["x-request-id"];
    const find = () => logLines().find((line) => line.request_id === id);
    await expect.poll(() => find() !== undefined).toBe(true);
    const line = find();
    if (!line) throw new Error("no access log line");
    expect(line.uri).toBe(new URL(response.url()).pathname);
    return Number(line.upstream.split(",").at(-1)?.trim().split(":").at(-1));
  }

  async function clearSignInCounts() {
    if (!redis) return;
    const keys = await redis.keys("pp_auth:*");
    if (keys.length) await redis.del(...keys);
  }

  async function signedInAgent(): Promise<{ agent: APIRequestContext; servedBy: number }> {
    const agent = await request.newContext({ baseURL: balanced?.url });
    const response = await agent.post("/login", {
      form: { username: "agent.usa", password: PASSWORD, redirectTo: "" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toBe("/home");
    return { agent, servedBy: await servedBy(response) };
  }

  /** The home page answers the agent signed in (a signed-out agent is sent to /login). */
  async function homeSignedIn(agent: APIRequestContext): Promise<number> {
    const response = await agent.get("/home", { maxRedirects: 0 });
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain("Welcome,");
    return servedBy(response);
  }

  test(
    "an agent signs in from a browser through nginx and posts a form there",
    { tag: "@js-off" },
    async ({ page }) => {
      if (!balanced) throw new Error("the stack did not start");
      // The form, not the request fixture: sign-in through the balancer is the subject. The browser
      // sends Origin http://127.0.0.1:PORT on each post, as an agent's would.
      await page.goto(`${balanced.url}/login`);
      await signIn(page, "agent.usa");
      await expect(page).toHaveURL(`${balanced.url}/home`);
      await expect(page.getByText("Welcome,")).toBeVisible();
      await expectAccessible(page);
      // Another form through nginx: the header's Log out posts to /logout and lands on the sign-in page.
      await page.getByRole("banner").getByRole("button", { name: "Log out" }).click();
      await expect(page).toHaveURL(/\/login(\?|$)/);
      await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
      const posts = logLines().filter((line) => line.method === "POST");
      expect(posts.map((line) => line.status).filter((status) => status >= 400)).toEqual([]);
    },
  );

  test("the access log writes the path without its query", { tag: "@once" }, async () => {
    if (!balanced) throw new Error("the stack did not start");
    const client = await request.newContext({ baseURL: balanced.url });
    // The legacy sign-in's token and an unsubscribe link's token travel in the query.
    const response = await client.get("/login?z=secret-legacy-token-4242&token=secret-unsubscribe-4242", {
      maxRedirects: 0,
    });
    await servedBy(response);
    const log = readFileSync(balanced.accessLog, "utf8");
    expect(log).not.toContain("secret-legacy-token-4242");
    expect(log).not.toContain("secret-unsubscribe-4242");
    expect(log).not.toContain("z=");
    await client.dispose();
  });

  test("an agent signed in through nginx stays signed in on either instance", { tag: "@once" }, async () => {
    const { agent, servedBy: signIn } = await signedInAgent();
    const served = [signIn];
    for (let i = 0; i < 4; i++) served.push(await homeSignedIn(agent));
    // Round-robin: consecutive requests went to different instances, and both served this agent.
    expect(new Set(served)).toEqual(new Set(INSTANCE_PORTS));
    expect(served.some((port, i) => i > 0 && port !== served[i - 1])).toBe(true);
    await agent.dispose();
  });

  test("the sign-in limit counts the posts both instances received", { tag: "@once" }, async () => {
    const client = await request.newContext({ baseURL: balanced?.url });
    const served: number[] = [];
    for (let i = 1; i <= RATE_LIMIT; i++) {
      const response = await client.post("/login", {
        form: { username: "nobody.balanced", password: "not-the-password", redirectTo: "" },
        // An address the client wrote itself: ignored, the entry nginx appended is what counts.
        headers: { "X-Forwarded-For": `203.0.113.${i}` },
        maxRedirects: 0,
      });
      expect(response.status()).toBe(400);
      served.push(await servedBy(response));
    }
    expect(new Set(served)).toEqual(new Set(INSTANCE_PORTS));
    const refused = await client.post("/login", {
      form: { username: "nobody.balanced", password: "not-the-password", redirectTo: "" },
      headers: { "X-Forwarded-For": "203.0.113.99" },
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(429);
    expect(await refused.text()).toContain("Too many attempts from your network");
    await servedBy(refused);
    await client.dispose();
    await clearSignInCounts();
  });

  test("stopping one instance signs no agent out", { tag: "@once" }, async () => {
    if (!balanced) throw new Error("the stack did not start");
    const [first, second] = balanced.instances;
    if (!first || !second) throw new Error("two instances expected");
    const { agent } = await signedInAgent();
    await first.stop();
    try {
      // nginx finds the first refusing connections and passes each page to the second.
      for (let i = 0; i < 4; i++) expect(await homeSignedIn(agent)).toBe(second.port);
    } finally {
      await first.start();
    }
    expect((await agent.get(`${first.url}/healthz`)).ok()).toBe(true);
    await agent.dispose();
  });

  test("a rolling restart under load loses no GET and no POST", { tag: "@once" }, async () => {
    test.setTimeout(120_000);
    if (!balanced) throw new Error("the stack did not start");
    const url = balanced.url;
    const counts = { get: 0, post: 0, failedGets: [] as string[], failedPosts: [] as string[] };
    let running = true;
    // A failure is a request the client saw fail: a reset, or a 5xx from nginx (502 when an instance
    // closed a connection under a request it could not retry).
    const loop = async (kind: "get" | "post") => {
      while (running) {
        const failed = kind === "get" ? counts.failedGets : counts.failedPosts;
        try {
          const status = await send(url, kind);
          counts[kind]++;
          if (status >= 500) failed.push(String(status));
        } catch (error) {
          failed.push(error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : String(error));
        }
      }
    };
    const loops = [...Array.from({ length: 3 }, () => loop("get")), ...Array.from({ length: 3 }, () => loop("post"))];
    try {
      await new Promise((r) => setTimeout(r, 1000));
      await rollingRestart(
        balanced.instances.map((instance, i) => ({ name: `portal ${i + 1}`, ...instance })),
        { log: () => {} },
      );
      await new Promise((r) => setTimeout(r, 1000));
    } finally {
      running = false;
      await Promise.all(loops);
    }
    console.log(`rolling restart under load: ${counts.get} GETs, ${counts.post} POSTs`);
    expect(counts.get).toBeGreaterThan(100);
    expect(counts.post).toBeGreaterThan(100);
    // nginx says why a request failed (a reset, no live instance): its error lines go with a failure.
    const why = balanced
      .nginxOutput()
      .split("\n")
      .filter((line) => /\[error\]/.test(line) && !/Connection refused/.test(line))
      .join("\n");
    expect(counts.failedGets, why).toEqual([]);
    expect(counts.failedPosts, why).toEqual([]);
  });
});

/**
 * One request of the rolling restart's load on a connection of its own: a reload of nginx closes its
 * idle client connections, and a browser sends a request again when a reused connection closes before
 * any answer (a script's fetch does not); a fresh connection per request leaves only the portal's side
 * and nginx's to prove. Answers the status.
 */
function send(base: string, kind: "get" | "post"): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = "reason=";
    const req = http.request(
      `${base}${kind === "get" ? "/login" : "/logout"}`,
      {
        agent: false,
        method: kind === "get" ? "GET" : "POST",
        timeout: 10_000,
        headers:
          kind === "get"
            ? {}
            : { origin: base, "content-type": "application/x-www-form-urlencoded", "content-length": body.length },
      },
      (res) => {
        res.resume();
        res.once("end", () => resolve(res.statusCode ?? 0));
        res.once("error", reject);
      },
    );
    req.once("timeout", () => req.destroy(new Error("timed out after 10 s")));
    req.once("error", reject);
    req.end(kind === "post" ? body : undefined);
  });
}
