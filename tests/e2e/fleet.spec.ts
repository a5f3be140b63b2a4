import type { Page } from "@playwright/test";
import { brandName } from "../../app/domain/catalogue/codes";
import { expect, expectAccessible, test } from "./support/fixtures";

/** The fleet pages (/explore-our-fleet, /explore-our-fleet/:ship, /ship-images/:ship). */

const BRAND_ORDER = ["R", "C", "V"].map(brandName);

const count = (page: Page) => page.getByRole("status").filter({ hasText: /ships? found/ });
async function shipsFound(page: Page): Promise<number> {
  await expect(count(page)).toHaveText(/^\d+ ships? found\.$/);
  const text = (await count(page).textContent()) ?? "";
  const match = /^(\d+) ships? found\.$/.exec(text.trim());
  expect(match, text).not.toBeNull();
  return Number(match![1]);
}
/** The h2 of each brand's section, in page order. */
const brandHeadings = (page: Page) => page.locator(".fleet__brand").getByRole("heading", { level: 2 });
const submit = (page: Page) => page.getByRole("button", { name: "Show ships" }).click();

test(
  "agent.usa lists the fleet by brand and filters it by brand, class and destination through the URL",
  { tag: "@js-off" },
  async ({ page, login }) => {
    await login("agent.usa", "/explore-our-fleet");
    await expect(page).toHaveTitle("Explore our fleet | Professional Portal");
    await expect(page.getByRole("heading", { level: 1, name: "Explore our fleet" })).toBeVisible();
    await expect(brandHeadings(page)).toHaveText(BRAND_ORDER);
    const all = await shipsFound(page);
    expect(all).toBeGreaterThan(3);
    const symphony = page.getByRole("link", { name: "Symphony of the Seas", exact: true });
    await expect(symphony).toHaveAttribute("href", "/explore-our-fleet/symphony-of-the-seas");
    // Each card: its picture (decorative, the name is beside it), class, years, guests, tonnage.
    const card = page.getByRole("listitem").filter({ has: symphony });
    await expect(card.locator("img")).toHaveAttribute("src", /^\/ship-images\/[A-Z]{2}$/);
    await expect(card.locator("img")).toHaveAttribute("alt", "");
    await expect(card.locator("img")).toHaveAttribute("loading", "lazy");
    for (const term of ["Class", "Built", "Guests", "Gross tonnage"]) {
      await expect(card.getByText(term, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole("link", { name: "Show all ships" })).toHaveCount(0);
    await expectAccessible(page);

    // Brand: only Celebrity's section, fewer ships, the URL holds the filter.
    await page.getByLabel("Cruise line", { exact: true }).selectOption("C");
    await submit(page);
    await expect(page).toHaveURL(/[?&]brand=C(&|$)/);
    await expect(brandHeadings(page)).toHaveText([brandName("C")]);
    const celebrity = await shipsFound(page);
    expect(celebrity).toBeLessThan(all);
    await expect(page.getByLabel("Cruise line", { exact: true })).toHaveValue("C");

    // Class: one of Celebrity's classes (the select groups the classes by brand).
    const shipClass = (await page
      .locator(`#fleet-class optgroup[label="${brandName("C")}"] option`)
      .first()
      .getAttribute("value"))!;
    await page.getByLabel("Ship class").selectOption(shipClass);
    await submit(page);
    await expect(page).toHaveURL(
      new RegExp(`[?&]shipClass=${encodeURIComponent(shipClass).replace(/%20/g, "(\\+|%20)")}`),
    );
    // (With JavaScript the address changes a moment before the list does: wait for the new list.)
    const cards = page.locator(".fleet-card");
    await expect(cards.filter({ hasNotText: shipClass })).toHaveCount(0);
    const ofClass = await shipsFound(page);
    expect(ofClass).toBeGreaterThan(0);
    expect(ofClass).toBeLessThanOrEqual(celebrity);
    await expect(cards).toHaveCount(ofClass);

    // Destination: every cruise line, one destination of the reference.
    await page.goto("/explore-our-fleet");
    const destination = (await page.locator("#fleet-destination option").nth(1).getAttribute("value"))!;
    await page.getByLabel("Destination").selectOption(destination);
    await submit(page);
    await expect(page).toHaveURL(new RegExp(`[?&]destination=${destination}(&|$)`));
    await expect(page.getByRole("link", { name: "Show all ships" })).toBeVisible();
    const sailingThere = await shipsFound(page);
    expect(sailingThere).toBeLessThanOrEqual(all);
    await expect(page.getByLabel("Destination")).toHaveValue(destination);

    // Back to every ship.
    await page.getByRole("link", { name: "Show all ships" }).click();
    await expect(page).toHaveURL(/\/explore-our-fleet$/);
    await expect(count(page)).toHaveText(`${all} ships found.`);
    await expect(page.getByLabel("Destination")).toHaveValue("");
  },
);

test(
  "on a phone a cruise line's ships are one link away from the top of the fleet",
  { tag: "@once" },
  async ({ page, login }) => {
    await page.setViewportSize({ width: 400, height: 800 });
    await login("agent.usa", "/explore-our-fleet");
    const jump = page.getByRole("navigation", { name: "Jump to a cruise line" });
    await expect(jump.getByRole("link")).toHaveText(BRAND_ORDER);
    // Each line says how many of the ships found are its own.
    const counts = (await jump.getByRole("listitem").allTextContents()).map((t) =>
      Number(/\((\d+) ships?\)$/.exec(t)![1]),
    );
    expect(counts.reduce((a, b) => a + b, 0)).toBe(await shipsFound(page));
    const silversea = page.getByRole("heading", { level: 2, name: brandName("V") });
    await expect(silversea).not.toBeInViewport();
    await jump.getByRole("link", { name: brandName("V") }).click();
    await expect(page).toHaveURL(/#brand-V$/);
    await expect(silversea).toBeInViewport();
    await expectAccessible(page);

    // One cruise line chosen: nothing to jump between.
    await page.goto("/explore-our-fleet?brand=C");
    await expect(page.getByRole("navigation", { name: "Jump to a cruise line" })).toHaveCount(0);
  },
);

test(
  "a filter that finds no ship says so and offers each filter to widen, as a link",
  { tag: "@once" },
  async ({ page, login }) => {
    // Icon class sails the Caribbean and the Bahamas only, never Antarctica.
    await login("agent.usa", "/explore-our-fleet?shipClass=Icon&destination=ANTARCTICA");
    await expect(count(page)).toHaveText("No ships found.");
    await expect(page.getByText("No ship matches every filter.")).toBeVisible();
    await expect(page.getByText("To find more, widen the search:")).toBeVisible();
    const ways = page.locator(".notice li").getByRole("link");
    await expect(ways).toHaveText(["Every destination instead of Antarctica", "Every class instead of Icon"]);
    await expectAccessible(page);

    await ways.filter({ hasText: "Every class" }).click();
    await expect(page).toHaveURL(/\/explore-our-fleet\?destination=ANTARCTICA$/);
    expect(await shipsFound(page)).toBeGreaterThan(0);
    await expect(page.getByLabel("Ship class")).toHaveValue("");
    await expect(page.getByLabel("Destination")).toHaveValue("ANTARCTICA");
  },
);

test(
  "junk and repeated filters in the URL are normalised with a notice, never an error page",
  { tag: "@once" },
  async ({ page, login }) => {
    await login("agent.usa", null);
    const response = await page.goto("/explore-our-fleet?brand=Z&brand=V&destination=MOON%3Cb%3E&shipClass=");
    expect(response?.status()).toBe(200);
    await expect(page.getByText('Only one cruise line can be chosen at a time, so the list uses "Z".')).toBeVisible();
    await expect(
      page.getByText('"Z" is not a cruise line we know, so the list shows every cruise line.'),
    ).toBeVisible();
    await expect(
      page.getByText('"MOON<b>" is not a destination we know, so the list shows ships of every destination.'),
    ).toBeVisible();
    await expect(brandHeadings(page)).toHaveText(BRAND_ORDER);
    await shipsFound(page);
  },
);

test(
  "a ship's page: facts, staterooms, next sailings, and on to a sailing",
  { tag: "@once" },
  async ({ page, login }) => {
    await login("agent.usa", "/explore-our-fleet");
    await page.getByRole("link", { name: "Symphony of the Seas", exact: true }).click();
    await expect(page).toHaveURL(/\/explore-our-fleet\/symphony-of-the-seas$/);
    await expect(page).toHaveTitle("Symphony of the Seas | Professional Portal");
    await expect(page.getByRole("heading", { level: 1, name: "Symphony of the Seas" })).toBeVisible();
    const article = page.getByRole("article", { name: "Symphony of the Seas" });
    await expect(article.getByText(brandName("R"), { exact: true })).toBeVisible();

    const facts = page.locator("dl.facts");
    for (const term of ["Class", "Year built", "Refurbished", "Gross tonnage", "Guests", "Crew", "Decks", "Length"]) {
      await expect(facts.getByText(term, { exact: true })).toBeVisible();
    }
    const staterooms = page.getByRole("table", { name: "Staterooms by class on Symphony of the Seas" });
    await expect(staterooms.getByRole("rowheader", { name: "Balcony" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Dining" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Activities" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Destinations" })).toBeVisible();

    const sailings = page.getByRole("table", { name: /^The next \d+ of [\d,]+ sailings of Symphony of the Seas$/ });
    const rows = sailings.locator("tbody tr");
    await expect(rows.first()).toBeVisible();
    expect(await rows.count()).toBeLessThanOrEqual(6);
    // Sail dates as ddMMMyyyy (05NOV2026), earliest first.
    const dates = await sailings.locator("tbody th").allTextContents();
    for (const date of dates) expect(date).toMatch(/^\d{2}[A-Z]{3}\d{4}$/);
    const MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];
    const days = dates.map(
      (d) => `${d.slice(5)}-${String(MONTHS.indexOf(d.slice(2, 5))).padStart(2, "0")}-${d.slice(0, 2)}`,
    );
    expect(days).toEqual([...days].sort());
    await expect(rows.first().getByRole("cell").nth(2)).toContainText("→");

    const search = page.getByRole("link", { name: "Search all sailings on this ship" });
    await expect(search).toHaveAttribute("href", /^\/itinerary\/results\?ship=[A-Z]{2}&brand=R$/);
    await expectAccessible(page);

    await rows
      .first()
      .getByRole("link", { name: /^View sailing/ })
      .click();
    await expect(page).toHaveURL(/\/itinerary\/detail\?sailing=[A-Z]{2}\d{8}$/);
  },
);

test(
  "a Silversea ship lists only the stateroom classes it has (no interior)",
  { tag: "@once" },
  async ({ page, login }) => {
    await login("agent.usa", "/explore-our-fleet?brand=V");
    await page.locator(".fleet-card h3 a").first().click();
    await expect(page).toHaveURL(/\/explore-our-fleet\/[a-z0-9-]+$/);
    const staterooms = page.getByRole("table", { name: /^Staterooms by class on / });
    await expect(staterooms.getByRole("rowheader", { name: "Suite" })).toBeVisible();
    await expect(staterooms.getByRole("rowheader", { name: "Interior" })).toHaveCount(0);
  },
);

test(
  "a ship's code redirects to its page; an unknown ship is Page not found inside the shell",
  { tag: "@once" },
  async ({ page, login }) => {
    await login("agent.usa", "/explore-our-fleet/OA");
    await expect(page).toHaveURL(/\/explore-our-fleet\/oasis-of-the-seas$/);
    await expect(page.getByRole("heading", { level: 1, name: "Oasis of the Seas" })).toBeVisible();

    const response = await page.goto("/explore-our-fleet/no-such-ship");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle("Page not found | Professional Portal");
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to the home page" })).toBeVisible();
  },
);

test("agent.basic, without SEE-OUR-SHIPS, is sent to /home", { tag: "@once" }, async ({ page, login }) => {
  await login("agent.basic", null);
  for (const path of ["/explore-our-fleet", "/explore-our-fleet/oasis-of-the-seas"]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/home$/);
  }
});
