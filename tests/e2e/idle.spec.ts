import { expect, test } from "./support/fixtures";

test.describe("the browser's idle detector (section 4)", () => {
  test.skip(
    ({ javaScriptEnabled }) => !javaScriptEnabled,
    "the detector is JavaScript; the server enforces idle without it",
  );

  test("after 30 idle minutes a dialog counts 5 seconds, activity cancels it, reaching 5 signs out", async ({
    page,
    login,
  }) => {
    await page.clock.install();
    await login();
    // The watch starts when the shell hydrates; fast-forwarding before that would move nothing.
    await expect(page.locator("dialog[data-watching]")).toBeAttached();
    await page.clock.fastForward("30:01");
    const dialog = page.getByRole("dialog", { name: "Are you still there?" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("signed out in");

    // Activity cancels the countdown.
    await page.keyboard.press("Shift");
    await expect(dialog).toBeHidden();
    await expect(page.locator("dialog[data-watching]")).toBeAttached();

    await page.clock.fastForward("30:01");
    await expect(dialog).toBeVisible();
    await page.clock.runFor(6000);
    await expect(page).toHaveURL(/\/login\?reason=idle$/);
    await expect(page.getByText("You were signed out after 30 minutes without activity.")).toBeVisible();
  });
});
