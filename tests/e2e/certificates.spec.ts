import type { Page } from "@playwright/test";
import { expect, expectAccessible, resetUpstream, test } from "./support/fixtures";

/**
 * Certificate redemption: agent.usa looks up certificate codes and redeems one on a booking of the agency,
 * with JavaScript on and off (the two projects), over the reference upstream's demo certificates.
 */

test.afterEach(async () => {
  await resetUpstream();
});

/** An open Royal Caribbean booking of agent.usa's agency, as the insights list shows it; the page is left on it. */
async function openRoyalBooking(page: Page): Promise<string> {
  await page.goto("/insights/individual-and-group-reservations?reservationType=OPEN&brand=R");
  const link = page.locator('table a[href^="/insights/booking/"]').first();
  const bookingId = (await link.textContent())?.trim() ?? "";
  expect(bookingId).toMatch(/^[0-9A-Z-]+$/);
  await link.click();
  await expect(page.getByRole("heading", { level: 1, name: `Booking ${bookingId}` })).toBeVisible();
  return bookingId;
}

async function lookUp(page: Page, code: string) {
  await page.getByLabel(/Certificate or voucher code/).fill(code);
  await page.getByRole("button", { name: "Look up" }).click();
}

test(
  "agent.usa redeems a certificate on a booking and sees it refused the second time",
  { tag: "@js-off" },
  async ({ page, login }) => {
    test.slow(); // six pages and posts, each checked with axe (24 s with JavaScript on this machine, more without)
    await login("agent.usa", "/certificate-redemption");
    await expect(page).toHaveTitle("Certificate redemption | Professional Portal");
    await expect(page.getByRole("heading", { level: 1, name: "Certificate redemption" })).toBeVisible();
    await expect(page.getByText("Your agency has not redeemed any certificates yet.")).toBeVisible();
    await expectAccessible(page);

    await lookUp(page, "rc-demo-0100");
    await expect(page).toHaveURL(/\/certificate-redemption\?code=rc-demo-0100$/);
    await expect(page.getByRole("heading", { name: "Certificate RC-DEMO-0100" })).toBeVisible();
    await expect(page.getByText(/This certificate is valid/)).toBeVisible();
    await expect(page.locator("dl.facts").getByText("$100.00")).toBeVisible();
    await expect(page.locator("dl.facts").getByText("Royal Caribbean", { exact: true })).toBeVisible();
    await expectAccessible(page);

    // A booking the agency does not have is refused, keeping what was typed.
    await page.getByLabel(/Booking id/).fill("0000000");
    await page.getByRole("button", { name: "Apply the certificate" }).click();
    await expect(page.getByText("Your agency has no booking with this id.")).toBeVisible();
    await expect(page.getByLabel(/Booking id/)).toHaveValue("0000000");
    await expectAccessible(page);

    // From the booking's page: its certificates (none yet), and a way to redeem one on it.
    const bookingId = await openRoyalBooking(page);
    await expect(page.getByText("No certificate has been applied to this booking.")).toBeVisible();
    await page.getByRole("link", { name: "Redeem a certificate on this booking" }).click();
    await lookUp(page, "RC-DEMO-0100");
    await expect(page.getByLabel(/Booking id/)).toHaveValue(bookingId);
    await page.getByRole("button", { name: "Apply the certificate" }).click();
    await expect(page).toHaveURL(new RegExp(`code=RC-DEMO-0100&redeemed=${bookingId}$`));
    await expect(page.getByText(`Certificate RC-DEMO-0100 has been applied to booking ${bookingId}.`)).toBeVisible();
    const table = page.getByRole("table", { name: /Certificates redeemed by your agency/ });
    await expect(table.getByRole("rowheader", { name: "RC-DEMO-0100" })).toBeVisible();
    await expect(table.getByRole("link", { name: bookingId })).toBeVisible();
    await expectAccessible(page);

    // The redeemed certificate shows on the booking.
    await table.getByRole("link", { name: bookingId }).click();
    const applied = page.getByRole("table", { name: `Certificates applied to booking ${bookingId}` });
    await expect(applied.getByRole("rowheader", { name: "RC-DEMO-0100" })).toBeVisible();
    await expect(applied.getByText("$100.00")).toBeVisible();
    await expectAccessible(page);
    await page.goBack();

    // The second time: the lookup says it has been redeemed, and there is nothing to apply.
    await lookUp(page, "RC-DEMO-0100");
    await expect(page.getByText(/This certificate has already been redeemed/)).toBeVisible();
    await expect(
      page.getByText(`It was applied to your agency's booking ${bookingId}.`, { exact: false }),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Apply the certificate" })).toHaveCount(0);
    await expectAccessible(page);
  },
);

test(
  "a certificate for another brand, and an expired one, each say so",
  { tag: "@js-off" },
  async ({ page, login }) => {
    await login("agent.usa", null);
    const bookingId = await openRoyalBooking(page);
    await page.goto("/certificate-redemption?code=CE-DEMO-0150");
    await page.getByLabel(/Booking id/).fill(bookingId);
    await page.getByRole("button", { name: "Apply the certificate" }).click();
    await expect(page.getByText("This certificate is not for this booking's brand.")).toBeVisible();
    await expectAccessible(page);

    await lookUp(page, "RC-EXPD-0050");
    await expect(page.getByText("This certificate has expired and can no longer be redeemed.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Apply the certificate" })).toHaveCount(0);
    await expectAccessible(page);
  },
);

test(
  "a malformed and an unknown code each have a clear message, keeping what was typed",
  { tag: "@js-off" },
  async ({ page, login }) => {
    await login("agent.usa", "/certificate-redemption");
    await lookUp(page, "hello");
    await expect(page.getByText(/Enter the code as it is printed/)).toBeVisible();
    await expect(page.getByLabel(/Certificate or voucher code/)).toHaveValue("hello");
    await expect(page.getByLabel(/Certificate or voucher code/)).toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page);

    await lookUp(page, "RC-NONE-0000");
    await expect(
      page.getByText("We could not find a certificate with this code. Check the code and try again."),
    ).toBeVisible();
    await expect(page.getByLabel(/Certificate or voucher code/)).toHaveValue("RC-NONE-0000");
    await expectAccessible(page);
  },
);
