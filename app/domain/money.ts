/**
 * The portal's one money formatter (docs/style-guide.md, "Money"). Every screen, CSV and PDF writes
 * money through it, so the symbol-or-code and the cents rule are the same everywhere:
 *
 * - The symbol where the currency has one in US English ("$", "€", "£", "¥"), else its code ("BTC 0.01").
 * - A price (a fare, a rate, an estimate: figures an agent compares) is in whole units of its currency,
 *   unless the currency's minor unit is finer than a thousandth (Bitcoin, the Chilean UF): a whole unit
 *   of those is worth too much to round to, so they keep their minor units.
 * - An amount (a booking's total, paid or due, a payment, a certificate, a converted amount) always has
 *   its currency's minor units: cents for dollars, none for yen, three for dinars, eight for Bitcoin.
 */

/** Catalogue prices are kept in US dollars; `rate` is units of the shown currency per dollar. */
export type ShownCurrency = { code: string; rate: number; rateDate: string | null };

export const USD_ONLY: ShownCurrency = { code: "USD", rate: 1, rateDate: null };

export type MoneyKind = "price" | "amount";

/**
 * Minor units the currency list has that Intl's ISO 4217 data does not know (Intl takes any three
 * letters and gives them two): Bitcoin counts in satoshi.
 */
const MINOR_UNITS_BEYOND_ISO: Readonly<Record<string, number>> = { BTC: 8 };

const CODE = /^[A-Z]{3}$/;

const minorCache = new Map<string, number>();
/** Digits after the decimal point the currency needs (ISO 4217 as Intl knows it; 2 for an unknown code). */
export function minorUnits(code: string): number {
  const known: number | undefined = MINOR_UNITS_BEYOND_ISO[code] ?? minorCache.get(code);
  if (known !== undefined) return known;
  let digits = 2;
  if (CODE.test(code)) {
    try {
      const options = new Intl.NumberFormat("en-US", { style: "currency", currency: code }).resolvedOptions();
      digits = options.maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
  }
  minorCache.set(code, digits);
  return digits;
}

/** Digits a figure of this kind shows in this currency (the rule above). */
export function moneyDigits(code: string, kind: MoneyKind): number {
  const minor = minorUnits(code);
  return kind === "price" && minor <= 3 ? 0 : minor;
}

// A results page formats a hundred prices; building a formatter costs far more than using one.
const formatters = new Map<string, Intl.NumberFormat | null>();
/** The currency formatter for `code` with `digits` decimals (compact: "$1.2K"), kept; null where Intl refuses it. */
function formatter(code: string, digits: number, compact = false): Intl.NumberFormat | null {
  const key = `${code}:${digits}:${compact}`;
  let format = formatters.get(key);
  if (format === undefined) {
    try {
      format = CODE.test(code)
        ? new Intl.NumberFormat("en-US", {
            style: "currency",
            currency: code,
            ...(compact ? { notation: "compact" as const } : {}),
            minimumFractionDigits: compact ? 0 : digits,
            maximumFractionDigits: digits,
          })
        : null;
    } catch {
      format = null;
    }
    formatters.set(key, format);
  }
  return format;
}

/** A figure already in `code`: "$1,250.50" (an amount), "$1,251" (a price), "BTC 0.01152000". */
export function formatMoney(amount: number, code: string, kind: MoneyKind = "amount"): string {
  const digits = moneyDigits(code, kind);
  const format = formatter(code, digits);
  // A code Intl refuses is still money: written plainly rather than failing the page.
  return format ? format.format(amount) : `${code} ${plainNumber(amount, digits)}`;
}

/** A dollar figure in the shown currency (the catalogue's prices): a price unless said otherwise. */
export function money(usd: number, currency: ShownCurrency, kind: MoneyKind = "price"): string {
  return formatMoney(usd * currency.rate, currency.code, kind);
}

/** An amount in its own currency (a booking's, a certificate's), with its minor units. */
export function moneyIn(amount: number, code: string): string {
  return formatMoney(amount, code, "amount");
}

/** An amount as a CSV cell or an input value: digits only, the currency's minor units ("1250.50", "0.00001152"). */
export function moneyValue(amount: number, code: string, kind: MoneyKind = "amount"): string {
  return plainNumber(roundMoneyTo(amount, moneyDigits(code, kind)), moneyDigits(code, kind));
}

/** An amount with its code for a CSV: "1250.50 USD". */
export function plainMoney(amount: number, code: string): string {
  return `${moneyValue(amount, code)} ${code}`;
}

/**
 * A figure short enough for a chart's value axis: "$1.2K", "€350K"; the code where Intl has no symbol
 * or refuses the code ("BTC 0.02").
 */
export function compactMoney(amount: number, code: string): string {
  const format = formatter(code, 1, true);
  return format ? format.format(amount) : formatMoney(amount, code, "price");
}

/** A figure rounded to a currency's minor units, half away from zero as written in decimal (1.005 → 1.01). */
export function roundMoneyIn(amount: number, code: string, kind: MoneyKind = "amount"): number {
  return roundMoneyTo(amount, moneyDigits(code, kind));
}

/**
 * Rounded half away from zero as written in decimal (1.005 → 1.01, which `Math.round(1.005 * 100) / 100`
 * gets wrong), to `digits` decimals.
 */
export function roundMoneyTo(value: number, digits: number): number {
  if (!Number.isFinite(value)) return value;
  const abs = Math.abs(value);
  if (abs >= 1e20) return value;
  // Shifting the decimal point in the text keeps 1.005 as written; a number JavaScript writes in exponent
  // form (a Bitcoin amount, 1.152e-5) has no such error to avoid.
  const text = String(abs);
  const rounded = text.includes("e")
    ? Math.round(abs * 10 ** digits) / 10 ** digits
    : Number(`${Math.round(Number(`${text}e${digits}`))}e-${digits}`);
  return value < 0 && rounded !== 0 ? -rounded : rounded;
}

function plainNumber(amount: number, digits: number): string {
  return amount.toFixed(digits);
}

/** A count or measure as the portal shows it: "5,518". */
export const wholeNumber = (n: number) => n.toLocaleString("en-US");
