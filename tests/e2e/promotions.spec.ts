import type { Page } from "@playwright/test";
import { expect, expectAccessible, hydrated, test } from "./support/fixtures";

/**
 * Promotions and offers, with JavaScript on and off (the two projects), over the reference
 * upstream's deterministic offers (docs/promotions-contract.md).
 */

const offers = (page: Page) => page.getByRole("table", { name: /offers/i });
const status = (page: Page) => page.locator(".result-count[role=status]");
const nextSummer = `${new Date().getUTCFullYear() + 1}-06-01`;

test(
  "a 60-year-old US resident's offers on a Celebrity Mediterranean sailing next summer: found, opened, priced and printed",
  { tag: "@js-off" },
  async ({ page, login, javaScriptEnabled }) => {
    test.slow(); // four pages (the results and the offer are long), each checked with axe, then printed twice
    await login("agent.usa", "/promotion/home");
    await expect(page).toHaveTitle("Promotions | Professional Portal");
    await expect(page.getByRole("heading", { level: 1, name: "Promotions" })).toBeVisible();
    for (const brand of ["Royal Caribbean", "Celebrity Cruises", "Silversea"])
      await expect(page.getByRole("link", { name: new RegExp(`${brand}.*current offers`) })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Featured offers" })).toBeVisible();
    // The offer search's defaults.
    await expect(page.getByLabel("Offer name")).toHaveValue("");
    await expect(page.getByLabel("Offer for")).toHaveValue("ALL_OFFERS");
    await expect(page.getByLabel("Kind of offer")).toHaveValue("");
    await expect(page.getByLabel("Sailing from")).toHaveValue(new Date().toISOString().slice(0, 10));
    await expect(page.getByLabel("Country or region of residence")).toHaveValue("");
    for (const flag of ["A guest is 55 or over", "Law enforcement", "Fire department or EMT", "Refundable fares only"])
      await expect(page.getByLabel(flag)).not.toBeChecked();
    await expectAccessible(page);

    await page.getByLabel("Cruise line", { exact: true }).selectOption({ label: "Celebrity Cruises" });
    await page.getByLabel("Destination").selectOption({ label: "Mediterranean" });
    await page.getByLabel("Sailing from").fill(nextSummer);
    await page.getByLabel("Country or region of residence").selectOption("USA");
    await page.getByLabel("A guest is 55 or over").check();
    await page.getByRole("button", { name: "Search offers" }).click();

    await expect(page).toHaveURL(/\/promotion\/results\?/);
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toMatchObject({
      brand: "C",
      destination: "MEDITERRANEAN",
      departureDate: nextSummer,
      residency: "USA",
      age55Plus: "true",
    });
    await expect(status(page)).toHaveText(/^\d+ current offers? found/);
    await expect(page.getByText("Only the offers these guests qualify for.")).toBeVisible();
    const rows = offers(page).locator("tbody tr");
    const lines = await rows.locator("td[data-label='Cruise line']").allTextContents();
    expect(lines.length).toBeGreaterThan(0);
    for (const brand of lines) expect(brand).toBe("Celebrity Cruises");
    const senior = rows.filter({ hasText: "55 and over" }).first();
    await expect(senior).toBeVisible();
    await expectAccessible(page);

    await senior.locator("th a").click();
    await expect(page).toHaveURL(/\/promotion\/detail\?offer=/);
    await expect(page.getByRole("heading", { name: "Do these guests qualify?" })).toBeVisible();
    await expect(page.getByText("Yes: the guests of your search qualify for this offer.")).toBeVisible();
    for (const term of ["Value", "For", "Book between", "Sailings between", "Staterooms", "Promo code"])
      await expect(page.locator(".facts dt", { hasText: new RegExp(`^${term}$`) })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Terms and conditions" })).toBeVisible();
    const eligible = page.getByRole("table", { name: "Sailings this offer applies to, by sail date" });
    await expect(eligible.getByRole("columnheader", { name: "After the offer" })).toBeVisible();
    const first = eligible.locator("tbody tr").first();
    const [before, after] = await Promise.all([
      first.locator("td[data-label='Before']").textContent(),
      first.locator("td[data-label='After the offer']").textContent(),
    ]);
    const amount = (text: string | null) => Number((text ?? "").replace(/[^\d.]/g, ""));
    expect(amount(after)).toBeLessThanOrEqual(amount(before));
    if (javaScriptEnabled) {
      await hydrated(page);
      await expect(page.getByRole("button", { name: "Print this offer" })).toBeVisible();
    } else await expect(page.getByText("To print, use your browser's Print command.")).toBeVisible();
    await expectAccessible(page);

    // Printing: no shell, no sidebar, links written out; A4 and Letter both render.
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await expect(page.locator("header.header")).toBeHidden();
    await expect(page.getByRole("link", { name: "Back to the offers" })).toBeHidden();
    await expect(page.locator(".print-only")).toHaveText(/^http:\/\/[^/]+\/promotion\/detail\?offer=/);
    const written = await first
      .locator("th a")
      .evaluate((a) => getComputedStyle(a, "::after").getPropertyValue("content"));
    expect(written).toContain("/itinerary/detail?sailing=");
    for (const format of ["A4", "Letter"] as const) {
      const pdf = await page.pdf({ format, printBackground: false });
      expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    }
    await page.emulateMedia({ media: "screen" });

    // The sailing's own page shows the offer among those that apply, through the same rule. By its id:
    // two offers can share a name (the catalogue's "Celebrity Cruise Sale" runs more than once).
    const offerName = (await page.getByRole("heading", { level: 1 }).textContent()) ?? "";
    const offerId = new URL(page.url()).searchParams.get("offer");
    await first.locator("th a").click();
    await expect(page).toHaveURL(/\/itinerary\/detail\?sailing=.*residency=USA.*age55Plus=true/);
    const section = page.locator("section", { has: page.getByRole("heading", { name: "Offers for this sailing" }) });
    const offer = section.locator(".sailing-offers").getByRole("link", { name: offerName });
    await expect(offer.and(page.locator(`[href="/promotion/detail?offer=${offerId}"]`))).toBeVisible();
    await expectAccessible(page);
  },
);

test("archived offers show when they expired, within 30 days by default", { tag: "@once" }, async ({ page, login }) => {
  await login("agent.usa", "/promotion/archived-offers");
  await expect(page.getByLabel("Expired in the last (days)")).toHaveValue("30");
  await expect(status(page)).toHaveText(/^\d+ offers? expired in the last 30 days/);
  const first = page
    .getByRole("table", { name: /Archived offers/ })
    .locator("tbody tr")
    .first();
  const expired = (await first.locator("td[data-label='Expired']").textContent()) ?? "";
  expect(expired).toMatch(/^\d{2}[A-Z]{3}\d{4}$/);
  await expectAccessible(page);
  await first.locator("th a").click();
  await expect(page.getByText(`This offer expired on ${expired}: it can no longer be booked.`)).toBeVisible();

  await page.goto("/promotion/archived-offers?expiredRange=999&brand=V");
  await expect(page.getByText(/The range of expired offers is from 1 to 365 days/)).toBeVisible();
  await expect(status(page)).toHaveText(/expired in the last 365 days|No offers expired/);
  await expect(page.getByLabel("Cruise line")).toHaveValue("V");
});

test(
  "back from an offer, the results open at its row",
  { tag: "@js-off" },
  async ({ page, login, javaScriptEnabled }) => {
    await page.setViewportSize({ width: 400, height: 800 });
    await login("agent.usa", "/promotion/results?sort=name");
    const link = offers(page).locator("tbody th a").nth(6);
    const row = offers(page).locator("tbody tr").nth(6);
    const id = (await row.getAttribute("id"))!;
    expect(id).toMatch(/^offer-/);
    await link.click();
    await expect(page).toHaveURL(/\/promotion\/detail\?offer=/);
    await page.getByRole("link", { name: "Back to the offers" }).click();
    await expect(page).toHaveURL(new RegExp(`/promotion/results\\?.*sort=name.*#${id}$`));
    const back = page.locator(`#${id} th a`);
    await expect(back).toBeInViewport();
    if (!javaScriptEnabled) await page.keyboard.press("Tab");
    await expect(back).toBeFocused();
  },
);

test(
  "results sort and page by links, the back button walks back, and a brand's page lists its offers",
  { tag: "@once" },
  async ({ page, login }) => {
    await login("agent.usa", "/promotion/results");
    await expect(page.getByText(/Every offer, restricted rates included/)).toBeVisible();
    await expect(offers(page).getByRole("columnheader", { name: /Book by/ })).toHaveAttribute("aria-sort", "ascending");
    await offers(page)
      .getByRole("link", { name: /^Offer/ })
      .click();
    await expect(page).toHaveURL(/sort=name&order=asc/);
    // The address changes before a streamed document has arrived whole: wait for the sorted header.
    await expect(offers(page).getByRole("columnheader", { name: /^Offer/ })).toHaveAttribute("aria-sort", "ascending");
    const names = await offers(page).locator("tbody th a").allTextContents();
    expect(names.length).toBeGreaterThan(1);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(status(page)).toHaveText(/page 2 of/);
    await page.goBack();
    await expect(status(page)).toHaveText(/page 1 of/);

    const csv = await page.request.get((await page.getByRole("link", { name: /as CSV$/ }).getAttribute("href")) ?? "");
    expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    expect((await csv.text()).split("\r\n")[0]).toContain("Offer,Name,Cruise line,Kind,Headline");

    await page.goto("/promotion/brand?brand=V");
    await expect(page.getByRole("heading", { level: 1, name: "Silversea offers" })).toBeVisible();
    const silversea = await offers(page).locator("td[data-label='Cruise line']").allTextContents();
    expect(silversea.length).toBeGreaterThan(0);
    for (const brand of silversea) expect(brand).toBe("Silversea");
    await page.goto("/promotion/offers-list");
    for (const brand of ["Royal Caribbean", "Celebrity Cruises", "Silversea"]) {
      await expect(page.getByRole("heading", { level: 2, name: brand })).toBeVisible();
      // Each brand's section lists at least one offer (a heading over an empty list would pass above).
      await expect(page.getByRole("region", { name: brand }).locator(".offers-list__item").first()).toBeVisible();
    }
    await page.goto("/promotion/featured-offers?brand=R");
    await expect(status(page)).toHaveText(/featured offers? from Royal Caribbean/);
    await expectAccessible(page);
  },
);

test(
  "junk, unknown offers and impossible ranges get a message or a normalised search, never an error",
  { tag: "@once" },
  async ({ page, login }) => {
    await login("agent.usa", null);
    const response = await page.goto(
      "/promotion/results?brand=C&brand=R&offerFor=PIRATES&offerName=Nope&departureDate=2020-01-01&page=0&junk=%3Cscript%3E",
    );
    expect(response?.status()).toBe(200);
    await expect(page.getByText('Only one cruise line can be chosen at a time, so the search uses "C".')).toBeVisible();
    await expect(page.getByText('"PIRATES" is not a kind of guest we know')).toBeVisible();
    await expect(page.getByText("The departure date had passed, so the search starts today")).toBeVisible();
    await page.goto("/promotion/results?offerFor=MILITARY&residency=USA");
    await expect(page.getByText(/"Military or armed forces" is ticked/)).toBeVisible();
    await expectAccessible(page);
    for (const path of ["/promotion/detail?offer=NOPE123", "/promotion/detail?offer=%3Cx%3E", "/promotion/detail"]) {
      const missing = await page.goto(path);
      expect(missing?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    }
    await page.goto("/promotion/brand?brand=Z");
    await expect(page.getByText("Choose a cruise line to see its current offers.")).toBeVisible();
  },
);

test(
  "agent.basic, without SEARCH-PROMOTIONS, is sent to /home from every promotion page",
  { tag: "@once" },
  async ({ page, login }) => {
    await login("agent.basic", null);
    for (const path of [
      "/promotion/home",
      "/promotion/brand?brand=R",
      "/promotion/results",
      "/promotion/detail?offer=C0001",
      "/promotion/featured-offers",
      "/promotion/archived-offers",
      "/promotion/offers-list",
      "/promotion/results.csv",
    ]) {
      await page.goto(path).catch(() => undefined);
      await expect(page, path).toHaveURL(/\/home$/);
    }
  },
);
