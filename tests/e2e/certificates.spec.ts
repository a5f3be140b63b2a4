import Database from "better-sqlite3";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, expectAccessible, resetUpstream, test } from "./support/fixtures";

/**
 * Issue 15, item 2: agent.usa looks up certificate codes and redeems one on a booking of the agency,
 * with JavaScript on and off (the two projects), over the reference upstream's demo certificates.
 */

test.afterEach(async () => {
  await resetUpstream();
});

/** A Royal Caribbean booking of agent.usa's agency (AG100101) that is not cancelled, from the upstream's data. */
function royalBooking(): string {
  const file = path.resolve("data", `e2e-${process.env.E2E_PORT ?? "3100"}`, "upstream.sqlite");
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare(
        `SELECT booking_id FROM insight_bookings WHERE agency_id = 'AG100101' AND brand = 'R' AND status != 'CANCELLED'
         ORDER BY booking_id LIMIT 1`,
      )
      .get() as { booking_id: string } | undefined;
    if (!row) throw new Error("no Royal Caribbean booking of AG100101");
    return row.booking_id;
  } finally {
    db.close();
  }
}

async function lookUp(page: Page, code: string) {
  await page.getByLabel(/Certificate or voucher code/).fill(code);
  await page.getByRole("button", { name: "Look up" }).click();
}

test("agent.usa redeems a certificate on a booking and sees it refused the second time", async ({ page, login }) => {
  await login("agent.usa");
  await page.goto("/certificate-redemption");
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

  const bookingId = royalBooking();
  await page.getByLabel(/Booking id/).fill(bookingId);
  await page.getByRole("button", { name: "Apply the certificate" }).click();
  await expect(page).toHaveURL(new RegExp(`code=RC-DEMO-0100&redeemed=${bookingId}$`));
  await expect(page.getByText(`Certificate RC-DEMO-0100 has been applied to booking ${bookingId}.`)).toBeVisible();
  const table = page.getByRole("table", { name: /Certificates redeemed by your agency/ });
  await expect(table.getByRole("rowheader", { name: "RC-DEMO-0100" })).toBeVisible();
  await expect(table.getByRole("link", { name: bookingId })).toBeVisible();
  await expectAccessible(page);

  // The second time: the lookup says it has been redeemed, and there is nothing to apply.
  await lookUp(page, "RC-DEMO-0100");
  await expect(page.getByText(/This certificate has already been redeemed/)).toBeVisible();
  await expect(page.getByText(`It was applied to your agency's booking ${bookingId}.`, { exact: false })).toBeVisible();
  await expect(page.getByRole("button", { name: "Apply the certificate" })).toHaveCount(0);
  await expectAccessible(page);
});

test("a certificate for another brand, and an expired one, each say so", async ({ page, login }) => {
  await login("agent.usa");
  await page.goto("/certificate-redemption?code=CE-DEMO-0150");
  await page.getByLabel(/Booking id/).fill(royalBooking());
  await page.getByRole("button", { name: "Apply the certificate" }).click();
  await expect(page.getByText("This certificate is not for this booking's brand.")).toBeVisible();
  await expectAccessible(page);

  await lookUp(page, "RC-EXPD-0050");
  await expect(page.getByText("This certificate has expired and can no longer be redeemed.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Apply the certificate" })).toHaveCount(0);
  await expectAccessible(page);
});

test("a malformed and an unknown code each have a clear message, keeping what was typed", async ({ page, login }) => {
  await login("agent.usa");
  await page.goto("/certificate-redemption");
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
});
