import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, startHarness, type Harness } from "../../upstream/testing/harness";
import type * as Login from "~/routes/auth/login";
import { loginRequest, portalEnv } from "../integration/harness";

/**
 * Decision 033: a sign-in tells a stranger nothing about which accounts exist. Against the
 * real reference upstream over loopback, an unknown username and a known one with a wrong password get
 * the same answer in the same time, an account's state (pending, deactivated, locked) is told only once
 * its password is right, and the portal's login form shows the same text for both.
 */
let upstream: Harness;
let server: ReturnType<typeof serve>;
let base: string;
let cleanup: () => void;
let action: typeof Login.action;

beforeAll(async () => {
  upstream = startHarness();
  server = serve({ fetch: upstream.app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  ({ cleanup } = portalEnv({ API_URL: base, UPSTREAM_TIMEOUT_MS: "5000" }));
  ({ action } = await import("~/routes/auth/login"));
}, 60_000);

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  upstream.close();
  cleanup();
});

beforeEach(() => upstream.reset());

type Answer = { status: number; body: unknown; ms: number };
type Series = "unknown" | "known" | "locked";

/** POST /auth/login over HTTP; `ms` is the time of that request alone (the encryption is done before). */
async function login(username: string, password: string): Promise<Answer> {
  const encryptedCredentials = await upstream.encryptCredentials(username, password);
  const started = performance.now();
  const response = await fetch(`${base}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ encryptedCredentials }),
  });
  const body = await response.json();
  return { status: response.status, body, ms: performance.now() - started };
}

const forgetFailures = (username: string) =>
  upstream.db.prepare("UPDATE agents SET failed_attempts = 0, locked_at = NULL WHERE username = ?").run(username);

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

const FIRST_FAILURE = {
  status: 401,
  body: {
    message: {
      message: "Invalid username or password. 4 attempts remaining.",
      errorCode: "attemptsRemaining",
      remainingAttempts: 4,
    },
  },
};
const LOCKED = {
  status: 423,
  body: {
    message: {
      message:
        "Your account is locked after too many unsuccessful sign-in attempts. Reset your password or contact support to unlock it.",
      errorCode: "accountLockedMessage",
    },
  },
};

describe("an unknown username and a wrong password answer alike", () => {
  it("the same status and body on the first attempt", async () => {
    const unknown = await login("nobody.here", "wrong-password");
    const known = await login("agent.usa", "wrong-password");
    expect({ status: unknown.status, body: unknown.body }).toEqual(FIRST_FAILURE);
    expect({ status: known.status, body: known.body }).toEqual({ status: unknown.status, body: unknown.body });
  });

  it("an unknown name counts down 4, 3, 2, 1 and locks at the fifth, as a known one does", async () => {
    const unknown: unknown[] = [];
    const known: unknown[] = [];
    for (let i = 0; i < 6; i++) {
      const [a, b] = [await login("nobody.here", "wrong-password"), await login("agent.usa", "wrong-password")];
      unknown.push({ status: a.status, body: a.body });
      known.push({ status: b.status, body: b.body });
    }
    expect(unknown).toEqual(known);
    expect(unknown.map((answer) => (answer as { status: number }).status)).toEqual([401, 401, 401, 401, 423, 423]);
    expect(unknown[4]).toEqual(LOCKED);
  });

  it("in the same median time (15 tries each, within 20 ms), a locked account's wrong password too", async () => {
    // Warm both paths (the connection, the hash of nobody) before measuring.
    await login("warm.up", "wrong-password");
    await login("agent.usa", "wrong-password");
    const tries: Array<[Series, (i: number) => Promise<Answer>]> = [
      // A fresh name each time, and a known account with its count forgotten: every try is a first attempt.
      ["unknown", (i) => login(`nobody.${i}.${Math.random()}`, "wrong-password")],
      ["known", () => login("agent.usa", "wrong-password")],
      ["locked", () => login("agent.locked", "wrong-password")],
    ];
    async function measure() {
      const times: Record<Series, number[]> = { unknown: [], known: [], locked: [] };
      for (let i = 0; i < 15; i++) {
        // Each round in another order, so that no series always goes first.
        for (let j = 0; j < tries.length; j++) {
          const [series, attempt] = tries[(i + j) % tries.length]!;
          forgetFailures("agent.usa"); // before every try, so that its cost falls on no series alone
          times[series].push((await attempt(i)).ms);
        }
      }
      return { unknown: median(times.unknown), known: median(times.known), locked: median(times.locked) };
    }
    // Wall-clock time on a shared machine is noisy: up to three measurements, one of which must hold.
    // Without the dummy hash the gap is a whole scrypt (100 ms or more), which no measurement hides.
    const measured: Array<Record<Series, number>> = [];
    for (let n = 0; n < 3; n++) {
      const m = await measure();
      measured.push(m);
      if (Math.abs(m.unknown - m.known) < 20 && Math.abs(m.unknown - m.locked) < 20) return;
    }
    expect.fail(`median ms differ by 20 or more in each measurement: ${JSON.stringify(measured)}`);
  }, 300_000);
});

describe("an account's state is told only once its password is right", () => {
  it.each([
    ["pending.one", 403, "ACCOUNT_PENDING"],
    ["deactivated.one", 403, "ACCOUNT_DEACTIVATED"],
  ])("%s: a wrong password answers as an unknown name; the right one, %s %s", async (username, status, code) => {
    const wrong = await login(username, "wrong-password");
    const unknown = await login("nobody.here", "wrong-password");
    expect({ status: wrong.status, body: wrong.body }).toEqual({ status: unknown.status, body: unknown.body });
    expect({ status: wrong.status, body: wrong.body }).toEqual(FIRST_FAILURE);

    const right = await login(username, DEMO_PASSWORD);
    expect(right.status).toBe(status);
    expect(right.body).toMatchObject({ message: { errorCode: code } });
  });

  it("a locked account: a wrong password answers as an unknown name after five failures; the right one, locked", async () => {
    for (let i = 0; i < 5; i++) await login("nobody.here", "wrong-password");
    const unknown = await login("nobody.here", "wrong-password");
    const wrong = await login("agent.locked", "wrong-password");
    expect({ status: wrong.status, body: wrong.body }).toEqual({ status: unknown.status, body: unknown.body });
    expect({ status: wrong.status, body: wrong.body }).toEqual(LOCKED);

    const right = await login("agent.locked", DEMO_PASSWORD);
    expect({ status: right.status, body: right.body }).toEqual(LOCKED);
  });
});

describe("the login form, over the real upstream", () => {
  async function formError(username: string, password: string) {
    const result = (await action({ request: loginRequest({ username, password }), params: {}, context: {} })) as {
      data: { error?: Record<string, string[] | null> };
      init: ResponseInit;
    };
    expect(result.init.status).toBe(400);
    return result.data.error?.[""]?.[0];
  }

  it("shows the same text for an unknown username and a wrong password", async () => {
    const unknown = await formError("nobody.here", "wrong-password");
    const known = await formError("agent.usa", "wrong-password");
    expect(unknown).toBe(known);
    expect(unknown).toBe(
      "The username or password is not correct. You have 4 attempts remaining before sign-in with this username is locked.",
    );
  });
});
