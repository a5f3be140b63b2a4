import { describe, expect, it } from "vitest";
import {
  AMOUNT_MAX,
  CURRENCY_MESSAGES,
  convert,
  convertRows,
  defaultTarget,
  parseAmount,
  primaryCurrency,
  rateLine,
  roundMoney,
  withBase,
} from "~/domain/currency";

describe("currency amounts are bounded (0 to 9,999,999,999.99) and decimals are allowed", () => {
  it.each([
    ["", null],
    ["  ", null],
    ["0", 0],
    ["100", 100],
    ["100.5", 100.5],
    ["0.01", 0.01],
    [".5", 0.5],
    ["7.", 7],
    [" 42 ", 42],
    ["9999999999.99", AMOUNT_MAX],
  ])("%j is accepted as %s", (raw, value) => {
    expect(parseAmount(raw)).toEqual({ ok: true, value });
  });

  it.each([
    ["-0.01", CURRENCY_MESSAGES.tooSmall],
    ["-5", CURRENCY_MESSAGES.tooSmall],
    ["10000000000", CURRENCY_MESSAGES.tooLarge],
    ["9999999999.991", CURRENCY_MESSAGES.tooLarge],
    ["abc", CURRENCY_MESSAGES.notANumber],
    ["12,50", CURRENCY_MESSAGES.notANumber],
    ["1e3", CURRENCY_MESSAGES.notANumber],
    ["Infinity", CURRENCY_MESSAGES.notANumber],
    ["NaN", CURRENCY_MESSAGES.notANumber],
    ["0x10", CURRENCY_MESSAGES.notANumber],
    ["1.2.3", CURRENCY_MESSAGES.notANumber],
    ["1".repeat(40), CURRENCY_MESSAGES.notANumber],
  ])("%j is refused: %s", (raw, message) => {
    expect(parseAmount(raw)).toEqual({ ok: false, message });
  });
});

describe("conversion: rates per unit of the base, the target currency's minor units, rounded half up", () => {
  const rates = withBase("USD", { EUR: 0.9214, GBP: 0.7851, JPY: 149.52, BHD: 0.376 });

  it.each([
    [1.005, 1.01],
    [1.004, 1],
    [2.675, 2.68],
    [0.125, 0.13],
    [1234.5678, 1234.57],
    [0.0004, 0],
    [9_999_999_999.994, 9_999_999_999.99],
  ])("roundMoney(%s) = %s", (value, rounded) => {
    expect(roundMoney(value)).toBe(rounded);
  });

  it.each([
    [100, "USD", "EUR", 92.14],
    [100, "EUR", "USD", 108.53],
    [100, "EUR", "GBP", 85.21],
    [1, "USD", "JPY", 150],
    [1, "USD", "BHD", 0.376],
    [1000, "JPY", "USD", 6.69],
    [50, "USD", "USD", 50],
    [0, "USD", "EUR", 0],
    [1_000_000, "USD", "JPY", 149_520_000],
    [AMOUNT_MAX, "USD", "EUR", 9_213_999_999.99],
    [10, "USD", "XXX", null],
    [10, "ABC", "USD", null],
  ] as const)("%s %s → %s = %s", (amount, from, to, result) => {
    expect(convert(amount, from, to, rates)).toBe(result);
  });

  it("the base itself is always worth 1", () => {
    expect(withBase("USD", { EUR: 0.9 })).toEqual({ EUR: 0.9, USD: 1 });
  });

  it.each([
    ["USD", "EUR", "1 USD = 0.9214 EUR"],
    ["EUR", "USD", "1 EUR = 1.0853 USD"],
    ["USD", "JPY", "1 USD = 149.52 JPY"],
    ["JPY", "USD", "1 JPY = 0.006688 USD"],
    ["USD", "XXX", null],
  ])("rate line %s → %s: %j", (from, to, line) => {
    expect(rateLine(from, to, rates)).toBe(line);
  });

  it.each([
    [
      { amount: "100", toAmount: "", from: "USD", to: "EUR", source: "amount" },
      { amount: "100", toAmount: "92.14", errors: {} },
    ],
    [
      { amount: "", toAmount: "92.14", from: "USD", to: "EUR", source: "toAmount" },
      { amount: "100.00", toAmount: "92.14", errors: {} },
    ],
    [
      { amount: "", toAmount: "5", from: "USD", to: "EUR", source: "amount" },
      { amount: "", toAmount: "", errors: {} },
    ],
    [
      { amount: "-1", toAmount: "7", from: "USD", to: "EUR", source: "amount" },
      { amount: "-1", toAmount: "7", errors: { amount: CURRENCY_MESSAGES.tooSmall } },
    ],
    [
      { amount: "1", toAmount: "99999999999", from: "USD", to: "EUR", source: "toAmount" },
      { amount: "1", toAmount: "99999999999", errors: { toAmount: CURRENCY_MESSAGES.tooLarge } },
    ],
    [
      { amount: "10", toAmount: "", from: "USD", to: "XYZ", source: "amount" },
      {
        amount: "10",
        toAmount: "",
        errors: { to: '"XYZ" is not a currency we have a rate for. Choose one from the list.' },
      },
    ],
  ] as const)("either row drives the other: %j", (input, output) => {
    expect(convertRows(input, rates)).toEqual(output);
  });
});

describe("the forex base: the primary currency; USD when none is listed, else 'Primary currency not found'", () => {
  it.each([
    [
      [
        { currencyCode: "GBP", primaryCurrency: true },
        { currencyCode: "EUR", primaryCurrency: false },
      ],
      { ok: true, code: "GBP" },
    ],
    [
      [
        { currencyCode: "USD", primaryCurrency: false },
        { currencyCode: "cad", primaryCurrency: true },
      ],
      { ok: true, code: "CAD" },
    ],
    [[], { ok: true, code: "USD" }],
    [[{ currencyCode: "SGD", primaryCurrency: false }], { ok: false, message: "Primary currency not found" }],
    [[{ currencyCode: "", primaryCurrency: true }], { ok: false, message: "Primary currency not found" }],
  ])("%j → %j", (currencies, result) => {
    expect(primaryCurrency(currencies)).toEqual(result);
  });

  it.each([
    ["USD", ["EUR", "GBP", "USD"], "EUR"],
    ["EUR", ["EUR", "GBP", "USD"], "USD"],
    ["SGD", ["AUD", "SGD"], "AUD"],
    ["SGD", ["SGD"], "SGD"],
  ])("the converter starts from %s to the first of EUR, USD, GBP, else any other: %j → %s", (base, codes, target) => {
    expect(defaultTarget(base, codes)).toBe(target);
  });
});
