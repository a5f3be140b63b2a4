import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./support/fixtures";

/**
 * From finding to acting, with JavaScript on and off (the two projects): "Quote this sailing" opens
 * the quote tool by single sign-on with the sailing, class and party; the comparison's extra rows; an
 * offer's sailings narrowed by the itinerary search's filters; an expired offer lists no prices; the
 * sailing page's fare chart.
 */

const results = (page: Page) => page.getByRole("table", { name: /^Sailings/ });
const CLASS = /^(INTERIOR|OUTSIDE|BALCONY|DELUXE)$/;

async function sailingIds(page: Page): Promise<string[]> {
  const hrefs = await results(page)
    .locator("tbody th[scope=row] a")
    .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  return hrefs.map((href) => new URL(href, "http://x").searchParams.get("sailing") ?? "");
}

/** "2,522 sailings from today…" → 2522 ("No eligible sailing…" → 0). */
const countOf = (text: string | null) => Number(/^[\d,]+/.exec(text ?? "")?.[0]?.replace(/,/g, "") ?? 0);

/** The value the partner tool stand-in lists for a parameter it received. */
const received = (page: Page, name: string) =>
  page.locator("dt", { hasText: new RegExp(`^${name}$`) }).locator("xpath=following-sibling::dd[1]");

test.afterEach(async ({ page }) => {
  // The compare selection lives in the session; leave none behind.
  if (page.url().includes("/itiner")) {
    await page.goto("/itineraries/compare");
    const clear = page.getByRole("button", { name: "Clear the comparison" });
    if (await clear.count()) await clear.click();
  }
});

test(
  "Quote this sailing opens the quote tool by single sign-on with the sailing, the stateroom class and the party",
  { tag: "@once" },
  async ({ page, login }) => {
    const search = "destination=CARIBBEAN&cabinClass=BALCONY&adults=2&children=1";
    await login("agent.usa", `/itinerary/results?${search}`);
    const [id] = await sailingIds(page);
    await page.goto(`/itinerary/detail?sailing=${id}&${search}`);
    const quote = page.getByRole("link", {
      name: /^Quote this sailing \((Interior|Outside|Balcony|Deluxe), 2 adults, 1 child\)$/,
    });
    await expect(quote).toBeVisible();
    // The sailing's fare against the same itinerary's other sailings: a chart and its table, this sailing named.
    await expect(page.getByRole("heading", { name: /fares against the same itinerary/ })).toBeVisible();
    const chartTable = page.getByRole("table", { name: "Fare per guest by stateroom, sailings of the same itinerary" });
    await expect(chartTable.locator("tbody tr")).not.toHaveCount(0);
    await expect(chartTable.locator("tbody tr", { hasText: "This sailing" })).toHaveCount(1);
    await expect(page.locator("figure.fare-chart svg rect").first()).toBeAttached();
    await expectAccessible(page);
    await page.setViewportSize({ width: 400, height: 900 });
    await expect(quote).toBeVisible();
    await expectAccessible(page);
    await page.setViewportSize({ width: 1440, height: 900 });

    await quote.click();
    await expect(page).toHaveURL(/\/partners\/quote\?/);
    await expect(page.locator("#token-status")).toHaveAttribute("data-valid", "true");
    await expect(received(page, "sailing")).toHaveText(id!);
    await expect(received(page, "cabinClass")).toHaveText(CLASS);
    await expect(received(page, "adults")).toHaveText("2");
    await expect(received(page, "children")).toHaveText("1");
    await expect(received(page, "infants")).toHaveText("0");
    await expect(received(page, "p")).toHaveText("professional-portal");
  },
);

