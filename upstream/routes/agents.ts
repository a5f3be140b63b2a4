import { Hono } from "hono";
import { z } from "zod";
import { LOCALES } from "../content/types";
import { buildProfile, findAgentById } from "../db/agents";
import {
  agencyDefaults,
  findAgency,
  findAgencyByAbta,
  findAgencyByPhone,
  insertAgent,
  isEmailTaken,
  nextAgentId,
  type AgencyRow,
} from "../db/registration";
import type { Db } from "../db/index";
import { requireAuth } from "../lib/auth";
import type { AppEnv, Deps } from "../lib/context";
import { assertNotSanctioned } from "../lib/countries";
import { ApiError, invalidToken, ok, readBody } from "../lib/errors";
import { alpha2Country, e164Phone, emailAddress, languageCode, optional, text } from "../lib/fields";
import { issueOtp } from "../lib/otp";
import { readNewPassword } from "../lib/password-policy";
import { hashPassword } from "../lib/passwords";
import { EMAIL_CHANNELS, VERIFIED_CODE_MAX_AGE_MS, takeVerifiedCode } from "../lib/verification";

export const registrationErrors = {
  agencyNotFound: () =>
    new ApiError(
      404,
      "AGENCY_NOT_FOUND",
      "We could not find an agency with these details. Please check them and try again.",
    ),
  emailExists: () =>
    new ApiError(
      409,
      "EMAIL_ALREADY_EXISTS",
      "An account with this e-mail address already exists. Sign in or recover your username.",
    ),
  emailNotVerified: () =>
    new ApiError(
      400,
      "EMAIL_NOT_VERIFIED",
      "The e-mail address has not been verified. Please verify it and try again.",
    ),
  phoneNotVerified: () =>
    new ApiError(
      400,
      "PHONE_NOT_VERIFIED",
      "The mobile phone number has not been verified. Please verify it and try again.",
    ),
  forbidden: () => new ApiError(403, "FORBIDDEN", "You can only change your own profile."),
};

/** Throws 409 EMAIL_ALREADY_EXISTS when an account has the address (as e-mail or username). */
export function assertEmailUnused(db: Db, email: string): void {
  if (isEmailTaken(db, email)) throw registrationErrors.emailExists();
}

/** An ABTA number as the look-ups take it: letters and digits in any case (only registration checks the format). */
const lookupAbta = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{1,20}$/, "must be letters and digits");

const lookupBody = z.discriminatedUnion("identificationType", [
  z.object({ identificationType: z.literal("phone"), telephoneNumber: e164Phone }),
  z.object({ identificationType: z.literal("abta"), abtaNumber: lookupAbta }),
]);

const emailVerificationBody = z.object({
  email: emailAddress,
  agencyPhoneNumber: optional(e164Phone),
  agencyAbtaNumber: optional(lookupAbta),
  languageCode,
});

const notificationBody = z.object({
  recipient: emailAddress,
  channel: z.literal("email_otp"),
  purpose: z.literal("email_verification_otp"),
  languageCode,
});

const MFA_CHANNELS = ["EMAIL", "SMS"] as const;
const espressoLanguage = z.enum(LOCALES);
const specialization = text(50);

const registerBody = z.object({
  agencyId: text(20),
  firstName: text(50),
  lastName: text(50),
  emailAddress,
  encryptedPassword: text(4096),
  mobilePhone: e164Phone,
  telephoneCountryCode: alpha2Country,
  countryCode: alpha2Country,
  zipCode: text(12),
  cliaAgentId: optional(text(20)),
  colonialID: optional(text(20)),
  jobTitle: text(80),
  yearsIndustry: text(20),
  specialization1: specialization,
  specialization2: optional(specialization),
  specialization3: optional(specialization),
  regions: z.array(text(50)).min(1).max(12),
  promotionBrand: optional(z.enum(["R", "C", "V"])),
  homeBasedAgent: z.boolean(),
  agencyRole: optional(text(50)),
  agencyBusinessModel: optional(text(50)),
  espressoLanguage,
  emailPreference: z.boolean(),
  mobilePreference: z.boolean(),
  acceptTermsConditions: z.literal(true),
  acceptTravelAgentGuideliness: z.literal(true),
  primaryMFA: z.enum(MFA_CHANNELS),
  secondaryMFA: optional(z.enum(MFA_CHANNELS)),
  identificationType: z.enum(["phone", "abta"]),
  mailValidationToken: text(200),
  telephoneValidationToken: text(200),
});
type RegisterBody = z.infer<typeof registerBody>;

