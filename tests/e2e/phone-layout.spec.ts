import { expect, expectAccessible, test } from "./support/fixtures";

/**
 * A 400-wide phone (STYLE: check the narrow layout): no page scrolls sideways, no table does either,
 * and axe passes each page at that width. Lists and figures become cards that name each value
 * (data-table--stack); only the comparison keeps its sailings side by side, on purpose, in its own
 * scrolling region.
 */

/** Each account's pages (and, for agent.usa, the first sailing of the results). */
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

/**
 * The pages drawn differently before JavaScript runs (the converter's and weather's forms, the edit
 * items' Edit and Cancel links, the results' refine link, the guest counts' full ranges): their
 * JavaScript-off document is a page state of its own, checked at this width too.
 */
const DIFFERS_WITHOUT_JAVASCRIPT = new Set([
  "/home",
  "/profile/info",
  "/profile/agency",
  "/profile/security",
  "/itinerary/search",
  "/itinerary/results",
  "/promotion/results",
]);

// One test per page: fifteen pages each checked with axe in one test took over two minutes
// without JavaScript on a slow machine.
for (const [username, pages] of Object.entries(PAGES)) {
  for (const path of pages) testPage(username, path);
}
testPage("agent.usa", "the first sailing of /itinerary/results");

function testPage(username: string, path: string) {
  test(
    `on a 400-wide phone ${username}'s ${path} and its tables do not scroll sideways, and axe finds nothing`,
    { tag: DIFFERS_WITHOUT_JAVASCRIPT.has(path) ? "@js-off" : "@once" },
    async ({ page, login }) => {
      await page.setViewportSize({ width: 400, height: 800 });
      await login(username, null);
      let target = path;
      if (!path.startsWith("/")) {
        await page.goto("/itinerary/results");
        target = (await page.locator("table.sailings tbody th a").first().getAttribute("href"))!;
      }
      const response = await page.goto(target);
      expect(response?.status(), target).toBe(200);
      const overflow = await page.evaluate(() => {
        const wide = (el: Element) => el.scrollWidth > el.clientWidth + 1;
        return {
          page: document.documentElement.scrollWidth > window.innerWidth,
          tables: [...document.querySelectorAll(".table-scroll")]
            .filter(wide)
            .map((el) => el.getAttribute("aria-labelledby") ?? el.className),
        };
      });
      expect(overflow, target).toEqual({ page: false, tables: [] });
      // The cards' layout too: target sizes, contrast and names hold at this width.
      await expectAccessible(page);
    },
  );
}
