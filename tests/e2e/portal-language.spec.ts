import { expect, expectAccessible, test } from "./support/fixtures";

/**
 * One language for the whole portal (docs/style-guide.md): every currency the itinerary search offers
 * gives prices at its own precision, phone numbers are grouped for their country, a main action is solid.
 * Every currency's results page and CSV, and Bitcoin's precision in the CSV, are checked by request:
 * tests/request/currencies-a-to-l.test.ts and currencies-m-to-z.test.ts.
 */

test(
  "prices in Bitcoin keep the precision the currency needs on the page",
  { tag: "@once" },
  async ({ page, login }) => {
    await login("agent.usa", null);
    for (const width of [1440, 400]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/itinerary/results?currency=BTC");
      const prices = page.getByRole("table", { name: /^Sailings/ }).locator("tbody td.num");
      await expect(prices.first()).toBeVisible();
      const shown = await prices.allInnerTexts();
      const priced = shown.filter((text) => /BTC/.test(text));
      expect(priced.length).toBeGreaterThan(0);
      // Never "BTC 0" or "BTC 0.01": eight decimals with a figure that is not zero.
      for (const text of priced) expect(text).toMatch(/BTC\s0\.\d{8}/);
      await expectAccessible(page);
    }
  },
);

test("the agency's telephone is grouped for its country, not raw", { tag: "@once" }, async ({ page, login }) => {
  await login("agent.usa", null);
  for (const width of [1440, 400]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/profile/agency");
    await expect(page.getByText("+1 305 555 0101")).toBeVisible();
    await expect(page.getByText("+13055550101")).toHaveCount(0);
    await expectAccessible(page);
  }
});

test(
  "a form's main action is solid and the other actions outlined (the profile's Save and Cancel)",
  { tag: "@once" },
  async ({ page, login }) => {
    await login("agent.usa", "/profile/communications?edit=mobile");
    const form = page.locator("form").filter({ has: page.getByRole("button", { name: /^Save/ }) });
    const save = form.getByRole("button", { name: /^Save/ });
    const cancel = form.getByRole("link", { name: "Cancel" }).or(form.getByRole("button", { name: "Cancel" }));
    const look = (el: Element) => {
      const style = getComputedStyle(el);
      return { background: style.backgroundColor, border: style.borderTopColor, color: style.color };
    };
    const solid = await save.evaluate(look);
    const outlined = await cancel.first().evaluate(look);
    expect(solid.background).not.toBe(outlined.background);
    expect(outlined.background).toBe("rgb(255, 255, 255)");
    expect(outlined.border).toBe(outlined.color);
    await expectAccessible(page);
  },
);

test(
  "a search form's fieldsets are drawn by the portal, not the browser's groove (the offer search's party)",
  { tag: "@once" },
  async ({ page, login }) => {
    await login("agent.usa", "/promotion/home");
    const party = page.getByRole("group", { name: "Who is travelling" });
    await expect(party).toBeVisible();
    const look = await party.evaluate((el) => {
      const style = getComputedStyle(el);
      return { style: style.borderTopStyle, width: style.borderTopWidth, radius: style.borderTopLeftRadius };
    });
    expect(look).toEqual({ style: "solid", width: "1px", radius: "6px" });
    await expectAccessible(page);
  },
);
