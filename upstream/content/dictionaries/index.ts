import type { Locale, PageHandler } from "../types";
import { de_de } from "./de_de";
import { en_us, type Dictionaries } from "./en_us";
import { es_xn } from "./es_xn";
import { fr_fr } from "./fr_fr";
import { it_it } from "./it_it";
import { zh_cn } from "./zh_cn";

export const DICTIONARY_NAMES = ["registration", "application"] as const;
export type DictionaryName = (typeof DICTIONARY_NAMES)[number];

export const DICTIONARIES_MODIFIED = "2026-02-16T00:00:00.000Z";

export const DICTIONARIES: Record<Locale, Dictionaries> = { en_us, fr_fr, de_de, it_it, es_xn, zh_cn };

function isDictionaryName(value: string): value is DictionaryName {
  return (DICTIONARY_NAMES as readonly string[]).includes(value);
}

/**
 * `dictionary?name=registration|application` (or `dictionary/{name}`): the texts as `items`
 * `[{key, value}]` (in the English key order) and as an `entries` object `{key: value}`.
 */
export const dictionaryPage: PageHandler = ({ locale, extra, query }) => {
  if (extra.length > 1) return undefined;
  const name = (extra[0] ?? query("name") ?? "").trim().toLowerCase();
  if (!isDictionaryName(name)) return undefined;
  const entries: Record<string, string> = DICTIONARIES[locale][name];
  const items = Object.keys(en_us[name]).map((key) => ({ key, value: entries[key] ?? "" }));
  return { modified: DICTIONARIES_MODIFIED, items, fields: { name, entries: { ...entries } } };
};
