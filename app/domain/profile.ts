import { DEFAULT_CURRENCY, primaryCurrency } from "./currency";

/**
 * The user profile's derived fields (the specification's "Derived fields"): pure rules over
 * the profile's own fields, one list each, shared by server and browser. The profile client adds
 * them to every profile it parses (`derivedProfileFields`), so every screen reads the same rule.
 */

/**
 * The specification's "hasFlexPayAccess: country is USA, CAD, SGP or PRI" and "Flex pay
 * countries: USA, CAD, SGP, PRI", with CAD read as CAN: CAD is the Canadian dollar's code, a
 * currency among country codes, and no profile's country is ever CAD; Canada's country code is CAN
 * (the North-American list: "USA, CAN, PRI"). Decision 032.
 */
export const FLEX_PAY_COUNTRIES = ["USA", "CAN", "SGP", "PRI"] as const;

/**
 * The specification's "hasEquoteAccess: country or reporting office is in BRN, HKG, IDN, IND, JPN, KHM, KOR,
 * LKA, MMR, MYS, PAK, PHL, SGP, THA, TWN, VNM, MIA": one list for both fields (MIA is the Miami
 * reporting office).
 */
export const EQUOTE_MARKETS = [
  "BRN",
  "HKG",
  "IDN",
  "IND",
  "JPN",
  "KHM",
  "KOR",
  "LKA",
  "MMR",
  "MYS",
  "PAK",
  "PHL",
  "SGP",
  "THA",
  "TWN",
  "VNM",
  "MIA",
] as const;

const normalised = (code: string | null | undefined) => (code ?? "").trim().toUpperCase();
const isIn = (list: readonly string[], code: string | null | undefined) => {
  const value = normalised(code);
  return value !== "" && list.includes(value);
};

/** hasFlexPayAccess: the profile's country is one of the flex pay countries. */
export function hasFlexPayAccess(profile: { countryCode: string | null | undefined }): boolean {
  return isIn(FLEX_PAY_COUNTRIES, profile.countryCode);
}

/** hasEquoteAccess: the profile's country or its reporting office is one of the quote tool's markets. */
export function hasEquoteAccess(profile: {
  countryCode: string | null | undefined;
  reportingOfficeCode?: string | null | undefined;
}): boolean {
  return isIn(EQUOTE_MARKETS, profile.countryCode) || isIn(EQUOTE_MARKETS, profile.reportingOfficeCode);
}

/** primaryCurrency: the primary currency's code, USD when there is none. */
export function primaryCurrencyCode(
  currencies: ReadonlyArray<{ currencyCode: string; primaryCurrency: boolean }>,
): string {
  const primary = primaryCurrency(currencies);
  return primary.ok ? primary.code : DEFAULT_CURRENCY;
}

export type DerivedProfileFields = { hasFlexPayAccess: boolean; hasEquoteAccess: boolean; primaryCurrency: string };

/** The three derived fields, computed from the profile's own fields. */
export function derivedProfileFields(profile: {
  countryCode: string | null | undefined;
  reportingOfficeCode?: string | null | undefined;
  currencies: ReadonlyArray<{ currencyCode: string; primaryCurrency: boolean }>;
}): DerivedProfileFields {
  return {
    hasFlexPayAccess: hasFlexPayAccess(profile),
    hasEquoteAccess: hasEquoteAccess(profile),
    primaryCurrency: primaryCurrencyCode(profile.currencies),
  };
}

/** The quote tool (EQUOTE, decision 015). */
export const QUOTE_TOOL = "EQUOTE";

/**
 * What the quote tool does for an agent: `unavailable` without hasEquoteAccess (no menu entry; the
 * address sends the agent to /home, like a missing tool); `quote-terms` with access but without the
 * quote-terms acceptance flag (the internal quote page); else `open` (single sign-on).
 */
export type QuoteToolState = "unavailable" | "quote-terms" | "open";

export function quoteToolState(profile: { hasEquoteAccess: boolean; eQuoteAcceptanceTC: boolean }): QuoteToolState {
  if (!profile.hasEquoteAccess) return "unavailable";
  return profile.eQuoteAcceptanceTC ? "open" : "quote-terms";
}
