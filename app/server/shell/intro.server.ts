import type { Locale } from "~/domain/language";
import { screenKey } from "~/domain/screens";
import { getOptionalContent, introSchema } from "~/server/clients/content.server";
import { sanitizeContentHtml } from "~/server/infra/html.server";

/** A screen's short introduction from the content service, sanitised; null when there is none. */
export async function screenIntro(pathname: string, locale: Locale) {
  const key = screenKey(pathname)?.replace(/\/\*$/, "");
  if (!key) return null;
  const intro = await getOptionalContent(`intro${key}`, { locale, schema: introSchema });
  return intro ? { title: intro.title, html: sanitizeContentHtml(intro.html) } : null;
}
