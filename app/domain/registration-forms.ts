import { z } from "zod";
import { LOCALES } from "./language";
import { PASSWORD_MAX, passwordProblems, type PersonalInfo } from "./password";
import {
  AGENCY_ROLES,
  BUSINESS_MODELS,
  EMAIL_PATTERN,
  MFA_CHANNELS,
  REGIONS,
  SPECIALIZATIONS,
  WEB_ADDRESS_PATTERN,
  YEARS_IN_INDUSTRY,
  isSanctioned,
  valuesOf,
} from "./registration";

/**
 * The registration and recovery forms, one schema each, shared by conform in the browser and the
 * actions. Messages are keys of the `registration` dictionary; the page translates them. Checks that
 * need the server (the e-mail is free, the phone number is real, the upstream's verdict) are added
 * by the actions.
 */

const required = { error: "errorRequired" };
const text = (max: number) => z.string(required).trim().min(1, "errorRequired").max(max, "errorTooLong");
const optionalText = (max: number) => z.string().trim().max(max, "errorTooLong").optional();

export const nameField = text(50).regex(/^[\p{L}\p{M}][\p{L}\p{M}' .-]*$/u, "errorInvalidName");
export const emailField = text(254).regex(EMAIL_PATTERN, "errorInvalidEmail");
export const countryField = z
  .string(required)
  .trim()
  .regex(/^[A-Za-z]{2}$/, "errorRequired")
  .transform((code) => code.toUpperCase())
  .refine((code) => !isSanctioned(code), "errorSanctionedCountry");
export const zipField = text(12).regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, "errorInvalidZipCode");
/** The national part of a phone number; the action checks it against the chosen country. */
export const phoneNumberField = text(20).regex(/^\+?[0-9(][0-9 ().-]{3,19}$/, "errorInvalidPhone");
export const phoneCountryField = z
  .string(required)
  .trim()
  .regex(/^[A-Za-z]{2}$/, "errorRequired");
export const abtaField = z
  .string(required)
  .trim()
  .regex(/^[A-Za-z]\d{4}$/, "errorInvalidAbta")
  .transform((value) => value.toUpperCase());
export const codeField = z
  .string(required)
  .trim()
  .regex(/^\d{6}$/, "errorInvalidCode");
const checkbox = z.boolean().optional().default(false);
const mustAccept = (message: string) => z.boolean({ error: message }).refine((v) => v === true, message);

/** A new password and its confirmation; the keys of the broken rules are the password's errors. */
function checkNewPassword(
  value: { password?: string; confirmPassword?: string },
  ctx: z.RefinementCtx,
  personal: PersonalInfo,
  optional: boolean,
) {
  const { password = "", confirmPassword = "" } = value;
  if (optional && password === "" && confirmPassword === "") return;
  if (password === "") {
    ctx.addIssue({ code: "custom", path: ["password"], message: "errorRequired" });
    return;
  }
  const broken = passwordProblems(password, personal);
  if (broken.length) {
    ctx.addIssue({ code: "custom", path: ["password"], message: "errorWeakPassword" });
    for (const rule of broken) ctx.addIssue({ code: "custom", path: ["password"], message: rule });
  }
  if (confirmPassword !== password) {
    ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "errorPasswordsDontMatch" });
  }
}
const passwordField = z.string().max(PASSWORD_MAX, "passwordRuleLength").optional();

// ---------- agent registration ----------

/** /register: find the agency by its phone number (the default) or its ABTA number. */
export const AgencyLookupSchema = z
  .object({
    identificationType: z.enum(["phone", "abta"]).default("phone"),
    telephoneCountryCode: z.string().trim().optional(),
    telephoneNumber: z.string().trim().max(20, "errorTooLong").optional(),
    abtaNumber: z.string().trim().max(5, "errorInvalidAbta").optional(),
  })
  .superRefine((value, ctx) => {
    const check = (schema: z.ZodType, key: keyof typeof value) => {
      const result = schema.safeParse(value[key] ?? "");
      if (!result.success) ctx.addIssue({ code: "custom", path: [key], message: result.error.issues[0]!.message });
    };
    if (value.identificationType === "phone") {
      check(phoneCountryField, "telephoneCountryCode");
      check(phoneNumberField, "telephoneNumber");
    } else {
      check(abtaField, "abtaNumber");
    }
  });

