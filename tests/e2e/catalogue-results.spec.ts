import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./support/fixtures";

/**
 * The results pages as an agent works them, with JavaScript on and off (the two projects): on a
 * phone what was found comes first and the refine form is one tap away; "Compare" comes back to its
 * row; an empty search's ways to widen are links; a guest alone's fare per guest.
 */

const PHONE = { width: 400, height: 800 };
const WIDE = { width: 1440, height: 900 };

const firstRow = (page: Page) => page.locator("#results table tbody tr").first();
const status = (page: Page) => page.locator(".result-count[role=status]");

test.afterEach(async ({ page }) => {
  // The compare selection lives in the session; leave none behind for the next test.
  if (page.url().includes("/itiner")) {
    await page.goto("/itineraries/compare");
    const clear = page.getByRole("button", { name: "Clear the comparison" });
    if (await clear.count()) await clear.click();
  }
});

for (const [path, field] of [
  ["/itinerary/results", "Destination"],
  ["/promotion/results", "Offer name"],
] as const) {
  test(
    `on a phone ${path} shows what was found first, the refine form one tap away`,
    { tag: "@js-off" },
    async ({ page, login }) => {
      // Three accessibility checks (folded, open, wide): longer than one page's test on a busy machine.
      test.slow();
      await page.setViewportSize(PHONE);
      await login("agent.usa", path);
      // The count, the summary and the first result are on the first screen; the form is folded.
      await expect(status(page)).toBeInViewport();
      await expect(firstRow(page)).toBeInViewport();
      await expect(page.getByLabel(field, { exact: true })).toBeHidden();
      await expectAccessible(page);

      // One tap opens it (a button with JavaScript, a link to the form without).
      const open = page.getByRole("main").getByRole(test.info().project.use.javaScriptEnabled ? "button" : "link", {
        name: "Show the search form",
      });
      await open.click();
      await expect(page.getByLabel(field, { exact: true })).toBeVisible();
      await expect(page.getByLabel(field, { exact: true })).toBeInViewport();
      await expectAccessible(page);

      // On a wide screen the form is open from the start and there is nothing to tap.
      await page.setViewportSize(WIDE);
      await page.goto(path);
      await expect(page.getByLabel(field, { exact: true })).toBeVisible();
      await expect(page.getByText("Show the search form")).toBeHidden();
      await expectAccessible(page);
    },
  );
}

test(
  "on a phone a search with something to correct opens with its form unfolded",
  { tag: "@once" },
  async ({ page, login }) => {
    await page.setViewportSize(PHONE);
    await login("agent.usa", "/itinerary/results?departureDate=not-a-date");
    await expect(page.getByLabel("Departing from")).toBeVisible();
  },
);

test(
  "without JavaScript a row's Compare comes back to that row, not the top of the results",
  { tag: "@js-off" },
  async ({ page, login, javaScriptEnabled }) => {
    await page.setViewportSize(PHONE);
    await login("agent.usa", "/itinerary/results?sort=price");
    const row = page.locator("#results table tbody tr").nth(6);
    const id = await row.getAttribute("id");
    expect(id).toMatch(/^sailing-/);
    await row.getByRole("button", { name: /Compare/ }).click();
    await expect(row.getByRole("button", { name: /Compare/ })).toHaveAttribute("aria-pressed", "true");
    if (!javaScriptEnabled) await expect(page).toHaveURL(new RegExp(`/itinerary/results\\?.*sort=price.*#${id}$`));
    await expect(row).toBeInViewport();
    await expect(page.getByRole("link", { name: "Compare sailings (1 of 4)" })).toBeAttached();
    // And out again: still at the row.
    await row.getByRole("button", { name: /Compare/ }).click();
    await expect(row.getByRole("button", { name: /Compare/ })).toHaveAttribute("aria-pressed", "false");
    await expect(row).toBeInViewport();
  },
);

