import { deflateRawSync } from "node:zlib";
import { SignJWT, decodeJwt } from "jose";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./testing/harness";

let h: Harness;
beforeAll(() => {
  h = startHarness();
});
afterAll(() => h.close());
beforeEach(() => h.reset());

async function accessTokenOf(username: string): Promise<string> {
  const login = await h.login(username);
  expect(login.status).toBe(200);
  return login.body.data.access_token;
}

async function remoteToken(access: string, target = "espresso"): Promise<string> {
  const reply = await h.call(
    "GET",
    `/auth/remoteCPAccess?target=${encodeURIComponent(target)}`,
    undefined,
    h.bearer(access),
  );
  expect(reply.status).toBe(200);
  return reply.body.data.remote_token;
}

/** The portal's single compressed parameter: base64url of raw DEFLATE of the JSON payload. */
const cp = (payload: unknown) => deflateRawSync(JSON.stringify(payload)).toString("base64url");

const RETURN_URL = "http://localhost:3000/home";

async function open(path: string) {
  const response = await h.app.request(path);
  return { status: response.status, html: await response.text(), headers: response.headers };
}

const profileOf = async (access: string) =>
  (await h.call("GET", "/userProfile", undefined, h.bearer(access))).body.data;

describe("GET /auth/remoteCPAccess", () => {
  it("answers a two-minute remote token for the target", async () => {
    const { status, body } = await h.call(
      "GET",
      "/auth/remoteCPAccess?target=espresso",
      undefined,
      h.bearer(await accessTokenOf("agent.usa")),
    );
    expect(status).toBe(200);
    expect(Object.keys(body.data)).toEqual(["remote_token"]);
    const claims = decodeJwt(body.data.remote_token);
    expect(claims).toMatchObject({ typ: "remote", username: "agent.usa", sub: "1000001", target: "espresso" });
    expect(claims.exp! - claims.iat!).toBe(120);
    expect(claims.sid).toBeUndefined();
  });

  it("answers 401 INVALID_TOKEN without a valid access token", async () => {
    const login = await h.login("agent.usa");
    for (const headers of [{}, { authorization: "Bearer nonsense" }, h.bearer(login.body.data.refresh_token)]) {
      const { status, body } = await h.call("GET", "/auth/remoteCPAccess?target=espresso", undefined, headers);
      expect(status).toBe(401);
      expect(body.message.errorCode).toBe("INVALID_TOKEN");
    }
  });

  it("answers 400 INVALID_REQUEST for a missing or bad target", async () => {
    const access = await accessTokenOf("agent.usa");
    for (const query of [
      "",
      "?target=",
      "?target=Espresso",
      "?target=a%20b",
      "?target=%3Cx%3E",
      `?target=${"a".repeat(41)}`,
    ]) {
      const { status, body } = await h.call("GET", `/auth/remoteCPAccess${query}`, undefined, h.bearer(access));
      expect(status, query).toBe(400);
      expect(body.message.errorCode).toBe("INVALID_REQUEST");
    }
    expect(
      (await h.call("GET", `/auth/remoteCPAccess?target=${"a".repeat(40)}`, undefined, h.bearer(access))).status,
    ).toBe(200);
  });

  it("is not accepted as a bearer token", async () => {
    const remote = await remoteToken(await accessTokenOf("agent.usa"));
    const { status } = await h.call("GET", "/userProfile", undefined, h.bearer(remote));
    expect(status).toBe(401);
  });
});

describe("GET /redirect", () => {
  it("answers a remote access token whose target is the application id", async () => {
    const { status, body } = await h.call(
      "GET",
      "/redirect?applicationId=HOTELS",
      undefined,
      h.bearer(await accessTokenOf("agent.usa")),
    );
    expect(status).toBe(200);
    expect(Object.keys(body.data)).toEqual(["remoteAccessToken"]);
    const claims = decodeJwt(body.data.remoteAccessToken);
    expect(claims).toMatchObject({ typ: "remote", username: "agent.usa", sub: "1000001", target: "HOTELS" });
    expect(claims.exp! - claims.iat!).toBe(120);
  });

  it("answers 400 INVALID_REQUEST for an unknown or missing application id", async () => {
    const access = await accessTokenOf("agent.usa");
    for (const query of ["", "?applicationId=", "?applicationId=NOPE", "?applicationId=hotels"]) {
      const { status, body } = await h.call("GET", `/redirect${query}`, undefined, h.bearer(access));
      expect(status, query).toBe(400);
      expect(body.message.errorCode).toBe("INVALID_REQUEST");
    }
  });

  it("answers 401 without a bearer token", async () => {
    const { status, body } = await h.call("GET", "/redirect?applicationId=HOTELS");
    expect(status).toBe(401);
    expect(body.message.errorCode).toBe("INVALID_TOKEN");
  });
});

