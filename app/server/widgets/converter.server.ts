import { z } from "zod";
import {
  AMOUNT_MAX,
  AMOUNT_MIN,
  CURRENCY_MESSAGES,
  amountValue,
  convert,
  defaultTarget,
  parseAmount,
  primaryCurrency,
  unknownCurrencyMessage,
  withBase,
} from "~/domain/currency";
import type { PackedOptions } from "~/domain/options-html";
import type { UserProfile } from "~/server/clients/api.server";
import { fetchRates, forexError, forexFailure, type ForexItem } from "~/server/clients/forex.server";
import { currencyChoices, isCurrencyCode } from "~/server/reference/currencies.server";

/** The home page's currency converter: the rates service's answer, offered in the reference list's currencies. */

// The converter's query: the form works without JavaScript.
/** An amount within the bounds (0 to 9,999,999,999.99), decimals allowed; empty is none. */
export const amountSchema = z
  .string()
  .max(64, CURRENCY_MESSAGES.notANumber)
  .transform((raw, ctx) => {
    const parsed = parseAmount(raw);
    if (!parsed.ok) {
      ctx.addIssue({ code: "custom", message: parsed.message, params: { min: AMOUNT_MIN, max: AMOUNT_MAX } });
      return z.NEVER;
    }
    return parsed.value;
  });

export const currencyCodeSchema = z
  .string()
  .trim()
  .max(12)
  .transform((code) => code.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{3}$/));

export type ConverterData =
  | { ok: false; message: string }
  | {
      ok: true;
      base: string;
      date: string;
      rates: Record<string, number>;
      /** Every currency of the reference list that has a rate, packed (domain/options-html): both selects draw from it. */
      options: PackedOptions;
      initial: {
        amount: string;
        toAmount: string;
        from: string;
        to: string;
        errors: { amount?: string; from?: string; to?: string };
      };
    };

/**
 * The currency converter: rates for the agent's primary currency (USD when the profile lists none;
 * 'Primary currency not found' when it lists some but none is primary), and the conversion the
 * no-JavaScript form asked for (?amount=&from=&to=). Never throws.
 */
export async function converterWidget(
  profile: Pick<UserProfile, "currencies">,
  params: URLSearchParams,
): Promise<ConverterData> {
  const primary = primaryCurrency(profile.currencies);
  if (!primary.ok) return { ok: false, message: primary.message };
  let item: ForexItem | undefined;
  try {
    [item] = await fetchRates(primary.code);
  } catch (error) {
    return { ok: false, message: forexError(error, primary.code).message };
  }
  if (!item) return { ok: false, message: forexFailure("the rates service returned no rates.") };

  const base = item.base.toUpperCase() || primary.code;
  const rates = withBase(base, item.rates);
  // The converter offers the currencies of the reference list that have a rate, no others.
  const codes = Object.keys(rates).filter(isCurrencyCode).sort();

  const errors: { amount?: string; from?: string; to?: string } = {};
  const readCode = (name: "from" | "to", fallback: string) => {
    const raw = params.get(name);
    if (raw === null || raw === "") return fallback;
    const parsed = currencyCodeSchema.safeParse(raw);
    if (!parsed.success || rates[parsed.data] === undefined || !isCurrencyCode(parsed.data)) {
      errors[name] = unknownCurrencyMessage(raw.trim());
      return fallback;
    }
    return parsed.data;
  };
  const from = readCode("from", base);
  const to = readCode("to", defaultTarget(from, codes));

  const rawAmount = (params.get("amount") ?? "").slice(0, 64);
  const amount = amountSchema.safeParse(rawAmount);
  let toAmount = "";
  if (!amount.success) errors.amount = amount.error.issues[0]?.message ?? CURRENCY_MESSAGES.notANumber;
  else if (amount.data !== null && !errors.from && !errors.to)
    toAmount = amountValue(convert(amount.data, from, to, rates), to);

  return {
    ok: true,
    base,
    date: item.date,
    rates,
    options: currencyChoices(codes),
    initial: { amount: rawAmount, toAmount, from, to, errors },
  };
}