/** What an agent may change in their own profile; anything else is refused, not ignored. */
const updateBody = z
  .strictObject({
    firstName: text(50),
    lastName: text(50),
    mobilePhone: e164Phone,
    jobTitle: text(80),
    espressoLanguage,
    emailPreference: z.boolean(),
    mobilePreference: z.boolean(),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, "must change at least one field");
type UpdateBody = z.infer<typeof updateBody>;

type AgencyAnswer = { agencyId: string; agencyName: string; city: string; countryCode: string };
const agencyAnswer = (agency: AgencyRow): AgencyAnswer => ({
  agencyId: agency.agency_id,
  agencyName: agency.name,
  city: agency.city,
  countryCode: agency.country_code,
});

/** Checks every identifier given names an agency (404 AGENCY_NOT_FOUND); answers the first found. */
function assertAgencyExists(db: Db, ids: { phone?: string; abta?: string }): AgencyRow | undefined {
  const byPhone = ids.phone === undefined ? undefined : findAgencyByPhone(db, ids.phone);
  const byAbta = ids.abta === undefined ? undefined : findAgencyByAbta(db, ids.abta);
  if ((ids.phone !== undefined && !byPhone) || (ids.abta !== undefined && !byAbta))
    throw registrationErrors.agencyNotFound();
  return byPhone ?? byAbta;
}

/**
 * The registration, checks in the documented order. Runs inside one transaction: the codes' uses, the
 * agent and everything it owns are written together or not at all.
 */
function registerAgent(deps: Deps, body: RegisterBody): { agentId: string; username: string } {
  const { db } = deps;
  assertNotSanctioned(body.countryCode, body.telephoneCountryCode);
  const agency = findAgency(db, body.agencyId);
  if (!agency) throw registrationErrors.agencyNotFound();
  assertEmailUnused(db, body.emailAddress);
  const password = readNewPassword(deps.keys, body.encryptedPassword, {
    firstName: body.firstName,
    lastName: body.lastName,
    email: body.emailAddress,
  });

  const agentId = nextAgentId(db);
  const usedFor = `agent:${agentId}`;
  const mailCode = takeVerifiedCode(deps, body.mailValidationToken, {
    purposes: ["register_agent_verification", "email_verification_otp"],
    channels: EMAIL_CHANNELS,
    recipient: body.emailAddress,
    maxAgeMs: VERIFIED_CODE_MAX_AGE_MS,
    usedFor,
  });
  if (!mailCode) throw registrationErrors.emailNotVerified();
  const phoneCode = takeVerifiedCode(deps, body.telephoneValidationToken, {
    purposes: ["phone_verification"],
    channels: ["sms"],
    recipient: body.mobilePhone,
    maxAgeMs: VERIFIED_CODE_MAX_AGE_MS,
    usedFor,
  });
  if (!phoneCode) throw registrationErrors.phoneNotVerified();

  const defaults = agencyDefaults(db, agency);
  insertAgent(db, {
    agentId,
    username: body.emailAddress,
    passwordHash: hashPassword(password),
    agencyId: agency.agency_id,
    roleCode: "AGENT",
    firstName: body.firstName,
    lastName: body.lastName,
    email: body.emailAddress,
    countryCode: agency.country_code,
    reportingOfficeCode: agency.reporting_office_code,
    mobilePhone: body.mobilePhone,
    registration: draftFields(body),
    currencies: defaults.currencies,
    location: defaults.location,
    createdAt: deps.clock(),
  });
  return { agentId, username: body.emailAddress };
}

/**
 * The registration fields without a column, kept as the agent's `registration` JSON. Listed one by one
 * so the password and the codes can never end up there; the acceptances are legal_acceptances rows.
 */
function draftFields(body: RegisterBody): Record<string, unknown> {
  return {
    telephoneCountryCode: body.telephoneCountryCode,
    countryCode: body.countryCode,
    zipCode: body.zipCode,
    cliaAgentId: body.cliaAgentId ?? null,
    colonialID: body.colonialID ?? null,
    jobTitle: body.jobTitle,
    yearsIndustry: body.yearsIndustry,
    specialization1: body.specialization1,
    specialization2: body.specialization2 ?? null,
    specialization3: body.specialization3 ?? null,
    regions: body.regions,
    promotionBrand: body.promotionBrand ?? null,
    homeBasedAgent: body.homeBasedAgent,
    agencyRole: body.agencyRole ?? null,
    agencyBusinessModel: body.agencyBusinessModel ?? null,
    espressoLanguage: body.espressoLanguage,
    emailPreference: body.emailPreference,
    mobilePreference: body.mobilePreference,
    primaryMFA: body.primaryMFA,
    secondaryMFA: body.secondaryMFA ?? null,
    identificationType: body.identificationType,
  };
}

/** Names and the mobile have columns; the other editable fields live in the registration JSON. */
function updateAgent(db: Db, agentId: string, body: UpdateBody): void {
  const agent = findAgentById(db, agentId);
  if (!agent) throw invalidToken();
  const { firstName, lastName, mobilePhone, ...changedDraft } = body;
  const registration =
    Object.keys(changedDraft).length === 0
      ? agent.registration
      : JSON.stringify({ ...(agent.registration ? (JSON.parse(agent.registration) as object) : {}), ...changedDraft });
  db.prepare(
    "UPDATE agents SET first_name = ?, last_name = ?, mobile_phone = ?, registration = ? WHERE agent_id = ?",
  ).run(
    firstName ?? agent.first_name,
    lastName ?? agent.last_name,
    mobilePhone ?? agent.mobile_phone,
    registration,
    agentId,
  );
}

/**
 * Agent registration (`/agents/agency-lookup`, `/agent-email-verification`, `/send-notification`,
 * `/register`, no token) and the agent's own profile update (`PUT /agents/{id}`, bearer). Mounted on
 * `/agents` beside the legal-acceptance routes; each route carries its own guard.
 */
export function agentRoutes(deps: Deps) {
  const { db } = deps;
  const r = new Hono<AppEnv>();

  r.post("/agency-lookup", async (c) => {
    const body = await readBody(c, lookupBody);
    const agency =
      body.identificationType === "phone"
        ? findAgencyByPhone(db, body.telephoneNumber)
        : findAgencyByAbta(db, body.abtaNumber);
    if (!agency) throw registrationErrors.agencyNotFound();
    return ok(c, agencyAnswer(agency));
  });

  /** Sends the registration code to a new address, naming the agency the agent will join if given. */
  r.post("/agent-email-verification", async (c) => {
    const body = await readBody(c, emailVerificationBody);
    assertEmailUnused(db, body.email);
    const agency = assertAgencyExists(db, { phone: body.agencyPhoneNumber, abta: body.agencyAbtaNumber });
    const { token } = issueOtp(
      deps,
      {
        recipient: body.email,
        channel: "email_otp",
        purpose: "register_agent_verification",
        metadata: { agencyId: agency?.agency_id ?? null, languageCode: body.languageCode ?? null },
      },
      { enforceRateLimit: true },
    );
    return ok(c, { success: true, token });
  });

  r.post("/send-notification", async (c) => {
    const body = await readBody(c, notificationBody);
    const { token } = issueOtp(
      deps,
      {
        recipient: body.recipient,
        channel: body.channel,
        purpose: body.purpose,
        metadata: { languageCode: body.languageCode ?? null },
      },
      { enforceRateLimit: true },
    );
    return ok(c, { success: true, token });
  });

  r.post("/register", async (c) => {
    const body = await readBody(c, registerBody);
    return ok(c, db.transaction(() => registerAgent(deps, body))(), 201);
  });

  r.put("/:id", requireAuth(deps), async (c) => {
    const { agentId } = c.var.auth;
    if (c.req.param("id") !== agentId) throw registrationErrors.forbidden();
    const body = await readBody(c, updateBody);
    updateAgent(db, agentId, body);
    const agent = findAgentById(db, agentId);
    if (!agent) throw invalidToken();
    return ok(c, buildProfile(db, agent));
  });

  return r;
}
