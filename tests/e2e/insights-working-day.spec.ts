import type { Locator, Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./support/fixtures";

/**
 * The insights for a working day (the server's pages: JavaScript on, @once): what is urgent carries a flag in words and
 * comes first, the figures on /home, the overview and the lists agree and name their windows, the work
 * lists fit beside the open sidebar at 1440 wide, and the overview draws money due by week.
 */

const status = (page: Page) => page.locator(".result-count[role=status]");
const list = (page: Page) => page.getByRole("table", { name: /sorted by/i });
const numberIn = (text: string | null) => Number(/[\d,]+/.exec(text ?? "")![0].replace(/,/g, ""));
const FLAGS = ["Overdue", "Due today", "Due in 48 h"];
const MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];
/** ddMMMyyyy back to YYYY-MM-DD, so dates sort as text. */
const isoOf = (shown: string) => {
  const m = /^(\d{2})([A-Z]{3})(\d{4})$/.exec(shown);
  if (!m) throw new Error(`not a ddMMMyyyy date: ${shown}`);
  return `${m[3]}-${String(MONTHS.indexOf(m[2]!) + 1).padStart(2, "0")}-${m[1]}`;
};
/** Where a row's flag sorts: overdue, due today, due in 48 h, then none. */
const rank = (flag: string) => {
  const i = FLAGS.indexOf(flag.trim());
  return i < 0 ? FLAGS.length : i;
};

test(
  "the figures agree: home's 10-day and 48-hour counts are the overview's and the alert centre's",
  { tag: "@once" },
  async ({ page, login }) => {
    test.slow(); // home, the overview and the alert centre three times
    await login("agent.usa");
    const queue = page.locator("section.action-queue");
    const tenDays = queue.getByRole("link", { name: /alerts? due in the next 10 days$/ });
    const hours48 = queue.getByRole("link", { name: /due within 48 hours$/ });
    const total = numberIn(await tenDays.textContent());
    const urgent = numberIn(await hours48.textContent());
    // The types listed add up to the 10-day figure; the 48-hour one is "of them".
    const byType = await queue
      .getByRole("list", { name: /by alert type/ })
      .locator(".action-queue__count")
      .allTextContents();
    expect(byType.map(numberIn).reduce((a, b) => a + b, 0)).toBe(total);
    expect(urgent).toBeLessThanOrEqual(total);
    // /home as opened is checked with axe in widgets.spec.ts (its first test).

    // The 48-hour figure opens exactly those alerts, each flagged due today or due in 48 h.
    await hours48.click();
    await expect(page).toHaveURL(/\/insights\/alert-centre\?timeframe=DUE_WITHIN_48_HS$/);
    await expect(page.getByLabel("Due", { exact: true })).toHaveValue("DUE_WITHIN_48_HS");
    await expect(status(page)).toHaveText(new RegExp(`^${urgent.toLocaleString("en-US")} booking alerts? found`));
    const flags = await list(page).locator("td[data-label='Due'] .urgency-flag").allTextContents();
    expect(flags.length).toBe(await list(page).locator("tbody tr").count());
    for (const flag of flags) expect(["Due today", "Due in 48 h"]).toContain(flag);
    expect(flags.map(rank)).toEqual([...flags.map(rank)].sort((a, b) => a - b));

    // The 10-day figure is the alert centre's default list.
    await page.goto("/home");
    await queue.getByRole("link", { name: /alerts? due in the next 10 days$/ }).click();
    await expect(page).toHaveURL(/\/insights\/alert-centre$/);
    await expect(status(page)).toHaveText(new RegExp(`^${total.toLocaleString("en-US")} booking alerts? found`));

    // The overview says the same 48-hour figure, how many of them it lists, and links to them all.
    await page.goto("/insights/overview");
    const urgentPanel = page.locator("section[aria-labelledby=urgent-heading]");
    await expect(urgentPanel.locator("[data-figure=due-48-hours]")).toHaveText(
      new RegExp(`^${urgent.toLocaleString("en-US")} alerts? (is|are) due from today to \\d{2}[A-Z]{3}\\d{4}\\.`),
    );
    const shown = await urgentPanel.locator(".urgent-list li").count();
    if (shown < urgent) {
      await expect(urgentPanel).toContainText(`Showing the first ${shown} of ${urgent.toLocaleString("en-US")}`);
    }
    await expect(urgentPanel.locator(".urgent-list .urgency-flag")).toHaveCount(shown);
    // The grid's total row for the next 10 days is home's figure.
    const grid = page.getByRole("table", { name: "Open alerts by type and when they are due" });
    await expect(grid.locator("tfoot td[data-label='Next 10 days']")).toHaveText(total.toLocaleString("en-US"));
    // The overview as opened is checked with axe in insights.spec.ts (its overview test).
    await urgentPanel
      .getByRole("link", { name: /^See (all \d[\d,]* alerts due within 48 hours|them in the alert centre)$/ })
      .click();
    await expect(page).toHaveURL(/\/insights\/alert-centre\?timeframe=DUE_WITHIN_48_HS$/);
    await expect(status(page)).toHaveText(new RegExp(`^${urgent.toLocaleString("en-US")} booking alerts? found`));
  },
);

