import { expect, test } from "./support/fixtures";

/**
 * What a browser alone can say about the portal's security: the page's scripts run under its CSP.
 * The headers, the session cookie, refused posts, body limits and the security probe's findings are
 * checked by request: tests/request/security.test.ts.
 */

test("the page runs with no CSP violation", { tag: "@once" }, async ({ page }) => {
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
