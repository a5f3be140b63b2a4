import type { Page } from "@playwright/test";
import { expect, expectAccessible, hydrated, test } from "./support/fixtures";

/**
 * What a person does on the route map's pages: the back and close buttons, focus after navigation,
 * and axe on the pages the route walks end on. The walks themselves (who is sent where, every
 * page's title, Page not found under an area, the legal pages' shells) are checked by request:
 * tests/request/route-map.test.ts.
 */

test("the pages the route walks end on pass axe", { tag: "@once" }, async ({ page, login }) => {
  // Signed out: the digest's unsubscribe link without its token.
  await page.goto("/unsubscribe");
  await expect(page).toHaveTitle("Unsubscribe | Professional Portal");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectAccessible(page);
  // Signed in: the comparison with nothing chosen, and a path under an area that is none of its pages.
  await login("agent.usa", "/itineraries/compare");
  await expect(page).toHaveTitle("Itineraries | Professional Portal");
  await expectAccessible(page);
  const response = await page.goto("/reduced-rates/nope");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await expectAccessible(page);
});

/** /register?agencyData=true shows the agency found, so the agent looks one up first. */
async function findAgency(page: Page) {
  await page.goto("/register");
  await page.getByRole("textbox", { name: "Agency phone number" }).fill("305 555 0101");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/register\?agencyData=true$/);
}

test("the back button follows the table and works as a plain link", { tag: "@js-off" }, async ({ page }) => {
  await findAgency(page);
  await expect(page.getByRole("link", { name: "Back" })).toHaveAttribute("href", "/register?agencyData=false");
  await page.getByRole("link", { name: "Back" }).click();
  await expect(page).toHaveURL(/\/register\?agencyData=false$/);
  await page.getByRole("link", { name: "Back" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/register-agency/welcome");
  await expect(page.getByRole("link", { name: "Back" })).toHaveAttribute("href", "/register-agency?step=4");
});

test("the close button of the recovery pages goes to /login", { tag: "@js-off" }, async ({ page }) => {
  await page.goto("/account/forgot/password");
  await page.getByRole("link", { name: "Close" }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test.describe("focus after navigation", () => {
  // Client-side navigation needs JavaScript: the js-on project alone.
  test("moves to the first heading and the title is announced", { tag: "@once" }, async ({ page }) => {
    await findAgency(page);
    // A click before hydration would be a plain page load, which moves no focus.
    await hydrated(page);
    await page.getByRole("link", { name: "Back" }).click();
    await expect(page).toHaveURL(/agencyData=false/);
    await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
    await expect(page.getByRole("status").filter({ hasText: "Agent Registration | Professional Portal" })).toHaveCount(
      1,
    );
  });
});
