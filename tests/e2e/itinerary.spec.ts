import type { Page } from "@playwright/test";
import { expect, expectAccessible, hydrated, signInByRequest, test } from "./support/fixtures";

/**
 * Itinerary search, results, detail and compare, with JavaScript on and off (the two
 * projects). The catalogue is the reference upstream's full demo catalogue.
 */

const results = (page: Page) => page.getByRole("table", { name: /^Sailings/ });
const rowShips = (page: Page) => results(page).locator("tbody th[scope=row] a");
const status = (page: Page) => page.locator(".result-count[role=status]");

async function sailingIds(page: Page): Promise<string[]> {
  const hrefs = await rowShips(page).evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  return hrefs.map((href) => new URL(href, "http://x").searchParams.get("sailing") ?? "");
}

test.afterEach(async ({ page }) => {
  // The compare selection lives in the session; leave none behind for the next test.
  if (page.url().includes("/itiner")) {
    await page.goto("/itineraries/compare");
    const clear = page.getByRole("button", { name: "Clear the comparison" });
    if (await clear.count()) await clear.click();
  }
});

test(
  "the search form opens with the search's defaults, in the agent's primary currency",
  { tag: "@once" },
  async ({ page, login }) => {
    await login("agent.sgp", "/itinerary/search");
    await expect(page.getByRole("heading", { level: 1, name: "Search itineraries" })).toBeVisible();
    const today = new Date().toISOString().slice(0, 10);
    await expect(page.getByLabel("Destination")).toHaveValue("");
    await expect(page.getByLabel("Cruise line")).toHaveValue("");
    await expect(page.getByLabel("Ship")).toHaveValue("");
    await expect(page.getByLabel("Departing from")).toHaveValue(today);
    await expect(page.getByLabel("Adults")).toHaveValue("2");
    await expect(page.getByLabel("Children")).toHaveValue("0");
    await expect(page.getByLabel("Infants")).toHaveValue("0");
    await expect(page.getByLabel("Currency")).toHaveValue("SGD");
    await expect(page.getByLabel(/Lowest price per guest/)).toHaveValue("0");
    // The default 10,000 is US dollars: in Singapore dollars (1.2998 per dollar) it is 13,000.
    await expect(page.getByLabel(/Highest price per guest/)).toHaveValue("13000");
    await expect(page.getByLabel("Loyalty number")).toHaveValue("");
    await expect(page.getByLabel("Promo code")).toHaveValue("");
    await expect(page.getByLabel("Country of residence")).toHaveValue("");
    for (const flag of ["Refundable fares only", "A guest is 55 or over", "Law enforcement", "Fire department or EMT"])
      await expect(page.getByLabel(flag)).not.toBeChecked();
    await expectAccessible(page);
  },
);

