import { describe, expect, it } from "vitest";
import { FOREX_SNAPSHOT } from "../../upstream/data/forex-snapshot";
import {
  compactMoney,
  formatMoney,
  minorUnits,
  money,
  moneyIn,
  moneyValue,
  plainMoney,
  roundMoneyTo,
  type ShownCurrency,
} from "~/domain/money";

// Intl writes a no-break space between a code and the figure; the tables read it as a space.
const spaced = (text: string) => text.replace(/\u00a0/g, " ");

describe("money: a currency's minor units", () => {
  it.each([
    ["USD", 2],
    ["EUR", 2],
    ["JPY", 0],
    ["KRW", 0],
    ["BHD", 3],
    ["KWD", 3],
    ["CLF", 4],
    ["BTC", 8],
    ["GGP", 2],
    ["??", 2],
  ])("%s has %i", (code, digits) => expect(minorUnits(code)).toBe(digits));
});

describe("money: the symbol or the code, and the cents rule (prices whole, amounts with minor units)", () => {
  it.each([
    [1234.5, "USD", "amount", "$1,234.50"],
    [1234.5, "USD", "price", "$1,235"],
    [900, "EUR", "price", "€900"],
    [1234.5, "JPY", "amount", "¥1,235"],
    [12.3456, "BHD", "amount", "BHD 12.346"],
    [12.3456, "BHD", "price", "BHD 12"],
    // A whole Bitcoin is worth too much to round a fare to: prices keep the satoshi.
    [0.0115206, "BTC", "price", "BTC 0.01152060"],
    [0.0115206, "BTC", "amount", "BTC 0.01152060"],
    [30.45231, "CLF", "price", "CLF 30.4523"],
    // A code Intl refuses is written plainly, never an error.
    [42, "??", "amount", "?? 42.00"],
  ] as const)("%s %s as a %s reads %s", (amount, code, kind, text) => {
    expect(spaced(formatMoney(amount, code, kind))).toBe(text);
  });

  it.each([
    [1000, { code: "EUR", rate: 0.9, rateDate: null }, "€900"],
    [1250, { code: "BTC", rate: 0.00000921, rateDate: null }, "BTC 0.01151250"],
    [1250, { code: "JPY", rate: 153.86, rateDate: null }, "¥192,325"],
  ] as Array<[number, ShownCurrency, string]>)("a %s dollar fare in %j reads %s", (usd, currency, text) => {
    expect(spaced(money(usd, currency))).toBe(text);
  });

  it("an amount in its own currency keeps its minor units", () => {
    expect(moneyIn(100, "USD")).toBe("$100.00");
    expect(moneyIn(100, "JPY")).toBe("¥100");
  });
});

describe("money: plain values for a CSV or an input", () => {
  it.each([
    [1250.5, "USD", "1250.50"],
    [1250.5, "JPY", "1251"],
    [0.0000115206, "BTC", "0.00001152"],
    [1.005, "USD", "1.01"],
  ])("%s %s is %s", (amount, code, text) => expect(moneyValue(amount, code)).toBe(text));

  it("a CSV amount carries its code", () => expect(plainMoney(99.5, "EUR")).toBe("99.50 EUR"));

  it.each([
    [1.005, 2, 1.01],
    [2.675, 2, 2.68],
    [-1.005, 2, -1.01],
    [-0.001, 2, 0],
    [0.0000115206, 8, 0.00001152],
  ])("%s rounded to %i decimals is %s (half away from zero, as written)", (value, digits, rounded) =>
    expect(roundMoneyTo(value, digits)).toBe(rounded),
  );
});

describe("money: every currency the rates offer gives a fare that is not 0", () => {
  // The forex service's codes are the itinerary search's currency choices.
  const codes = Object.entries({ ...FOREX_SNAPSHOT.rates, USD: 1 } as Record<string, number>);
  it.each(codes)("a 999 dollar fare in %s (rate %s) shows more than nothing", (code, rate) => {
    const text = money(999, { code, rate, rateDate: null });
    expect(text).toMatch(/[1-9]/);
    expect(Number(moneyValue(999 * rate, code))).toBeGreaterThan(0);
  });
});

describe("money: a chart axis's short figures", () => {
  it.each([
    [0, "USD", "$0"],
    [1250, "USD", "$1.3K"],
    [350_000, "EUR", "€350K"],
    [2_400_000, "GBP", "£2.4M"],
  ])("%s %s reads %s", (amount, code, text) => {
    expect(compactMoney(amount, code)).toBe(text);
  });

  it("a code Intl refuses is still written, with the code", () => {
    expect(spaced(compactMoney(12, "usd"))).toBe("usd 12");
  });
});
