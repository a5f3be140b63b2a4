import { Form, useLocation } from "@remix-run/react";
import { LOCALES, LOCALE_LABELS, type Locale } from "~/domain/language";

/** A plain form: choose a language, press the button; the page comes back in that language. */
export function LanguageSwitcher({
  current,
  label = "Language",
  submitLabel = "Change",
}: {
  current: Locale;
  label?: string;
  submitLabel?: string;
}) {
  const location = useLocation();
  return (
    <Form method="post" action="/language" className="language-switcher" reloadDocument>
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <label htmlFor="language-select">{label}</label>
      <select id="language-select" name="locale" defaultValue={current}>
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={code.slice(0, 2) === "es" ? "pt-BR" : code.replace("_", "-")}>
            {LOCALE_LABELS[code]}
          </option>
        ))}
      </select>
      <button type="submit" className="button button--secondary">
        {submitLabel}
      </button>
    </Form>
  );
}
