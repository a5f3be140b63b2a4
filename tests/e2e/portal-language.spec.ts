import { expect, expectAccessible, test } from "./support/fixtures";

/**
 * One language for the whole portal (docs/style-guide.md): every currency the itinerary search offers
 * gives prices at its own precision, phone numbers are grouped for their country, a main action is solid.
 */

test("every currency the itinerary search offers answers the results page and its CSV", async ({
  page,
  login,
  javaScriptEnabled,
}) => {
  // A walk over every offered code by plain requests: the same with JavaScript on and off, so run once.
  test.skip(!javaScriptEnabled, "request-level walk; the page itself is checked in both projects below");
  test.setTimeout(240_000);
  await login();
  await page.goto("/itinerary/search");
  const codes = await page
    .getByLabel("Currency")
    .locator("option")
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
  expect(codes.length).toBeGreaterThan(100);
  expect(codes).toContain("BTC");
  const failed: string[] = [];
  for (const code of codes) {
    const html = await page.request.get(`/itinerary/results?currency=${code}`);
    const csv = await page.request.get(`/itinerary/results.csv?currency=${code}`);
    const text = await html.text();
    if (!html.ok() || /Service unavailable/.test(text)) failed.push(`${code} results ${html.status()}`);
    // The default search (today on, 10,000 dollars at most in that currency) finds sailings in every currency.
    else if (!/[\d,]+ sailings? found/.test(text)) failed.push(`${code} found no sailing`);
    if (!csv.ok()) failed.push(`${code} CSV ${csv.status()}`);
  }
  expect(failed).toEqual([]);
});

test("prices in Bitcoin keep the precision the currency needs, on the page and in the CSV", async ({ page, login }) => {
  await login();
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
  const csv = await page.request.get("/itinerary/results.csv?currency=BTC");
  expect(csv.ok()).toBe(true);
  const [, first] = (await csv.text()).split("\n");
  expect(first).toMatch(/,0\.\d{8},/);
});

test("the agency's telephone is grouped for its country, not raw", async ({ page, login }) => {
  await login();
  for (const width of [1440, 400]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/profile/agency");
    await expect(page.getByText("+1 305 555 0101")).toBeVisible();
    await expect(page.getByText("+13055550101")).toHaveCount(0);
    await expectAccessible(page);
  }
});

test("a form's main action is solid and the other actions outlined (the profile's Save and Cancel)", async ({
  page,
  login,
}) => {
  await login();
  await page.goto("/profile/communications?edit=mobile");
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
});

test("a search form's fieldsets are drawn by the portal, not the browser's groove (the offer search's party)", async ({
  page,
  login,
}) => {
  await login();
  await page.goto("/promotion/home");
  const party = page.getByRole("group", { name: "Who is travelling" });
  await expect(party).toBeVisible();
  const look = await party.evaluate((el) => {
    const style = getComputedStyle(el);
    return { style: style.borderTopStyle, width: style.borderTopWidth, radius: style.borderTopLeftRadius };
  });
  expect(look).toEqual({ style: "solid", width: "1px", radius: "6px" });
  await expectAccessible(page);
});
