/**
 * Catalogue prices are kept in US dollars; the portal shows them in the chosen currency with the
 * forex rates of one date (issue 11, "Currency"). `rate` is units of the shown currency per dollar.
 */
export type ShownCurrency = { code: string; rate: number; rateDate: string | null };

export const USD_ONLY: ShownCurrency = { code: "USD", rate: 1, rateDate: null };

/** A dollar amount in the shown currency, as Intl formats money (whole units unless asked). */
export function money(usd: number, currency: ShownCurrency, fractionDigits = 0): string {
  return new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: currency.code,
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(usd * currency.rate);
}
