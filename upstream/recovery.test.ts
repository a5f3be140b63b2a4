import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { errorCodeOf, issueCode, latestCode, outbox, validate, verifiedCode } from "./testing/codes";
import { DEMO_PASSWORD, startHarness, type Harness } from "./testing/harness";

let h: Harness;
beforeAll(() => {
  h = startHarness();
});
afterAll(() => h.close());
beforeEach(() => h.reset());

const USA_EMAIL = "agent.usa@example.com";
const NEW_PASSWORD = "Windward&Isles77";

const forgotPassword = (usernameOrEmail: unknown) => h.call("POST", "/accounts/forgot-password", { usernameOrEmail });

/** The token and code of the newest reset link sent to the address. */
async function resetLink(email: string) {
  const [message] = await outbox(h, email);
  expect(message).toMatchObject({ channel: "email_magic_link", purpose: "forgot_password", code: null });
  const link = new URL(message!.link!);
  return { link, token: link.searchParams.get("token")!, otp: link.searchParams.get("otp")! };
}

/** Asks for a reset link and opens it (the portal validates it), as the user does. */
async function openedResetLink(username: string, email: string): Promise<string> {
  expect((await forgotPassword(username)).status).toBe(200);
  const { token, otp } = await resetLink(email);
  await validate(h, token, otp);
  return token;
}

async function resetPassword(token: string, password: string) {
  return h.call("POST", "/accounts/reset-password", { token, encryptedPassword: await h.encryptPassword(password) });
}

describe("POST /accounts/forgot-password", () => {
  it("sends a reset link to the agent found by username, in any case", async () => {
    const reply = await forgotPassword(" Agent.USA ");
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ data: { sent: true } });
    const { link } = await resetLink(USA_EMAIL);
    expect(`${link.origin}${link.pathname}`).toBe("http://localhost:3000/account/forgot/password/email-verified");
    expect(link.searchParams.get("otp")).toMatch(/^\d{6}$/);
    expect(h.db.prepare("SELECT agent_id, purpose, channel FROM otp_codes").all()).toEqual([
      { agent_id: "1000001", purpose: "forgot_password", channel: "email_magic_link" },
    ]);
  });

  it("finds the agent by e-mail address too, and a locked account as well (the reset unlocks it)", async () => {
    expect((await forgotPassword("AGENT.BASIC@Example.com")).status).toBe(200);
    expect(await outbox(h, "agent.basic@example.com")).toHaveLength(1);
    expect((await forgotPassword("agent.locked")).status).toBe(200);
    expect(await outbox(h, "agent.locked@example.com")).toHaveLength(1);
  });

  it("answers the same for an unknown account and sends nothing", async () => {
    for (const value of ["nobody", "nobody@example.com"]) {
      const reply = await forgotPassword(value);
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ data: { sent: true } });
    }
    expect(await outbox(h)).toEqual([]);
  });

  it("answers the same when rate-limited, and sends nothing more", async () => {
    for (let i = 0; i < 6; i++) {
      const reply = await forgotPassword("agent.usa");
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ data: { sent: true } });
    }
    expect(await outbox(h, USA_EMAIL)).toHaveLength(5);
  });

  it("answers 400 INVALID_REQUEST only for a malformed body", async () => {
    for (const body of [
      {},
      { usernameOrEmail: "" },
      { usernameOrEmail: "   " },
      { usernameOrEmail: 42 },
      { usernameOrEmail: "x".repeat(255) },
    ]) {
      const reply = await h.call("POST", "/accounts/forgot-password", body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(errorCodeOf(reply)).toBe("INVALID_REQUEST");
    }
  });
});

