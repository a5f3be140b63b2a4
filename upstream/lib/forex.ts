import { z } from "zod";
import { FOREX_SNAPSHOT } from "../data/forex-snapshot";
import { ApiError } from "./errors";
import type { Logger } from "./logger";
import { getJson, providerUnavailable } from "./provider-http";

/** One answer of `GET /api/forex`: units of each currency per 1 `base` (the base itself is 1). */
export type ForexRates = { base: string; date: string; rates: Record<string, number> };

export type ForexProvider = { rates(base: string): Promise<ForexRates> };

export const forexNotFound = () => new ApiError(404, "NOT_FOUND", "There are no rates for this currency.");

/** Rounds to six significant digits. */
export const significant6 = (value: number) => Number(value.toPrecision(6));

const CURRENCY = /^[A-Z]{3}$/;

/** `base`: exactly three upper-case letters (ISO 4217 style, "USD"); anything else answers 404 NOT_FOUND. */
export function parseBase(raw: string | undefined): string {
  const base = raw ?? "";
  if (!CURRENCY.test(base)) throw forexNotFound();
  return base;
}

/**
 * The dated offline snapshot (`upstream/data/forex-snapshot.ts`, USD based). Another base is
 * cross-computed, rates[X] / rates[base], rounded to six significant digits; unknown → 404.
 */
export function snapshotForex(): ForexProvider {
  const usd = FOREX_SNAPSHOT.rates;
  return {
    async rates(base) {
      const divisor = Object.hasOwn(usd, base) ? usd[base] : undefined;
      if (divisor === undefined) throw forexNotFound();
      const rates: Record<string, number> = {};
      for (const [code, rate] of Object.entries(usd)) rates[code] = code === base ? 1 : significant6(rate / divisor);
      return { base, date: FOREX_SNAPSHOT.date, rates };
    },
  };
}

const frankfurterSchema = z.object({
  base: z.string(),
  date: z.string(),
  rates: z.record(z.string(), z.number().refine(Number.isFinite)),
});

/**
 * A Frankfurter-compatible service (`FOREX_PROVIDER=frankfurter`): `GET {FRANKFURTER_URL}/latest?from=BASE`.
 * Its 404 / 422 (a currency it does not have) → 404 NOT_FOUND; a 5xx, garbage → 502, no answer in
 * time → 504 PROVIDER_UNAVAILABLE. The base is added to the rates as 1; rates rounded to six digits.
 */
export function frankfurterForex(options: { url: string; timeoutMs: number; logger: Logger }): ForexProvider {
  return {
    async rates(base) {
      const url = new URL(`${options.url}/latest`);
      url.searchParams.set("from", base);
      const reply = await getJson(url, {
        what: "exchange rates",
        timeoutMs: options.timeoutMs,
        logger: options.logger,
      });
      if (reply.status === 404 || reply.status === 422) throw forexNotFound();
      const parsed = frankfurterSchema.safeParse(reply.body);
      if (reply.status !== 200 || !parsed.success) {
        options.logger.error(
          `exchange rates provider ${url.origin}${url.pathname}: unexpected answer (HTTP ${reply.status})`,
        );
        throw providerUnavailable("exchange rates");
      }
      const rates: Record<string, number> = {};
      for (const [code, rate] of Object.entries(parsed.data.rates)) rates[code] = significant6(rate);
      rates[base] = 1;
      return { base, date: parsed.data.date, rates };
    },
  };
}
