import countries from "i18n-iso-countries";
import { SANCTIONED_COUNTRIES } from "../content/global";
import { ApiError } from "./errors";

/** Throws 400 SANCTIONED_COUNTRY when any of the alpha-2 codes is one of the sanctioned countries. */
export function assertNotSanctioned(...alpha2Codes: string[]): void {
  const sanctioned = new Set<string>(SANCTIONED_COUNTRIES);
  if (alpha2Codes.some((code) => sanctioned.has(code.toUpperCase()))) {
    throw new ApiError(400, "SANCTIONED_COUNTRY", "We cannot register agents or agencies in this country.");
  }
}

/** Alpha-2 → alpha-3 (`GB` → `GBR`), as agencies and profiles store countries. */
export function toAlpha3(alpha2: string): string {
  const alpha3 = countries.alpha2ToAlpha3(alpha2.toUpperCase());
  if (!alpha3) throw new Error(`Unknown country code ${alpha2}`);
  return alpha3;
}

/** The English name of an alpha-3 country (`locationData.country`); "" when unknown. */
export function countryName(alpha3: string): string {
  return countries.getName(alpha3, "en") ?? "";
}

/** The sales offices agencies report to; every other country reports to the international office. */
const REPORTING_OFFICES: Record<string, string> = {
  USA: "MIA",
  PRI: "MIA",
  CAN: "TOR",
  GBR: "LON",
  BRA: "SAO",
  SGP: "SIN",
};

export function reportingOfficeFor(alpha3: string): string {
  return REPORTING_OFFICES[alpha3] ?? "INT";
}

// Countries (alpha-2) whose own currency is one the upstream lists (see CURRENCIES in db/demo-data.ts).
const EURO = [
  "AD",
  "AT",
  "AX",
  "BE",
  "BG",
  "BL",
  "CY",
  "DE",
  "EE",
  "ES",
  "FI",
  "FR",
  "GF",
  "GP",
  "GR",
  "HR",
  "IE",
  "IT",
  "LT",
  "LU",
  "LV",
  "MC",
  "ME",
  "MF",
  "MQ",
  "MT",
  "NL",
  "PM",
  "PT",
  "RE",
  "SI",
  "SK",
  "SM",
  "TF",
  "VA",
  "XK",
  "YT",
];
const DOLLAR = ["US", "AS", "BQ", "EC", "FM", "GU", "IO", "MH", "MP", "PR", "PW", "SV", "TC", "TL", "UM", "VG", "VI"];
const COUNTRY_CURRENCY: Record<string, string> = {
  ...Object.fromEntries(EURO.map((code) => [code, "EUR"])),
  ...Object.fromEntries(DOLLAR.map((code) => [code, "USD"])),
  GB: "GBP",
  GG: "GBP",
  IM: "GBP",
  JE: "GBP",
  BR: "BRL",
  CA: "CAD",
  SG: "SGD",
};

/** The country's currency when the upstream knows it (one of `known`), else USD. */
export function currencyFor(alpha2: string, known: ReadonlySet<string>): string {
  const currency = COUNTRY_CURRENCY[alpha2.toUpperCase()];
  return currency !== undefined && known.has(currency) ? currency : "USD";
}
