import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./support/fixtures";

/**
 * /alerts. The demo content service dates its alerts from today, so for agent.usa
 * (USA) four are current, two upcoming, one has ended and one is for Canadian agencies only.
 */

const CURRENT = [
  "Itinerary update: Nassau replaces Falmouth on selected Western Caribbean sailings",
  "Silversea: shore excursions are now included on every Mediterranean voyage",
  "Celebrity Apex: guests in refreshed Retreat suites have been moved to equal or higher categories",
  "Scheduled maintenance: booking tools are unavailable on Sunday from 02:00 to 05:00 ET",
];
const UPCOMING = [
  "Celebrity Edge enters dry dock: sailings from Fort Lauderdale pause for two weeks",
  "Silver Ray joins the fleet: inaugural season opens for sale to all markets",
];
const ENDED = "Galveston sailings are back on their normal schedule after the port closure";
const CANADA_ONLY = "Canadian agencies: commission statements are now issued in Canadian dollars";

const brandSelect = (page: Page) => page.getByRole("combobox", { name: "Brand", exact: true });
const count = (page: Page) => page.getByRole("status").filter({ hasText: /alerts?\b.*current/ });
const currentTable = (page: Page) => page.getByRole("table", { name: /^Alerts in effect now/ });
const upcomingTable = (page: Page) => page.getByRole("table", { name: /^Alerts that start later/ });
const titlesOf = async (table: ReturnType<typeof currentTable>) =>
  (await table.getByRole("rowheader").allTextContents()).map((t) => t.trim());

test(
  "agent.usa sees the current and upcoming alerts and filters them by brand",
  { tag: "@js-off" },
  async ({ page, login }) => {
    await login("agent.usa", "/alerts");
    await expect(page).toHaveTitle("Alerts | Professional Portal");
    await expect(page.getByRole("heading", { level: 1, name: "Alerts" })).toBeVisible();
    await expect(page.getByText("Current service alerts for our brands")).toBeVisible();
    await expect(count(page)).toHaveText("6 alerts: 4 current, 2 upcoming.");

    // Current then upcoming, each in start order; ended and other markets' alerts are not listed.
    const current = currentTable(page);
    await expect(current.getByRole("rowheader")).toHaveCount(4);
    expect(await titlesOf(current)).toEqual(CURRENT);
    expect(await titlesOf(upcomingTable(page))).toEqual(UPCOMING);
    await expect(page.getByText(ENDED)).toHaveCount(0);
    await expect(page.getByRole("main").getByText(CANADA_ONLY)).toHaveCount(0);

    // A row: brand(s), title, from and to as ddMMMyyyy.
    const maintenance = current.getByRole("row").filter({ hasText: "Scheduled maintenance" });
    const cells = maintenance.getByRole("cell");
    await expect(cells.nth(0)).toHaveText("Royal Caribbean, Celebrity Cruises, Silversea");
    await expect(cells.nth(1)).toHaveText(/^\d{2}[A-Z]{3}\d{4}$/);
    await expect(cells.nth(2)).toHaveText(/^\d{2}[A-Z]{3}\d{4}$/);
    await expect(current.getByRole("columnheader")).toHaveText(["Brand", "Alert", "From", "To"]);
    await expectAccessible(page);

    // Filter by a brand: the GET form's select and button (JavaScript or not).
    await expect(brandSelect(page)).toHaveValue("");
    await brandSelect(page).selectOption({ label: "Celebrity Cruises" });
    await page.getByRole("button", { name: "Show alerts" }).click();
    await expect(page).toHaveURL(/\/alerts\?brand=royal%3Abrands%2Fcelebrity-cruises$/);
    await expect(count(page)).toHaveText("3 alerts for Celebrity Cruises: 2 current, 1 upcoming.");
    expect(await titlesOf(currentTable(page))).toEqual([CURRENT[2], CURRENT[3]]);
    expect(await titlesOf(upcomingTable(page))).toEqual([UPCOMING[0]]);
    await expect(brandSelect(page)).toHaveValue("royal:brands/celebrity-cruises");
    await expectAccessible(page);

    // Back to every brand.
    await page.getByRole("link", { name: "Show every brand" }).click();
    await expect(page).toHaveURL(/\/alerts$/);
    await expect(count(page)).toHaveText("6 alerts: 4 current, 2 upcoming.");
    await expect(brandSelect(page)).toHaveValue("");
  },
);

test(
  "an unknown brand in the URL shows every brand with a notice, never an error page",
  { tag: "@once" },
  async ({ page, login }) => {
    await login("agent.usa", null);
    const response = await page.goto("/alerts?brand=royal%3Abrands%2Fno-such-line");
    expect(response?.status()).toBe(200);
    await expect(
      page.getByText('"royal:brands/no-such-line" is not a brand we know, so the list shows every brand.'),
    ).toBeVisible();
    await expect(count(page)).toHaveText("6 alerts: 4 current, 2 upcoming.");
    await expect(brandSelect(page)).toHaveValue("");
  },
);

test(
  "the list fits a 400 px wide screen: rows become labelled cards, nothing scrolls sideways",
  { tag: "@once" },
  async ({ page, login }) => {
    await page.setViewportSize({ width: 400, height: 900 });
    await login("agent.usa", "/alerts");
    await expect(currentTable(page).getByRole("rowheader")).toHaveCount(4);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    for (const table of [currentTable(page), upcomingTable(page)]) {
      const widths = await table.evaluate((t) => ({ table: t.scrollWidth, box: t.parentElement!.clientWidth }));
      expect(widths.table).toBeLessThanOrEqual(widths.box);
    }
    await expectAccessible(page);
  },
);
