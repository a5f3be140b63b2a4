import { z } from "zod";
import { CURRENCY_MESSAGES } from "~/domain/currency";
import { cachedRead } from "~/server/infra/cache.server";
import { env } from "~/server/infra/env.server";
import { requestJson, UpstreamError } from "~/server/infra/http.server";
import { WidgetError } from "~/server/clients/weather.server";

/**
 * The exchange-rate service: GET /api/forex?base=, a list whose first item
 * holds the rates. The widget api key, the upstream timeout, a zod check, and an hour in the cache
 * per base.
 */
export const FOREX_CACHE = { ttl: 60 * 60_000, staleWhileRevalidate: 60 * 60_000 } as const;

export const forexSchema = z.array(
  z.object({
    base: z.string(),
    date: z.string(),
    rates: z.record(z.string(), z.number().positive()),
  }),
);
export type ForexItem = z.infer<typeof forexSchema>[number];

/** 'Failed to fetch forex data' plus the cause. */
export function forexFailure(cause: string): string {
  return `${CURRENCY_MESSAGES.failed}: ${cause}`;
}

export function forexError(error: unknown, base: string): WidgetError {
  if (error instanceof WidgetError) return error;
  if (error instanceof UpstreamError) {
    if (error.failure === "http" && error.status === 404) {
      return new WidgetError(404, forexFailure(`the rates service does not know the currency ${base}.`));
    }
    const cause = {
      timeout: "the rates service did not answer in time.",
      unavailable: "the rates service could not be reached.",
      malformed: "the rates service's answer could not be read.",
      http: `the rates service answered with status ${error.status ?? "unknown"}.`,
    }[error.failure];
    return new WidgetError(502, forexFailure(cause));
  }
  return new WidgetError(502, forexFailure("the rates could not be read."));
}

/** The service's list for this base; throws a WidgetError (404 unknown base, 502 otherwise). */
export async function fetchRates(base: string): Promise<ForexItem[]> {
  try {
    return await cachedRead({
      key: `forex:${base}`,
      ...FOREX_CACHE,
      schema: forexSchema as z.ZodType<ForexItem[]>,
      getFreshValue: () =>
        requestJson({
          service: "forex",
          baseUrl: env.FOREX_API_URL,
          path: `/api/forex?${new URLSearchParams({ base })}`,
          headers: { "x-api-key": env.WIDGET_API_KEY },
          schema: forexSchema,
        }),
    });
  } catch (error) {
    throw forexError(error, base);
  }
}
