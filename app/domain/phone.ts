import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js";

/**
 * A telephone number as the portal shows it (docs/style-guide.md, "Phone numbers"): grouped the way
 * its country writes it, with the country's calling code, "+1 305 555 0101", "+44 20 7946 0958". A
 * number with a "+" is read on its own; a national one with its country's two-letter code. A number
 * that does not parse is shown as it was given (never lost, never an error).
 *
 * libphonenumber-js weighs about 150 kB: call this in loaders and server-only code, never in a
 * component that the browser runs, so its metadata stays out of the bundle.
 */
export function formatPhone(number: string | null | undefined, country?: string | null): string {
  const typed = (number ?? "").trim();
  if (!typed) return "";
  const region = country && /^[A-Za-z]{2}$/.test(country) ? (country.toUpperCase() as CountryCode) : undefined;
  try {
    const parsed = parsePhoneNumberFromString(typed, region);
    return parsed?.isPossible() ? parsed.formatInternational() : typed;
  } catch {
    return typed;
  }
}
