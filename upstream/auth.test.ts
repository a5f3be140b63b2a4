import { randomUUID } from "node:crypto";
import { SignJWT, decodeJwt } from "jose";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SKETCH_CHUNKS, SKETCH_ROWS, SKETCH_WIDTH, countUnknownNameFailure } from "./lib/login-failures";
import { startHarness, type Harness } from "./testing/harness";

let h: Harness;
beforeAll(() => {
  h = startHarness();
});
afterAll(() => h.close());
beforeEach(() => h.reset());

describe("GET /auth/public-key", () => {
  it("answers an SPKI PEM and the algorithm", async () => {
    const { status, body } = await h.call("GET", "/auth/public-key");
    expect(status).toBe(200);
    expect(body.data.algorithm).toBe("RSA-OAEP-256");
    expect(body.data.publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----\n[\s\S]+-----END PUBLIC KEY-----\n?$/);
  });
});

describe("POST /auth/login", () => {
  it("signs in with encrypted credentials and answers tokens and the user", async () => {
    const { status, body } = await h.login("agent.usa");
    expect(status).toBe(200);
    expect(body.data.user).toEqual({
      username: "agent.usa",
      agentId: "1000001",
      firstName: "Olivia",
      lastName: "Bennett",
      email: "agent.usa@example.com",
    });
    const access = decodeJwt(body.data.access_token);
    const refresh = decodeJwt(body.data.refresh_token);
    const id = decodeJwt(body.data.id_token);
    expect(access).toMatchObject({ username: "agent.usa", sub: "1000001", typ: "access" });
    expect(refresh).toMatchObject({ username: "agent.usa", typ: "refresh", sid: access.sid });
    expect(id).toMatchObject({
      typ: "id",
      sid: access.sid,
      email: "agent.usa@example.com",
      given_name: "Olivia",
      family_name: "Bennett",
    });
    expect(access.exp! - access.iat!).toBe(900);
    expect(refresh.exp! - refresh.iat!).toBe(43_200);
    expect(access.jti).not.toBe(refresh.jti);
  });

  it("accepts the access token on a protected endpoint", async () => {
    const { body } = await h.login("agent.usa");
    const profile = await h.call("GET", "/userProfile", undefined, h.bearer(body.data.access_token));
    expect(profile.status).toBe(200);
  });

  it("gives each login its own sign-in", async () => {
    const first = await h.login("agent.usa");
    const second = await h.login("agent.usa");
    expect(decodeJwt(first.body.data.access_token).sid).not.toBe(decodeJwt(second.body.data.access_token).sid);
  });

  it("answers an unknown username as a wrong password (decision 033): attemptsRemaining, counted per name", async () => {
    const { status, body } = await h.login("nobody.here");
    expect(status).toBe(401);
    expect(body).toEqual({
      message: {
        message: "Invalid username or password. 4 attempts remaining.",
        errorCode: "attemptsRemaining",
        remainingAttempts: 4,
      },
    });
    // Counted per name whatever its case or surrounding spaces, as an account's username is matched.
    expect((await h.login(" Nobody.Here ")).body.message.remainingAttempts).toBe(3);
    expect((await h.login("someone.else")).body.message.remainingAttempts).toBe(4);
  });

  it("locks an unknown username at the fifth failure; a reset forgets it", async () => {
    for (let i = 0; i < 4; i++) await h.login("nobody.here");
    const fifth = await h.login("nobody.here");
    expect(fifth.status).toBe(423);
    expect(fifth.body.message.errorCode).toBe("accountLockedMessage");
    await h.reset();
    expect((await h.login("nobody.here")).body.message.remainingAttempts).toBe(4);
  });

  it("keeps unknown names' failures in a fixed size (decision 051): 5,000 random names leave the sketch as large as before", () => {
    const size = () =>
      h.db.prepare("SELECT COUNT(*) AS chunks, SUM(LENGTH(cells)) AS bytes FROM login_failure_sketch").get();
    const tables = () => h.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all();
    const before = { size: size(), tables: tables() };
    expect(before.size).toEqual({ chunks: SKETCH_CHUNKS, bytes: SKETCH_ROWS * SKETCH_WIDTH });
    // The counting itself, without the scrypt work a sign-in costs (the next test goes through /auth/login).
    for (let i = 0; i < 5_000; i++) countUnknownNameFailure(h.db, `stranger.${randomUUID()}`);
    expect({ size: size(), tables: tables() }).toEqual(before);
    expect(tables()).not.toContainEqual({ name: "login_failures" });
  });

  it("locks an unknown name for good, answering exactly as a locked account does, however long the wait", async () => {
    const answers = async (username: string) => {
      const tries = [];
      for (let i = 0; i < 6; i++) tries.push(await h.login(username, "wrong-password"));
      h.clock.advance(30 * 24 * 60 * 60_000);
      tries.push(await h.login(username, "wrong-password"));
      return tries.map(({ status, body }) => ({ status, body }));
    };
    const unknown = await answers("nobody.at.all");
    const known = await answers("agent.sgp");
    expect(unknown).toEqual(known);
    expect(unknown.map((a) => a.status)).toEqual([401, 401, 401, 401, 423, 423, 423]);
  });

  it("tells a pending or deactivated account's state only once its password is right", async () => {
    for (const [username, code] of [
      ["pending.one", "ACCOUNT_PENDING"],
      ["deactivated.one", "ACCOUNT_DEACTIVATED"],
    ]) {
      const wrong = await h.login(username!, "wrong-password");
      expect(wrong.status).toBe(401);
      expect(wrong.body.message).toMatchObject({ errorCode: "attemptsRemaining", remainingAttempts: 4 });
      const right = await h.login(username!);
      expect(right.status).toBe(403);
      expect(right.body.message.errorCode).toBe(code);
    }
  });

  it("counts down 4, 3, 2, 1 and locks the account at the fifth wrong password", async () => {
    const remaining: number[] = [];
    for (let i = 0; i < 4; i++) {
      const { status, body } = await h.login("agent.usa", "wrong-password");
      expect(status).toBe(401);
      expect(body.message.errorCode).toBe("attemptsRemaining");
      remaining.push(body.message.remainingAttempts);
    }
    expect(remaining).toEqual([4, 3, 2, 1]);
    const fifth = await h.login("agent.usa", "wrong-password");
    expect(fifth.status).toBe(423);
    expect(fifth.body.message.errorCode).toBe("accountLockedMessage");
    expect(fifth.body.message.remainingAttempts).toBeUndefined();

    const rightPassword = await h.login("agent.usa");
    expect(rightPassword.status).toBe(423);
    expect(rightPassword.body.message.errorCode).toBe("accountLockedMessage");
  });

  it("writes a human message with the count", async () => {
    await h.login("agent.usa", "nope");
    const { body } = await h.login("agent.usa", "nope");
    expect(body.message.message).toBe("Invalid username or password. 3 attempts remaining.");
  });

  it("resets the failure count after a successful login", async () => {
    await h.login("agent.usa", "wrong");
    await h.login("agent.usa", "wrong");
    expect((await h.login("agent.usa")).status).toBe(200);
    const { body } = await h.login("agent.usa", "wrong");
    expect(body.message.remainingAttempts).toBe(4);
  });

  it("answers accountLockedMessage for the locked demo account, even with the right password", async () => {
    const { status, body } = await h.login("agent.locked");
    expect(status).toBe(423);
    expect(body.message.errorCode).toBe("accountLockedMessage");
    expect((await h.login("agent.locked", "wrong")).status).toBe(423);
  });

  it("answers qaModeMessage in QA mode for agents, and lets RCCL and RCCLADMIN in", async () => {
    expect((await h.call("GET", "/auth/qa-mode")).body).toEqual({ data: { qaMode: false } });
    expect((await h.call("POST", "/dev/qa-mode", { enabled: true })).body).toEqual({ qaMode: true });
    expect((await h.call("GET", "/auth/qa-mode")).body).toEqual({ data: { qaMode: true } });

    const agent = await h.login("agent.usa");
    expect(agent.status).toBe(403);
    expect(agent.body.message.errorCode).toBe("qaModeMessage");
    expect((await h.login("admin.can")).status).toBe(403);
    expect((await h.login("rccl.staff")).status).toBe(200);
    expect((await h.login("rccl.admin")).status).toBe(200);
    // A wrong password still counts in QA mode: the password is checked first.
    expect((await h.login("agent.usa", "wrong")).body.message.errorCode).toBe("attemptsRemaining");
  });

  it("answers 400 INVALID_TOKEN for credentials that do not decrypt or parse", async () => {
    const garbage = await h.call("POST", "/auth/login", { encryptedCredentials: "bm90IGVuY3J5cHRlZA==" });
    expect(garbage.status).toBe(400);
    expect(garbage.body.message.errorCode).toBe("INVALID_TOKEN");

    const { body: key } = await h.call("GET", "/auth/public-key");
    const { publicEncrypt, constants } = await import("node:crypto");
    const notJson = publicEncrypt(
      { key: key.data.publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" },
      Buffer.from("username=agent.usa"),
    ).toString("base64");
    expect((await h.call("POST", "/auth/login", { encryptedCredentials: notJson })).body.message.errorCode).toBe(
      "INVALID_TOKEN",
    );

    const sha1 = publicEncrypt(
      { key: key.data.publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING },
      Buffer.from(JSON.stringify({ username: "agent.usa", password: "Portal!2026" })),
    ).toString("base64");
    expect((await h.call("POST", "/auth/login", { encryptedCredentials: sha1 })).status).toBe(400);
  });

  it("answers 400 INVALID_REQUEST for a body without encryptedCredentials or not JSON", async () => {
    const missing = await h.call("POST", "/auth/login", { username: "agent.usa", password: "Portal!2026" });
    expect(missing.status).toBe(400);
    expect(missing.body.message.errorCode).toBe("INVALID_REQUEST");
    const notJson = await h.call("POST", "/auth/login", "{not json");
    expect(notJson.body.message.errorCode).toBe("INVALID_REQUEST");
  });
});

describe("POST /auth/refresh-token", () => {
  it("mints new access and id tokens for the same sign-in", async () => {
    const { body } = await h.login("agent.usa");
    h.clock.advance(60_000);
    const refreshed = await h.call("POST", "/auth/refresh-token", { refresh_token: body.data.refresh_token });
    expect(refreshed.status).toBe(200);
    expect(Object.keys(refreshed.body.data).sort()).toEqual(["access_token", "id_token"]);
    const access = decodeJwt(refreshed.body.data.access_token);
    expect(access.sid).toBe(decodeJwt(body.data.access_token).sid);
    expect(access.typ).toBe("access");
    expect(refreshed.body.data.access_token).not.toBe(body.data.access_token);
    expect((await h.call("GET", "/userProfile", undefined, h.bearer(refreshed.body.data.access_token))).status).toBe(
      200,
    );
  });

  it("keeps the session going after the access token has expired", async () => {
    const { body } = await h.login("agent.usa");
    h.clock.advance(901_000);
    expect((await h.call("GET", "/userProfile", undefined, h.bearer(body.data.access_token))).status).toBe(401);
    const refreshed = await h.call("POST", "/auth/refresh-token", { refresh_token: body.data.refresh_token });
    expect(refreshed.status).toBe(200);
  });

  it("refuses a refresh token after logout", async () => {
    const { body } = await h.login("agent.usa");
    expect((await h.call("DELETE", "/auth/logout", undefined, h.bearer(body.data.access_token))).status).toBe(204);
    const refreshed = await h.call("POST", "/auth/refresh-token", { refresh_token: body.data.refresh_token });
    expect(refreshed.status).toBe(401);
    expect(refreshed.body.message.errorCode).toBe("INVALID_TOKEN");
  });

  it("refuses an expired refresh token (after 12 hours)", async () => {
    const { body } = await h.login("agent.usa");
    h.clock.advance(43_200_000);
    const refreshed = await h.call("POST", "/auth/refresh-token", { refresh_token: body.data.refresh_token });
    expect(refreshed.status).toBe(401);
  });

  it("refuses forged tokens: another key, an access token, a tampered payload", async () => {
    const { body } = await h.login("agent.usa");
    const claims = decodeJwt(body.data.refresh_token);
    const forged = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: "HS256" })
      .sign(new TextEncoder().encode("a-secret-that-is-not-the-upstreams-secret"));
    for (const token of [
      forged,
      body.data.access_token,
      body.data.id_token,
      tamper(body.data.refresh_token),
      "garbage",
    ]) {
      const refreshed = await h.call("POST", "/auth/refresh-token", { refresh_token: token });
      expect(refreshed.status).toBe(401);
      expect(refreshed.body.message.errorCode).toBe("INVALID_TOKEN");
    }
  });

  it("answers 400 INVALID_REQUEST without a refresh_token", async () => {
    const refreshed = await h.call("POST", "/auth/refresh-token", {});
    expect(refreshed.status).toBe(400);
    expect(refreshed.body.message.errorCode).toBe("INVALID_REQUEST");
  });
});

