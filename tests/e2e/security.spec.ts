import { expect, test } from "./support/fixtures";

test.describe("security headers", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "headers do not depend on the browser");

  test("every document has an enforced CSP with a fresh nonce on every script", async ({ request }) => {
    const first = await request.get("/login");
    const second = await request.get("/login");
    const csp = first.headers()["content-security-policy"] ?? "";
    expect(csp).toMatch(/script-src 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe-inline");
    expect(first.headers()["content-security-policy-report-only"]).toBeUndefined();
    expect(first.headers()["x-content-type-options"]).toBe("nosniff");
    expect(first.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");

    const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
    const otherNonce = /'nonce-([^']+)'/.exec(second.headers()["content-security-policy"] ?? "")![1];
    expect(otherNonce).not.toBe(nonce);

    const html = await first.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  });

  test("the page runs with no CSP violation", async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto("/login");
    await page.getByLabel("Username").fill("agent.usa");
    await page.getByLabel("Password").fill("Portal!2026");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/home$/);
    expect(violations).toEqual([]);
  });

  test("the session cookie is __Host- prefixed, HttpOnly, Secure, SameSite=Lax in production", async ({ request }) => {
    const response = await request.post("/login", {
      form: { username: "agent.usa", password: "Portal!2026" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    const cookie = response.headers()["set-cookie"] ?? "";
    expect(cookie).toMatch(/^__Host-pp_session=/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/Domain=/i);
  });
});

test.describe("forms refuse what is not theirs", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "a raw post, no browser involved");

  test("a cross-origin post is refused", async ({ request }) => {
    const response = await request.post("/login", {
      form: { username: "agent.usa", password: "Portal!2026" },
      headers: { Origin: "https://evil.example" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
    expect(await response.text()).toContain("This form was sent from another site and was refused.");
  });

  test("a filled honeypot is refused", async ({ request }) => {
    const response = await request.post("/login", {
      form: { username: "agent.usa", password: "Portal!2026", contact_me_by_fax: "bot" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(400);
  });

  test("a GET changes nothing: /logout only asks", async ({ page, login }) => {
    await login();
    await page.goto("/logout");
    await page.goto("/home");
    await expect(page).toHaveURL(/\/home$/);
  });
});

// What the security probe found: each finding stays fixed.
test.describe("the security probe's findings", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "raw requests, no browser behaviour involved");

  test("signed-in pages, their data requests and single-sign-on redirects are never stored", async ({
    page,
    login,
  }) => {
    await login();
    for (const path of ["/home", "/home.data", "/profile/info", "/insights/overview.data", "/terms-of-use"]) {
      const answer = await page.request.get(path, { maxRedirects: 0 });
      expect(answer.status(), path).toBe(200);
      expect(answer.headers()["cache-control"], path).toBe("no-store");
    }
    const tool = await page.request.get("/tools/COMMERCE", { maxRedirects: 0 });
    expect(tool.status()).toBe(302);
    expect(tool.headers()["location"]).toMatch(/[?&]z=/);
    expect(tool.headers()["cache-control"]).toBe("no-store");
  });

  test("a body over 64 KB is refused with 413 before it is read, and a long field is never echoed", async ({
    request,
  }) => {
    const huge = "a".repeat(5 * 1024 * 1024);
    const refused = await request.post("/login", { form: { username: huge, password: "x" }, maxRedirects: 0 });
    expect(refused.status()).toBe(413);
    expect((await refused.body()).length).toBeLessThan(2_000);

    const long = "b".repeat(60_000);
    const answered = await request.post("/login", { form: { username: long, password: "x" }, maxRedirects: 0 });
    expect(answered.status()).toBe(400);
    const html = await answered.text();
    expect(html).toContain("A username has at most 100 characters.");
    expect(html).not.toContain("b".repeat(101));
    expect(html.length).toBeLessThan(40_000);
  });

  test("a client's X-Forwarded-Host is ignored: sign-in and logout answer as usual, never 500", async ({
    request,
    baseURL,
  }) => {
    const headers = { "X-Forwarded-Host": "evil.com", Origin: baseURL! };
    const login = await request.post("/login", {
      form: { username: "agent.usa", password: "Portal!2026" },
      headers,
      maxRedirects: 0,
    });
    expect(login.status()).toBe(302);
    expect(login.headers()["location"]).toBe("/home");
    const logout = await request.post("/logout", { headers, maxRedirects: 0 });
    expect(logout.status()).toBe(302);
    expect(logout.headers()["location"]).toMatch(/^\/login/);
    const page = await request.get("/login", { headers });
    expect(page.status()).toBe(200);
    expect(await page.text()).not.toContain("evil.com");
  });

  test("HSTS and the security headers are on documents, redirects and static files", async ({ request }) => {
    const document = await request.get("/login");
    const asset =
      /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(await document.text())?.[1] ??
      /href="(\/assets\/[^"]+\.js)"/.exec(await document.text())?.[1];
    expect(asset).toBeTruthy();
    const answers = {
      document,
      redirect: await request.get("/home", { maxRedirects: 0 }),
      asset: await request.get(asset!),
      stylesheet: await request.get(/href="(\/assets\/[^"]+\.css)"/.exec(await document.text())![1]!),
    };
    for (const [kind, answer] of Object.entries(answers)) {
      const h = answer.headers();
      expect(h["strict-transport-security"], kind).toBe("max-age=31536000; includeSubDomains");
      expect(h["x-content-type-options"], kind).toBe("nosniff");
      expect(h["x-frame-options"], kind).toBe("DENY");
      expect(h["referrer-policy"], kind).toBe("strict-origin-when-cross-origin");
    }
    expect(answers.redirect.status()).toBe(302);
    expect(answers.asset.headers()["cache-control"]).toContain("immutable");
  });
});
