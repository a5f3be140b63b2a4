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