/** Step 1, about you. `passwordSet`: a password was chosen before; empty fields keep it. */
export function aboutYouSchema(options: { passwordSet: boolean }) {
  return z
    .object({
      firstName: nameField,
      lastName: nameField,
      emailAddress: emailField,
      password: passwordField,
      confirmPassword: passwordField,
      countryCode: countryField,
      zipCode: zipField,
    })
    .superRefine((value, ctx) => checkNewPassword(value, ctx, value, options.passwordSet));
}

/** Step 2, contact and verification: codes for the e-mail and the mobile phone, then the MFA choice. */
export const ContactVerificationSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("send-email-code") }),
  z.object({ intent: z.literal("verify-email"), emailCode: codeField }),
  z.object({
    intent: z.literal("send-phone-code"),
    telephoneCountryCode: phoneCountryField,
    mobilePhone: phoneNumberField,
  }),
  z.object({ intent: z.literal("verify-phone"), phoneCode: codeField }),
  z
    .object({
      intent: z.literal("continue"),
      primaryMFA: z.enum(valuesOf(MFA_CHANNELS), required),
      secondaryMFA: z.enum(valuesOf(MFA_CHANNELS)).optional(),
    })
    .refine((v) => v.secondaryMFA === undefined || v.secondaryMFA !== v.primaryMFA, {
      path: ["secondaryMFA"],
      message: "errorSameMfa",
    }),
]);

/** Step 3, professional details. */
export const ProfessionalDetailsSchema = z
  .object({
    cliaAgentId: z
      .string()
      .trim()
      .regex(/^\d{1,12}$/, "errorInvalidCliaId")
      .optional(),
    colonialID: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{1,20}$/, "errorInvalidColonialId")
      .optional(),
    jobTitle: text(80),
    yearsIndustry: z.enum(YEARS_IN_INDUSTRY, required),
    specialization1: z.enum(valuesOf(SPECIALIZATIONS), required),
    specialization2: z.enum(valuesOf(SPECIALIZATIONS)).optional(),
    specialization3: z.enum(valuesOf(SPECIALIZATIONS)).optional(),
    regions: z.array(z.enum(valuesOf(REGIONS)), { error: "errorChooseRegion" }).min(1, "errorChooseRegion"),
    promotionBrand: z.enum(["R", "C", "V"]).optional(),
    homeBasedAgent: checkbox,
    agencyRole: z.enum(valuesOf(AGENCY_ROLES)).optional(),
  })
  .superRefine((value, ctx) => {
    const chosen = [value.specialization1, value.specialization2, value.specialization3];
    chosen.forEach((s, i) => {
      if (s !== undefined && chosen.indexOf(s) !== i) {
        ctx.addIssue({ code: "custom", path: [`specialization${i + 1}`], message: "errorDuplicateSpecialization" });
      }
    });
  });

/** Step 4, preferences and legal. */
export const PreferencesLegalSchema = z.object({
  espressoLanguage: z.enum(LOCALES).default("en_us"),
  emailPreference: checkbox,
  mobilePreference: checkbox,
  acceptTermsConditions: mustAccept("errorTermsRequired"),
  acceptTravelAgentGuideliness: mustAccept("errorGuidelinesRequired"),
});

// ---------- agency registration ----------

/** Agency step 1, agency details: the agency and the identifiers it is known by. */
export const AgencyDetailsSchema = z.object({
  agencyName: text(100),
  countryCode: countryField,
  addressLine: text(100),
  city: text(60),
  zipCode: zipField,
  telephoneCountryCode: phoneCountryField,
  telephoneNumber: phoneNumberField,
  abtaNumber: z
    .string()
    .trim()
    .regex(/^[A-Za-z]\d{4}$/, "errorInvalidAbta")
    .transform((v) => v.toUpperCase())
    .optional(),
  iataNumber: z
    .string()
    .trim()
    .regex(/^\d{8}$/, "errorInvalidIata")
    .optional(),
  cliaNumber: z
    .string()
    .trim()
    .regex(/^\d{1,12}$/, "errorInvalidCliaId")
    .optional(),
  webAddress: z
    .string()
    .trim()
    .max(200, "errorTooLong")
    .regex(WEB_ADDRESS_PATTERN, "errorInvalidWebAddress")
    .optional(),
});

