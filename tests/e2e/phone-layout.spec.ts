import { expect, test } from "./support/fixtures";

/**
 * A 400-wide phone (STYLE: check the narrow layout): no page scrolls sideways, and no table does
 * either. Lists and figures become cards that name each value (data-table--stack); only the
 * comparison keeps its sailings side by side, on purpose, in its own scrolling region.
 */

const PAGES = [
  "/home",
  "/explore-our-fleet",
  "/explore-our-fleet/symphony-of-the-seas",
  "/itinerary/search",
  "/itinerary/results",
  "/promotion/results",
  "/insights/overview",
  "/insights/alert-centre",
  "/alerts",
  "/group-travel-hub",
  "/reduced-rates",
  "/travel-docs",
  "/certificate-redemption",
  "/profile/info",
];

test("on a 400-wide phone no page and no table of agent.usa's scrolls sideways", async ({ page, login }) => {
  test.setTimeout(60_000);
  await login("agent.usa");
  await page.setViewportSize({ width: 400, height: 800 });
  await page.goto("/itinerary/results");
  const sailing = await page.locator("table.sailings tbody th a").first().getAttribute("href");
  for (const path of [...PAGES, sailing!]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    const overflow = await page.evaluate(() => {
      const wide = (el: Element) => el.scrollWidth > el.clientWidth + 1;
      return {
        page: document.documentElement.scrollWidth > window.innerWidth,
        tables: [...document.querySelectorAll(".table-scroll")]
          .filter(wide)
          .map((el) => el.getAttribute("aria-labelledby") ?? el.className),
      };
    });
    expect(overflow, path).toEqual({ page: false, tables: [] });
  }
});
