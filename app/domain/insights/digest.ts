import { z } from "zod";
import { ALERT_TYPE_NAMES, CONCRETE_ALERT_TYPES, isConcreteAlertType, type ConcreteAlertType } from "./alerts";
import { ENROLMENTS, ENROLMENT_NAMES, type Enrolment } from "./lists";

/**
 * The booking-alert digest e-mails (/insights/set-up-automated-emails; the partner-insight
 * contract's "Digest e-mails"): the form's one schema, shared by conform in the browser and the
 * action, and the words the settings and the unsubscribe page are shown in.
 */

/** How often the digest goes out (the contract's frequencies). */
export const DIGEST_FREQUENCIES = ["DAILY", "WEEKLY"] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];

/** What the digest sends: the settings the agent chooses. */
export type DigestSettings = {
  enabled: boolean;
  frequency: DigestFrequency;
  alertTypes: ConcreteAlertType[];
  enrolment: Enrolment;
  /** The e-mails also list the bookings with a price drop (app/domain/insights/price-drop.ts). */
  priceDrops: boolean;
};

/** The contract's defaults: off, weekly, every type, every booking. */
export const DIGEST_DEFAULTS: DigestSettings = {
  enabled: false,
  frequency: "WEEKLY",
  alertTypes: [...CONCRETE_ALERT_TYPES],
  enrolment: "ALL",
  priceDrops: false,
};

/** The upstream's schedule: daily at 06:00 UTC (the next 10 days), weekly on Monday (the next 30). */
export const FREQUENCY_NAMES: Record<DigestFrequency, string> = {
  DAILY: "Daily, every morning at 06:00 UTC: alerts due in the next 10 days",
  WEEKLY: "Weekly, on Monday mornings at 06:00 UTC: alerts due in the next 30 days",
};
/** The frequency inside a sentence ("the weekly booking-alert e-mails"). */
export const FREQUENCY_WORDS: Record<DigestFrequency, string> = { DAILY: "daily", WEEKLY: "weekly" };

export const DIGEST_MESSAGES = {
  enabled: "Tick the box to receive the e-mails, or leave it empty to stop them.",
  frequency: "Choose daily or weekly.",
  alertTypes: "Choose alert types from the list.",
  noAlertType: "Choose at least one alert type to e-mail, or turn the e-mails off.",
  enrolment: "Choose which bookings the e-mails cover.",
  priceDrops: "Tick the box to list price drops too, or leave it empty.",
} as const;

/** What the automated e-mails page says about reading and saving the settings. */
export const DIGEST_NOTICES = {
  saved: "Your e-mail settings are saved.",
  notRead:
    "Your e-mail settings cannot be read just now: booking insights are unavailable. Please try again in a few minutes.",
  notSaved:
    "Your e-mail settings could not be saved: booking insights are unavailable just now. Your choices are kept below; please try again in a few minutes.",
  notAccepted:
    "Your e-mail settings could not be saved: the booking insights service did not accept them. Please check your choices and try again.",
} as const;

/**
 * The form: `enabled` is a checkbox (absent is off), `frequency` and `enrolment` radios (absent is
 * the contract's default), `alertTypes` checkboxes. Anything else is refused with a message: a value
 * no control offers means the page was tampered with or is out of date. Repeated types are kept once,
 * in the contract's order. At least one type when the e-mails are on.
 */
export const DigestSchema = z
  .object({
    enabled: z.boolean({ error: DIGEST_MESSAGES.enabled }).optional().default(false),
    frequency: z.enum(DIGEST_FREQUENCIES, { error: DIGEST_MESSAGES.frequency }).optional().default("WEEKLY"),
    alertTypes: z
      .array(z.string(), { error: DIGEST_MESSAGES.alertTypes })
      .max(CONCRETE_ALERT_TYPES.length * 2, DIGEST_MESSAGES.alertTypes)
      .optional()
      .default([])
      .refine((types) => types.every(isConcreteAlertType), DIGEST_MESSAGES.alertTypes)
      .transform((types) => CONCRETE_ALERT_TYPES.filter((type) => types.includes(type))),
    enrolment: z.enum(ENROLMENTS, { error: DIGEST_MESSAGES.enrolment }).optional().default("ALL"),
    priceDrops: z.boolean({ error: DIGEST_MESSAGES.priceDrops }).optional().default(false),
  })
  .superRefine((value, ctx) => {
    if (value.enabled && value.alertTypes.length === 0) {
      ctx.addIssue({ code: "custom", path: ["alertTypes"], message: DIGEST_MESSAGES.noAlertType });
    }
  });
export type DigestForm = z.input<typeof DigestSchema>;

/** The form's controls, filled with saved (or default) settings. */
export function digestFormValues(settings: DigestSettings) {
  return {
    enabled: settings.enabled ? "on" : "",
    frequency: settings.frequency,
    alertTypes: [...settings.alertTypes],
    enrolment: settings.enrolment,
    priceDrops: settings.priceDrops ? "on" : "",
  };
}

export const FREQUENCY_OPTIONS = DIGEST_FREQUENCIES.map((value) => ({ value, label: FREQUENCY_NAMES[value] }));
export const ALERT_TYPE_OPTIONS = CONCRETE_ALERT_TYPES.map((value) => ({ value, label: ALERT_TYPE_NAMES[value] }));
export const ENROLMENT_OPTIONS = ENROLMENTS.map((value) => ({ value, label: ENROLMENT_NAMES[value] }));

/** The settings as the page lists them: term and description. */
export function describeDigest(settings: DigestSettings): Array<[string, string]> {
  if (!settings.enabled) return [["E-mails", "Off"]];
  const types = settings.alertTypes.map((type) => ALERT_TYPE_NAMES[type]).join(", ") || "None";
  return [
    ["E-mails", `On, ${FREQUENCY_WORDS[settings.frequency]}`],
    ["Alert types", types],
    ["Bookings", ENROLMENT_NAMES[settings.enrolment]],
    ["Price drops", settings.priceDrops ? "Listed too" : "Not listed"],
  ];
}

/** A digest e-mail's unsubscribe link: who it stops, as the insight API shows it (the address masked). */
export type DigestSubscriptionView = { email: string; frequency: DigestFrequency; enabled: boolean };

/** The link's token as it may be sent on; whether it is good is the insight API's to say. */
export const UnsubscribeSchema = z.object({
  token: z
    .string()
    .trim()
    .min(1)
    .max(2048)
    .regex(/^[\x21-\x7e]+$/),
});

export const UNSUBSCRIBE_TEXT = {
  heading: "Booking-alert e-mails",
  invalid: "This unsubscribe link is not valid.",
  unavailable:
    "The e-mails cannot be stopped just now: the service is unavailable. Please open the link again in a few minutes.",
  settingsLink: "Sign in to change your e-mail settings",
  button: "Stop these e-mails",
} as const;

const emails = (s: DigestSubscriptionView) => `${FREQUENCY_WORDS[s.frequency]} booking-alert e-mails`;
/** What the unsubscribe page asks, says when the e-mails are already off, and says once they are. */
export const unsubscribeQuestion = (s: DigestSubscriptionView) => `Stop the ${emails(s)} to ${s.email}?`;
export const alreadyUnsubscribed = (s: DigestSubscriptionView) => `The ${emails(s)} to ${s.email} are already stopped.`;
export const unsubscribed = (s: DigestSubscriptionView) => `You will no longer receive the ${emails(s)} at ${s.email}.`;