/** Agency step 2, the primary contact, who becomes the agency's administrator. */
export function agencyContactSchema(options: { passwordSet: boolean }) {
  return z
    .object({
      firstName: nameField,
      lastName: nameField,
      emailAddress: emailField,
      jobTitle: optionalText(80),
      agencyRole: z.enum(valuesOf(AGENCY_ROLES), required),
      mobileCountryCode: z.string().trim().optional(),
      mobilePhone: z
        .string()
        .trim()
        .regex(/^\+?[0-9][0-9 ().-]{3,19}$/, "errorInvalidPhone")
        .optional(),
      password: passwordField,
      confirmPassword: passwordField,
    })
    .superRefine((value, ctx) => checkNewPassword(value, ctx, value, options.passwordSet));
}

/** Agency step 3, business profile. */
export const AgencyBusinessSchema = z
  .object({
    agencyBusinessModel: z.enum(valuesOf(BUSINESS_MODELS), required),
    consortialOrHost: z.enum(["yes", "no"], required),
    consortialOrHostName: optionalText(100),
  })
  .refine((v) => v.consortialOrHost === "no" || !!v.consortialOrHostName, {
    path: ["consortialOrHostName"],
    message: "errorRequired",
  });

/** Agency step 4, the sales agreement. */
export const SalesAgreementSchema = z.object({ salesAgreementAccepted: mustAccept("errorAgreementRequired") });

/** The e-mailed link's page: token and code travel in the link and are posted by a button. */
export const MagicLinkSchema = z.object({
  token: z.string(required).trim().min(1, "verifyLinkInvalid").max(200, "verifyLinkInvalid"),
  otp: z
    .string(required)
    .trim()
    .regex(/^\d{6}$/, "verifyLinkInvalid"),
});

// ---------- recovery ----------

export const ForgotPasswordSchema = z.object({ usernameOrEmail: text(254) });

export const ResetPasswordSchema = z
  .object({ password: passwordField, confirmPassword: passwordField })
  .superRefine((value, ctx) => checkNewPassword(value, ctx, {}, false));

/** /profile/security: the current password, and a new one by registration's rules (not the agent's names). */
export const changePasswordSchema = (personal: PersonalInfo) =>
  z
    .object({
      currentPassword: z
        .string({ error: "errorRequired" })
        .min(1, "errorRequired")
        .max(PASSWORD_MAX, "passwordRuleLength"),
      password: passwordField,
      confirmPassword: passwordField,
    })
    .superRefine((value, ctx) => checkNewPassword(value, ctx, personal, false));

export const ForgotUsernameSchema = z
  .object({
    channel: z.enum(["EMAIL", "SMS"]).default("EMAIL"),
    // Lengths are checked with the chosen channel's fields below (once, not twice).
    emailAddress: z.string().trim().optional(),
    telephoneCountryCode: z.string().trim().optional(),
    mobilePhone: z.string().trim().optional(),
  })
  .superRefine((value, ctx) => {
    const check = (schema: z.ZodType, key: keyof typeof value) => {
      const result = schema.safeParse(value[key] ?? "");
      if (!result.success) ctx.addIssue({ code: "custom", path: [key], message: result.error.issues[0]!.message });
    };
    if (value.channel === "EMAIL") check(emailField, "emailAddress");
    else {
      check(phoneCountryField, "telephoneCountryCode");
      check(phoneNumberField, "mobilePhone");
    }
  });

/** A one-time code page: check the code, or ask for a new one. */
export const CodeSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("verify"), code: codeField }),
  z.object({ intent: z.literal("resend") }),
]);
