import { z } from "zod";
import type { Locale } from "~/domain/language";
import { getOptionalContent } from "~/server/clients/content.server";
import { sanitizeContentHtml } from "~/server/infra/html.server";

const agreementSchema = z.object({ title: z.string(), modified: z.string(), html: z.string() });

/**
 * The agency sales agreement from the content service (`agreements/sales-agreement`), sanitised;
 * its `modified` date is the version an agency accepts. Null when the service cannot give it.
 */
export async function salesAgreement(locale: Locale) {
  const page = await getOptionalContent("agreements/sales-agreement", { locale, schema: agreementSchema });
  return page ? { ...page, html: sanitizeContentHtml(page.html) } : null;
}
