import type { Page } from "@playwright/test";
import { expect, expectAccessible, hydrated, test } from "./support/fixtures";

/**
 * The analytics link events (event_name, page_url, category,
 * booking_id, brand_code and the others) recorded in window.dataLayer for the tag manager, and the
 * public gift link, a POST whose answer opens in a new tab. With JavaScript off the tracked links still
 * work (nothing is recorded then) and the gift link is a plain form with target="_blank".
 */

type LinkEvent = Record<string, string>;
const dataLayer = (page: Page) => page.evaluate(() => (window.dataLayer ?? []) as Record<string, string>[]);
const eventsNamed = async (page: Page, name: string): Promise<LinkEvent[]> =>
  (await dataLayer(page)).filter((e) => e.event === "portal_link_click" && e.event_name === name);

test("no tag-manager script or host while GTM_ID is unset", { tag: "@once" }, async ({ page, login }) => {
  await login("agent.usa");
  await expect(page.locator("script[src*='googletagmanager']")).toHaveCount(0);
  const response = await page.request.get("/home");
  expect(response.status()).toBe(200);
  const csp = response.headers()["content-security-policy"] ?? "";
  expect(csp).toContain("script-src 'nonce-");
  expect(csp).not.toContain("googletagmanager");
  expect(await response.text()).not.toContain("googletagmanager");
});

test(
  "a booking id in the alert centre is a booking_click with booking_id, brand_code, ship and sail date",
  { tag: "@js-off" },
  async ({ page, login, javaScriptEnabled }) => {
    await login("agent.usa", "/insights/alert-centre");
    await expectAccessible(page);
    const link = page.locator("table a[data-analytics-event='booking_click']").first();
    await expect(link).toBeVisible();
    const bookingId = (await link.textContent())!.trim();
    await expect(link).toHaveAttribute("data-analytics-booking-id", bookingId);
    await expect(link).toHaveAttribute("data-analytics-brand-code", /^[RCV]$/);
    const brand = await link.getAttribute("data-analytics-brand-code");
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/insights/booking/${bookingId}$`));
    if (!javaScriptEnabled) return; // the link works; nothing is recorded without JavaScript
    const [event] = await eventsNamed(page, "booking_click");
    expect(event).toMatchObject({
      event_name: "booking_click",
      category: "insights",
      booking_id: bookingId,
      brand_code: brand,
      link_text: bookingId,
    });
    expect(event!.page_url).toMatch(/\/insights\/alert-centre$/);
    expect(event!.link_url).toMatch(new RegExp(`/insights/booking/${bookingId}$`));
    expect(event!.sail_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(event!.ship_name).toBeTruthy();
    expect(event!.alert_type).toMatch(/^[A-Z_0-9]+$/);
  },
);

test(
  "a booking's travel documents link is a travel_documents_click with booking_id and brand_code",
  { tag: "@js-off" },
  async ({ page, login, javaScriptEnabled }) => {
    await login("agent.usa", "/insights/individual-and-group-reservations?reservationType=OPEN");
    const booking = page.locator('table a[href^="/insights/booking/"]').first();
    const bookingId = (await booking.textContent())!.trim();
    await booking.click();
    if (javaScriptEnabled) await hydrated(page);
    const link = page.getByRole("link", { name: "Travel documents for this booking" });
    await expect(link).toHaveAttribute("data-analytics-booking-id", bookingId);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/travel-docs\\?bookingId=${bookingId}&`));
    await expect(page.getByRole("table", { name: /^The travel documents of/ })).toBeVisible();
    if (!javaScriptEnabled) return;
    const [event] = await eventsNamed(page, "travel_documents_click");
    expect(event).toMatchObject({
      event_name: "travel_documents_click",
      category: "travel_documents",
      booking_id: bookingId,
      link_text: "Travel documents for this booking",
    });
    expect(event!.brand_code).toMatch(/^[RCV]$/);
    expect(event!.link_url).not.toContain("surname"); // a guest's name never goes to the tag manager
  },
);

test(
  "the home page's action queue, a brand and an offer record their events",
  { tag: "@js-off" },
  async ({ page, login, javaScriptEnabled }) => {
    await login("agent.usa");
    await page.getByRole("link", { name: /Final payment due$/ }).click();
    await expect(page).toHaveURL(/\/insights\/alert-centre\?type=FINAL_PAYMENT_DUE$/);
    if (javaScriptEnabled) {
      // Read before the next full page load starts a new data layer.
      expect(await eventsNamed(page, "alert_queue_click")).toEqual([
        expect.objectContaining({
          category: "insights",
          alert_type: "FINAL_PAYMENT_DUE",
          link_text: expect.any(String),
        }),
      ]);
    }

    await page.goto("/promotion/brand");
    if (javaScriptEnabled) await hydrated(page);
    await expectAccessible(page);
    await page.getByRole("link", { name: "Celebrity Cruises" }).click();
    await expect(page).toHaveURL(/\/promotion\/brand\?brand=C$/);
    await expect(page.getByRole("heading", { level: 1, name: "Celebrity Cruises offers" })).toBeVisible();
    await expectAccessible(page);
    const offer = page.locator("table a[data-analytics-event='offer_click']").first();
    const offerId = await offer.getAttribute("data-analytics-offer-id");
    expect(offerId).toBeTruthy();
    await offer.click();
    await expect(page).toHaveURL(/\/promotion\/detail\?offer=/);
    if (!javaScriptEnabled) return;

    expect(await eventsNamed(page, "brand_click")).toEqual([
      expect.objectContaining({
        category: "promotions",
        brand_code: "C",
        link_text: "Celebrity Cruises",
        page_url: expect.stringMatching(/\/promotion\/brand$/),
      }),
    ]);
    expect(await eventsNamed(page, "offer_click")).toEqual([
      expect.objectContaining({ category: "promotions", brand_code: "C", offer_id: offerId }),
    ]);
  },
);

test(
  "the gift link posts and opens the gift page in a new tab",
  { tag: "@js-off" },
  async ({ page, login, javaScriptEnabled }) => {
    // /home as opened is checked with axe in widgets.spec.ts (its first test).
    await login("agent.usa");
    const gift = page.getByRole("button", { name: "Gift a Cruise (opens in a new tab)" });
    await expect(gift).toBeVisible();
    const form = page.locator("form[action='/gift-link']");
    await expect(form).toHaveAttribute("method", "post");
    await expect(form).toHaveAttribute("target", "_blank");
    const [tab] = await Promise.all([page.context().waitForEvent("page"), gift.click()]);
    await tab.waitForLoadState();
    await expect(tab.getByRole("heading", { level: 1, name: "Gift a cruise" })).toBeVisible();
    await expect(tab.locator("#gift-for")).toHaveText(/^For agency \S+, agent \S+\.$/);
    expect(new URL(tab.url()).pathname).toBe("/gift-link");
    // The portal page stays where it was.
    await expect(page).toHaveURL(/\/home$/);
    if (javaScriptEnabled) {
      expect(await eventsNamed(page, "gift_link_click")).toEqual([
        expect.objectContaining({ category: "navigation", link_url: expect.stringMatching(/\/gift-link$/) }),
      ]);
    }
    await tab.close();
  },
);
