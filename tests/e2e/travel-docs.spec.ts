import type { Page } from "@playwright/test";
import { expect, expectAccessible, outbox, resetUpstream, test } from "./support/fixtures";

/**
 * Travel documents: agent.usa finds a paid booking, opens its documents as HTML and PDF, e-mails one to
 * the guest and shares a preview link that a signed-out browser opens until it is revoked; with
 * JavaScript on and off (the two projects), over the reference upstream's insight bookings.
 */

test.afterEach(async () => {
  await resetUpstream();
});

type Found = { bookingId: string; sailDate: string; surname: string };

const MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];

/**
 * A booking of agent.usa's agency found as an agent would: the reservations list sorted by amount due
 * (nothing due first, or the most due first), then the booking's page for the lead guest and sail date.
 */
async function bookingOf(page: Page, kind: "paid" | "due"): Promise<Found> {
  await page.goto(
    `/insights/individual-and-group-reservations?sort=amountDue&order=${kind === "paid" ? "asc" : "desc"}`,
  );
  const first = page.locator('table a[href^="/insights/booking/"]').first();
  const bookingId = (await first.textContent())?.trim() ?? "";
  await page.goto(`/insights/booking/${bookingId}`);
  const lead = (await page.locator(".lead").textContent()) ?? "";
  const sails =
    (await page
      .locator(".facts div")
      .filter({ hasText: /^Sails/ })
      .locator("dd")
      .textContent()) ?? "";
  const day = /^(\d{2})([A-Z]{3})(\d{4})/.exec(sails);
  if (!bookingId || !day) throw new Error(`no ${kind} booking found in the insights lists`);
  const month = String(MONTHS.indexOf(day[2] ?? "") + 1).padStart(2, "0");
  return { bookingId, surname: lead.split(",")[0]?.trim() ?? "", sailDate: `${day[3]}-${month}-${day[1]}` };
}

async function findBooking(page: Page, b: Found) {
  await page.goto("/travel-docs");
  await page.getByLabel(/Booking id/).fill(b.bookingId);
  await page.getByLabel(/Guest surname/).fill(b.surname.toLowerCase());
  await page.getByLabel(/Sail date/).fill(b.sailDate);
  await page.getByRole("button", { name: "Find the booking" }).click();
}

