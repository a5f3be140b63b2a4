import net from "node:net";
import { describe, expect, it } from "vitest";
import { PASSWORD, textOf, servePortal, type Answer } from "./harness";

/**
 * The portal's answers as a client receives them (from tests/e2e/security.spec.ts): the headers on
 * documents, redirects and static files, the session cookie, posts it refuses, body limits, and
 * what the security probe found. The page running without a CSP violation stays in Playwright.
 */

const portal = servePortal();

/** The one Set-Cookie line of the session cookie. */
function sessionCookie(answer: Answer): string {
  const lines = answer.setCookies.filter((line) => line.startsWith("__Host-pp_session="));
  expect(lines, answer.setCookies.join("\n")).toHaveLength(1);
  return lines[0]!;
}

describe("security headers", () => {
  it("every document has an enforced CSP with a fresh nonce on every script", async () => {
    const first = await portal.get("/login");
    const second = await portal.get("/login");
    expect(first.status).toBe(200);
    const csp = first.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe-inline");
    expect(first.headers.get("content-security-policy-report-only")).toBeNull();
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");

    const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
    const otherNonce = /'nonce-([^']+)'/.exec(second.headers.get("content-security-policy") ?? "")?.[1];
    expect(otherNonce).toBeTruthy();
    expect(otherNonce).not.toBe(nonce);

    const scripts = first.body.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it("the session cookie is __Host- prefixed, HttpOnly, Secure, SameSite=Lax in production", async () => {
    // As a script posts it: no Origin, no redirectTo.
    const response = await portal.post("/login", {
      form: { username: "agent.usa", password: PASSWORD },
      origin: null,
    });
    expect(response.status).toBe(302);
    const cookie = sessionCookie(response);
    expect(cookie).toMatch(/^__Host-pp_session=[^;]+/);
    expect(cookie).toMatch(/; HttpOnly(;|$)/);
    expect(cookie).toMatch(/; Secure(;|$)/);
    expect(cookie).toMatch(/; SameSite=Lax(;|$)/);
    expect(cookie).toMatch(/; Path=\/(;|$)/);
    expect(cookie).not.toMatch(/Domain=/i);
  });
});

describe("forms refuse what is not theirs", () => {
  it("a cross-origin post is refused", async () => {
    const response = await portal.post("/login", {
      form: { username: "agent.usa", password: PASSWORD },
      origin: "https://evil.example",
    });
    expect(response.status).toBe(403);
    expect(response.body).toContain("This form was sent from another site and was refused.");
    expect(response.setCookies.filter((line) => line.startsWith("__Host-pp_session="))).toEqual([]);
  });

  it("a filled honeypot is refused", async () => {
    const response = await portal.post("/login", {
      form: { username: "agent.usa", password: PASSWORD, contact_me_by_fax: "bot" },
      origin: null,
    });
    expect(response.status).toBe(400);
    expect(response.setCookies.filter((line) => line.startsWith("__Host-pp_session="))).toEqual([]);
  });

  it("a GET changes nothing: /logout only asks", async () => {
    const agent = await portal.signIn("agent.usa");
    const asked = await agent.get("/logout");
    expect(asked.status).toBe(200);
    // The page asks: a form that posts to /logout.
    expect(asked.body).toMatch(/<form method="post" action="\/logout"/);
    const home = await agent.get("/home");
    expect(home.status).toBe(200);
    expect(home.body).toContain("Welcome,");
  });
});

