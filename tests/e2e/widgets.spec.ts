import type { Page } from "@playwright/test";
import { roundMoney } from "../../app/domain/currency";
import { moneyValue } from "../../app/domain/money";
import { UPSTREAM, expect, expectAccessible, resetUpstream, test } from "./support/fixtures";
import referenceCurrencies from "../../app/data/currencies.json" with { type: "json" };

// The widgets change agent.usa's location upstream: every test starts from the demo data.
test.afterEach(async () => {
  await resetUpstream();
});

const js = () => test.info().project.use.javaScriptEnabled !== false;
const weather = (page: Page) => page.getByRole("region", { name: "Weather" });
const converter = (page: Page) => page.getByRole("region", { name: "Currency converter" });

test(
  "both widgets show by default; Customize hides one and it stays hidden after a reload",
  { tag: "@js-off" },
  async ({ page, login }) => {
    await login();
    await expect(weather(page).getByRole("heading", { level: 2, name: "Weather" })).toBeVisible();
    await expect(converter(page).getByRole("heading", { level: 2, name: "Currency converter" })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole("button", { name: "Customize" }).click();
    const weatherSwitch = page.getByRole("switch", { name: "Weather" });
    const converterSwitch = page.getByRole("switch", { name: "Currency converter" });
    await expect(weatherSwitch).toBeChecked();
    await expect(converterSwitch).toBeChecked();
    await expect(page.getByRole("button", { name: "Save" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Customize" })).toHaveCount(0);
    await expectAccessible(page);

    await converterSwitch.uncheck();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole("button", { name: "Customize" })).toBeVisible();
    await expect(weather(page)).toBeVisible();
    await expect(converter(page)).toHaveCount(0);

    await page.reload();
    await expect(weather(page)).toBeVisible();
    await expect(converter(page)).toHaveCount(0);

    // And back on.
    await page.getByRole("button", { name: "Customize" }).click();
    await expect(page.getByRole("switch", { name: "Currency converter" })).not.toBeChecked();
    await page.getByRole("switch", { name: "Currency converter" }).check();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(converter(page)).toBeVisible();
    // Rendered again (in the browser when JavaScript runs): the options and the choice are there.
    const toSelect = converter(page).getByLabel("To currency");
    await expect(toSelect).toHaveValue("EUR");
    await toSelect.selectOption("GBP");
    await expect(toSelect).toHaveValue("GBP");
    await expect(toSelect.locator("option:checked")).toHaveText(/^GBP – /);
  },
);

test(
  "the temperature unit defaults to °F for USA and the °C choice is kept",
  { tag: "@js-off" },
  async ({ page, login }) => {
    await login();
    const temperature = weather(page).locator(".weather__temp");
    await expect(temperature).toHaveText(/^-?\d+°F$/);
    await expect(weather(page).locator(".weather__facts")).toContainText(/\d+ mph/);
    await weather(page).getByRole("button", { name: /°C/ }).click();
    await expect(temperature).toHaveText(/^-?\d+°C$/);
    await expect(weather(page).locator(".weather__facts")).toContainText(/[\d.]+ m\/s/);
    await expect(weather(page).getByRole("button", { name: /°C/ })).toHaveAttribute("aria-pressed", "true");
    await page.reload();
    await expect(temperature).toHaveText(/^-?\d+°C$/);
  },
);

test("Change Location to Orlando: the weather shows Orlando", { tag: "@js-off" }, async ({ page, login }) => {
  await login();
  await expect(weather(page).locator(".weather__place")).toContainText("Miami");
  const search = page.getByLabel("Change Location");
  await expect(search).toHaveAttribute("placeholder", "City, State/Province, Country");
  await search.fill("Orlando");
  if (!js()) await weather(page).getByRole("button", { name: "Search" }).click();
  const results = page.getByRole("list", { name: "Matching locations" });
  await expect(results).toBeVisible();
  await expect(
    weather(page)
      .getByRole("status")
      .filter({ hasText: /locations? found/ }),
  ).toBeVisible();
  await expectAccessible(page);

  // The reference gazetteer abbreviates US states ("Orlando, FL, USA"), which title case keeps.
  await results
    .getByRole("button", { name: /^Orlando, (Florida|FL)\b/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(weather(page).locator(".weather__place")).toContainText(/Orlando, (Florida|FL)\b/);
  await expect(weather(page).locator(".weather__temp")).toHaveText(/°F$/);
  await expect(page.getByRole("list", { name: "Matching locations" })).toHaveCount(0);
});

test("a location search with nothing found says 'No results found'", { tag: "@js-off" }, async ({ page, login }) => {
  await login();
  await page.getByLabel("Change Location").fill("Qqqxzv");
  if (!js()) await weather(page).getByRole("button", { name: "Search" }).click();
  await expect(weather(page).getByRole("status").filter({ hasText: "No results found" })).toBeVisible();
});

test("the 7-Day Forecast opens a modal with seven day cards", { tag: "@js-off" }, async ({ page, login }) => {
  await login();
  const link = weather(page).getByRole("link", { name: "7-Day Forecast" });
  await link.click();
  const dialog = page.getByRole("dialog", { name: "7-Day FORECAST" });
  await expect(dialog).toBeVisible();
  const days = dialog.getByRole("listitem");
  await expect(days).toHaveCount(7);
  await expect(days.first()).toContainText(/Min -?\d+°F/);
  await expect(days.first()).toContainText(/Max -?\d+°F/);
  await expect(days.first()).toContainText(/\d{2}[A-Z]{3}/);
  await expectAccessible(page);

  if (js()) {
    await expect(page).toHaveURL(/\/home$/);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(link).toBeFocused();
    // Escape closes it too, and focus comes back again.
    await link.click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(link).toBeFocused();
  } else {
    await expect(page).toHaveURL(/\/home\?forecast=1$/);
    await dialog.getByRole("link", { name: "Close" }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(dialog).toHaveCount(0);
  }
});

test(
  "the currency converter converts, and says when an amount is out of bounds",
  { tag: "@js-off" },
  async ({ page, login }) => {
    const response = await fetch(`${UPSTREAM}/api/forex?base=USD`, { headers: { "x-api-key": "demo-widget-key" } });
    expect(response.ok).toBe(true);
    const [first] = (await response.json()) as Array<{ rates: Record<string, number> }>;
    const rates = first!.rates;
    const eur = rates.EUR!;
    const gbp = rates.GBP!;

    await login();
    const widget = converter(page);
    // Both selects are native and hold every currency of the rates that the reference list names (a
    // bare code without a name is never offered), the agent's base and its default target chosen as the
    // server rendered them (with or without JavaScript).
    const fromSelect = widget.getByLabel("From currency");
    const toSelect = widget.getByLabel("To currency");
    await expect(fromSelect).toHaveValue("USD");
    await expect(toSelect).toHaveValue("EUR");
    const named = new Set(referenceCurrencies.map((currency) => currency.code));
    const codes = Object.keys({ ...rates, USD: 1 })
      .filter((code) => named.has(code))
      .sort();
    expect(Object.keys(rates).filter((code) => !named.has(code))).toContain("ANG"); // rates the list does not name
    for (const select of [fromSelect, toSelect]) {
      expect(
        await select.locator("option").evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value)),
      ).toEqual(codes);
    }
    await expect(toSelect.locator("option:checked")).toHaveText(/^EUR – /);
    await widget.getByLabel("From currency").selectOption("USD");
    await widget.getByLabel("To currency").selectOption("EUR");
    await widget.getByLabel("Amount", { exact: true }).fill("100");
    if (!js()) await widget.getByRole("button", { name: "Convert" }).click();
    await expect(widget.getByLabel("Converted amount")).toHaveValue(roundMoney(100 * eur).toFixed(2));
    await expect(widget.getByText(`100 USD = ${roundMoney(100 * eur).toFixed(2)} EUR`)).toBeVisible();

    await widget.getByLabel("To currency").selectOption("GBP");
    if (!js()) await widget.getByRole("button", { name: "Convert" }).click();
    await expect(widget.getByLabel("Converted amount")).toHaveValue(roundMoney(100 * gbp).toFixed(2));

    // Each picker shows its currency's flag from the reference list, and the image really loads.
    const flags = widget.locator("img.converter__flag");
    await expect(flags).toHaveCount(2);
    await expect(flags.nth(0)).toHaveAttribute("src", "/currency-flags/USD");
    await expect(flags.nth(1)).toHaveAttribute("src", "/currency-flags/GBP");
    await expect
      .poll(() => flags.nth(1).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(32);

    if (js()) {
      // The keyboard chooses in the closed select (type-ahead), and the flag follows the choice.
      await toSelect.focus();
      await page.keyboard.type("JPY");
      await expect(toSelect).toHaveValue("JPY");
      await expect(flags.nth(1)).toHaveAttribute("src", "/currency-flags/JPY");
      // Yen has no minor units: whole yen.
      await expect(widget.getByLabel("Converted amount")).toHaveValue(moneyValue(100 * rates.JPY!, "JPY"));
      await toSelect.selectOption("GBP");

      // Either row drives the other.
      await widget.getByLabel("Converted amount").fill(gbp.toFixed(2));
      await expect(widget.getByLabel("Amount", { exact: true })).toHaveValue(
        roundMoney(Number(gbp.toFixed(2)) / gbp).toFixed(2),
      );
    }

    await widget.getByLabel("Amount", { exact: true }).fill("-5");
    if (!js()) await widget.getByRole("button", { name: "Convert" }).click();
    await expect(widget.getByText("Enter an amount of 0 or more.")).toBeVisible();
    await expect(widget.getByLabel("Amount", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page);
  },
);

// The endpoints are the same with JavaScript off: JavaScript on only (@once).
test(
  "the widget endpoints answer signed-in agents with the upstream's shapes",
  { tag: "@once" },
  async ({ page, login }) => {
    await login("agent.usa", null);
    const locations = await page.request.get("/api/weather/locations?query=Orlando");
    expect(locations.status()).toBe(200);
    const list = (await locations.json()) as Array<{ name: string; lat: string }>;
    expect(list.length).toBeGreaterThan(0);
    expect(list.length).toBeLessThanOrEqual(10);
    expect(list[0]).toMatchObject({
      name: expect.any(String),
      region: expect.any(String),
      country: expect.any(String),
    });

    const short = await page.request.get("/api/weather/locations?query=or");
    expect(short.status()).toBe(404);
    expect(await short.json()).toEqual({ message: "location conditions not found or invalid input." });

    const weekly = await page.request.get("/api/weather/live/weekly?location=28.5384,-81.3789&units=m");
    expect(weekly.status()).toBe(200);
    const [week] = (await weekly.json()) as Array<{ forecast: Record<string, unknown> }>;
    expect(Object.keys(week!.forecast)).toHaveLength(7);

    const forex = await page.request.get("/api/forex?base=usd");
    expect(forex.status()).toBe(404);
  },
);
