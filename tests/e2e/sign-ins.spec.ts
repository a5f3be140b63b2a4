import type { Browser } from "@playwright/test";
import { expect, expectAccessible, resetUpstream, signInByRequest, test } from "./support/fixtures";

/**
 * The security page's sign-ins differ in what a person can see: each row is a device and browser and
 * a place, with how many sign-ins and the latest; this sign-in is marked; a row's sign-ins open under
 * it (no JavaScript needed), each with its own "Sign out".
 */
test.afterEach(async () => {
  await resetUpstream();
});

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const WINDOWS_EDGE =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0";

/** Another sign-in of agent.sgp from a device of `userAgent` (by request: the context's user agent). */
async function signInElsewhere(browser: Browser, userAgent: string) {
  const context = await browser.newContext({ userAgent });
  expect(await signInByRequest(context.request, "agent.sgp")).toMatch(/\/home$/);
  return context;
}

for (const width of [1440, 400]) {
  test(
    `at ${width} repeated sign-ins are one row per device and place, this one marked, each openable`,
    { tag: "@js-off" },
    async ({ page, login, browser }) => {
      test.slow(); // four sign-ins, two pages checked with axe
      await page.setViewportSize({ width, height: 900 });
      await login("agent.sgp", "/profile/security");
      // Start from this sign-in alone (sign-ins outlive a reset): earlier tests' end here.
      const everywhere = page.getByRole("button", { name: "Sign out everywhere else" });
      if (await everywhere.count()) {
        await everywhere.click();
        await expect(page.getByText("You are signed out everywhere else.")).toBeVisible();
      }
      const contexts = [
        await signInElsewhere(browser, IPHONE),
        await signInElsewhere(browser, IPHONE),
        await signInElsewhere(browser, WINDOWS_EDGE),
      ];
      await page.goto("/profile/security");
      const table = page.getByRole("table", { name: /active sign-ins, by device and place$/ });
      const iphone = table.getByRole("row", { name: /Safari on iOS \(phone\)/ });
      await expect(iphone).toHaveCount(1);
      await expect(iphone).toContainText("This computer (local address)");
      await expect(iphone.locator("summary")).toHaveText(/^2 sign-ins/);
      await expect(table.getByRole("row", { name: /Edge on Windows \(computer\)/ }).locator("summary")).toHaveText(
        /^1 sign-in/,
      );
      // This browser's row comes first and says so.
      const first = table.locator("tbody tr").first();
      await expect(first.getByText("This sign-in", { exact: true })).toBeVisible();
      await expect(first).toContainText(/Chrome on Linux \(computer\)/);
      // The time is there: a date and an hour.
      await expect(iphone).toContainText(/\d{2}[A-Z]{3}\d{4} \d{2}:\d{2}/);
      await expectAccessible(page);

      // Open the iPhone row and sign one of its two out.
      await iphone.locator("summary").click();
      const buttons = iphone.getByRole("button", { name: /^Sign out the sign-in of / });
      await expect(buttons).toHaveCount(2);
      await buttons.first().click();
      await expect(page.getByText("That sign-in has ended.")).toBeVisible();
      await expect(table.getByRole("row", { name: /Safari on iOS \(phone\)/ }).locator("summary")).toHaveText(
        /^1 sign-in/,
      );
      await expectAccessible(page);
      for (const context of contexts) await context.close();
    },
  );
}