test(
  "agent.usa finds a paid booking, opens a document as HTML and PDF, e-mails it and shares a preview until it is revoked",
  { tag: "@js-off" },
  async ({ page, login, browser, javaScriptEnabled }) => {
    // The whole journey, and a second browser, in one test.
    test.slow();
    await login("agent.usa", null);
    const b = await bookingOf(page, "paid");
    await page.goto("/travel-docs");
    await expect(page).toHaveTitle("Travel Documents | Professional Portal");
    await expect(page.getByRole("heading", { level: 1, name: "Travel documents" })).toBeVisible();
    await expectAccessible(page);

    await findBooking(page, b);
    await expect(page.getByRole("heading", { name: `Booking ${b.bookingId}` })).toBeVisible();
    const documents = page.getByRole("table", { name: `The travel documents of booking ${b.bookingId}` });
    for (const name of ["Cruise documents", "Luggage tags", "Itinerary", "Invoice"]) {
      await expect(documents.getByRole("rowheader", { name: new RegExp(`^${name}`) })).toBeVisible();
    }
    await expect(documents.getByText("Ready", { exact: true })).toHaveCount(4);
    await expectAccessible(page);

    // The itinerary as HTML: day by day from the catalogue's sailing.
    await documents.getByRole("link", { name: "View itinerary" }).click();
    await expect(page).toHaveURL(new RegExp(`/travel-docs/${b.bookingId}/itinerary$`));
    await expect(page.getByRole("heading", { level: 1, name: `Itinerary of booking ${b.bookingId}` })).toBeVisible();
    const days = page.getByRole("table", { name: /day by day/ });
    await expect(days.getByRole("rowheader", { name: "1", exact: true })).toBeVisible();
    await expectAccessible(page);

    // …and as a PDF made on the server.
    const pdf = await page.request.get(`/travel-docs/${b.bookingId}/itinerary/pdf`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect(pdf.headers()["content-disposition"]).toBe(`inline; filename="itinerary-${b.bookingId}.pdf"`);
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

    // E-mailed to the guest: the outbox has the message with the document's link.
    await page.getByLabel(/Guest e-mail address/).fill("guest.docs@example.com");
    await page.getByRole("button", { name: "E-mail the itinerary" }).click();
    await expect(page.getByText("The itinerary link has been e-mailed to guest.docs@example.com.")).toBeVisible();
    const [message] = await outbox("guest.docs@example.com");
    expect(message?.purpose).toBe("travel_document");
    expect(message?.link).toMatch(/\/travel-docs\/html\/preview\?token=/);
    await expectAccessible(page);

    // Share a preview: the link is shown and listed with a Revoke button.
    await page.getByRole("button", { name: "Create a preview link" }).click();
    await expect(page.getByText("Preview link created. Copy it and send it to the guest:")).toBeVisible();
    const url = await page.locator(".notice--success a").first().getAttribute("href");
    expect(url).toMatch(/\/travel-docs\/html\/preview\?token=[\w-]+\.[\w-]+$/);
    const links = page.getByRole("table", { name: /Preview links of booking/ });
    await expect(links.getByRole("row")).toHaveCount(3); // the header, the e-mailed link and this one
    await expectAccessible(page);

    // A signed-out browser opens it: the document, nothing of the agency or the shell.
    const guest = await browser.newContext({ javaScriptEnabled });
    const guestPage = await guest.newPage();
    const opened = await guestPage.goto(url ?? "");
    expect(opened?.status()).toBe(200);
    expect(opened?.headers()["referrer-policy"]).toBe("no-referrer");
    expect(opened?.headers()["cache-control"]).toBe("no-store");
    await expect(guestPage.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expect(guestPage.getByRole("heading", { level: 1, name: /Itinerary for your cruise on/ })).toBeVisible();
    await expect(guestPage.getByRole("button", { name: "Log out" })).toHaveCount(0);
    await expect(guestPage.getByText("agent.usa")).toHaveCount(0);
    await expectAccessible(guestPage);

    // Revoked: the same link now says it was withdrawn, without any data.
    const row = links.getByRole("row").filter({ has: page.getByRole("link", { name: url ?? "" }) });
    await row.getByRole("button", { name: /Revoke/ }).click();
    await expect(page.getByText("The link has been revoked: it no longer opens.")).toBeVisible();
    await expect(page.getByRole("link", { name: url ?? "" })).toHaveCount(0);
    const withdrawn = await guestPage.goto(url ?? "");
    expect(withdrawn?.status()).toBe(410);
    await expect(guestPage.getByRole("heading", { level: 1, name: "This link was withdrawn" })).toBeVisible();
    await expect(guestPage.getByText(b.bookingId)).toHaveCount(0);
    await expectAccessible(guestPage);

    // A forged token is "not valid".
    const forged = await guestPage.goto(`${url?.slice(0, -3) ?? ""}abc`);
    expect(forged?.status()).toBe(404);
    await expect(guestPage.getByRole("heading", { level: 1, name: "This link is not valid" })).toBeVisible();
    await guest.close();
  },
);

test(
  "a booking with a balance due has its invoice ready and the rest not yet, with the reason",
  { tag: "@js-off" },
  async ({ page, login }) => {
    await login("agent.usa", null);
    const b = await bookingOf(page, "due");
    await findBooking(page, b);
    const documents = page.getByRole("table", { name: `The travel documents of booking ${b.bookingId}` });
    await expect(documents.getByText("Not ready yet", { exact: true })).toHaveCount(3);
    await expect(documents.getByText(/Ready once the booking is paid in full: .+ is still due/).first()).toBeVisible();
    await expect(documents.getByRole("link", { name: "View invoice" })).toBeVisible();
    await expect(documents.getByRole("link", { name: "View itinerary" })).toHaveCount(0);
    await expectAccessible(page);

    await page.goto(`/travel-docs/${b.bookingId}/luggage-tags`);
    await expect(page.getByText(/Not ready yet\. Ready once the booking is paid in full/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Create a preview link" })).toHaveCount(0);
    await expectAccessible(page);
    const pdf = await page.request.get(`/travel-docs/${b.bookingId}/luggage-tags/pdf`);
    expect(pdf.status()).toBe(409);
    expect(await pdf.text()).toMatch(/not ready yet/);
  },
);

test(
  "a booking that does not match, or of another agency, is 'no booking found'; a direct link to it is 404",
  { tag: "@js-off" },
  async ({ page, login }) => {
    await login("agent.usa", null);
    const b = await bookingOf(page, "paid");
    await findBooking(page, { ...b, surname: "Nobody" });
    await expect(page.getByText(/^No booking found/)).toBeVisible();
    await expect(page.getByLabel(/Guest surname/)).toHaveValue("nobody");
    await expectAccessible(page);

    await page.context().clearCookies();
    await login("agent.basic", "/travel-docs");
    await expect(page).toHaveURL(/\/home$/);
    await page.context().clearCookies();
    await login("admin.can", null);
    const other = await page.goto(`/travel-docs/${b.bookingId}/invoice`);
    expect(other?.status()).toBe(404);
  },
);

test(
  "the agency's upcoming bookings with documents ready are listed, each one click from its documents",
  { tag: "@once" },
  async ({ page, login }) => {
    await login("agent.usa", "/travel-docs");
    // The list comes before the look-up: nothing to type for the agency's own bookings.
    const list = page.getByRole("table", { name: "Your agency's upcoming bookings with documents ready" });
    await expect(list).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: /\d+ bookings found/ })).toBeVisible();
    const headings = await page.getByRole("heading", { level: 2 }).allTextContents();
    expect(headings.indexOf("Upcoming bookings with documents ready")).toBeLessThan(headings.indexOf("Find a booking"));
    // (/travel-docs as it opens, at this width, is checked with axe by the first test of this file.)

    // Soonest sailing first, none sailed.
    const sails = await list.locator('td[data-label="Sails"]').allTextContents();
    expect(sails.length).toBeGreaterThan(1);
    const MONTH = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];
    const iso = (text: string) => {
      const [, d, m, y] = /^(\d{2})([A-Z]{3})(\d{4})/.exec(text)!;
      return `${y}-${String(MONTH.indexOf(m!) + 1).padStart(2, "0")}-${d}`;
    };
    const days = sails.map(iso);
    expect(days).toEqual([...days].sort());
    expect(days[0]! >= new Date().toISOString().slice(0, 10)).toBe(true);

    // A second page, and back to the list's heading.
    const pages = page.getByRole("navigation", { name: "Pages of bookings with documents ready" });
    await pages.getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/\/travel-docs\?page=2#ready-heading$/);
    await expect(pages.locator('[aria-current="page"]')).toHaveText("Page 2");

    // One click opens the booking's documents, every one ready.
    const link = list.getByRole("rowheader").first().getByRole("link");
    const bookingId = (await link.textContent())!.trim();
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/travel-docs\\?bookingId=${bookingId}&surname=.+&sailDate=`));
    const documents = page.getByRole("table", { name: `The travel documents of booking ${bookingId}` });
    await expect(documents.getByText("Ready", { exact: true })).toHaveCount(4);
    // The look-up keeps working for any other booking, and the list follows its answer.
    await expect(page.getByRole("heading", { level: 2, name: "Find a booking" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Upcoming bookings with documents ready" })).toBeVisible();

    await page.setViewportSize({ width: 400, height: 900 });
    await page.goto("/travel-docs");
    await expect(list.getByRole("rowheader").first()).toBeVisible();
    await expectAccessible(page);
  },
);
