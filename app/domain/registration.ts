/**
 * Rules of agent and agency registration: the steps, the stepper states,
 * the sanctioned countries, the specification's patterns and the choices a draft offers.
 */

/**
 * The sanctioned countries that cannot register (ISO alpha-2). The form schemas apply it (the
 * country fields of both registrations); the upstream refuses them again.
 */
export const SANCTIONED_COUNTRIES = ["CU", "RU", "BY", "IR", "KP", "SY", "VE", "SD", "SS"] as const;

export function isSanctioned(countryCode: string): boolean {
  return (SANCTIONED_COUNTRIES as readonly string[]).includes(countryCode.trim().toUpperCase());
}

/** Phone countries in the hidden list are left out of the phone country selector. */
export function phoneCountryChoices<T extends { code: string }>(
  countries: readonly T[],
  hidden: readonly string[],
): T[] {
  const hide = new Set(hidden.map((code) => code.toUpperCase()));
  return countries.filter((country) => !hide.has(country.code.toUpperCase()));
}

/** The e-mail pattern: non-space text, '@', non-space text, '.', non-space text. */
export const EMAIL_PATTERN = /^\S+@\S+\.\S+$/;

/**
 * The web address pattern: optional http or https, domain labels, a top-level domain of at least 2 letters,
 * optional path, query and fragment.
 */
export const WEB_ADDRESS_PATTERN =
  /^(?:https?:\/\/)?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,}(?:\/[^\s?#]*)?(?:\?[^\s#]*)?(?:#\S*)?$/i;

/** Agent registration's steps, by their dictionary keys; /register/stepper?step=1 is the first. */
export const AGENT_STEPS = [
  "stepAboutYou",
  "stepContactVerification",
  "stepProfessionalDetails",
  "stepPreferencesLegal",
] as const;

/** Agency registration's steps (/register-agency/stepper?step=1 …). */
export const AGENCY_STEPS = [
  "agencyStepDetails",
  "agencyStepContact",
  "agencyStepBusiness",
  "agencyStepAgreement",
] as const;

export type StepState = "completed" | "current" | "inactive";

/** Steps before the active one are completed, the active one current, the rest inactive. */
export function stepState(index: number, activeIndex: number): StepState {
  if (index < activeIndex) return "completed";
  return index === activeIndex ? "current" : "inactive";
}

/** Completion fires when the active index reaches the step count. */
export function isStepperComplete(activeIndex: number, stepCount: number): boolean {
  return activeIndex >= stepCount;
}

/**
 * The step a request may show: the asked one (from `?step=`, 1-based), but never past the first
 * step the draft has not finished, so a step posted or opened out of order lands where the agent is.
 */
export function allowedStep(asked: string | null, reached: number, stepCount: number): number {
  const n = Number.parseInt(asked ?? "1", 10);
  const wanted = Number.isFinite(n) && n >= 1 ? Math.min(n, stepCount) : 1;
  return Math.min(wanted, Math.max(1, Math.min(reached, stepCount)));
}

/** Regions an agent sells: the value sent upstream, and the dictionary key of its label. */
export const REGIONS = {
  caribbean: "regionCaribbean",
  "bahamas-bermuda": "regionBahamasBermuda",
  alaska: "regionAlaska",
  europe: "regionEurope",
  asia: "regionAsia",
  "australia-new-zealand": "regionAustraliaNewZealand",
  "south-america": "regionSouthAmerica",
  transatlantic: "regionTransatlantic",
} as const;
export type Region = keyof typeof REGIONS;

/** Specialisations: the value sent upstream, and the dictionary key of its label. */
export const SPECIALIZATIONS = {
  family: "specializationFamily",
  luxury: "specializationLuxury",
  groups: "specializationGroups",
  honeymoon: "specializationHoneymoon",
  expedition: "specializationExpedition",
  accessible: "specializationAccessible",
  corporate: "specializationCorporate",
  "first-time": "specializationFirstTime",
} as const;
export type Specialization = keyof typeof SPECIALIZATIONS;

/** The keys of a value-to-label map, as a tuple zod's enum takes. */
export const valuesOf = <T extends Record<string, string>>(map: T) =>
  Object.keys(map) as [keyof T & string, ...Array<keyof T & string>];

export const YEARS_IN_INDUSTRY = ["0-2", "3-5", "6-10", "11-20", "21+"] as const;

export const AGENCY_ROLES = {
  owner: "agencyRoleOwner",
  agent: "agencyRoleAgent",
  assistant: "agencyRoleAssistant",
} as const;

export const BUSINESS_MODELS = {
  storefront: "businessModelStorefront",
  "home-based": "businessModelHomeBased",
  online: "businessModelOnline",
  corporate: "businessModelCorporate",
} as const;

export const MFA_CHANNELS = { EMAIL: "mfaEmail", SMS: "mfaSms" } as const;