test(
  "an agent finds a 7-night Caribbean balcony sailing for two adults and a child in their currency, opens it, compares it with two others and shares the results",
  { tag: "@js-off" },
  async ({ page, login, browser, javaScriptEnabled }) => {
    await login("agent.sgp", "/itinerary/search");
    await page.getByLabel("Destination").selectOption({ label: "Caribbean" });
    await page.getByLabel("Length of cruise").selectOption({ label: "6 to 9 nights" });
    await page.getByLabel("Stateroom").selectOption({ label: "Balcony" });
    await page.getByLabel("Children").selectOption("1");
    await page.getByRole("button", { name: "Search sailings" }).click();

    await expect(page).toHaveURL(/\/itinerary\/results\?/);
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      destination: "CARIBBEAN",
      nights: "6-9",
      cabinClass: "BALCONY",
      adults: "2",
      children: "1",
      infants: "0",
      currency: "SGD",
      sort: "date",
    });
    // A new search starts at its first page.
    expect(url.searchParams.has("page")).toBe(false);
    await expect(status(page)).toHaveText(/^[\d,]+ sailings found/);
    // Converted prices: the page names the rate date it converted with.
    await expect(
      page.getByText(/Prices per guest for 2 adults, 1 child in SGD, at the exchange rate of \d{2}[A-Z]{3}\d{4}\./),
    ).toBeVisible();
    await expect(results(page).locator("tbody tr").first()).toContainText("SGD");
    // Without JavaScript the rows can still be arriving when the first is shown: read them once all have.
    await page.waitForLoadState("load");
    const found = await sailingIds(page);
    expect(found.length).toBeGreaterThanOrEqual(3);
    await expectAccessible(page);

    // Three sailings into the comparison, from the results.
    for (const id of found.slice(0, 3)) {
      const row = results(page).locator("tbody tr", { has: page.locator(`a[href*="sailing=${id}"]`) });
      await row.getByRole("button", { name: /Compare/ }).click();
      await expect(row.getByRole("button", { name: /Compare/ })).toHaveAttribute("aria-pressed", "true");
    }
    await expect(page.getByRole("link", { name: "Compare sailings (3 of 4)" })).toBeVisible();

    // The first sailing's page: days, prices for the party, the deposit and final payment.
    await rowShips(page).first().click();
    await expect(page).toHaveURL(new RegExp(`sailing=${found[0]}`));
    await expect(page.getByRole("heading", { level: 1, name: /-night Caribbean on / })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Prices for 2 adults, 1 child" })).toBeVisible();
    const prices = page.getByRole("table", { name: "Fares by stateroom for this party" });
    await expect(prices.getByRole("row", { name: /Balcony/ })).toContainText("SGD");
    await expect(
      page
        .getByRole("table", { name: /Itinerary, times local/ })
        .locator("tbody tr")
        .first(),
    ).toBeVisible();
    await expect(page.getByRole("heading", { name: "Offers for this sailing" })).toBeVisible();
    await expectAccessible(page);
    // The sailing's page takes it out of the comparison and puts it back (compare works from results or detail).
    const toggle = page.getByRole("button", { name: /^Compare / });
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await toggle.click();
    await expect(page.getByRole("link", { name: "Compare sailings (2 of 4)" })).toBeVisible();
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await toggle.click();
    await expect(page.getByRole("link", { name: "Compare sailings (3 of 4)" })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`sailing=${found[0]}`));

    // Compare: the three side by side; one removed; a reload keeps the rest (the session holds them).
    await page.getByRole("link", { name: "Compare sailings (3 of 4)" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Compare itineraries" })).toBeVisible();
    const compare = page.getByRole("table", { name: "The chosen sailings side by side" });
    await expect(compare.locator("thead th")).toHaveCount(3);
    await expect(compare.getByRole("row", { name: /Balcony/ }).first()).toContainText("SGD");
    await expectAccessible(page);
    await compare
      .getByRole("button", { name: /^Remove/ })
      .first()
      .click();
    await expect(compare.locator("thead th")).toHaveCount(2);
    await page.reload();
    await expect(page.getByRole("table", { name: "The chosen sailings side by side" }).locator("thead th")).toHaveCount(
      2,
    );

    // Back to the same results, and the shared URL gives a colleague the same list.
    await page.getByRole("link", { name: "Back to the results" }).click();
    await expect(status(page)).toHaveText(/sailings found/);
    expect(await sailingIds(page)).toEqual(found);
    const colleague = await browser.newContext({ javaScriptEnabled });
    const other = await colleague.newPage();
    // The colleague's own session, signed in by request (sign-in is not what this test is about).
    expect(await signInByRequest(other.request, "agent.usa")).toMatch(/\/home$/);
    await other.goto(url.toString());
    await expect(status(other)).toHaveText(/sailings found/);
    expect(await sailingIds(other)).toEqual(found);
    await expect(other.getByText(/in SGD/)).toBeVisible();
    await colleague.close();
  },
);

