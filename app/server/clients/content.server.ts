import { z } from "zod";
import type { Locale } from "~/domain/language";
import { cachedRead } from "~/server/infra/cache.server";
import { env } from "~/server/infra/env.server";
import { requestJson } from "~/server/infra/http.server";

/** Content is fresh an hour and kept two; the shorter variant 5 and 10 minutes. */
export const CONTENT_CACHE = { ttl: 60 * 60_000, staleWhileRevalidate: 60 * 60_000 } as const;
export const SHORT_CONTENT_CACHE = { ttl: 5 * 60_000, staleWhileRevalidate: 5 * 60_000 } as const;

/** Content requests lower-case the country, office and role filters. */
export type ContentFilters = Partial<
  Record<"country" | "office" | "role" | "brand" | "ship" | "name" | "active", string>
>;
const LOWER_CASED = new Set(["country", "office", "role"]);

export function contentQuery(locale: Locale, filters: ContentFilters = {}): URLSearchParams {
  const query = new URLSearchParams({ locale });
  for (const [key, value] of Object.entries(filters).sort(([a], [b]) => a.localeCompare(b))) {
    if (value === undefined || value === "") continue;
    query.set(key, LOWER_CASED.has(key) ? value.toLowerCase() : value);
  }
  return query;
}

const CONTENT_PATH = "cruising-power";

/**
 * GET {content service}/api/royal/content/cruising-power/{page}?locale&filters, 200 only, the body's
 * `data` checked with `schema`, cached per page, language and filters.
 */
export function getContent<T>(
  page: string,
  options: { locale: Locale; filters?: ContentFilters; schema: z.ZodType<T>; cache?: typeof CONTENT_CACHE },
): Promise<T> {
  const query = contentQuery(options.locale, options.filters);
  const path = `/api/royal/content/${CONTENT_PATH}/${page.replace(/^\/+/, "")}?${query}`;
  return cachedRead({
    key: `content:${path}`,
    ...(options.cache ?? CONTENT_CACHE),
    schema: options.schema,
    getFreshValue: () =>
      requestJson({
        service: "content",
        baseUrl: env.CONTENT_URL,
        path,
        headers: { "edge-cache-tag": `content-${page.split("/")[0]}` },
        acceptStatus: 200,
        schema: z.object({ data: options.schema }).transform((body) => body.data as T),
      }),
  });
}

/** The same read, but a failure becomes null: a missing introduction never breaks its page. */
export async function getOptionalContent<T>(...args: Parameters<typeof getContent<T>>): Promise<T | null> {
  try {
    return await getContent(...args);
  } catch {
    return null;
  }
}

export const introSchema = z.object({ title: z.string(), html: z.string(), htmlLanguage: z.string().optional() });
export const legalSchema = z.object({
  policyType: z.string(),
  title: z.string(),
  modified: z.string(),
  html: z.string(),
  htmlLanguage: z.string().optional(),
});
export const globalSchema = z.object({
  translationRestrictedToRegistration: z.boolean().default(true),
  hiddenPhoneCountries: z.array(z.string()).default([]),
  languages: z.array(z.object({ code: z.string(), label: z.string() })).default([]),
});
export const dictionarySchema = z.object({ entries: z.record(z.string(), z.string()) });
