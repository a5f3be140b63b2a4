import type { Page } from "@playwright/test";
import { expect, expectAccessible, outbox, test, UPSTREAM } from "./support/fixtures";

/**
 * The automated booking-alert e-mails. agent.usa sets a weekly digest, the demo
 * upstream sends it now (POST /dev/insight-digests/run), and the e-mail's links work: a booking
 * (signed in) and the unsubscribe link (not signed in, with JavaScript on and off).
 */

const SETTINGS = "/insights/set-up-automated-emails";
const NO_TYPE = "Choose at least one alert type to e-mail, or turn the e-mails off.";
const CHOSEN_TYPES = ["Final payment due", "Balance due", "Expiring in 48 hours"];

const enabledBox = (page: Page) => page.getByRole("checkbox", { name: "E-mail me my booking alerts" });
const typesGroup = (page: Page) => page.getByRole("group", { name: "Alert types to e-mail" });
const typeBox = (page: Page, name: string) => typesGroup(page).getByRole("checkbox", { name, exact: true });
const weekly = (page: Page) => page.getByRole("radio", { name: /^Weekly/ });
const everyBooking = (page: Page) =>
  page.getByRole("group", { name: "Bookings to include (enrolment)" }).getByRole("radio", { name: "Every booking" });
const save = (page: Page) => page.getByRole("button", { name: "Save e-mail settings" });
const setting = (page: Page, term: string) =>
  page
    .locator(".facts div")
    .filter({ has: page.getByText(term, { exact: true }) })
    .locator("dd");

async function runWeeklyDigests(): Promise<number> {
  const response = await fetch(`${UPSTREAM}/dev/insight-digests/run`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ frequency: "WEEKLY" }),
  });
  expect(response.ok).toBe(true);
  return ((await response.json()) as { data: { sent: number } }).data.sent;
}

test(
  "agent.usa sets a weekly digest; its booking link opens the booking and its unsubscribe link stops it without signing in",
  { tag: "@js-off" },
  async ({ page, login, browser, baseURL, javaScriptEnabled }) => {
    // Two browsers, an e-mail and axe on four pages (each a second browser context without JavaScript).
    test.slow();
    await login("agent.usa", SETTINGS);
    await expect(page).toHaveTitle("Insights | Professional Portal");
    await expect(page.getByRole("heading", { level: 1, name: "Set up automated emails" })).toBeVisible();
    await expect(setting(page, "Sent to")).toHaveText("agent.usa@example.com");
    await expect(setting(page, "Last sent")).toHaveText(/^(\d{2}[A-Z]{3}\d{4}|Not sent yet)$/);
    await expectAccessible(page);

    // On, weekly, but no alert type: refused with a clear message, the other choices kept.
    await enabledBox(page).check();
    await weekly(page).check();
    for (const box of await typesGroup(page).getByRole("checkbox").all()) await box.uncheck();
    await save(page).click();
    await expect(typesGroup(page).getByText(NO_TYPE)).toBeVisible();
    await expect(enabledBox(page)).toBeChecked();
    await expect(weekly(page)).toBeChecked();

    // Three types, every booking: saved, and shown as saved.
    for (const name of CHOSEN_TYPES) await typeBox(page, name).check();
    await everyBooking(page).check();
    await save(page).click();
    await expect(page).toHaveURL(`${SETTINGS}?saved=1`);
    await expect(page.getByRole("status").filter({ hasText: "Your e-mail settings are saved." })).toBeVisible();
    await expect(setting(page, "E-mails")).toHaveText("On, weekly");
    await expect(setting(page, "Alert types")).toHaveText(CHOSEN_TYPES.join(", "));
    await expect(setting(page, "Bookings")).toHaveText("Every booking");
    for (const name of CHOSEN_TYPES) await expect(typeBox(page, name)).toBeChecked();
    await expect(typeBox(page, "Dining conflict")).not.toBeChecked();
    await expectAccessible(page);

    // The upstream sends the weekly digests now: agent.usa's e-mail lists due alerts with booking links.
    const started = Date.now();
    expect(await runWeeklyDigests()).toBeGreaterThanOrEqual(1);
    const digest = (await outbox("agent.usa@example.com")).find((m) => m.purpose === "insight_digest");
    expect(digest).toBeDefined();
    expect(Date.parse(digest!.sentAt)).toBeGreaterThanOrEqual(started - 2_000);
    expect(digest!.subject).toMatch(/^Your weekly booking alerts: \d+ due$/);
    const bookingLink = /(http\S+\/insights\/booking\/(\S+))/.exec(digest!.body);
    expect(bookingLink, digest!.body).not.toBeNull();
    const unsubscribeLink = digest!.link!;
    expect(unsubscribeLink).toMatch(/\/unsubscribe\?token=\S+$/);
    expect(digest!.body).toContain(unsubscribeLink);

    // The booking link, signed in.
    await page.goto(bookingLink![1]!);
    await expect(page.getByRole("heading", { level: 1, name: `Booking ${bookingLink![2]}` })).toBeVisible();

    // The unsubscribe link in a fresh browser (not signed in): opening it only asks.
    const fresh = await browser.newContext({ baseURL, javaScriptEnabled });
    try {
      const visitor = await fresh.newPage();
      await visitor.goto(unsubscribeLink);
      await expect(visitor).toHaveTitle("Unsubscribe | Professional Portal");
      await expect(visitor.getByRole("heading", { level: 1, name: "Booking-alert e-mails" })).toBeVisible();
      await expect(visitor.getByText("Stop the weekly booking-alert e-mails to a***@example.com?")).toBeVisible();
      await expectAccessible(visitor);

      await page.goto(SETTINGS);
      await expect(setting(page, "E-mails")).toHaveText("On, weekly");

      await visitor.getByRole("button", { name: "Stop these e-mails" }).click();
      await expect(
        visitor.getByText("You will no longer receive the weekly booking-alert e-mails at a***@example.com."),
      ).toBeVisible();
      await expect(visitor.getByRole("link", { name: "Sign in to change your e-mail settings" })).toHaveAttribute(
        "href",
        SETTINGS,
      );
      await expectAccessible(visitor);

      // Opening the link again says they are already stopped; following "sign in" asks to sign in first.
      await visitor.goto(unsubscribeLink);
      await expect(
        visitor.getByText("The weekly booking-alert e-mails to a***@example.com are already stopped."),
      ).toBeVisible();
      await visitor.getByRole("link", { name: "Sign in to change your e-mail settings" }).click();
      await expect(visitor).toHaveURL(`/login?redirectTo=${encodeURIComponent(SETTINGS)}`);
    } finally {
      await fresh.close();
    }

    // The agent's page shows the e-mails off, the chosen types kept.
    await page.goto(SETTINGS);
    await expect(setting(page, "E-mails")).toHaveText("Off");
    await expect(enabledBox(page)).not.toBeChecked();
    for (const name of CHOSEN_TYPES) await expect(typeBox(page, name)).toBeChecked();
  },
);

test("a tampered unsubscribe link is not valid (400), and changes nothing", { tag: "@once" }, async ({ page }) => {
  const response = await page.goto("/unsubscribe?token=dGFtcGVyZWQ.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
  expect(response?.status()).toBe(400);
  await expect(page.getByRole("alert").filter({ hasText: "This unsubscribe link is not valid." })).toBeVisible();
  await expect(page.getByRole("button", { name: "Stop these e-mails" })).toHaveCount(0);
  await expectAccessible(page);

  const missing = await page.goto("/unsubscribe");
  expect(missing?.status()).toBe(400);
  await expect(page.getByText("This unsubscribe link is not valid.")).toBeVisible();
});
