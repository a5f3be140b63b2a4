import { constants, privateDecrypt } from "node:crypto";
import { delay, http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { fakeJwt, loginRequest, portalEnv, profile, rsa } from "./harness";

const env = portalEnv();
const { action } = await import("~/routes/auth/login");

const API = "http://upstream.test";
const tokens = (claims: Record<string, unknown> = { username: "agent.usa" }) => ({
  access_token: fakeJwt(claims),
  refresh_token: fakeJwt({ ...claims, typ: "refresh" }),
  id_token: fakeJwt({ ...claims, typ: "id" }),
});
let lastCredentials: unknown = null;

const server = setupServer(
  http.get(`${API}/auth/public-key`, () => HttpResponse.json({ data: { publicKey: rsa.publicKey } })),
  http.get(`${API}/userProfile`, () => HttpResponse.json({ data: profile() })),
);
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => {
  server.close();
  env.cleanup();
});

function answerLogin(resolver: Parameters<typeof http.post>[1]) {
  server.use(http.post(`${API}/auth/login`, resolver));
}

type Reply = { status?: string; error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> };
async function submit(fields: Record<string, string>) {
  const result = (await action({ request: loginRequest(fields), params: {}, context: {} })) as unknown;
  if (result instanceof Response) return { response: result } as const;
  const { data, init } = result as { data: Reply; init: ResponseInit };
  return { reply: data, status: init.status } as const;
}

describe("a failed sign-in echoes only what its schema allows", () => {
  it.each([
    ["a username over its 100 characters", { username: "u".repeat(101), password: "x" }, "username"],
    [
      "a redirectTo over its 2048 characters",
      { username: "", password: "x", redirectTo: "/" + "r".repeat(2048) },
      "redirectTo",
    ],
  ])("%s is left out of the reply", async (_name, fields, name) => {
    const { reply, status } = await submit(fields);
    expect(status).toBe(400);
    expect(reply?.initialValue).toBeDefined();
    expect(reply?.initialValue).not.toHaveProperty(name);
  });

  it("a value within its limit is kept, so the agent loses nothing", async () => {
    const { reply } = await submit({ username: "agent.usa", password: "" });
    expect(reply?.initialValue).toMatchObject({ username: "agent.usa" });
    expect(reply?.initialValue).not.toHaveProperty("password");
  });

  it("a post whose declared body is over the form limit answers 413 before it is read", async () => {
    const request = new Request("http://localhost/login", {
      method: "POST",
      headers: { "content-length": String(65 * 1024), "content-type": "application/x-www-form-urlencoded" },
      body: "username=x",
    });
    const error = await action({ request, params: {}, context: {} }).catch((e: unknown) => e);
    expect((error as { init: ResponseInit }).init.status).toBe(413);
  });
});