// What the security probe found: each finding stays fixed.
describe("the security probe's findings", () => {
  it("signed-in pages, their data requests and single-sign-on redirects are never stored", async () => {
    const agent = await portal.signIn("agent.usa");
    for (const path of ["/home", "/home.data", "/profile/info", "/insights/overview.data", "/terms-of-use"]) {
      const answer = await agent.get(path);
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get("cache-control"), path).toBe("no-store");
    }
    const tool = await agent.get("/tools/COMMERCE");
    expect(tool.status).toBe(302);
    expect(tool.location).toMatch(/[?&]z=/);
    expect(tool.headers.get("cache-control")).toBe("no-store");
  });

  it("a body over 64 KB is refused with 413 before it is read, and a long field is never echoed", async () => {
    const huge = "a".repeat(5 * 1024 * 1024);
    const refused = await portal.post("/login", { form: { username: huge, password: "x" }, origin: null });
    expect(refused.status).toBe(413);
    expect(refused.bytes.length).toBeLessThan(2_000);
    expect(textOf(refused.body)).toContain("What was sent is too large.");

    const long = "b".repeat(60_000);
    const answered = await portal.post("/login", { form: { username: long, password: "x" }, origin: null });
    expect(answered.status).toBe(400);
    expect(answered.body).toContain("A username has at most 100 characters.");
    expect(answered.body).not.toContain("b".repeat(101));
    expect(answered.body.length).toBeLessThan(40_000);
  });

  it("a client's X-Forwarded-Host is ignored: sign-in and logout answer as usual, never 500", async () => {
    const client = portal.client();
    const headers = { "X-Forwarded-Host": "evil.com" };
    const login = await client.post("/login", { form: { username: "agent.usa", password: PASSWORD }, headers });
    expect(login.status).toBe(302);
    expect(login.location).toBe("/home");
    const logout = await client.post("/logout", { headers });
    expect(logout.status).toBe(302);
    expect(logout.location).toMatch(/^\/login/);
    const page = await client.get("/login", { headers });
    expect(page.status).toBe(200);
    expect(page.body).not.toContain("evil.com");
  });

  it("HSTS and the security headers are on documents, redirects and static files", async () => {
    const document = await portal.get("/login");
    const script =
      /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(document.body)?.[1] ??
      /href="(\/assets\/[^"]+\.js)"/.exec(document.body)?.[1];
    const stylesheet = /href="(\/assets\/[^"]+\.css)"/.exec(document.body)?.[1];
    expect(script).toBeTruthy();
    expect(stylesheet).toBeTruthy();
    const answers = {
      document,
      redirect: await portal.get("/home"),
      asset: await portal.get(script!),
      stylesheet: await portal.get(stylesheet!),
    };
    for (const [kind, answer] of Object.entries(answers)) {
      const h = answer.headers;
      expect(h.get("strict-transport-security"), kind).toBe("max-age=31536000; includeSubDomains");
      expect(h.get("x-content-type-options"), kind).toBe("nosniff");
      expect(h.get("x-frame-options"), kind).toBe("DENY");
      expect(h.get("referrer-policy"), kind).toBe("strict-origin-when-cross-origin");
    }
    expect(answers.redirect.status).toBe(302);
    expect(answers.asset.status).toBe(200);
    expect(answers.stylesheet.status).toBe(200);
    expect(answers.asset.headers.get("cache-control")).toContain("immutable");
  });
});

/** One request written by hand on a socket (fetch cannot send these targets): its status line and body. */
function raw(base: string, head: string): Promise<{ status: number; text: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(`${head}\r\nConnection: close\r\n\r\n`));
    let text = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => (text += chunk));
    socket.on("end", () => resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text }));
    socket.on("error", reject);
  });
}

describe("no 5xx for what a client alone can send", () => {
  it("an absolute-form target and OPTIONS * are 400 with the portal's page and a reference", async () => {
    const host = new URL(portal.url).host;
    for (const head of [
      `GET http://evil.example/login HTTP/1.1\r\nHost: ${host}`,
      `GET http://${host}/login HTTP/1.1\r\nHost: ${host}`,
      `OPTIONS * HTTP/1.1\r\nHost: ${host}`,
      `POST http://evil.example/login HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 0`,
    ]) {
      const answer = await raw(portal.url, head);
      expect(answer.status, answer.text.slice(0, 600)).toBe(400);
      expect(answer.text, head).toContain("Bad request");
      expect(answer.text, head).toMatch(/Reference: [A-Za-z0-9-]+/);
    }
  });
});

describe("a ?_data request (an old tab, a bot) is answered without a stack trace on stderr", () => {
  it("signed out and signed in", async () => {
    // The harness fails a test that writes to console.error: Remix's notice did, on every such request.
    expect((await portal.get("/login?_data=routes%2Fauth%2Flogin")).status).toBeLessThan(500);
    const agent = await portal.signIn("agent.usa");
    expect((await agent.get("/home?_data=root")).status).toBeLessThan(500);
  });
});

describe("ship images (from tests/e2e/fleet.spec.ts)", () => {
  it("a ship's image is cacheable SVG that runs no script; unknown codes are 404", async () => {
    const image = await portal.get("/ship-images/OA");
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(image.headers.get("cache-control")).toBe("public, max-age=86400");
    expect(image.headers.get("x-content-type-options")).toBe("nosniff");
    expect(image.headers.get("content-security-policy")).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(image.body).toContain("<svg");
    for (const code of ["ZZ", "oa", "OAS"]) expect((await portal.get(`/ship-images/${code}`)).status, code).toBe(404);
    expect((await portal.post("/ship-images/OA")).status).toBe(405);
  });
});