test(
  "reservations put urgent balances first by default, each flagged in words; an explicit sort still applies",
  { tag: "@once" },
  async ({ page, login }) => {
    await login("agent.usa", "/insights/individual-and-group-reservations");
    await expect(list(page)).toHaveAccessibleName("Reservations, sorted by urgency");
    const cells = list(page).locator("td[data-label='Balance due']");
    const flags = await cells.evaluateAll((tds) =>
      tds.map((td) => td.querySelector(".urgency-flag")?.textContent ?? ""),
    );
    expect(flags[0]).toBe("Overdue");
    expect(flags.map(rank)).toEqual([...flags.map(rank)].sort((a, b) => a - b));
    // The flag is words on a colour: never an empty coloured mark.
    for (const flag of flags.filter(Boolean)) expect(FLAGS).toContain(flag);
    await expectAccessible(page);

    await list(page)
      .getByRole("link", { name: /^Sails/ })
      .click();
    await expect(page).toHaveURL(/sort=sailDate&order=asc/);
    await expect(list(page)).toHaveAccessibleName("Reservations, sorted by sail date");
    const sails = await list(page).locator("td[data-label='Sails']").allTextContents();
    const keys = sails.map((d) => isoOf(d.trim()));
    expect(keys).toEqual([...keys].sort());
  },
);

/** The table fits its region: no column cut off at the right. */
async function expectFits(table: Locator, lastHeader: string) {
  const region = table.locator("xpath=..");
  const [tableBox, regionBox] = await Promise.all([table.boundingBox(), region.boundingBox()]);
  expect(tableBox!.width).toBeLessThanOrEqual(regionBox!.width + 1);
  const last = await table.getByRole("columnheader", { name: new RegExp(`^${lastHeader}`) }).boundingBox();
  expect(last!.x + last!.width).toBeLessThanOrEqual(regionBox!.x + regionBox!.width + 1);
  expect(await table.evaluate((t) => t.scrollWidth <= t.parentElement!.clientWidth + 1)).toBe(true);
}

