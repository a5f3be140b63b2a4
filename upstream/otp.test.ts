import { readFileSync } from "node:fs";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { outboxLogPath } from "./lib/outbox";
import { startHarness, type Harness } from "./testing/harness";

let h: Harness;
beforeAll(() => {
  h = startHarness();
});
afterAll(() => h.close());
beforeEach(() => h.reset());

const MFA_EMAIL = "agent.mfa@example.com";

async function outbox(recipient?: string) {
  const query = recipient === undefined ? "" : `?recipient=${encodeURIComponent(recipient)}`;
  const { status, body } = await h.call("GET", `/dev/outbox${query}`);
  expect(status).toBe(200);
  return body as Array<{
    recipient: string;
    channel: string;
    purpose: string;
    subject: string;
    body: string;
    code: string | null;
    link: string | null;
    sentAt: string;
  }>;
}

async function generate(body: Record<string, unknown>) {
  return h.call("POST", "/otp/generate", {
    recipient: "new.agent@example.com",
    channel: "email_otp",
    purpose: "register_agent_verification",
    ...body,
  });
}

async function latestCode(recipient: string) {
  const [latest] = await outbox(recipient);
  return latest!.code!;
}

const wrongCode = (code: string) => (code === "000000" ? "111111" : "000000");

describe("sign-in with a second factor (agent.mfa)", () => {
  it("answers mfaRequired after the password, puts the code in the outbox, and signs in on validate", async () => {
    const login = await h.login("agent.mfa");
    expect(login.status).toBe(200);
    expect(login.body.data).toMatchObject({ mfaRequired: true, channel: "email_otp", recipient: MFA_EMAIL });
    expect(login.body.data.access_token).toBeUndefined();
    expect(login.body.data.otpToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const [message] = await outbox(MFA_EMAIL);
    expect(message).toMatchObject({
      recipient: MFA_EMAIL,
      channel: "email_otp",
      purpose: "login_verification",
      link: null,
    });
    expect(message!.code).toMatch(/^\d{6}$/);
    expect(message!.body).toContain(message!.code);
    expect(message!.sentAt).toBe("2026-03-02T10:00:00.000Z");
    // In DATA_DIR/outbox.log, not in the log the portal's requests share (issue 38).
    expect(readFileSync(outboxLogPath(h.config), "utf8")).toMatch(
      new RegExp(`\\[outbox\\] email_otp to ${MFA_EMAIL}.*${message!.code}`),
    );
    expect(h.logs.info.some((line) => line.includes("[outbox]"))).toBe(false);

    const validated = await h.call("POST", "/otp/validate", { token: login.body.data.otpToken, otp: message!.code });
    expect(validated.status).toBe(200);
    expect(validated.body.data.isValid).toBe(true);
    expect(validated.body.data.user).toMatchObject({ username: "agent.mfa", email: MFA_EMAIL });
    const access = decodeJwt(validated.body.data.access_token);
    expect(access).toMatchObject({ typ: "access", username: "agent.mfa" });
    expect(decodeJwt(validated.body.data.refresh_token).sid).toBe(access.sid);
    expect((await h.call("GET", "/userProfile", undefined, h.bearer(validated.body.data.access_token))).status).toBe(
      200,
    );
  });

  it("still counts wrong passwords for an MFA account", async () => {
    const { status, body } = await h.login("agent.mfa", "wrong");
    expect(status).toBe(401);
    expect(body.message.remainingAttempts).toBe(4);
    expect(await outbox(MFA_EMAIL)).toHaveLength(0);
  });

  it("resends a code for a waiting sign-in, and refuses a resend that no password login started", async () => {
    const refused = await generate({
      recipient: MFA_EMAIL,
      purpose: "login_verification",
      metadata: { username: "agent.mfa" },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message.errorCode).toBe("INVALID_REQUEST");

    await h.login("agent.mfa");
    const otherAddress = await generate({
      recipient: "thief@example.com",
      purpose: "login_verification",
      metadata: { username: "agent.mfa" },
    });
    expect(otherAddress.status).toBe(400);

    const resend = await generate({
      recipient: MFA_EMAIL,
      purpose: "login_verification",
      metadata: { username: "agent.mfa" },
    });
    expect(resend.status).toBe(200);
    const code = await latestCode(MFA_EMAIL);
    const validated = await h.call("POST", "/otp/validate", { token: resend.body.data.token, otp: code });
    expect(validated.body.data.access_token).toBeDefined();

    h.clock.advance(10 * 60_000);
    const late = await generate({
      recipient: MFA_EMAIL,
      purpose: "login_verification",
      metadata: { username: "agent.mfa" },
    });
    expect(late.status).toBe(400);
  });
});

describe("POST /otp/generate", () => {
  it("answers a token and the expiry, and sends six digits", async () => {
    const { status, body } = await generate({ metadata: { country: "USA" } });
    expect(status).toBe(200);
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.data.expiresAt).toBe("2026-03-02T10:10:00.000Z");
    const [message] = await outbox("new.agent@example.com");
    expect(message).toMatchObject({ channel: "email_otp", purpose: "register_agent_verification", link: null });
    expect(message!.code).toMatch(/^\d{6}$/);
  });

  it("sends SMS codes to phone numbers and magic links by e-mail", async () => {
    expect(
      (await generate({ recipient: "+1 305 555 0100", channel: "sms", purpose: "phone_verification" })).status,
    ).toBe(200);
    const [sms] = await outbox("+13055550100");
    expect(sms).toMatchObject({ channel: "sms", purpose: "phone_verification" });
    expect(sms!.code).toMatch(/^\d{6}$/);

    const magic = await generate({
      recipient: "owner@agency.example",
      channel: "email_magic_link",
      purpose: "register_agency_verification",
    });
    expect(magic.status).toBe(200);
    const [mail] = await outbox("owner@agency.example");
    expect(mail!.code).toBeNull();
    expect(mail!.link).toMatch(/^http:\/\/localhost:3000\/register-agency\/verify\?token=[A-Za-z0-9_-]+&otp=\d{6}$/);
    const link = new URL(mail!.link!);
    expect(link.searchParams.get("token")).toBe(magic.body.data.token);
    const validated = await h.call("POST", "/otp/validate", {
      token: link.searchParams.get("token"),
      otp: link.searchParams.get("otp"),
    });
    expect(validated.body).toEqual({ data: { isValid: true } });
  });

  it("answers 400 INVALID_REQUEST for a bad channel, purpose or recipient", async () => {
    for (const body of [
      { channel: "pigeon" },
      { purpose: "anything" },
      { recipient: "not-an-email" },
      { recipient: "nobody@example.com", channel: "sms" },
      { metadata: "text" },
    ]) {
      const reply = await generate(body);
      expect(reply.status).toBe(400);
      expect(reply.body.message.errorCode).toBe("INVALID_REQUEST");
    }
  });

  it("answers 429 OTP_RATE_LIMITED for the sixth code to one recipient and purpose in ten minutes", async () => {
    for (let i = 0; i < 5; i++) {
      expect((await generate({})).status).toBe(200);
      h.clock.advance(60_000);
    }
    const sixth = await generate({});
    expect(sixth.status).toBe(429);
    expect(sixth.body.message.errorCode).toBe("OTP_RATE_LIMITED");
    // Another purpose or recipient is counted apart.
    expect((await generate({ purpose: "forgot_password" })).status).toBe(200);
    expect((await generate({ recipient: "NEW.AGENT2@example.com" })).status).toBe(200);
    // The same address in other capitals is the same recipient.
    expect((await generate({ recipient: "New.Agent@Example.com" })).status).toBe(429);
    // Once the first code is ten minutes old, one more is allowed.
    h.clock.advance(5 * 60_000);
    expect((await generate({})).status).toBe(200);
    expect((await generate({})).status).toBe(429);
  });
});

describe("POST /otp/validate", () => {
  it("answers OTP_INVALID with the remaining tries, then OTP_TOO_MANY_ATTEMPTS at the fifth and burns the code", async () => {
    const { body } = await generate({});
    const code = await latestCode("new.agent@example.com");
    const remaining: number[] = [];
    for (let i = 0; i < 4; i++) {
      const reply = await h.call("POST", "/otp/validate", { token: body.data.token, otp: wrongCode(code) });
      expect(reply.status).toBe(400);
      expect(reply.body.message.errorCode).toBe("OTP_INVALID");
      remaining.push(reply.body.message.remainingAttempts);
    }
    expect(remaining).toEqual([4, 3, 2, 1]);
    const fifth = await h.call("POST", "/otp/validate", { token: body.data.token, otp: wrongCode(code) });
    expect(fifth.status).toBe(400);
    expect(fifth.body.message.errorCode).toBe("OTP_TOO_MANY_ATTEMPTS");
    const right = await h.call("POST", "/otp/validate", { token: body.data.token, otp: code });
    expect(right.body.message.errorCode).toBe("OTP_TOO_MANY_ATTEMPTS");
  });

  it("answers OTP_EXPIRED after ten minutes", async () => {
    const { body } = await generate({});
    const code = await latestCode("new.agent@example.com");
    h.clock.advance(10 * 60_000);
    const reply = await h.call("POST", "/otp/validate", { token: body.data.token, otp: code });
    expect(reply.status).toBe(400);
    expect(reply.body.message.errorCode).toBe("OTP_EXPIRED");
  });

  it("accepts a code just before it expires", async () => {
    const { body } = await generate({});
    const code = await latestCode("new.agent@example.com");
    h.clock.advance(10 * 60_000 - 1_000);
    expect((await h.call("POST", "/otp/validate", { token: body.data.token, otp: code })).status).toBe(200);
  });

  it("answers OTP_USED the second time", async () => {
    const { body } = await generate({});
    const code = await latestCode("new.agent@example.com");
    expect((await h.call("POST", "/otp/validate", { token: body.data.token, otp: code })).body).toEqual({
      data: { isValid: true },
    });
    const again = await h.call("POST", "/otp/validate", { token: body.data.token, otp: code });
    expect(again.status).toBe(400);
    expect(again.body.message.errorCode).toBe("OTP_USED");
  });

  it("does not sign in twice with one login code", async () => {
    const login = await h.login("agent.mfa");
    const code = await latestCode(MFA_EMAIL);
    expect((await h.call("POST", "/otp/validate", { token: login.body.data.otpToken, otp: code })).status).toBe(200);
    expect(
      (await h.call("POST", "/otp/validate", { token: login.body.data.otpToken, otp: code })).body.message.errorCode,
    ).toBe("OTP_USED");
  });

  it("answers OTP_INVALID for an unknown token and 400 INVALID_REQUEST for a bad body", async () => {
    const unknown = await h.call("POST", "/otp/validate", { token: "no-such-token", otp: "123456" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message.errorCode).toBe("OTP_INVALID");
    const bad = await h.call("POST", "/otp/validate", { token: "x" });
    expect(bad.body.message.errorCode).toBe("INVALID_REQUEST");
  });

  it("never stores the code or the token in the code table", async () => {
    const { body } = await generate({});
    const code = await latestCode("new.agent@example.com");
    const rows = h.db.prepare("SELECT * FROM otp_codes").all() as Array<Record<string, unknown>>;
    expect(rows).toHaveLength(1);
    const values = Object.values(rows[0]!).filter((v): v is string => typeof v === "string");
    expect(values.some((v) => v.includes(code) || v.includes(body.data.token))).toBe(false);
  });
});

describe("GET /dev/outbox", () => {
  it("lists every message newest first without a recipient", async () => {
    await generate({ recipient: "a@example.com" });
    h.clock.advance(1_000);
    await generate({ recipient: "b@example.com" });
    const all = await outbox();
    expect(all.map((m) => m.recipient)).toEqual(["b@example.com", "a@example.com"]);
    expect(Object.keys(all[0]!).sort()).toEqual([
      "body",
      "channel",
      "code",
      "link",
      "purpose",
      "recipient",
      "sentAt",
      "subject",
    ]);
    expect(await outbox("A@Example.com")).toHaveLength(1);
  });
});