describe("POST /accounts/reset-password", () => {
  it("sets the new password, ends every sign-in, and works once", async () => {
    const before = (await h.login("agent.usa")).body.data;
    const token = await openedResetLink("agent.usa", USA_EMAIL);

    const reply = await resetPassword(token, NEW_PASSWORD);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ data: { username: "agent.usa" } });

    expect((await h.login("agent.usa")).status).toBe(401);
    expect((await h.login("agent.usa", NEW_PASSWORD)).status).toBe(200);
    const profile = await h.call("GET", "/userProfile", undefined, h.bearer(before.access_token));
    expect(profile.status).toBe(401);
    expect(errorCodeOf(profile)).toBe("INVALID_TOKEN");
    expect((await h.call("POST", "/auth/refresh-token", { refresh_token: before.refresh_token })).status).toBe(401);

    const again = await resetPassword(token, "Another&Pass99");
    expect(again.status).toBe(400);
    expect(errorCodeOf(again)).toBe("RESET_TOKEN_INVALID");
    expect((await h.login("agent.usa", NEW_PASSWORD)).status).toBe(200);
  });

  it("unlocks a locked account and clears its failure count", async () => {
    expect((await h.login("agent.locked")).status).toBe(423);
    const token = await openedResetLink("agent.locked", "agent.locked@example.com");
    expect((await resetPassword(token, NEW_PASSWORD)).status).toBe(200);
    expect(h.db.prepare("SELECT failed_attempts, locked_at FROM agents WHERE username = 'agent.locked'").get()).toEqual(
      {
        failed_attempts: 0,
        locked_at: null,
      },
    );
    expect((await h.login("agent.locked", NEW_PASSWORD)).status).toBe(200);
  });

  it("answers RESET_TOKEN_INVALID for a link not opened, an unknown token, or a code without an account or of another purpose", async () => {
    await forgotPassword("agent.usa");
    const { token: unopened } = await resetLink(USA_EMAIL);
    const candidates = [
      unopened,
      "no-such-token",
      // Issued by /otp/generate: the right purpose, but it names no account.
      await verifiedCode(h, USA_EMAIL, "email_magic_link", "forgot_password"),
      await verifiedCode(h, USA_EMAIL, "email_otp", "forgot_username"),
    ];
    for (const token of candidates) {
      const reply = await resetPassword(token, NEW_PASSWORD);
      expect(reply.status).toBe(400);
      expect(errorCodeOf(reply)).toBe("RESET_TOKEN_INVALID");
    }
    expect((await h.login("agent.usa")).status).toBe(200);
  });

  it("accepts a link opened 29 minutes ago and refuses one opened 30 minutes ago", async () => {
    const first = await openedResetLink("agent.usa", USA_EMAIL);
    const second = await openedResetLink("agent.basic", "agent.basic@example.com");
    h.clock.advance(29 * 60_000);
    expect((await resetPassword(first, NEW_PASSWORD)).status).toBe(200);
    h.clock.advance(60_000);
    expect(errorCodeOf(await resetPassword(second, NEW_PASSWORD))).toBe("RESET_TOKEN_INVALID");
  });

  it("checks the token before the password, and keeps the token usable after a weak or unreadable password", async () => {
    expect(errorCodeOf(await resetPassword("no-such-token", "weak"))).toBe("RESET_TOKEN_INVALID");
    const token = await openedResetLink("agent.usa", USA_EMAIL);

    const weak = await resetPassword(token, "Bennett!2026x");
    expect(weak.status).toBe(400);
    expect(errorCodeOf(weak)).toBe("WEAK_PASSWORD");
    expect(weak.body.message.message).toContain("no part of your name or e-mail address");
    const agentLocal = await resetPassword(token, "Agent.usa!2026");
    expect(errorCodeOf(agentLocal)).toBe("WEAK_PASSWORD");
    const unreadable = await h.call("POST", "/accounts/reset-password", {
      token,
      encryptedPassword: "bm90IGVuY3J5cHRlZA==",
    });
    expect(unreadable.status).toBe(400);
    expect(errorCodeOf(unreadable)).toBe("INVALID_REQUEST");
    expect((await h.login("agent.usa")).status).toBe(200);

    expect((await resetPassword(token, NEW_PASSWORD)).status).toBe(200);
  });

  it("answers 400 INVALID_REQUEST for a malformed body", async () => {
    for (const body of [{}, { token: "x" }, { encryptedPassword: "x" }, { token: "", encryptedPassword: "x" }]) {
      const reply = await h.call("POST", "/accounts/reset-password", body);
      expect(reply.status).toBe(400);
      expect(errorCodeOf(reply)).toBe("INVALID_REQUEST");
    }
  });
});

describe("POST /accounts/forgot-username", () => {
  it("sends a forgot_username code by e-mail to the agent with that address", async () => {
    const reply = await h.call("POST", "/accounts/forgot-username", {
      channel: "EMAIL",
      recipient: "Agent.SGP@example.com",
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      data: { token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), expiresAt: "2026-03-02T10:10:00.000Z" },
    });
    const [message] = await outbox(h, "agent.sgp@example.com");
    expect(message).toMatchObject({ channel: "email_otp", purpose: "forgot_username" });
    expect(h.db.prepare("SELECT agent_id FROM otp_codes").all()).toEqual([{ agent_id: "1000007" }]);
  });

  it("sends it by SMS to the agent with that mobile, in any formatting", async () => {
    const reply = await h.call("POST", "/accounts/forgot-username", { channel: "SMS", recipient: "+65 8155 0148" });
    expect(reply.status).toBe(200);
    const [message] = await outbox(h, "+6581550148");
    expect(message).toMatchObject({ channel: "sms", purpose: "forgot_username" });
    expect(message!.code).toMatch(/^\d{6}$/);
  });

  it("answers the same shape for no match, stores nothing and sends nothing", async () => {
    for (const body of [
      { channel: "EMAIL", recipient: "nobody@example.com" },
      { channel: "SMS", recipient: "+13055550100" },
      { channel: "EMAIL", recipient: "agent.usa@example.org" },
    ]) {
      const reply = await h.call("POST", "/accounts/forgot-username", body);
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({
        data: { token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), expiresAt: "2026-03-02T10:10:00.000Z" },
      });
      const recovered = await h.call("POST", "/accounts/recover-username", {
        token: reply.body.data.token,
        otp: "123456",
      });
      expect(errorCodeOf(recovered)).toBe("OTP_INVALID");
    }
    expect(await outbox(h)).toEqual([]);
    expect(h.db.prepare("SELECT count(*) AS n FROM otp_codes").get()).toEqual({ n: 0 });
  });

  it("passes the rate limit through for a found account", async () => {
    for (let i = 0; i < 5; i++) {
      expect(
        (await h.call("POST", "/accounts/forgot-username", { channel: "EMAIL", recipient: USA_EMAIL })).status,
      ).toBe(200);
    }
    const sixth = await h.call("POST", "/accounts/forgot-username", { channel: "EMAIL", recipient: USA_EMAIL });
    expect(sixth.status).toBe(429);
    expect(errorCodeOf(sixth)).toBe("OTP_RATE_LIMITED");
  });

  it("answers 400 INVALID_REQUEST for a recipient that does not fit the channel, or a bad channel", async () => {
    for (const body of [
      { channel: "EMAIL", recipient: "+13055550142" },
      { channel: "SMS", recipient: "agent.usa@example.com" },
      { channel: "SMS", recipient: "12345" },
      { channel: "PIGEON", recipient: USA_EMAIL },
      { channel: "email", recipient: USA_EMAIL },
      { channel: "EMAIL" },
    ]) {
      const reply = await h.call("POST", "/accounts/forgot-username", body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(errorCodeOf(reply)).toBe("INVALID_REQUEST");
    }
  });
});

