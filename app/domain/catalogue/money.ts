/**
 * Catalogue prices are kept in US dollars; the portal shows them in the chosen currency with the
 * forex rates of one date. `rate` is units of the shown currency per dollar.
 */
export type ShownCurrency = { code: string; rate: number; rateDate: string | null };

export const USD_ONLY: ShownCurrency = { code: "USD", rate: 1, rateDate: null };

// A results page formats a hundred prices; building a formatter costs far more than using one.
const formatters = new Map<string, Intl.NumberFormat>();
function formatter(code: string, fractionDigits: number): Intl.NumberFormat {
  const key = `${code}:${fractionDigits}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat("en-US", {
      style: "currency",
      currency: code,
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    formatters.set(key, format);
  }
  return format;
}

/** A dollar amount in the shown currency, as Intl formats money (whole units unless asked). */
export function money(usd: number, currency: ShownCurrency, fractionDigits = 0): string {
  return formatter(currency.code, fractionDigits).format(usd * currency.rate);
}

/** A count or measure as the catalogue pages show it: "5,518". */
export const wholeNumber = (n: number) => n.toLocaleString("en-US");

/** An amount already in `code` (a booking's own currency), with cents; an unknown code is written plainly. */
export function moneyIn(amount: number, code: string): string {
  try {
    return formatter(code, 2).format(amount);
  } catch {
    return `${code} ${amount.toFixed(2)}`;
  }
}