test(
  "sort and pages are links: the URL changes, and the back button walks back",
  { tag: "@js-off" },
  async ({ page, login, javaScriptEnabled }) => {
    await login("agent.usa", "/itinerary/results");
    await expect(status(page)).toHaveText(/sailings found; showing 1 to 20, page 1 of/);
    // With JavaScript the router follows the links in the page (decision 029): no new document loads,
    // so what this page keeps in its window survives them.
    const sameDocument = async () => {
      if (!javaScriptEnabled) return;
      expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("first load");
    };
    if (javaScriptEnabled) {
      await hydrated(page);
      await page.evaluate(() => ((window as unknown as { marker?: string }).marker = "first load"));
    }
    await expect(results(page).getByRole("columnheader", { name: /Sail date/ })).toHaveAttribute(
      "aria-sort",
      "ascending",
    );

    await results(page)
      .getByRole("link", { name: /^Nights/ })
      .click();
    await expect(page).toHaveURL(/sort=nights&order=asc/);
    await expect(results(page).getByRole("columnheader", { name: /Nights/ })).toHaveAttribute("aria-sort", "ascending");
    const nights = await results(page).locator("tbody td.num:nth-of-type(2)").allTextContents();
    expect(nights.map(Number)).toEqual([...nights.map(Number)].sort((a, b) => a - b));

    await results(page)
      .getByRole("link", { name: /^Nights/ })
      .click();
    await expect(page).toHaveURL(/sort=nights&order=desc/);
    await expect(results(page).getByRole("columnheader", { name: /Nights/ })).toHaveAttribute(
      "aria-sort",
      "descending",
    );

    await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(status(page)).toHaveText(/showing 21 to 40, page 2 of/);
    await sameDocument();
    await page.goBack();
    await expect(page).toHaveURL(/sort=nights&order=desc&page=1/);
    await expect(status(page)).toHaveText(/page 1 of/);

    // Refining on the results page keeps the sort and starts again at the first page.
    await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/page=2/);
    await page.getByLabel("Length of cruise").selectOption({ label: "15 nights or more" });
    await page.getByRole("button", { name: "Search sailings" }).click();
    await expect(page).toHaveURL(/nights=15%2B.*sort=nights&order=desc/);
    expect(new URL(page.url()).searchParams.has("page")).toBe(false);
    await expect(status(page)).toHaveText(/^[\d,]+ sailings? found/);
    // The refined results, not page 2 still on screen while the new page is drawn.
    await expect(status(page)).not.toContainText("page 2 of");
    const longest = await results(page).locator("tbody td.num:nth-of-type(2)").allTextContents();
    expect(longest.map(Number).every((n) => n >= 15)).toBe(true);
    await page.goBack();
    await expect(page).toHaveURL(/page=2/);
    await page.goBack();

    // The same search as CSV: the first 1,000 in the same order, streamed.
    const download = page.getByRole("link", { name: "Download the first 1,000 as CSV" });
    const href = await download.getAttribute("href");
    expect(href).toMatch(/^\/itinerary\/results\.csv\?.*sort=nights&order=desc&page=1$/);
    expect(href).not.toContain("nights=15");
    const csv = await page.request.get(href!);
    expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    const lines = (await csv.text()).trimEnd().split("\r\n");
    expect(lines).toHaveLength(1001);
    expect(lines[0]).toContain("Sailing,Ship,Cruise line,Sail date");
  },
);