describe("POST /accounts/recover-username", () => {
  async function forgotUsername(channel: "EMAIL" | "SMS", recipient: string) {
    const reply = await h.call("POST", "/accounts/forgot-username", { channel, recipient });
    return { token: reply.body.data.token as string, code: await latestCode(h, recipient) };
  }

  it("answers the username for the right code, once", async () => {
    const { token, code } = await forgotUsername("SMS", "+6581550148");
    const reply = await h.call("POST", "/accounts/recover-username", { token, otp: code });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ data: { username: "agent.sgp" } });
    const again = await h.call("POST", "/accounts/recover-username", { token, otp: code });
    expect(again.status).toBe(400);
    expect(errorCodeOf(again)).toBe("OTP_USED");
  });

  it("passes the code errors through: wrong code with remaining attempts, expired", async () => {
    const { token, code } = await forgotUsername("EMAIL", USA_EMAIL);
    const wrong = await h.call("POST", "/accounts/recover-username", {
      token,
      otp: code === "000000" ? "111111" : "000000",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatchObject({ errorCode: "OTP_INVALID", remainingAttempts: 4 });
    h.clock.advance(10 * 60_000);
    expect(errorCodeOf(await h.call("POST", "/accounts/recover-username", { token, otp: code }))).toBe("OTP_EXPIRED");
  });

  it("answers OTP_TOO_MANY_ATTEMPTS after five wrong codes", async () => {
    const { token, code } = await forgotUsername("EMAIL", USA_EMAIL);
    const wrongCode = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 4; i++) await h.call("POST", "/accounts/recover-username", { token, otp: wrongCode });
    expect(errorCodeOf(await h.call("POST", "/accounts/recover-username", { token, otp: wrongCode }))).toBe(
      "OTP_TOO_MANY_ATTEMPTS",
    );
    expect(errorCodeOf(await h.call("POST", "/accounts/recover-username", { token, otp: code }))).toBe(
      "OTP_TOO_MANY_ATTEMPTS",
    );
  });

  it("answers OTP_INVALID for a code of another purpose and leaves that code unused", async () => {
    const other = await issueCode(h, "someone@agency.example", "email_otp", "register_agent_verification");
    const reply = await h.call("POST", "/accounts/recover-username", { token: other.token, otp: other.code });
    expect(reply.status).toBe(400);
    expect(errorCodeOf(reply)).toBe("OTP_INVALID");
    await validate(h, other.token, other.code);
  });

  it("answers OTP_INVALID for a forgot_username code that names no account", async () => {
    const loose = await issueCode(h, USA_EMAIL, "email_otp", "forgot_username");
    const reply = await h.call("POST", "/accounts/recover-username", { token: loose.token, otp: loose.code });
    expect(reply.status).toBe(400);
    expect(errorCodeOf(reply)).toBe("OTP_INVALID");
  });

  it("finds an agent by a mobile changed in the profile", async () => {
    const login = await h.login("agent.basic", DEMO_PASSWORD);
    const telephoneValidationToken = await verifiedCode(h, "+447700900999", "sms", "phone_verification");
    await h.call(
      "PUT",
      "/agents/1000005",
      { mobilePhone: "+44 7700 900999", telephoneValidationToken, version: 1 },
      h.bearer(login.body.data.access_token),
    );
    const { token, code } = await forgotUsername("SMS", "+447700900999");
    expect((await h.call("POST", "/accounts/recover-username", { token, otp: code })).body.data.username).toBe(
      "agent.basic",
    );
  });

  it("answers 400 INVALID_REQUEST for a malformed body", async () => {
    for (const body of [{}, { token: "x" }, { otp: "123456" }, { token: "", otp: "123456" }]) {
      const reply = await h.call("POST", "/accounts/recover-username", body);
      expect(reply.status).toBe(400);
      expect(errorCodeOf(reply)).toBe("INVALID_REQUEST");
    }
  });
});
