import { BRAND_CODES, BRAND_TAGS, LOCALES, pick, type Locale, type Localized, type PageHandler } from "./types";

export const GLOBAL_MODIFIED = "2026-01-12T00:00:00.000Z";

/** Registration is refused for these (ISO 3166-1 alpha-2), as the specification lists them. */
export const SANCTIONED_COUNTRIES = ["CU", "RU", "BY", "IR", "KP", "SY", "VE", "SD", "SS"] as const;

/**
 * Removed from the phone country selector: the sanctioned countries, plus countries where
 * verification text messages cannot be delivered reliably.
 */
export const HIDDEN_PHONE_COUNTRIES = [...SANCTIONED_COUNTRIES, "AF", "MM", "LY", "YE", "SO"] as const;

/** Each language named in itself, for the language switcher. */
const LANGUAGE_LABELS: Record<Locale, string> = {
  en_us: "English (US)",
  fr_fr: "Français",
  de_de: "Deutsch",
  it_it: "Italiano",
  es_xn: "Português (Brasil)",
  zh_cn: "简体中文",
};

const SUPPORT_HOURS: Localized = {
  en_us: "Monday to Friday, 8:00 am to 8:00 pm ET; Saturday, 9:00 am to 5:00 pm ET",
  fr_fr: "Du lundi au vendredi, de 8 h à 20 h (heure de l'Est) ; le samedi, de 9 h à 17 h (heure de l'Est)",
  de_de: "Montag bis Freitag 8:00–20:00 Uhr ET; Samstag 9:00–17:00 Uhr ET",
  it_it: "Dal lunedì al venerdì, dalle 8:00 alle 20:00 ET; sabato, dalle 9:00 alle 17:00 ET",
  es_xn: "De segunda a sexta, das 8h às 20h (horário do leste dos EUA); sábado, das 9h às 17h",
  zh_cn: "周一至周五 8:00–20:00（美国东部时间）；周六 9:00–17:00（美国东部时间）",
};

/** `global`: site-wide settings. */
export const globalPage: PageHandler = ({ locale, extra }) => {
  if (extra.length > 0) return undefined;
  const settings = {
    siteName: "Professional Portal",
    brandNames: Object.fromEntries(BRAND_CODES.map((code) => [code, BRAND_TAGS[code].title])),
    brands: BRAND_CODES.map((code) => ({ code, name: BRAND_TAGS[code].title, tagId: BRAND_TAGS[code].id })),
    supportPhone: "+1 800 555 0142",
    supportEmail: "trade.support@example.com",
    supportHours: pick(SUPPORT_HOURS, locale),
    translationRestrictedToRegistration: true,
    hiddenPhoneCountries: [...HIDDEN_PHONE_COUNTRIES],
    sanctionedCountries: [...SANCTIONED_COUNTRIES],
    defaultLocale: "en_us",
    languages: LOCALES.map((code) => ({ code, label: LANGUAGE_LABELS[code] })),
  };
  return { modified: GLOBAL_MODIFIED, items: [settings], fields: settings };
};
