import { afterAll, afterEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./testing/harness";

const harnesses: Harness[] = [];
function harness(mode: "demo" | "production" = "demo") {
  const h = startHarness({ mode });
  harnesses.push(h);
  return h;
}
afterEach(() => {
  for (const h of harnesses.splice(0)) h.close();
});
afterAll(() => {
  for (const h of harnesses.splice(0)) h.close();
});

describe("demo mode", () => {
  it("answers /health", async () => {
    const h = harness();
    expect((await h.call("GET", "/health")).body).toEqual({ data: { ok: true } });
  });

  it("POST /dev/reset restores a locked account, QA mode and the outbox", async () => {
    const h = harness();
    for (let i = 0; i < 5; i++) await h.login("agent.usa", "wrong");
    expect((await h.login("agent.usa")).status).toBe(423);
    await h.login("agent.mfa");
    await h.call("POST", "/dev/qa-mode", { enabled: true });
    expect((await h.call("GET", "/dev/outbox")).body).toHaveLength(1);

    const reset = await h.call("POST", "/dev/reset");
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ ok: true });

    expect((await h.login("agent.usa")).status).toBe(200);
    expect((await h.call("GET", "/auth/qa-mode")).body.data.qaMode).toBe(false);
    expect((await h.call("GET", "/dev/outbox")).body).toEqual([]);
    expect((await h.login("agent.locked")).status).toBe(423);
  });

  it("keeps sign-ins across a reset", async () => {
    const h = harness();
    const login = await h.login("agent.usa");
    await h.call("POST", "/dev/reset");
    expect((await h.call("GET", "/userProfile", undefined, h.bearer(login.body.data.access_token))).status).toBe(200);
  });

  it("POST /dev/legacy-token refuses an unknown username", async () => {
    const h = harness();
    const reply = await h.call("POST", "/dev/legacy-token", { username: "nobody" });
    expect(reply.status).toBe(400);
    expect(reply.body.message.errorCode).toBe("INVALID_REQUEST");
  });
});

describe("production mode", () => {
  it("has no /dev endpoints and prints no outbox", async () => {
    const h = harness("production");
    for (const [method, path] of [
      ["GET", "/dev/outbox"],
      ["POST", "/dev/reset"],
      ["POST", "/dev/legacy-token"],
      ["POST", "/dev/qa-mode"],
    ] as const) {
      const reply = await h.call(method, path, method === "POST" ? {} : undefined);
      expect(reply.status, path).toBe(404);
      expect(reply.body).toEqual({ message: { message: "Not found", errorCode: "NOT_FOUND" } });
    }
    expect((await h.call("GET", "/health")).status).toBe(200);
    const login = await h.login("agent.mfa");
    expect(login.body.data.mfaRequired).toBe(true);
    expect(h.logs.info).toEqual([]);
    expect(h.db.prepare("SELECT count(*) AS n FROM outbox").get()).toEqual({ n: 1 });
  });
});

describe("errors", () => {
  it("answers 404 NOT_FOUND as JSON for unknown paths and methods", async () => {
    const h = harness();
    for (const [method, path] of [
      ["GET", "/nothing/here"],
      ["PUT", "/auth/login"],
    ]) {
      const reply = await h.call(method!, path!);
      expect(reply.status).toBe(404);
      expect(reply.headers.get("content-type")).toMatch(/application\/json/);
      expect(reply.body).toEqual({ message: { message: "Not found", errorCode: "NOT_FOUND" } });
    }
  });

  it("answers 500 INTERNAL_ERROR without a stack trace and logs one line", async () => {
    const h = harness();
    h.db.close();
    const reply = await h.call("GET", "/auth/qa-mode");
    expect(reply.status).toBe(500);
    expect(reply.body.message.errorCode).toBe("INTERNAL_ERROR");
    expect(JSON.stringify(reply.body)).not.toMatch(/at |database|\.ts/);
    expect(h.logs.error).toHaveLength(1);
    expect(h.logs.error[0]).toMatch(/^upstream error GET \/auth\/qa-mode: /);
    expect(h.logs.error[0]).not.toContain("\n");
  });

  it("answers 413 for a body over 64 KB", async () => {
    const h = harness();
    const reply = await h.call("POST", "/otp/generate", { recipient: "x".repeat(70_000) });
    expect(reply.status).toBe(413);
    expect(reply.body.message.errorCode).toBe("PAYLOAD_TOO_LARGE");
  });
});