test(
  "a results page's refine form folds on a phone and can be skipped by the keyboard elsewhere, and its pages land on the results",
  { tag: "@js-off" },
  async ({ page, login }) => {
    await page.setViewportSize({ width: 400, height: 800 });
    await login("agent.usa", null);
    for (const path of ["/itinerary/results", "/promotion/results"]) {
      await page.goto(path);
      // The form is folded: what was found is on the first screen.
      await expect(status(page)).toBeInViewport();

      // The next page lands on the results too, and the keyboard goes on from them.
      await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next page" }).click();
      await expect(status(page)).toHaveText(/page 2 of/);
      await expect(page).toHaveURL(/page=2#results$/);
      await expect(status(page)).toBeInViewport();
      // It stops below the sticky header, not beneath it.
      const header = await page.locator("header").first().boundingBox();
      const count = await status(page).boundingBox();
      expect(count!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
      await page.keyboard.press("Tab");
      await expect(page.locator("#results :focus")).toHaveCount(1);
    }
    await expectAccessible(page);

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/itinerary/results");
    const skip = page.getByRole("link", { name: "Skip to the results" });
    await expect(skip).not.toBeInViewport();
    await skip.focus();
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#results$/);
    await expect(status(page)).toBeInViewport();
    // The keyboard goes on from the results, past the refine form.
    await page.keyboard.press("Tab");
    await expect(page.locator("#results :focus")).toHaveCount(1);
  },
);

test(
  "back from a sailing, the results open at its row",
  { tag: "@js-off" },
  async ({ page, login, javaScriptEnabled }) => {
    await page.setViewportSize({ width: 400, height: 800 });
    await login("agent.usa", "/itinerary/results?sort=price");
    const id = (await sailingIds(page))[5]!;
    const ship = results(page).locator(`#sailing-${id} th a`);
    await ship.click();
    await expect(page).toHaveURL(new RegExp(`/itinerary/detail\\?sailing=${id}`));
    await page.getByRole("link", { name: "Back to the results" }).click();
    await expect(page).toHaveURL(new RegExp(`/itinerary/results\\?.*sort=price.*#sailing-${id}$`));
    await expect(ship).toBeInViewport();
    // With JavaScript the router starts the keyboard on the row's link; without, the browser starts there.
    if (javaScriptEnabled) await expect(ship).toBeFocused();
    else {
      await page.keyboard.press("Tab");
      await expect(ship).toBeFocused();
    }

    // From the comparison, back to the results themselves.
    await page.goto(`/itineraries/compare?sort=price`);
    await page.getByRole("link", { name: "Back to the results" }).click();
    await expect(page).toHaveURL(/\/itinerary\/results\?.*sort=price.*#results$/);
    await expect(status(page)).toBeInViewport();
  },
);

test(
  "on a phone a sailing's fares and days fit the screen, each stateroom and day a card naming its figures",
  { tag: "@once" },
  async ({ page, login }) => {
    await page.setViewportSize({ width: 400, height: 800 });
    await login("agent.usa", "/itinerary/results?sort=price");
    await rowShips(page).first().click();
    const fares = page.getByRole("table", { name: "Fares by stateroom for this party" });
    const days = page.getByRole("table", { name: "Itinerary, times local to each port" });
    for (const table of [fares, days]) {
      // Nothing to scroll sideways for: the table is no wider than its scrolling region.
      const region = table.locator("xpath=..");
      await expect(region).toHaveClass(/table-scroll/);
      const { scrollWidth, clientWidth } = await region.evaluate((el) => ({
        scrollWidth: el.scrollWidth,
        clientWidth: el.clientWidth,
      }));
      expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    }
    // The column names the figures on each card (the header row is kept for screen readers).
    const firstFare = fares.locator("tbody tr").first();
    for (const label of ["Per guest", "Cruise fare", "Taxes and fees", "Total", "Deposit now", "Final payment"]) {
      const cell = firstFare.locator(`td[data-label="${label}"]`);
      await expect(cell).toBeVisible();
      expect(await cell.evaluate((el) => getComputedStyle(el, "::before").content)).toBe(`"${label}: "`);
    }
    await expect(days.locator("tbody tr").first().locator('td[data-label="Depart"]')).toBeVisible();
    await expectAccessible(page);

    // On a wide screen the same tables are tables again.
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await firstFare.locator('td[data-label="Total"]').evaluate((el) => getComputedStyle(el).display)).toBe(
      "table-cell",
    );
  },
);

test(
  "guest counts keep the group size rules: clamped as the agent changes them, and always on the server",
  { tag: "@once" },
  async ({ page, login }) => {
    // With JavaScript (the fixture waits until the page has hydrated): the clamp as the agent changes them.
    await login("agent.usa", "/itinerary/search");
    await page.getByLabel("Children").selectOption("2");
    await page.getByLabel("Adults").selectOption("3");
    // Raising the adults lowered the room for the others: children clamp to 1, and 1 is the most offered.
    await expect(page.getByLabel("Children")).toHaveValue("1");
    await expect(page.getByLabel("Children").locator("option")).toHaveText(["0", "1"]);
    await expect(page.getByLabel("Infants").locator("option")).toHaveText(["0"]);
    // And on the server, whatever the address asks for.
    await page.goto("/itinerary/results?adults=4&children=2&infants=3");
    await expect(page.getByText(/A stateroom holds at most 4 guests/)).toBeVisible();
    await expect(page.getByText(/Prices per guest for 4 adults in/)).toBeVisible();
    await expect(page.getByLabel("Adults")).toHaveValue("4");
    await expect(page.getByLabel("Children")).toHaveValue("0");
  },
);

test(
  "hand-edited and impossible searches get a clear message or a normalised search, never an error",
  { tag: "@once" },
  async ({ page, login }) => {
    await login("agent.usa", null);
    const response = await page.goto(
      "/itinerary/results?brand=R&brand=X&ship=ZZ&destination=MOON&departureDate=2020-01-01&priceMin=9000&priceMax=100&page=99999&junk=%3Cscript%3E",
    );
    expect(response?.status()).toBe(200);
    await expect(page.getByText("The departure date had passed, so the search starts today")).toBeVisible();
    await expect(page.getByText('"ZZ" is not a ship we know, so the search shows every ship.')).toBeVisible();
    await expect(page.getByText('"MOON" is not a destination we know')).toBeVisible();
    await expect(page.getByText("The lowest price was above the highest, so the two were swapped.")).toBeVisible();
    await expect(page.getByText(/so this is the last\.$/)).toBeVisible();
    await expect(page.getByLabel("Cruise line")).toHaveValue("R");

    await page.goto("/itinerary/results?departureDate=2099-01-01");
    await expect(page.getByText(/Sailings are open for booking up to \d{2}[A-Z]{3}\d{4}/)).toBeVisible();
    await expect(status(page)).toHaveText("No sailings found.");
    await expect(page.getByText("start from an earlier departure date")).toBeVisible();

    await page.goto("/itinerary/results?destination=ALASKA&cabinClass=DELUXE&priceMax=1&currency=USD");
    await expect(status(page)).toHaveText("No sailings found.");
    for (const hint of ["choose every destination", "allow staterooms other than Suite", "widen the price range"])
      await expect(page.getByText(hint)).toBeVisible();
    await expectAccessible(page);

    for (const path of [
      "/itinerary/detail?sailing=ZZ20990101",
      "/itinerary/detail?sailing=%3Cjunk%3E",
      "/itinerary/detail",
    ]) {
      const missing = await page.goto(path);
      expect(missing?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    }
  },
);

test("a fifth sailing to compare is refused with a message", { tag: "@js-off" }, async ({ page, login }) => {
  await login("agent.usa", "/itinerary/results?destination=CARIBBEAN");
  const ids = await sailingIds(page);
  for (const id of ids.slice(0, 5)) {
    const row = results(page).locator("tbody tr", { has: page.locator(`a[href*="sailing=${id}"]`) });
    await row.getByRole("button", { name: /Compare/ }).click();
    if (id === ids[4]) break;
    await expect(row.getByRole("button", { name: /Compare/ })).toHaveAttribute("aria-pressed", "true");
  }
  await expect(page).toHaveURL(/\/itineraries\/compare\?full=1/);
  await expect(page.getByRole("alert").filter({ hasText: "You can compare up to 4 sailings." })).toBeVisible();
  await expect(page.getByRole("table", { name: "The chosen sailings side by side" }).locator("thead th")).toHaveCount(
    4,
  );
});

test(
  "agent.basic has no SEE-OUR-SHIPS and can still search itineraries (no tool guards them)",
  { tag: "@js-off" },
  async ({ page, login }) => {
    await login("agent.basic", "/itinerary/search");
    await expect(page.getByRole("heading", { level: 1, name: "Search itineraries" })).toBeVisible();
    await expect(page.getByLabel("Currency")).toHaveValue("GBP");
    await page.getByRole("button", { name: "Search sailings" }).click();
    await expect(status(page)).toHaveText(/sailings found/);
    await expect(results(page).locator("tbody tr").first()).toContainText("£");
  },
);

test(
  "the departure port narrows the search to sailings leaving from it",
  { tag: "@js-off" },
  async ({ page, login }) => {
    await login("agent.usa", "/itinerary/search");
    await page.getByLabel("Departure port").selectOption({ label: "Miami, United States" });
    await page.getByRole("button", { name: "Search sailings" }).click();
    await expect(page).toHaveURL(/port=MIA/);
    await expect(status(page)).toHaveText(/^[\d,]+ sailings? found/);
    const itineraries = await results(page).locator("td[data-label='Itinerary']").allTextContents();
    expect(itineraries.length).toBeGreaterThan(0);
    // The departure port comes first, before the ports of call.
    for (const text of itineraries) expect(text).toMatch(/^[^·]*\bMiami\b/);
    await expect(page.getByLabel("Departure port")).toHaveValue("MIA");
    await expectAccessible(page);
  },
);