describe("the login action", () => {
  it("encrypts {username, password} as one JSON object with RSA-OAEP SHA-256 and redirects home", async () => {
    answerLogin(async ({ request }) => {
      const body = (await request.json()) as { encryptedCredentials: string };
      lastCredentials = JSON.parse(
        privateDecrypt(
          { key: rsa.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" },
          Buffer.from(body.encryptedCredentials, "base64"),
        ).toString(),
      );
      return HttpResponse.json({ data: tokens() });
    });
    const { response } = await submit({ username: "agent.usa", password: "Portal!2026" });
    expect(lastCredentials).toEqual({ username: "agent.usa", password: "Portal!2026" });
    expect(response?.status).toBe(302);
    expect(response?.headers.get("Location")).toBe("/home");
    const cookie = response?.headers.get("Set-Cookie") ?? "";
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toContain(tokens().access_token);
  });

  it("goes to a same-site redirectTo and refuses another site's", async () => {
    answerLogin(() => HttpResponse.json({ data: tokens() }));
    const good = await submit({ username: "agent.usa", password: "x", redirectTo: "/profile/info?tab=1" });
    expect(good.response?.headers.get("Location")).toBe("/profile/info?tab=1");
    for (const evil of ["//evil.example", "https://evil.example", "/\\evil.example"]) {
      const bad = await submit({ username: "agent.usa", password: "x", redirectTo: evil });
      expect(bad.response?.headers.get("Location")).toBe("/home");
    }
  });

  it.each([
    ["empty username", { username: "", password: "x" }, "username", "Enter your username."],
    ["empty password", { username: "agent.usa", password: "" }, "password", "Enter your password."],
    [
      "over-long username",
      { username: "u".repeat(101), password: "x" },
      "username",
      "A username has at most 100 characters.",
    ],
    [
      "over-long password",
      { username: "agent.usa", password: "p".repeat(201) },
      "password",
      "A password has at most 200 characters.",
    ],
  ])("%s: a field error, the username kept, no upstream call", async (_name, fields, field, message) => {
    answerLogin(() => {
      throw new Error("the upstream must not be called");
    });
    const { reply, status } = await submit(fields);
    expect(status).toBe(400);
    expect(reply?.error?.[field]).toEqual([message]);
    expect(reply?.initialValue?.password).toBeUndefined();
  });

  it.each([
    [
      "attempts remaining",
      401,
      { errorCode: "attemptsRemaining", remainingAttempts: 2 },
      "You have 2 attempts remaining",
    ],
    ["locked", 423, { errorCode: "accountLockedMessage" }, "Sign-in with this username is locked"],
    ["unknown user", 401, { errorCode: "unsuccessfulLoginMessage" }, "The username or password is not correct."],
    ["QA mode", 403, { errorCode: "qaModeMessage" }, "QA mode"],
    ["no errorCode", 500, { message: "boom" }, "Service unavailable, please try again later"],
  ])("upstream answers %s: the form says so and keeps the username", async (_name, status, body, text) => {
    answerLogin(() => HttpResponse.json({ message: body }, { status }));
    const result = await submit({ username: "agent.usa", password: "wrong" });
    expect(result.status).toBe(400);
    expect(result.reply?.error?.[""]?.[0]).toContain(text);
    expect(result.reply?.initialValue?.username).toBe("agent.usa");
    expect(result.reply?.initialValue?.password).toBeUndefined();
  });

  it.each([
    ["down", () => HttpResponse.error()],
    [
      "slow past the timeout",
      async () => {
        await delay(1000);
        return HttpResponse.json({ data: tokens() });
      },
    ],
    [
      "answering malformed JSON",
      () => new HttpResponse("{not json", { headers: { "content-type": "application/json" } }),
    ],
    ["answering the wrong shape", () => HttpResponse.json({ data: { access_token: 42 } })],
  ])("an upstream that is %s gives 'Service unavailable, please try again later'", async (_name, resolver) => {
    answerLogin(resolver);
    const result = await submit({ username: "agent.usa", password: "x" });
    expect(result.status).toBe(400);
    expect(result.reply?.error?.[""]).toEqual(["Service unavailable, please try again later"]);
  });

  it("a token without the username fails with 'An error occurred while logging in. Please try again.'", async () => {
    answerLogin(() => HttpResponse.json({ data: tokens({ sub: "200001" }) }));
    const result = await submit({ username: "agent.usa", password: "x" });
    expect(result.reply?.error?.[""]).toEqual(["An error occurred while logging in. Please try again."]);
  });

  it("an MFA answer goes to /otp-verify with the pending sign-in kept server-side", async () => {
    answerLogin(() =>
      HttpResponse.json({
        data: { mfaRequired: true, otpToken: "otp-handle", channel: "email_otp", recipient: "agent.mfa@example.com" },
      }),
    );
    const { response } = await submit({ username: "agent.mfa", password: "x" });
    expect(response?.headers.get("Location")).toBe("/otp-verify");
    expect(response?.headers.get("Set-Cookie")).not.toContain("otp-handle");
  });
});

describe("bad bodies", () => {
  it.each([
    ["a JSON body", { "content-type": "application/json" }, "{}"],
    ["a broken multipart body", { "content-type": "multipart/form-data; boundary=x" }, "--y\r\nnonsense"],
  ])("%s answers 400 with a clear message, not a 500", async (_name, headers, body) => {
    const request = new Request("http://localhost/login", { method: "POST", headers, body });
    const error = (await action({ request, params: {}, context: {} }).catch((e: unknown) => e)) as {
      init: ResponseInit;
      data: { message: string };
    };
    expect(error.init.status).toBe(400);
    expect(error.data.message).toMatch(/could not be read/);
  });

  it("a file where the username belongs is a field error", async () => {
    const form = new FormData();
    form.set("username", new File(["x"], "x.txt"));
    form.set("password", "x");
    const request = new Request("http://localhost/login", { method: "POST", body: form });
    const result = (await action({ request, params: {}, context: {} })) as { data: Reply; init: ResponseInit };
    expect(result.init.status).toBe(400);
    expect(result.data.error?.username?.[0]).toBeTruthy();
  });
});
