import { z } from "zod";
import type { ItemValue } from "./edit-items";
import { LOCALES, LOCALE_LABELS } from "./language";
import { REGIONS, SPECIALIZATIONS, YEARS_IN_INDUSTRY, valuesOf } from "./registration";
import { codeField, phoneCountryField, phoneNumberField } from "./registration-forms";

/**
 * The groups of fields on the profile pages, each an edit item: its fields,
 * the zod schema a Save is checked with, how it reads from the agent's details and what it sends
 * in PUT /agents/{id}. Values are kept as strings in the item state (lists comma-joined, flags
 * "true"/"false"), as a form holds them.
 */
export const UPDATE_FAILED = "Error updating agent information";
export const STALE_ITEM =
  "This section was changed elsewhere since you opened it. What is saved now is shown above your change: save again to replace it, or cancel.";

type Details = {
  firstName: string;
  lastName: string;
  jobTitle: string | null;
  yearsIndustry: string | null;
  specializations: string[];
  regions: string[];
  cliaAgentId: string | null;
  homeBasedAgent: boolean;
  espressoLanguage: string | null;
  emailPreference: boolean;
  mobilePreference: boolean;
  mobilePhone: string | null;
};

const flag = (on: boolean) => (on ? "true" : "false");
const checkbox = z
  .union([z.literal("true"), z.literal("on"), z.literal("")])
  .optional()
  .transform((v) => v === "true" || v === "on");
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((v) => v || null);

export const PROFILE_ITEMS = {
  name: {
    title: "Name",
    read: (d: Details): ItemValue => ({ firstName: d.firstName, lastName: d.lastName }),
    schema: z.object({
      firstName: z.string().trim().min(1, "Enter your first name.").max(50, "Use at most 50 characters."),
      lastName: z.string().trim().min(1, "Enter your last name.").max(50, "Use at most 50 characters."),
    }),
  },
  work: {
    title: "Your work",
    read: (d: Details): ItemValue => ({
      jobTitle: d.jobTitle ?? "",
      yearsIndustry: d.yearsIndustry ?? "",
      homeBasedAgent: flag(d.homeBasedAgent),
    }),
    schema: z.object({
      jobTitle: optionalText(80, "Use at most 80 characters."),
      yearsIndustry: z
        .union([z.enum(YEARS_IN_INDUSTRY), z.literal("")], { error: "Choose how long you have been in the industry." })
        .optional()
        .transform((v) => v || null),
      homeBasedAgent: checkbox,
    }),
  },
  specialities: {
    title: "Specialisations and regions",
    read: (d: Details): ItemValue => ({
      specialization1: d.specializations[0] ?? "",
      specialization2: d.specializations[1] ?? "",
      specialization3: d.specializations[2] ?? "",
      regions: d.regions.join(","),
    }),
    schema: z
      .object({
        specialization1: z.union([z.enum(valuesOf(SPECIALIZATIONS)), z.literal("")]).optional(),
        specialization2: z.union([z.enum(valuesOf(SPECIALIZATIONS)), z.literal("")]).optional(),
        specialization3: z.union([z.enum(valuesOf(SPECIALIZATIONS)), z.literal("")]).optional(),
        regions: z.array(z.enum(valuesOf(REGIONS)), { error: "Choose regions from the list." }).default([]),
      })
      .superRefine((v, ctx) => {
        const chosen = [v.specialization1, v.specialization2, v.specialization3];
        chosen.forEach((s, i) => {
          if (s && chosen.indexOf(s) !== i) {
            ctx.addIssue({
              code: "custom",
              path: [`specialization${i + 1}`],
              message: "Choose each specialisation once.",
            });
          }
        });
      })
      .transform((v) => ({
        specializations: [v.specialization1, v.specialization2, v.specialization3].filter((s) => !!s) as string[],
        regions: [...new Set(v.regions)],
      })),
  },
  clia: {
    title: "CLIA number",
    read: (d: Details): ItemValue => ({ cliaAgentId: d.cliaAgentId ?? "" }),
    schema: z.object({
      cliaAgentId: z
        .string()
        .trim()
        .regex(/^\d{0,12}$/, "A CLIA number has up to 12 digits.")
        .optional()
        .transform((v) => v || null),
    }),
  },
  emails: {
    title: "E-mail",
    read: (d: Details): ItemValue => ({
      emailPreference: flag(d.emailPreference),
      espressoLanguage: d.espressoLanguage ?? "en_us",
    }),
    schema: z.object({
      emailPreference: checkbox,
      espressoLanguage: z.enum(LOCALES, { error: "Choose a language from the list." }),
    }),
  },
  mobile: {
    title: "Mobile number",
    /**
     * A change is verified by a code texted to the new number, as in registration (mobile.server.ts).
     * The upstream holds E.164; the server shows it as its country and national number (readItem).
     * Messages are keys of the `registration` dictionary, as registration's.
     */
    read: (d: Details): ItemValue => ({ telephoneCountryCode: "", mobilePhone: d.mobilePhone ?? "" }),
    schema: z.object({ telephoneCountryCode: phoneCountryField, mobilePhone: phoneNumberField }),
  },
  texts: {
    title: "Text messages",
    read: (d: Details): ItemValue => ({ mobilePreference: flag(d.mobilePreference) }),
    schema: z.object({ mobilePreference: checkbox }),
  },
} as const;

