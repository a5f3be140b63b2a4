import countries from "i18n-iso-countries";
import de from "i18n-iso-countries/langs/de.json";
import en from "i18n-iso-countries/langs/en.json";
import fr from "i18n-iso-countries/langs/fr.json";
import it from "i18n-iso-countries/langs/it.json";
import pt from "i18n-iso-countries/langs/pt.json";
import zh from "i18n-iso-countries/langs/zh.json";
import { getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js";
import type { Locale } from "~/domain/language";
import { phoneCountryChoices } from "~/domain/registration";

for (const locale of [en, fr, de, it, pt, zh]) countries.registerLocale(locale);

/** The country-name language of each portal language (es_xn is Portuguese-Brazil). */
const NAME_LANGUAGE: Record<Locale, string> = {
  en_us: "en",
  fr_fr: "fr",
  de_de: "de",
  it_it: "it",
  es_xn: "pt",
  zh_cn: "zh",
};

export type CountryOption = { value: string; label: string };

const cache = new Map<string, CountryOption[]>();

/** Every country (ISO alpha-2) named in the page's language, in that language's order. */
export function countryOptions(locale: Locale): CountryOption[] {
  const key = `countries:${locale}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const language = NAME_LANGUAGE[locale];
  const names = countries.getNames(language, { select: "official" });
  const options = Object.entries(names)
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label, language));
  cache.set(key, options);
  return options;
}

/**
 * The phone country selector: countries with a calling code, named with it ("United States (+1)"),
 * without the content service's hidden phone countries.
 */
export function phoneCountryOptions(locale: Locale, hidden: readonly string[]): CountryOption[] {
  const withCodes = countryOptions(locale).flatMap((option) => {
    const code = callingCode(option.value);
    return code ? [{ code: option.value, value: option.value, label: `${option.label} (+${code})` }] : [];
  });
  return phoneCountryChoices(withCodes, hidden).map(({ value, label }) => ({ value, label }));
}

function callingCode(country: string): string | null {
  try {
    return getCountryCallingCode(country as CountryCode);
  } catch {
    return null;
  }
}

/** A phone number as the upstream takes it (E.164, "+13055550142"), or null when it is not valid. */
export function toE164(country: string, number: string): string | null {
  const parsed = parsePhoneNumberFromString(number, country.toUpperCase() as CountryCode);
  return parsed?.isValid() ? parsed.number : null;
}

/** An E.164 number as its country (alpha-2) and national and international forms, or null. */
export function splitPhone(e164: string): { country: string; national: string; international: string } | null {
  const parsed = parsePhoneNumberFromString(e164);
  if (!parsed?.country) return null;
  return { country: parsed.country, national: parsed.formatNational(), international: parsed.formatInternational() };
}

export function countryName(code: string, locale: Locale): string {
  return countries.getName(code, NAME_LANGUAGE[locale], { select: "official" }) ?? code;
}

/** The profile's alpha-3 country ("USA") as alpha-2 ("US"), for choosing defaults. */
export function alpha3ToAlpha2(code: string): string | undefined {
  return countries.alpha3ToAlpha2(code) ?? undefined;
}

/**
 * Countries of residence as the catalogue's offers name them: ISO alpha-3 ("USA", "CAN", "PRI":
 * the North-American list), named in the page's language.
 */
export function residencyOptions(locale: Locale): CountryOption[] {
  const key = `residency:${locale}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const options = countryOptions(locale).flatMap((option) => {
    const alpha3 = countries.alpha2ToAlpha3(option.value);
    return alpha3 ? [{ value: alpha3, label: option.label }] : [];
  });
  cache.set(key, options);
  return options;
}

/**
 * Residency for offers: every country, and after a country the regions of it that an
 * offer is restricted to ("United States of America: Florida", value "USA-FL").
 */
export function residencyWithRegions(
  locale: Locale,
  regions: ReadonlyArray<{ code: string; name: string; country: string }>,
): CountryOption[] {
  if (regions.length === 0) return residencyOptions(locale);
  // Kept per language and set of regions: the same list object each time, so its options string is kept too.
  const key = `residency:${locale}:${regions.map((r) => `${r.code}=${r.name}`).join(",")}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const options = residencyOptions(locale).flatMap((country) => [
    country,
    ...regions
      .filter((r) => r.country === country.value)
      .map((r) => ({ value: r.code, label: `${country.label}: ${r.name}` })),
  ]);
  cache.set(key, options);
  return options;
}