test(
  "an agent without the quote tool is not offered Quote this sailing anywhere, and its address does not open it",
  { tag: "@js-off" },
  async ({ page, login }) => {
    await login("admin.can", "/itinerary/results?destination=CARIBBEAN");
    const [first, second] = await sailingIds(page);
    await page.goto(`/itinerary/detail?sailing=${first}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: /^Quote/ })).toHaveCount(0);
    for (const id of [first, second]) {
      await page.goto(`/itinerary/detail?sailing=${id}`);
      await page.getByRole("button", { name: /^Compare / }).click();
      await expect(page.getByRole("button", { name: /^Compare / })).toHaveAttribute("aria-pressed", "true");
    }
    await page.goto("/itineraries/compare");
    await expect(page.getByRole("table", { name: "The chosen sailings side by side" })).toBeVisible();
    await expect(page.getByRole("link", { name: /^Quote/ })).toHaveCount(0);
    await page.goto(`/tools/EQUOTE?sailing=${first}&adults=2`);
    await expect(page).toHaveURL(/\/home$/);
  },
);

test(
  "the comparison shows the ship's facts, price per night, the party's offers, the lowest price per row and a quote for each sailing",
  { tag: "@js-off" },
  async ({ page, login }) => {
    await login("agent.usa", "/itinerary/results?destination=CARIBBEAN");
    const ids = (await sailingIds(page)).slice(0, 3);
    for (const id of ids) {
      const row = results(page).locator("tbody tr", { has: page.locator(`a[href*="sailing=${id}"]`) });
      await row.getByRole("button", { name: /Compare/ }).click();
      await expect(row.getByRole("button", { name: /Compare/ })).toHaveAttribute("aria-pressed", "true");
    }
    await page.goto("/itineraries/compare?destination=CARIBBEAN");
    const compare = page.getByRole("table", { name: "The chosen sailings side by side" });
    await expect(compare.locator("thead th")).toHaveCount(3);
    for (const fact of ["Ship class", "Built", "Guests and crew", "Gross tonnage", "Offers for 2 adults", "Next step"])
      await expect(compare.getByRole("rowheader", { name: fact })).toBeVisible();
    await expect(compare.getByRole("rowheader", { name: "Price per guest (USD)" })).toBeVisible();
    await expect(compare.getByRole("rowheader", { name: "Price per guest per night (USD)" })).toBeVisible();
    // Each priced row marks its lowest in words.
    await expect(compare.locator(".tag--lowest", { hasText: "Lowest" }).first()).toBeVisible();
    await expect(page.getByText(/the lowest in each row is marked "Lowest"/)).toBeVisible();
    const quotes = compare.getByRole("link", { name: /^Quote .*2 adults/ });
    await expect(quotes).toHaveCount(3);
    await expectAccessible(page);
    await page.setViewportSize({ width: 400, height: 900 });
    await expectAccessible(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    await quotes.first().click();
    await expect(page).toHaveURL(/\/partners\/quote\?/);
    await expect(received(page, "sailing")).toHaveText(ids[0]!);
    await expect(page.locator("#token-status")).toHaveAttribute("data-valid", "true");
  },
);

test(
  "an offer's eligible sailings narrow by the itinerary search's filters and keep them while paging",
  { tag: "@js-off" },
  async ({ page, login }) => {
    await login("agent.usa", "/promotion/results?brand=R");
    await page
      .getByRole("table", { name: /offers/i })
      .locator("tbody th a")
      .first()
      .click();
    await expect(page).toHaveURL(/\/promotion\/detail\?offer=/);
    const count = page
      .locator("section", { has: page.getByRole("heading", { name: "Eligible sailings" }) })
      .getByRole("status");
    const total = countOf(await count.textContent());
    const filter = page.getByRole("form", { name: "Narrow the eligible sailings" });
    await expect(filter).toBeVisible();
    await filter.getByLabel("Length of cruise").selectOption("6-9");
    await filter.getByLabel("Stateroom").selectOption("BALCONY");
    await filter.getByRole("button", { name: "Show these sailings" }).click();
    await expect(page).toHaveURL(/sailingNights=6-9/);
    expect(new URL(page.url()).searchParams.get("sailingCabinClass")).toBe("BALCONY");
    await expect(count).toHaveText(/match these filters|No eligible sailing matches these filters/);
    const narrowed = countOf(await count.textContent());
    expect(narrowed).toBeLessThanOrEqual(total);
    await expect(filter.getByLabel("Length of cruise")).toHaveValue("6-9");
    const eligible = page.getByRole("table", { name: "Sailings this offer applies to, by sail date" });
    if (narrowed > 0) {
      for (const stateroom of await eligible.locator("td[data-label='Stateroom']").allTextContents())
        expect(stateroom).toBe("Balcony");
      await expect(eligible.getByRole("link", { name: /^Quote .*Balcony, 2 adults/ }).first()).toBeAttached();
    }
    const next = page
      .getByRole("navigation", { name: "Pages of eligible sailings" })
      .getByRole("link", { name: /^2$|Next/ });
    if (narrowed > 20) {
      await next.first().click();
      await expect(page).toHaveURL(/sailingsPage=2/);
      expect(new URL(page.url()).searchParams.get("sailingNights")).toBe("6-9");
    }
    await expectAccessible(page);
    await page.getByRole("link", { name: "Show every eligible sailing" }).click();
    await expect(count).not.toHaveText(/match these filters/);
    expect(new URL(page.url()).searchParams.get("sailingNights")).toBeNull();
  },
);

/** A day `days` from today as the date field takes it (2027-01-05). */
const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

for (const width of [1440, 400]) {
  test(
    `at ${width}: back from an offer whose sailings were narrowed is exactly the offer search the agent came from`,
    { tag: "@js-off" },
    async ({ page, login }) => {
      test.slow(); // a search, an offer narrowed and paged, back, axe
      await page.setViewportSize({ width, height: 900 });
      // An offer search with a field of the same name as a sailing filter (its departure date).
      const searched = dayFromToday(20);
      await login("agent.usa", `/promotion/results?brand=R&departureDate=${searched}&sort=name`);
      const offers = page.getByRole("table", { name: /offers/i });
      await offers.locator("tbody th a").first().click();
      await expect(page).toHaveURL(/\/promotion\/detail\?offer=/);
      const back = page.getByRole("link", { name: "Back to the offers" });
      const cameFrom = (await back.getAttribute("href"))!;
      const cameFromSearch = new URL(cameFrom, page.url()).searchParams;
      expect(cameFromSearch.get("departureDate")).toBe(searched);
      expect(cameFromSearch.get("brand")).toBe("R");
      expect(cameFromSearch.get("sort")).toBe("name");
      // The offer search's date is not a sailing filter: every eligible sailing from today is listed.
      const filter = page.getByRole("form", { name: "Narrow the eligible sailings" });
      await expect(filter.getByLabel("Departing from")).not.toHaveValue(searched);
      const count = page
        .locator("section", { has: page.getByRole("heading", { name: "Eligible sailings" }) })
        .getByRole("status");
      await expect(count).not.toHaveText(/match these filters/);

      // Narrow the sailings, by a later date among others.
      const later = dayFromToday(60);
      await filter.getByLabel("Departing from").fill(later);
      await filter.getByLabel("Length of cruise").selectOption("6-9");
      await filter.getByLabel("Stateroom").selectOption("BALCONY");
      await filter.getByRole("button", { name: "Show these sailings" }).click();
      await expect(page).toHaveURL(/sailingNights=6-9/);
      const url = new URL(page.url());
      expect(url.searchParams.get("sailingFrom")).toBe(later);
      expect(url.searchParams.get("sailingCabinClass")).toBe("BALCONY");
      // The offer search rides along untouched.
      expect(url.searchParams.get("departureDate")).toBe(searched);
      await expect(count).toHaveText(/match these filters|No eligible sailing matches these filters/);
      // The filter keeps its values.
      await expect(filter.getByLabel("Departing from")).toHaveValue(later);
      await expect(filter.getByLabel("Length of cruise")).toHaveValue("6-9");
      await expect(filter.getByLabel("Stateroom")).toHaveValue("BALCONY");
      for (const sailDate of await page
        .getByRole("table", { name: "Sailings this offer applies to, by sail date" })
        .locator("td[data-label='Sail date']")
        .allTextContents()) {
        const [, dd, mmm, yyyy] = /^(\d{2})([A-Z]{3})(\d{4})$/.exec(sailDate.trim())!;
        expect(new Date(`${dd} ${mmm} ${yyyy} UTC`).toISOString().slice(0, 10) >= later).toBe(true);
      }
      await expect(back).toHaveAttribute("href", cameFrom);
      await expectAccessible(page);

      // Paging the narrowed sailings keeps both: the filters, and the way back.
      const next = page
        .getByRole("navigation", { name: "Pages of eligible sailings" })
        .getByRole("link", { name: /Next/ });
      if ((await next.count()) > 0) {
        await next.first().click();
        await expect(page).toHaveURL(/sailingsPage=2/);
        await expect(filter.getByLabel("Length of cruise")).toHaveValue("6-9");
        await expect(back).toHaveAttribute("href", cameFrom);
      }

      await back.click();
      await expect(page).toHaveURL(/\/promotion\/results\?/);
      const returned = new URL(page.url());
      expect([...returned.searchParams].sort()).toEqual([...cameFromSearch].sort());
      expect(returned.searchParams.get("sailingNights")).toBeNull();
      expect(returned.searchParams.get("cabinClass")).toBeNull();
      // The offer search's form shows the search the agent made, not the sailings' filters.
      await expect(page.getByLabel("Sailing from")).toHaveValue(searched);
      await expectAccessible(page);
    },
  );
}

test(
  "an expired offer says it can no longer be booked and shows no sailing priced as if it could",
  { tag: "@once" },
  async ({ page, login }) => {
    await login("agent.usa", "/promotion/archived-offers");
    await page
      .getByRole("table", { name: /Archived offers/ })
      .locator("tbody th a")
      .first()
      .click();
    await expect(
      page.getByText(/This offer expired on \d{2}[A-Z]{3}\d{4}: it can no longer be booked\./),
    ).toBeVisible();
    await expect(
      page.getByText("This offer can no longer be booked, so its sailings and prices are not listed."),
    ).toBeVisible();
    await expect(page.getByRole("table", { name: "Sailings this offer applies to, by sail date" })).toHaveCount(0);
    await expect(page.getByText("After the offer")).toHaveCount(0);
    await expect(page.getByRole("link", { name: /^Quote/ })).toHaveCount(0);
    await expectAccessible(page);
  },
);
