import { expect, expectAccessible, test } from "./support/fixtures";

/**
 * A 400-wide phone (STYLE: check the narrow layout): no page scrolls sideways, no table does either,
 * and axe passes each page at that width. Lists and figures become cards that name each value
 * (data-table--stack); only the comparison keeps its sailings side by side, on purpose, in its own
 * scrolling region.
 */

/** Each account's pages (the sailing detail is added for agent.usa from the first result). */
const PAGES: Record<string, string[]> = {
  "agent.usa": [
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
  ],
  "admin.can": ["/user-management", "/profile/agency", "/profile/security"],
};

for (const [username, pages] of Object.entries(PAGES)) {
  test(`on a 400-wide phone no page and no table of ${username}'s scrolls sideways, and axe finds nothing`, async ({
    page,
    login,
  }) => {
    test.setTimeout(120_000);
    await login(username);
    await page.setViewportSize({ width: 400, height: 800 });
    const paths = [...pages];
    if (pages.includes("/itinerary/results")) {
      await page.goto("/itinerary/results");
      paths.push((await page.locator("table.sailings tbody th a").first().getAttribute("href"))!);
    }
    for (const path of paths) {
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
      // The cards' layout too: target sizes, contrast and names hold at this width.
      await expectAccessible(page);
    }
  });
}
