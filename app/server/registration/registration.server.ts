import { data } from "@remix-run/node";
import type { Locale } from "~/domain/language";
import { translator, type Translate } from "~/domain/translate";
import { getOptionalContent, globalSchema } from "~/server/clients/content.server";
import { dictionary } from "~/server/shell/dictionary.server";
import { UpstreamError } from "~/server/infra/http.server";
import { chosenLocale, pageLocale } from "~/server/shell/preferences.server";

/**
 * What every registration and recovery page needs: its language (the chosen one, or English where
 * the translation flag restricts it), the `registration` dictionary and the global settings. The
 * forms cannot be used without their texts, so a missing dictionary is a clear 503 page.
 */
export async function registrationContext(request: Request) {
  const [locale, chosen] = await Promise.all([pageLocale(request), chosenLocale(request)]);
  const [texts, settings] = await Promise.all([
    dictionary("registration", locale),
    getOptionalContent("global", { locale: "en_us", schema: globalSchema }),
  ]);
  if (Object.keys(texts).length === 0) {
    throw data(
      { message: "Registration and account recovery are unavailable right now. Please try again later." },
      { status: 503 },
    );
  }
  return {
    locale: locale as Locale,
    chosen,
    texts,
    t: translator(texts) as Translate,
    hiddenPhoneCountries: settings?.hiddenPhoneCountries ?? [],
  };
}

/** The upstream's error body of a failed call, or undefined (down, slow, malformed: no code). */
export function upstreamFailure(error: unknown): { errorCode?: string; remainingAttempts?: number } | undefined {
  if (!(error instanceof UpstreamError)) throw error;
  return error.failure === "http" ? error.body : undefined;
}