describe("GET /legacy/{app} (legacy-site stand-in)", () => {
  it("opens with a valid payload: page, cookies, and the visit recorded", async () => {
    const access = await accessTokenOf("agent.bra");
    expect((await profileOf(access)).legacySiteVisited).toBe(false);
    const token = await remoteToken(access);

    const { status, html, headers } = await open(
      `/legacy/espresso?cp=${cp({ token, returnUrl: RETURN_URL, language: "es_xn" })}`,
    );
    expect(status).toBe(200);
    expect(headers.get("content-type")).toMatch(/^text\/html/);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain("<title>Espresso | Legacy site</title>");
    expect(html).toContain("<h1>Espresso (legacy site stand-in)</h1>");
    expect(html).toContain("stands in for the Espresso legacy application");
    expect(html).toContain(`<a href="${RETURN_URL}">Return to Professional Portal</a>`);

    const cookies = headers.getSetCookie();
    expect(cookies).toHaveLength(2);
    for (const name of ["CP_SESSION", "CP_TOKEN"]) {
      const cookie = cookies.find((c) => c.startsWith(`${name}=`));
      expect(cookie).toMatch(new RegExp(`^${name}=[A-Za-z0-9_-]{16,};`));
      expect(cookie).toContain("Path=/");
      expect(cookie).toContain("HttpOnly");
      expect(cookie).toContain("SameSite=Lax");
    }
    expect(cookies[0]!.split(";")[0]!.split("=")[1]).not.toBe(cookies[1]!.split(";")[0]!.split("=")[1]);

    expect((await profileOf(access)).legacySiteVisited).toBe(true);
  });

  it("refuses a token for another target", async () => {
    const access = await accessTokenOf("agent.bra");
    const token = await remoteToken(access, "other-app");
    const { status, html, headers } = await open(
      `/legacy/espresso?cp=${cp({ token, returnUrl: RETURN_URL, language: "en_us" })}`,
    );
    expect(status).toBe(400);
    expect(html).toContain("This link has expired. Return to Professional Portal and try again.");
    expect(html).not.toContain("<a ");
    expect(headers.getSetCookie()).toEqual([]);
    expect((await profileOf(access)).legacySiteVisited).toBe(false);
  });

  it("refuses an expired token (older than two minutes)", async () => {
    const access = await accessTokenOf("agent.bra");
    const token = await remoteToken(access);
    h.clock.advance(119_000);
    expect((await open(`/legacy/espresso?cp=${cp({ token, returnUrl: RETURN_URL, language: "en_us" })}`)).status).toBe(
      200,
    );

    const late = await remoteToken(access);
    h.clock.advance(121_000);
    const { status, html, headers } = await open(
      `/legacy/espresso?cp=${cp({ token: late, returnUrl: RETURN_URL, language: "en_us" })}`,
    );
    expect(status).toBe(400);
    expect(html).toContain("This link has expired.");
    expect(headers.getSetCookie()).toEqual([]);
  });

  it("refuses garbage, a missing parameter, a session token and a forged token", async () => {
    const access = await accessTokenOf("agent.bra");
    const forged = await new SignJWT({ username: "agent.bra", typ: "remote", target: "espresso" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("1000006")
      .setJti("x")
      .setIssuedAt(Math.floor(h.clock() / 1000))
      .setExpirationTime(Math.floor(h.clock() / 1000) + 120)
      .sign(new TextEncoder().encode("a-secret-that-is-not-the-upstreams-secret"));
    const cases = [
      "",
      "?cp=",
      "?cp=not-deflate-at-all",
      "?cp=%%%",
      `?cp=${Buffer.from(JSON.stringify({ token: "x" })).toString("base64url")}`,
      `?cp=${deflateRawSync("not json").toString("base64url")}`,
      `?cp=${cp({ returnUrl: RETURN_URL })}`,
      `?cp=${cp({ token: access, returnUrl: RETURN_URL, language: "en_us" })}`,
      `?cp=${cp({ token: forged, returnUrl: RETURN_URL, language: "en_us" })}`,
    ];
    for (const query of cases) {
      const { status, html } = await open(`/legacy/espresso${query}`);
      expect(status, query).toBe(400);
      expect(html).toContain("This link has expired. Return to Professional Portal and try again.");
      expect(html).toContain('<html lang="en">');
    }
    expect((await profileOf(access)).legacySiteVisited).toBe(false);
  });

  it("uses no link for a return address that is not an absolute http(s) URL, and escapes the one it uses", async () => {
    const access = await accessTokenOf("agent.usa");
    for (const returnUrl of ["javascript:alert(1)", "/home", "data:text/html,hi", "not a url"]) {
      const { status, html } = await open(
        `/legacy/espresso?cp=${cp({ token: await remoteToken(access), returnUrl, language: "en_us" })}`,
      );
      expect(status, returnUrl).toBe(200);
      expect(html).not.toContain("<a ");
      expect(html).not.toContain("javascript:");
    }
    const tricky = 'http://localhost:3000/home?a="><script>x</script>';
    const { html } = await open(
      `/legacy/espresso?cp=${cp({ token: await remoteToken(access), returnUrl: tricky, language: "en_us" })}`,
    );
    expect(html).not.toContain("<script>");
    expect(html).toMatch(/<a href="http:\/\/localhost:3000\/home\?a=[^"<>]*">Return to Professional Portal<\/a>/);
  });

  it("names other applications from their target", async () => {
    const access = await accessTokenOf("agent.usa");
    const token = await remoteToken(access, "group-tool");
    const { status, html } = await open(
      `/legacy/group-tool?cp=${cp({ token, returnUrl: RETURN_URL, language: "en_us" })}`,
    );
    expect(status).toBe(200);
    expect(html).toContain("<title>Group Tool | Legacy site</title>");
  });
});

describe("GET /legacy/logout", () => {
  it("clears the legacy cookies and redirects to an absolute http(s) returnTo", async () => {
    const response = await h.app.request(
      `/legacy/logout?returnTo=${encodeURIComponent("http://localhost:3000/login")}`,
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("http://localhost:3000/login");
    const cookies = response.headers.getSetCookie();
    for (const name of ["CP_SESSION", "CP_TOKEN"]) {
      const cookie = cookies.find((c) => c.startsWith(`${name}=`));
      expect(cookie).toContain("Max-Age=0");
      expect(cookie).toContain("Path=/");
    }
  });

  it("shows a signed-out page for a missing or unsafe returnTo", async () => {
    for (const query of ["", "?returnTo=javascript%3Aalert(1)", "?returnTo=%2Flogin", "?returnTo=%2F%2Fevil.example"]) {
      const { status, html, headers } = await open(`/legacy/logout${query}`);
      expect(status, query).toBe(200);
      expect(headers.get("location")).toBeNull();
      expect(html).toContain("You are signed out of the legacy site.");
      expect(html).toContain('<html lang="en">');
      expect(headers.getSetCookie().filter((c) => c.includes("Max-Age=0"))).toHaveLength(2);
    }
  });
});

describe("POST /dev/reset and the legacy site", () => {
  it("restores agent.bra's legacySiteVisited to false", async () => {
    const access = await accessTokenOf("agent.bra");
    const token = await remoteToken(access);
    expect((await open(`/legacy/espresso?cp=${cp({ token, returnUrl: RETURN_URL, language: "en_us" })}`)).status).toBe(
      200,
    );
    expect((await profileOf(access)).legacySiteVisited).toBe(true);
    expect((await h.call("POST", "/dev/reset")).status).toBe(200);
    expect((await profileOf(access)).legacySiteVisited).toBe(false);
  });
});

describe("production mode", () => {
  it("serves the legacy-site stand-in too", async () => {
    const p = startHarness({ mode: "production" });
    try {
      const login = await p.login("agent.bra");
      const remote = await p.call(
        "GET",
        "/auth/remoteCPAccess?target=espresso",
        undefined,
        p.bearer(login.body.data.access_token),
      );
      const response = await p.app.request(
        `/legacy/espresso?cp=${cp({ token: remote.body.data.remote_token, returnUrl: RETURN_URL, language: "en_us" })}`,
      );
      expect(response.status).toBe(200);
      expect((await p.app.request("/legacy/logout")).status).toBe(200);
    } finally {
      p.close();
    }
  });
});
