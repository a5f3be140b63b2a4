import { moneyValue, roundMoneyIn } from "~/domain/money";

/**
 * The currency converter's rules, shared by the server and the browser.
 * No zod here: the server wraps these rules in its zod schema (app/server/forex.server.ts).
 */

/**
 * Amounts are bounded by a minimum and a maximum whose values are not shown. The portal
 * uses 0 and 9,999,999,999.99 (the largest amount with two decimals under ten billion).
 */
export const AMOUNT_MIN = 0;
export const AMOUNT_MAX = 9_999_999_999.99;
export const DEFAULT_CURRENCY = "USD";

export const CURRENCY_MESSAGES = {
  notANumber: "Enter the amount as a number, for example 1250.50.",
  tooSmall: "Enter an amount of 0 or more.",
  tooLarge: "Enter an amount of at most 9,999,999,999.99.",
  noPrimary: "Primary currency not found",
  failed: "Failed to fetch forex data",
} as const;

export const unknownCurrencyMessage = (code: string) =>
  `${code ? `"${code.slice(0, 12)}"` : "That"} is not a currency we have a rate for. Choose one from the list.`;

export type AmountResult = { ok: true; value: number | null } | { ok: false; message: string };

/**
 * An amount as typed: empty is no amount (nothing to convert); decimals are allowed; anything that
 * is not a plain decimal number, or is outside the bounds, is refused with a clear message.
 */
export function parseAmount(raw: string | null | undefined): AmountResult {
  const text = (raw ?? "").trim();
  if (text === "") return { ok: true, value: null };
  if (text.length > 32 || !/^[+-]?(\d+\.?\d*|\.\d+)$/.test(text))
    return { ok: false, message: CURRENCY_MESSAGES.notANumber };
  const value = Number(text);
  if (!Number.isFinite(value)) return { ok: false, message: CURRENCY_MESSAGES.notANumber };
  if (value < AMOUNT_MIN) return { ok: false, message: CURRENCY_MESSAGES.tooSmall };
  if (value > AMOUNT_MAX) return { ok: false, message: CURRENCY_MESSAGES.tooLarge };
  return { ok: true, value };
}

export function isCurrencyCode(value: unknown): value is string {
  return typeof value === "string" && /^[A-Z]{3}$/.test(value);
}

/**
 * Money is rounded to the currency's minor units (two decimals for an unknown code), half away from
 * zero as written in decimal (1.005 → 1.01, which `Math.round(1.005 * 100) / 100` gets wrong).
 */
export function roundMoney(value: number, code = ""): number {
  return roundMoneyIn(value, code);
}

export type Rates = Readonly<Record<string, number>>;

/** The rates with the base itself at 1 (the service may leave it out). */
export function withBase(base: string, rates: Rates): Record<string, number> {
  return { ...rates, [base]: 1 };
}

/**
 * `amount` of `from` in `to`, with rates given per one unit of the base currency; null when either
 * currency has no usable rate. Rounded to the minor units of `to`.
 */
export function convert(amount: number, from: string, to: string, rates: Rates): number | null {
  const fromRate = rates[from];
  const toRate = rates[to];
  if (!fromRate || !toRate || !Number.isFinite(fromRate) || !Number.isFinite(toRate) || fromRate <= 0 || toRate <= 0)
    return null;
  return roundMoney((amount / fromRate) * toRate, to);
}

/** The converter's amount as an input value: the currency's minor units ("1250.50", "0.00001152"). */
export function amountValue(value: number | null, code = ""): string {
  return value === null ? "" : moneyValue(value, code);
}

/** "1 USD = 0.9214 EUR": the rate line under the converter. */
export function rateLine(from: string, to: string, rates: Rates): string | null {
  const fromRate = rates[from];
  const toRate = rates[to];
  if (!fromRate || !toRate) return null;
  const rate = toRate / fromRate;
  const digits = rate >= 100 ? 2 : rate >= 1 ? 4 : 6;
  // A rate under a hundredth (dollars to Bitcoin) keeps four significant digits rather than rounding to 0.
  const shown = rate < 0.01 ? Number(rate.toPrecision(4)) : Number(rate.toFixed(digits));
  return `1 ${from} = ${shown} ${to}`;
}

export type PrimaryCurrency = { ok: true; code: string } | { ok: false; message: string };

/**
 * The forex base: the profile's primary currency. With no currencies listed at all the default is
 * USD ("primaryCurrency, default USD"); with currencies but none marked primary the
 * widget says 'Primary currency not found'.
 */
export function primaryCurrency(
  currencies: ReadonlyArray<{ currencyCode: string; primaryCurrency: boolean }>,
): PrimaryCurrency {
  if (currencies.length === 0) return { ok: true, code: DEFAULT_CURRENCY };
  const primary = currencies.find((c) => c.primaryCurrency);
  const code = primary?.currencyCode.trim().toUpperCase();
  if (!code || !isCurrencyCode(code)) return { ok: false, message: CURRENCY_MESSAGES.noPrimary };
  return { ok: true, code };
}

/** The other currency the converter starts with: EUR, else USD, else the first code that is not the base. */
export function defaultTarget(base: string, codes: readonly string[]): string {
  for (const preferred of ["EUR", "USD", "GBP"]) if (preferred !== base && codes.includes(preferred)) return preferred;
  return codes.find((code) => code !== base) ?? base;
}

export type Conversion = {
  amount: string;
  toAmount: string;
  errors: { amount?: string; toAmount?: string; from?: string; to?: string };
};

/**
 * One step of the converter: the row the agent typed in (`source`) drives the other. Used by the
 * server for the no-JavaScript form and by the browser as the agent types.
 */
export function convertRows(
  input: { amount: string; toAmount: string; from: string; to: string; source: "amount" | "toAmount" },
  rates: Rates,
): Conversion {
  const errors: Conversion["errors"] = {};
  if (rates[input.from] === undefined) errors.from = unknownCurrencyMessage(input.from);
  if (rates[input.to] === undefined) errors.to = unknownCurrencyMessage(input.to);
  const typed = input.source === "amount" ? input.amount : input.toAmount;
  const parsed = parseAmount(typed);
  if (!parsed.ok) errors[input.source] = parsed.message;
  const result: Conversion = { amount: input.amount, toAmount: input.toAmount, errors };
  if (!parsed.ok || errors.from || errors.to) return result;
  if (parsed.value === null) {
    if (input.source === "amount") result.toAmount = "";
    else result.amount = "";
    return result;
  }
  if (input.source === "amount")
    result.toAmount = amountValue(convert(parsed.value, input.from, input.to, rates), input.to);
  else result.amount = amountValue(convert(parsed.value, input.to, input.from, rates), input.from);
  return result;
}