test(
  "work lists fit at 1440×900 beside the open sidebar: every column shown, rows of one or two lines, the header kept in view",
  { tag: "@once" },
  async ({ page, login }) => {
    test.slow();
    await page.setViewportSize({ width: 1440, height: 900 });
    await login("agent.usa", null);
    for (const path of ["/insights/individual-and-group-reservations", "/insights/alert-centre?timeframe=ALL"]) {
      await page.goto(path);
      // Beside the open sidebar.
      await expect(page.locator("nav.sidebar, .sidebar").first()).toBeVisible();
      const table = list(page);
      await expect(table.locator("tbody tr").first()).toBeVisible();
      // agent.usa has flex pay: its column is the last, and it is not clipped.
      await expectFits(table, "Flex pay");
      // One or two lines a row: at most about two lines of text and the cell padding.
      const heights = await table
        .locator("tbody tr")
        .evaluateAll((rows) => rows.map((r) => r.getBoundingClientRect().height));
      const lineHeight = await table
        .locator("tbody td")
        .first()
        .evaluate(
          (td) => parseFloat(getComputedStyle(td).lineHeight) || parseFloat(getComputedStyle(td).fontSize) * 1.5,
        );
      for (const h of heights) expect(h).toBeLessThanOrEqual(2 * lineHeight + 24);
      // Scrolled down the page, the header row stays in view under the portal's header.
      await page.mouse.wheel(0, 900);
      await expect.poll(async () => (await table.locator("thead th").first().boundingBox())!.y).toBeLessThan(120);
      expect((await table.locator("thead th").first().boundingBox())!.y).toBeGreaterThanOrEqual(0);
      await page.evaluate(() => window.scrollTo(0, 0));
      await expectAccessible(page);
    }
    // On a phone the rows are cards, still accessible.
    await page.setViewportSize({ width: 400, height: 800 });
    await page.goto("/insights/individual-and-group-reservations");
    await expect(list(page).locator("tbody tr").first()).toBeVisible();
    await expect(list(page).locator("tbody tr").first().locator(".urgency-flag")).toHaveText("Overdue");
    await expectAccessible(page);
  },
);

test(
  "every other work list fits at 1440×900 beside the open sidebar: a reason wraps, a second fact takes a second line",
  { tag: "@once" },
  async ({ page, login }) => {
    test.slow();
    await page.setViewportSize({ width: 1440, height: 900 });
    await login("agent.usa", null);
    for (const path of [
      "/insights/price-drops",
      "/insights/future-compensation",
      "/insights/coupon-application-details?status=REJECTED",
      "/insights/npc-transmission-details?status=FAILED",
      "/insights/onboard-sales",
      "/insights/casino-reservations",
    ]) {
      await page.goto(path);
      const table = list(page);
      await expect(table.locator("tbody tr").first(), path).toBeVisible();
      // The last column shown (a sortable header's text goes on with its sort words: the name is up to them).
      const shown = await table
        .locator("thead th")
        .evaluateAll((ths) => ths.filter((th) => getComputedStyle(th).display !== "none").map((th) => th.textContent!));
      await expectFits(table, shown.at(-1)!.split(",")[0]!.replace(/[↕▲▼]/g, "").trim());
    }
    // A coupon's rejection keeps its reason, under its status.
    await page.goto("/insights/coupon-application-details?status=REJECTED");
    const firstStatus = list(page).locator("td[data-label='Status']").first();
    await expect(firstStatus).toContainText(/^Rejected/);
    await expect(firstStatus.locator(".cell-second")).toHaveText(/\.$/);
  },
);

test(
  "the overview draws money due by week over the next 90 days, as a chart and its table",
  { tag: "@once" },
  async ({ page, login }) => {
    await login("agent.usa", "/insights/overview");
    const section = page.locator("section[aria-labelledby=money-heading]");
    await expect(section.getByRole("heading", { name: "Money due by week over the next 90 days" })).toBeVisible();
    const table = section.getByRole("table", { name: "Money due by week over the next 90 days, the chart's figures" });
    await expect(table.locator("tbody tr")).toHaveCount(13);
    await expect(section.locator("svg.chart__svg rect.chart__bar--due").first()).toBeAttached();
    await expect(section.locator("figcaption")).toContainText("Money due each week, in USD");
    // The sentence above the chart totals the table.
    const amounts = await table.locator("td[data-label='Money due']").allTextContents();
    const sum = amounts.map((a) => Math.round(Number(a.replace(/[^\d.]/g, "")) * 100)).reduce((a, b) => a + b, 0);
    const stated = await section.locator("p").first().textContent();
    expect(Math.round(Number(/\$([\d,]+\.\d{2})/.exec(stated ?? "")![1]!.replace(/,/g, "")) * 100)).toBe(sum);
    // The overview at 400 wide is checked with axe in phone-layout.spec.ts (agent.usa's /insights/overview).
  },
);