test(
  "an empty search's ways to widen are links to the same search with that filter widened",
  { tag: "@once" },
  async ({ page, login }) => {
    await login("agent.usa", "/itinerary/results?destination=CARIBBEAN&priceMin=1&priceMax=2&adults=1");
    await expect(page.getByText("No sailings match every filter.")).toBeVisible();
    const widen = page.getByRole("link", { name: "widen the price range" });
    await expect(widen).toBeVisible();
    await expectAccessible(page);
    await widen.click();
    await expect(page).toHaveURL(/priceMin=0&/);
    await expect(status(page)).toHaveText(/sailings? found/);
    const url = new URL(page.url());
    expect(url.searchParams.get("destination")).toBe("CARIBBEAN");
    expect(url.searchParams.get("adults")).toBe("1");
    expect(url.searchParams.get("priceMin")).toBe("0");
    expect(url.searchParams.get("priceMax")).toBe("10000");

    await page.goto("/promotion/results?offerType=UPGRADE&offerFor=MILITARY&brand=V");
    const anyGuest = page.getByRole("link", { name: "choose offers for every guest" });
    if (await page.getByText("No current offers match every filter.").count()) {
      await anyGuest.click();
      await expect(page).toHaveURL(/offerFor=ALL_OFFERS/);
      expect(new URL(page.url()).searchParams.get("brand")).toBe("V");
    }
  },
);

test(
  "for a guest alone the fare per guest is the whole cruise fare, single supplement included",
  { tag: "@once" },
  async ({ page, login }) => {
    await login("agent.usa", "/itinerary/results?sort=price&adults=1");
    await page.locator("#results table tbody tr th a").first().click();
    const fares = page.getByRole("table", { name: "Fares by stateroom for this party" });
    const open = fares
      .locator("tbody tr")
      .filter({ hasNot: page.getByText("Sold out", { exact: true }) })
      .first();
    const perGuest = await open.locator('td[data-label="Per guest"]').textContent();
    const fare = await open.locator('td[data-label="Cruise fare"]').textContent();
    expect(perGuest).toBe(fare);

    // Two guests share it evenly.
    await page.goto(page.url().replace("adults=1", "adults=2"));
    const two = fares
      .locator("tbody tr")
      .filter({ hasNot: page.getByText("Sold out", { exact: true }) })
      .first();
    const amount = (s: string | null) => Number((s ?? "").replace(/[^0-9.]/g, ""));
    const [each, whole] = [
      amount(await two.locator('td[data-label="Per guest"]').textContent()),
      amount(await two.locator('td[data-label="Cruise fare"]').textContent()),
    ];
    expect(each * 2).toBeCloseTo(whole, 1);
  },
);

test(
  "promotion results: an offer ending today says so in words and colour, and comes first",
  { tag: "@once" },
  async ({ page, login }) => {
    await login("agent.usa", "/promotion/results");
    const rows = page.getByRole("table", { name: /^Offers, sorted by book by/ }).locator("tbody tr");
    const today = new Date()
      .toLocaleDateString("en-GB", { day: "2-digit", month: "short", year: "numeric", timeZone: "UTC" })
      .replace(/ /g, "")
      .toUpperCase();
    const bookBy = await rows.locator('td[data-label="Book by"]').allTextContents();
    const endingToday = bookBy.filter((text) => text.startsWith(today)).length;
    // The demo's offers are generated around today, each cruise line with one whose booking ends today.
    expect(endingToday, `a demo offer ends on ${today}`).toBeGreaterThan(0);
    for (const [i, text] of bookBy.entries()) {
      if (i < endingToday) expect(text).toBe(`${today}Ends today`);
      else expect(text).not.toContain("Ends today");
    }
    const flag = rows.first().getByText("Ends today", { exact: true });
    await expect(flag).toBeVisible();
    expect(await flag.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgb(179, 38, 30)");
    await expectAccessible(page);
  },
);

test(
  "reduced rates: an empty search's ways to widen are links that drop that filter",
  { tag: "@once" },
  async ({ page, login }) => {
    const month = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 1, 1));
    const monthParam = month.toISOString().slice(0, 7);
    // The portal writes a month as NOV 2026 (docs/style-guide.md).
    const monthWords = `${month.toLocaleDateString("en-US", { month: "short", timeZone: "UTC" }).toUpperCase()} ${month.getUTCFullYear()}`;
    await login("agent.usa", `/reduced-rates?ship=ZZ9&month=${monthParam}`);
    await expect(page.getByText("No qualifying sailing matches every filter.")).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("link", { name: `search every month, not only ${monthWords}` }).click();
    await expect(page).toHaveURL(/\/reduced-rates\?ship=ZZ9$/);
    await page.getByRole("link", { name: "search every ship, not only ZZ9" }).click();
    await expect(page).toHaveURL(/\/reduced-rates$/);
    await expect(page.getByRole("link", { name: /^Request a reduced rate on / }).first()).toBeVisible();
  },
);