export type ProfileItemId = keyof typeof PROFILE_ITEMS;
export const isProfileItem = (id: string): id is ProfileItemId => Object.hasOwn(PROFILE_ITEMS, id);

/** The items of each profile page, in order. */
export const PAGE_ITEMS = {
  "/profile/info": ["name", "work", "specialities", "clia"],
  "/profile/communications": ["emails", "mobile", "texts"],
} as const satisfies Record<string, readonly ProfileItemId[]>;

export const LANGUAGE_OPTIONS = LOCALES.map((value) => ({ value, label: LOCALE_LABELS[value] }));

/** Reads a posted item: the fields it names (a list field as every value posted), checked by its schema. */
export function parseItem(id: ProfileItemId, form: FormData) {
  const raw: Record<string, unknown> = {};
  for (const key of new Set(form.keys())) raw[key] = key === "regions" ? form.getAll(key) : form.get(key);
  return PROFILE_ITEMS[id].schema.safeParse(raw);
}

/** A posted item's typed values as the item state holds them (kept on failure). */
export function typedValue(id: ProfileItemId, form: FormData): ItemValue {
  const fields = Object.keys(PROFILE_ITEMS[id].read(EMPTY_DETAILS));
  return Object.fromEntries(
    fields.map((field) => [
      field,
      field === "regions"
        ? form.getAll(field).map(String).join(",")
        : field === "homeBasedAgent" || field.endsWith("Preference")
          ? flag(form.get(field) === "true" || form.get(field) === "on")
          : String(form.get(field) ?? "").slice(0, 200),
    ]),
  );
}

const EMPTY_DETAILS: Details = {
  firstName: "",
  lastName: "",
  jobTitle: null,
  yearsIndustry: null,
  specializations: [],
  regions: [],
  cliaAgentId: null,
  homeBasedAgent: false,
  espressoLanguage: null,
  emailPreference: false,
  mobilePreference: false,
  mobilePhone: null,
};

/** The code texted to a new mobile number (registration's code field). */
export const MobileCodeSchema = z.object({ code: codeField });

/**
 * The texts of the mobile number's change, as registration says them: keys of the `registration`
 * dictionary with its English wording, for when the content service cannot be read.
 */
export const MOBILE_TEXTS = {
  fieldTelephoneCountryCode: "Country code",
  fieldMobilePhone: "Mobile phone number",
  hintMobilePhone: "We use it to send verification codes and urgent booking updates.",
  otpSentSms: "We sent a 6-digit code by text message to {}.",
  otpLabel: "Verification code",
  otpHint: "The code expires in 10 minutes.",
  otpVerify: "Verify",
  otpResend: "Send a new code",
  otpResent: "We sent you a new code.",
  otpWaitResend: "You can ask for a new code in {} seconds.",
  otpInvalid: "This code is not correct. You have {} attempts left.",
  otpInvalidOneLeft: "This code is not correct. You have 1 attempt left.",
  otpInvalidNoCount: "This code is not correct.",
  otpExpired: "This code has expired. Send yourself a new one.",
  otpUsed: "This code has already been used. Send yourself a new one.",
  otpTooManyAttempts: "Too many incorrect attempts. Send yourself a new code.",
  otpRateLimited: "You have asked for too many codes. Wait a few minutes and try again.",
  errorPhoneNotVerified: "Verify your mobile phone number with the code we sent before you continue.",
  errorInvalidPhone: "Enter a valid phone number.",
  errorInvalidCode: "Enter the 6-digit code.",
  errorRequired: "This field is required.",
  errorTooLong: "This is too long.",
  errorServiceUnavailable: "Service unavailable, please try again later",
  errorGeneric: "Something went wrong. Please try again.",
} as const;

/** The texts the page itself shows (the rest are the server's messages). */
export const MOBILE_PAGE_TEXTS = [
  "fieldTelephoneCountryCode",
  "fieldMobilePhone",
  "hintMobilePhone",
  "otpSentSms",
  "otpLabel",
  "otpHint",
  "otpVerify",
  "otpResend",
  "otpResent",
  "otpWaitResend",
] as const satisfies ReadonlyArray<keyof typeof MOBILE_TEXTS>;

/**
 * A mobile number as the page shows it: the calling code of its country (the phone country list
 * names it, "United States (+1)") before the national number; "Not given" without a number.
 */
export function phoneDisplay(
  countries: ReadonlyArray<{ value: string; label: string }>,
  value: { telephoneCountryCode?: string; mobilePhone?: string },
): string {
  const number = (value.mobilePhone ?? "").trim();
  if (!number) return "Not given";
  if (number.startsWith("+")) return number;
  const label = countries.find((c) => c.value === value.telephoneCountryCode)?.label ?? "";
  const calling = /\(\+(\d+)\)$/.exec(label)?.[1];
  return calling ? `+${calling} ${number}` : number;
}
