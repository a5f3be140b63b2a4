import type { Locale } from "~/domain/language";
import { dictionarySchema, getOptionalContent } from "~/server/clients/content.server";

export type DictionaryName = "registration" | "application";
export type Texts = Record<string, string>;

/**
 * A dictionary's texts in `locale` (the dictionaries: registration, application). A failed read
 * gives an empty set: callers keep their English defaults, so a content outage never blanks a page.
 */
export async function dictionary(name: DictionaryName, locale: Locale): Promise<Texts> {
  const result = await getOptionalContent("dictionary", { locale, filters: { name }, schema: dictionarySchema });
  return result?.entries ?? {};
}

/** texts[key], or the English default the component names. */
export const text = (texts: Texts, key: string, fallback: string) => texts[key] ?? fallback;
