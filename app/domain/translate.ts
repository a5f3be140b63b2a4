/**
 * Texts of a dictionary (registration, application) looked up by key. Form schemas use the
 * keys as their messages, so one schema serves every language: the page translates the key.
 */
export type Translate = (key: string, ...values: Array<string | number>) => string;

/** A translator over `texts`; `{}` placeholders are filled in order; an unknown key reads as itself. */
export function translator(texts: Readonly<Record<string, string>>): Translate {
  return (key, ...values) => {
    const text = texts[key] ?? key;
    if (values.length === 0) return text;
    let i = 0;
    return text.replace(/\{\}/g, () => String(values[i++] ?? ""));
  };
}

/** Field errors are dictionary keys (or already-written text from the upstream): translate each. */
export function translateErrors(t: Translate, errors: readonly string[] | undefined | null): string[] | undefined {
  return errors?.length ? errors.map((e) => t(e)) : undefined;
}

/** Select or radio options from a value-to-dictionary-key map. */
export const optionsOf = (t: Translate, map: Readonly<Record<string, string>>) =>
  Object.entries(map).map(([value, key]) => ({ value, label: t(key) }));
