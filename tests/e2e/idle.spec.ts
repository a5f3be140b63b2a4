import {
  ACTIVITY_STAMP_INTERVAL_MS,
  IDLE_COUNTDOWN_SECONDS,
  IDLE_LIMIT_MS,
  KEEPALIVE_INTERVAL_MS,
  SERVER_IDLE_LIMIT_MS,
} from "../../app/domain/session-rules";
import { expect, expectAccessible, signIn, test } from "./support/fixtures";
import { lastActiveOnServer } from "./support/sessions";

// The detector is JavaScript (@once: the js-on project alone); the server enforces idle without it (below).
test.describe("the browser's idle detector: 30 minutes, then a five-second countdown", { tag: "@once" }, () => {
  test("after 30 idle minutes a dialog counts 5 seconds, activity cancels it, reaching 5 signs out and signing in comes back to the page", async ({
    page,
    login,
  }) => {
    await page.clock.install();
    await login("agent.usa", "/profile/info");
    // The watch starts when the shell hydrates; fast-forwarding before that would move nothing.
    await expect(page.locator("dialog[data-watching]")).toBeAttached();
    await page.clock.fastForward("30:01");
    const dialog = page.getByRole("dialog", { name: "Are you still there?" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("signed out in");

    // Activity cancels the countdown, and tells the server (a keepalive, then the page's data drawn
    // again): both are over before the clock moves on, or a late answer could land after the sign-out.
    const keepalive = page.waitForResponse((r) => r.url().includes("/session/keepalive"));
    const revalidated = page.waitForResponse((r) => r.request().method() === "GET" && r.url().includes(".data"));
    await page.keyboard.press("Shift");
    expect((await keepalive).status()).toBe(204);
    await revalidated;
    await expect(dialog).toBeHidden();
    await expect(page.locator("dialog[data-watching]")).toBeAttached();

    await page.clock.fastForward("30:01");
    await expect(dialog).toBeVisible();
    await page.clock.runFor(6000);
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile%2Finfo&reason=idle$/);
    await expect(page.getByText("You were signed out after 30 minutes without activity.")).toBeVisible();
    await signIn(page, "agent.usa");
    await expect(page).toHaveURL(/\/profile\/info$/);
  });

  test("'Stay signed in' keeps the agent signed in while the dialog shows, however stale the server's stamp", async ({
    page,
    login,
  }) => {
    await page.clock.install();
    await login("agent.usa");
    await expect(page.locator("dialog[data-watching]")).toBeAttached();
    // The server's clock moves too: it last heard of the agent a keepalive interval (and a stamp
    // interval) before the browser's last activity, the most it can lag, and the agent answers the
    // dialog at the countdown's last second.
    lastActiveOnServer(
      KEEPALIVE_INTERVAL_MS + ACTIVITY_STAMP_INTERVAL_MS + IDLE_LIMIT_MS + IDLE_COUNTDOWN_SECONDS * 1000,
    );
    // 30:01 on, and the clock stopped there: it moves only as told, for on a busy machine the real
    // seconds between two steps would otherwise run the countdown out before the click.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 30 * 60_000 + 1_000);
    const dialog = page.getByRole("dialog", { name: "Are you still there?" });
    await expect(dialog).toBeVisible();
    await page.clock.runFor((IDLE_COUNTDOWN_SECONDS - 2) * 1000);
    const keepalive = page.waitForResponse((r) => r.url().includes("/session/keepalive"));
    await dialog.getByRole("button", { name: "Stay signed in" }).click();
    expect((await keepalive).status()).toBe(204);
    await expect(dialog).toBeHidden();
    await page.goto("/profile/info");
    await expect(page).toHaveURL(/\/profile\/info$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
});

test(
  "past the server's idle limit the next page asks to sign in and signing in comes back to it (JavaScript on and off)",
  { tag: "@js-off" },
  async ({ page, login }) => {
    const results = "/insights/alert-centre?type=FINAL_PAYMENT&timeframe=NEXT_10_DAYS";
    await login("agent.usa", results);
    lastActiveOnServer(SERVER_IDLE_LIMIT_MS + 1000);
    await page.reload();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Finsights%2Falert-centre%3F.*&reason=idle$/);
    await expect(page.getByText("You were signed out after 30 minutes without activity.")).toBeVisible();
    await expectAccessible(page);
    await signIn(page, "agent.usa");
    await expect(page).toHaveURL(new RegExp(`${results.replace(/[?]/g, "\\?")}$`));
  },
);
