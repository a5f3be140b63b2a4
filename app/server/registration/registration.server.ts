import { data } from "@remix-run/node";
import type { Locale } from "~/domain/language";
import { translator, type Translate } from "~/domain/translate";
import { getOptionalContent, globalSchema } from "~/server/clients/content.server";
import { dictionary } from "~/server/shell/dictionary.server";
import { UpstreamError } from "~/server/infra/http.server";
import { TOO_MANY_CODES, tooManyCodesWait } from "~/domain/upstream-refusals";
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

/** What a failed call answered: the upstream's error body (a 429's wait from its Retry-After). */
export type UpstreamFailure = { errorCode?: string; remainingAttempts?: number; retryAfterSeconds?: number };

/**
 * The upstream's error body of a failed call, or undefined (down, slow, malformed: no code). An HTTP
 * 429 is too many codes asked for whatever code it carries (domain/upstream-refusals).
 */
export function upstreamFailure(error: unknown): UpstreamFailure | undefined {
  if (!(error instanceof UpstreamError)) throw error;
  if (error.failure !== "http") return undefined;
  return error.status === 429 ? { ...error.body, errorCode: TOO_MANY_CODES } : error.body;
}

/**
 * The status a form answers a failed call with: too many codes asked for is the upstream's 429, passed
 * on with a Retry-After of the wait its message names (issue 38); anything else `status` (400: the
 * form's error).
 */
export function failureInit(
  failure: UpstreamFailure | undefined,
  status = 400,
  headers: Record<string, string> = {},
): ResponseInit {
  if (failure?.errorCode !== TOO_MANY_CODES) return { status, headers };
  const wait = tooManyCodesWait(failure.retryAfterSeconds);
  return { status: 429, headers: { ...headers, "Retry-After": String(wait) } };
}