describe("DELETE /auth/logout", () => {
  it("revokes every token of the sign-in and leaves other sign-ins alone", async () => {
    const one = await h.login("agent.usa");
    const two = await h.login("agent.usa");
    const logout = await h.app.request("/auth/logout", {
      method: "DELETE",
      headers: h.bearer(one.body.data.access_token),
    });
    expect(logout.status).toBe(204);
    expect(await logout.text()).toBe("");
    const after = await h.call("GET", "/userProfile", undefined, h.bearer(one.body.data.access_token));
    expect(after.status).toBe(401);
    expect(after.body.message.errorCode).toBe("INVALID_TOKEN");
    expect((await h.call("DELETE", "/auth/logout", undefined, h.bearer(one.body.data.access_token))).status).toBe(401);
    expect((await h.call("GET", "/userProfile", undefined, h.bearer(two.body.data.access_token))).status).toBe(200);
  });

  it("answers 401 without a bearer token", async () => {
    const { status, body } = await h.call("DELETE", "/auth/logout");
    expect(status).toBe(401);
    expect(body.message.errorCode).toBe("INVALID_TOKEN");
  });
});

describe("GET /auth/validate-legacy-token", () => {
  async function legacyToken(username = "agent.usa") {
    return (await h.call("POST", "/dev/legacy-token", { username })).body.token as string;
  }

  it("exchanges a valid legacy token for a new sign-in", async () => {
    const token = await legacyToken();
    expect(decodeJwt(token)).toMatchObject({ typ: "legacy", username: "agent.usa" });
    const { status, body } = await h.call("GET", "/auth/validate-legacy-token", undefined, { "Cp-Token": token });
    expect(status).toBe(200);
    expect(body.data.isValid).toBe(true);
    const access = decodeJwt(body.data.access_token);
    expect(access).toMatchObject({ typ: "access", username: "agent.usa" });
    expect(decodeJwt(body.data.refresh_token).sid).toBe(access.sid);
    expect(decodeJwt(body.data.id_token).sid).toBe(access.sid);
    expect((await h.call("GET", "/userProfile", undefined, h.bearer(body.data.access_token))).status).toBe(200);
  });

  it("works once per token", async () => {
    const token = await legacyToken();
    expect((await h.call("GET", "/auth/validate-legacy-token", undefined, { "Cp-Token": token })).status).toBe(200);
    const again = await h.call("GET", "/auth/validate-legacy-token", undefined, { "Cp-Token": token });
    expect(again.status).toBe(401);
    expect(again.body.data).toBeUndefined();
  });

  it("answers 401 INVALID_TOKEN for garbage, a missing header, or a session token", async () => {
    const { body: login } = await h.login("agent.usa");
    const cases: Array<Record<string, string>> = [
      { "Cp-Token": "garbage" },
      {},
      { "Cp-Token": login.data.access_token },
    ];
    for (const headers of cases) {
      const { status, body } = await h.call("GET", "/auth/validate-legacy-token", undefined, headers);
      expect(status).toBe(401);
      expect(body.message.errorCode).toBe("INVALID_TOKEN");
      expect(body.data).toBeUndefined();
    }
  });

  it("answers 401 INVALID_TOKEN for a legacy token older than five minutes", async () => {
    const token = await legacyToken();
    h.clock.advance(5 * 60_000 + 1_000);
    const { status, body } = await h.call("GET", "/auth/validate-legacy-token", undefined, { "Cp-Token": token });
    expect(status).toBe(401);
    expect(body.message.errorCode).toBe("INVALID_TOKEN");
  });

  it("refuses a locked account", async () => {
    const token = await legacyToken("agent.locked");
    expect((await h.call("GET", "/auth/validate-legacy-token", undefined, { "Cp-Token": token })).status).toBe(401);
  });

  it("marks the legacy site as visited", async () => {
    const before = await h.login("agent.bra");
    const profile = () => h.call("GET", "/userProfile", undefined, h.bearer(before.body.data.access_token));
    expect((await profile()).body.data.legacySiteVisited).toBe(false);
    await h.call("GET", "/auth/validate-legacy-token", undefined, { "Cp-Token": await legacyToken("agent.bra") });
    expect((await profile()).body.data.legacySiteVisited).toBe(true);
  });
});

function tamper(token: string): string {
  const [header, payload, signature] = token.split(".");
  const claims = JSON.parse(Buffer.from(payload!, "base64url").toString());
  claims.username = "rccl.admin";
  return [header, Buffer.from(JSON.stringify(claims)).toString("base64url"), signature].join(".");
}
