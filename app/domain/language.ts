/** The portal's languages; en_us is the default. */
export const LOCALES = ["en_us", "fr_fr", "de_de", "it_it", "es_xn", "zh_cn"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en_us";

/** How each language is named in the switcher: in itself (es_xn is labelled Portuguese-Brazil). */
export const LOCALE_LABELS: Record<Locale, string> = {
  en_us: "English",
  fr_fr: "Français",
  de_de: "Deutsch",
  it_it: "Italiano",
  es_xn: "Português (Brasil)",
  zh_cn: "中文（简体）",
};

/** The value of <html lang> for a locale. */
export const HTML_LANG: Record<Locale, string> = {
  en_us: "en-US",
  fr_fr: "fr-FR",
  de_de: "de-DE",
  it_it: "it-IT",
  es_xn: "pt-BR",
  zh_cn: "zh-CN",
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** An unknown or missing value (a tampered cookie) falls back to the default. */
export function toLocale(value: unknown): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

/** The agent registration routes, where translation stays on when the feature flag restricts it. */
export function isAgentRegistration(pathname: string): boolean {
  return pathname === "/register" || pathname === "/register/stepper";
}

/**
 * The translation feature flag: when on, only the agent registration routes are translated;
 * every other page shows the default language.
 */
export function effectiveLocale(pathname: string, chosen: Locale, restrictedToRegistration: boolean): Locale {
  return translatesPage(pathname, restrictedToRegistration) ? chosen : DEFAULT_LOCALE;
}

/**
 * Whether the chosen language changes this page at all. The language switcher shows only where it
 * does: everywhere when the flag is off, only on the agent registration routes when it is on.
 */
export function translatesPage(pathname: string, restrictedToRegistration: boolean): boolean {
  return !restrictedToRegistration || isAgentRegistration(pathname);
}
