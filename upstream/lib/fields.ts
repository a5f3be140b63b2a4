import countries from "i18n-iso-countries";
import { z } from "zod";
import { normalizeRecipient } from "./otp";

/** What `/otp/generate` accepts as an e-mail address and as a phone number. */
export const EMAIL_PATTERN = /^\S+@\S+\.\S+$/;
export const PHONE_PATTERN = /^\+?[0-9][0-9 ().-]{5,24}$/;

/** A phone number as `/otp/generate` checks it: the pattern and 6 to 15 digits. */
export function isPhoneNumber(value: string): boolean {
  const digits = value.replace(/[^0-9]/g, "").length;
  return PHONE_PATTERN.test(value) && digits >= 6 && digits <= 15;
}

/** Trimmed text of 1 to `max` characters. */
export const text = (max: number) => z.string().trim().min(1).max(max);

/** Absent, null and blank all mean "not given": the portal sends whichever its form holds. */
const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === "string" && value.trim() === "") ? undefined : value;

/** Optional version of a field schema; absent, null or blank read as undefined. */
export const optional = <S extends z.ZodType>(schema: S) => z.preprocess(blankToUndefined, schema.optional());

/** An e-mail address, trimmed and lower-cased (addresses compare lower-case everywhere). */
export const emailAddress = z
  .string()
  .trim()
  .max(254)
  .regex(EMAIL_PATTERN, "must be an e-mail address")
  .transform((value) => value.toLowerCase());

/**
 * An E.164 phone number, stored normalised: '+' and 6 to 15 digits. Spaces, dots, dashes and brackets
 * are dropped, so "+1 (305) 555-0142" and "+13055550142" are the same number.
 */
export const e164Phone = z
  .string()
  .trim()
  .max(32)
  .refine(isPhoneNumber, "must be a phone number")
  .transform((value) => normalizeRecipient("sms", value))
  .refine((value) => /^\+[0-9]{6,15}$/.test(value), "must be in international format (+ and the country code)");

/** An ISO 3166-1 alpha-2 country code in any case, answered upper-case. */
export const alpha2Country = z
  .string()
  .trim()
  .toUpperCase()
  .refine(
    (value) => /^[A-Z]{2}$/.test(value) && countries.isValid(value),
    "must be an ISO 3166-1 alpha-2 country code",
  );

/** An ABTA number as agencies register it: a letter and four digits, answered upper-case. */
export const abtaNumber = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z][0-9]{4}$/, "must be a letter and four digits");

/** The language of the messages asked for: accepted and kept with the code or the account (messages are English for now). */
export const languageCode = optional(z.string().trim().max(16));
