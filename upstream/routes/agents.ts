import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import { LOCALES } from "../content/types";
import { MFA_CHOICES, YEARS_IN_INDUSTRY, agentDetails, saveDetails, type DetailsChange } from "../db/agent-details";
import { findOpenInvitation, takeInvitation } from "../db/agency-users";
import { findAgentById, markWelcomed, type AgentRow } from "../db/agents";
import {
  agencyDefaults,
  agencyHasAdmin,
  findAgency,
  findAgencyByAbta,
  findAgencyByPhone,
  insertAgent,
  isEmailTaken,
  nextAgentId,
  type AgencyRow,
} from "../db/registration";
import type { Db } from "../db/database";
import { MAX_FAILED_LOGINS } from "../db/seed";
import { requireAuth } from "../lib/auth";
import type { AppEnv, Deps } from "../lib/context";
import { assertNotSanctioned } from "../lib/countries";
import { ApiError, errorBody, invalidRequest, invalidToken, ok, readBody } from "../lib/errors";
import { alpha2Country, e164Phone, emailAddress, languageCode, optional, text } from "../lib/fields";
import { hashToken, issueOtp } from "../lib/otp";
import { assertStrongPassword, decryptPassword, readNewPassword } from "../lib/password-policy";
import { hashPassword, verifyPassword } from "../lib/passwords";
import { MAX_PHOTO_BYTES, PHOTO_TYPES, invalidImage, mediaTypeOf, processPhoto } from "../lib/photos";
import { placeOf } from "../lib/places";
import { activeSignIns, revokeSignIn, revokeSignInsOf } from "../lib/sessions";
import { EMAIL_CHANNELS, VERIFIED_CODE_MAX_AGE_MS, takeVerifiedCode } from "../lib/verification";
import { countWrongPassword } from "./auth";
import { notFound } from "./catalogue";

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
};

export const profileErrors = {
  stale: () =>
    new ApiError(
      409,
      "STALE_PROFILE",
      "Your profile was changed elsewhere since you opened it. Nothing was saved: reload it and try again.",
    ),
  wrongPassword: (remaining: number) =>
    new ApiError(
      400,
      "WRONG_PASSWORD",
      remaining > 0
        ? `The current password is not right. ${remaining} ${remaining === 1 ? "attempt" : "attempts"} remaining.`
        : "The current password is not right. Your account is now locked: reset your password to unlock it.",
      remaining,
    ),
  invitationNotFound: () =>
    new ApiError(
      404,
      "AGENCY_NOT_FOUND",
      "This invitation is not valid or has expired. Ask your agency for a new one.",
    ),
};

/** Throws 409 EMAIL_ALREADY_EXISTS when an account has the address (as e-mail or username). */
/** What the owner of an address is told when a registration names it (in place of a code). */
export const REGISTRATION_ATTEMPT_NOTICE = {
  purpose: "registration_attempt",
  subject: "Someone tried to register with your e-mail address",
  body:
    "Someone started a Professional Portal registration with this e-mail address, which already has an account. " +
    "No code was sent and nothing has changed. If it was you, sign in, or recover your username or password " +
    "from the sign-in page. If it was not you, you can ignore this message.",
};

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
  /** The token of the invitation link the agent came with (`/register?invitation=…`), if any. */
  invitationToken: optional(text(200)),
});
type RegisterBody = z.infer<typeof registerBody>;

/** Trimmed text of up to `max` characters, or null; blank reads as null (the field is cleared). */
const clearable = (max: number) =>
  z.union([z.null(), z.string().trim().max(max)]).transform((value) => (value === null || value === "" ? null : value));

/** A list without repeats, in the order given. */
const distinct = <S extends z.ZodType<string>>(item: S, max: number) =>
  z
    .array(item)
    .max(max)
    .transform((values) => [...new Set(values)]);

/** The fields of the details that change; `telephoneValidationToken` and `version` are not fields. */
const DETAIL_FIELDS = [
  "firstName",
  "lastName",
  "mobilePhone",
  "jobTitle",
  "espressoLanguage",
  "emailPreference",
  "mobilePreference",
  "yearsIndustry",
  "specializations",
  "regions",
  "cliaAgentId",
  "homeBasedAgent",
] as const;

/** What an agent may change in their own details; anything else is refused, not ignored. */
const updateBody = z
  .strictObject({
    firstName: text(50).optional(),
    lastName: text(50).optional(),
    mobilePhone: e164Phone.optional(),
    telephoneValidationToken: text(200).optional(),
    jobTitle: clearable(80).optional(),
    espressoLanguage: espressoLanguage.optional(),
    emailPreference: z.boolean().optional(),
    mobilePreference: z.boolean().optional(),
    yearsIndustry: z.enum(YEARS_IN_INDUSTRY).nullable().optional(),
    specializations: distinct(specialization, 3).optional(),
    regions: distinct(text(50), 12).optional(),
    cliaAgentId: clearable(20).optional(),
    homeBasedAgent: z.boolean().optional(),
    version: z.number().int().min(1),
  })
  .refine((body) => DETAIL_FIELDS.some((field) => body[field] !== undefined), "must change at least one field");
type UpdateBody = z.infer<typeof updateBody>;

const passwordBody = z.object({ encryptedCurrentPassword: text(4096), encryptedPassword: text(4096) });

const mfaBody = z
  .object({ primaryMFA: z.enum(MFA_CHOICES), secondaryMFA: z.enum(MFA_CHOICES).default("NONE") })
  .superRefine((body, ctx) => {
    if (body.primaryMFA === "NONE" && body.secondaryMFA !== "NONE") {
      ctx.addIssue({ code: "custom", path: ["secondaryMFA"], message: "needs a primaryMFA other than NONE" });
    } else if (body.secondaryMFA !== "NONE" && body.secondaryMFA === body.primaryMFA) {
      ctx.addIssue({ code: "custom", path: ["secondaryMFA"], message: "must differ from primaryMFA" });
    }
  });

const invitationLookupBody = z.object({ token: text(200) });

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

  // An agency with an administrator approves its new agents, unless the administrator invited this address.
  const invitation =
    body.invitationToken === undefined
      ? undefined
      : findOpenInvitation(db, hashToken(body.invitationToken), deps.clock());
  const invited =
    invitation !== undefined &&
    invitation.agency_id === agency.agency_id &&
    invitation.email === body.emailAddress &&
    takeInvitation(db, invitation.token_hash, agentId, deps.clock());
  const status = !invited && agencyHasAdmin(db, agency.agency_id) ? "PENDING" : "ACTIVE";

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
    status,
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

/**
 * The change of `PUT /agents/{id}`: names and the mobile have columns; the other fields live in the
 * registration record, under registration's names (`specializations` as `specialization1` to `3`).
 */
function detailsChange(body: UpdateBody): DetailsChange {
  const draft: Record<string, unknown> = {};
  for (const field of [
    "jobTitle",
    "espressoLanguage",
    "emailPreference",
    "mobilePreference",
    "yearsIndustry",
    "regions",
    "cliaAgentId",
    "homeBasedAgent",
  ] as const) {
    if (body[field] !== undefined) draft[field] = body[field];
  }
  if (body.specializations !== undefined) {
    [0, 1, 2].forEach((i) => (draft[`specialization${i + 1}`] = body.specializations?.[i] ?? null));
  }
  return { firstName: body.firstName, lastName: body.lastName, mobilePhone: body.mobilePhone, draft };
}

/**
 * The update, inside one transaction: the version check, the use of the phone code and the change are
 * written together or not at all (a stale version leaves the code usable).
 */
function updateAgent(deps: Deps, agentId: string, body: UpdateBody): void {
  const { db } = deps;
  const agent = findAgentById(db, agentId);
  if (!agent) throw invalidToken();
  if (agent.version !== body.version) throw profileErrors.stale();
  if (body.mobilePhone !== undefined && body.mobilePhone !== agent.mobile_phone) {
    const code =
      body.telephoneValidationToken === undefined
        ? undefined
        : takeVerifiedCode(deps, body.telephoneValidationToken, {
            purposes: ["phone_verification"],
            channels: ["sms"],
            recipient: body.mobilePhone,
            maxAgeMs: VERIFIED_CODE_MAX_AGE_MS,
            usedFor: `mobile:${agentId}`,
          });
    if (!code) throw registrationErrors.phoneNotVerified();
  }
  if (!saveDetails(db, agent, detailsChange(body), body.version)) throw profileErrors.stale();
}

/** The caller's own agent row; another id than the caller's answers 403 FORBIDDEN. */
function ownAgent(c: Context<AppEnv>, db: Db, message: string): AgentRow {
  const { agentId } = c.var.auth;
  if (c.req.param("id") !== agentId) throw new ApiError(403, "FORBIDDEN", message);
  const agent = findAgentById(db, agentId);
  if (!agent) throw invalidToken();
  return agent;
}

/** Re-reads the agent and answers its details. */
function detailsOf(db: Db, agentId: string) {
  const agent = findAgentById(db, agentId);
  if (!agent) throw invalidToken();
  return agentDetails(agent);
}

/** Where an uploaded photo is served (public); `v` changes with every upload, so it can be cached for good. */
export const photoPath = (agentId: string, version: number) => `/agents/${agentId}/photo.jpg?v=${version}`;

/**
 * Agent registration (`/agents/agency-lookup`, `/agent-email-verification`, `/send-notification`,
 * `/register`, `/invitation-lookup`, no token), the agent's photo (`GET /agents/{id}/photo.jpg`, public)
 * and the agent's own details, photo, password, second factor and sign-ins (bearer, own id only). Mounted
 * on `/agents` beside the legal-acceptance routes; each route carries its own guard.
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

  /**
   * Sends the registration code to a new address, naming the agency the agent will join if given. An
   * address an account already has is answered alike (decision 050): a handle whose code is never sent,
   * counted against the same limit, and its owner is told by e-mail that someone tried.
   */
  r.post("/agent-email-verification", async (c) => {
    const body = await readBody(c, emailVerificationBody);
    const agency = assertAgencyExists(db, { phone: body.agencyPhoneNumber, abta: body.agencyAbtaNumber });
    const { token } = issueOtp(
      deps,
      {
        recipient: body.email,
        channel: "email_otp",
        purpose: "register_agent_verification",
        metadata: { agencyId: agency?.agency_id ?? null, languageCode: body.languageCode ?? null },
      },
      { enforceRateLimit: true, instead: isEmailTaken(db, body.email) ? REGISTRATION_ATTEMPT_NOTICE : undefined },
    );
    return ok(c, { success: true, token });
  });

  /** Registration's new e-mail code: a taken address is answered alike here too (decision 050). */
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
      { enforceRateLimit: true, instead: isEmailTaken(db, body.recipient) ? REGISTRATION_ATTEMPT_NOTICE : undefined },
    );
    return ok(c, { success: true, token });
  });

  r.post("/register", async (c) => {
    const body = await readBody(c, registerBody);
    return ok(c, db.transaction(() => registerAgent(deps, body))(), 201);
  });

  /** The agency of an invitation link, as agency-lookup answers it, with the invitation's address and names. */
  r.post("/invitation-lookup", async (c) => {
    const { token } = await readBody(c, invitationLookupBody);
    const invitation = findOpenInvitation(db, hashToken(token), deps.clock());
    const agency = invitation ? findAgency(db, invitation.agency_id) : undefined;
    if (!invitation || !agency) throw profileErrors.invitationNotFound();
    return ok(c, {
      ...agencyAnswer(agency),
      invitation: {
        email: invitation.email,
        firstName: invitation.first_name,
        lastName: invitation.last_name,
        expiresAt: new Date(invitation.expires_at).toISOString(),
      },
    });
  });

  r.get("/:id/details", requireAuth(deps), (c) =>
    ok(c, agentDetails(ownAgent(c, db, "You can only see your own profile."))),
  );

  r.put("/:id", requireAuth(deps), async (c) => {
    const { agent_id: agentId } = ownAgent(c, db, "You can only change your own profile.");
    const body = await readBody(c, updateBody);
    db.transaction(() => updateAgent(deps, agentId, body))();
    return ok(c, detailsOf(db, agentId));
  });

  r.put(
    "/:id/photo",
    requireAuth(deps),
    async (c, next) => {
      ownAgent(c, db, "You can only change your own photo.");
      await next();
    },
    bodyLimit({
      maxSize: MAX_PHOTO_BYTES,
      onError: (c) => c.json(errorBody("PAYLOAD_TOO_LARGE", "The photo is larger than 5 MB."), 413),
    }),
    async (c) => {
      const { agentId } = c.var.auth;
      if (!(PHOTO_TYPES as readonly string[]).includes(mediaTypeOf(c.req.header("content-type")))) {
        throw invalidImage();
      }
      const photo = await processPhoto(new Uint8Array(await c.req.arrayBuffer()));
      db.transaction(() => {
        const agent = findAgentById(db, agentId);
        if (!agent) throw invalidToken();
        const version = agent.version + 1;
        saveDetails(db, agent, { photoPath: photoPath(agentId, version) });
        db.prepare(
          `INSERT INTO agent_photos (agent_id, image, width, height, version, updated_at) VALUES (?, ?, ?, ?, ?, ?)
           ON CONFLICT (agent_id) DO UPDATE SET image = excluded.image, width = excluded.width,
             height = excluded.height, version = excluded.version, updated_at = excluded.updated_at`,
        ).run(agentId, photo.image, photo.width, photo.height, version, deps.clock());
      })();
      return ok(c, detailsOf(db, agentId));
    },
  );

  r.delete("/:id/photo", requireAuth(deps), (c) => {
    const { agent_id: agentId } = ownAgent(c, db, "You can only change your own photo.");
    db.transaction(() => {
      const agent = findAgentById(db, agentId);
      if (!agent) throw invalidToken();
      db.prepare("DELETE FROM agent_photos WHERE agent_id = ?").run(agentId);
      if (agent.photo_path !== null) saveDetails(db, agent, { photoPath: null });
    })();
    return ok(c, detailsOf(db, agentId));
  });

  /** Public, as a profile picture must be for an <img>; `?v=` names the upload (any other value is not cached). */
  r.get("/:id/photo.jpg", (c) => {
    const row = db.prepare("SELECT image, version FROM agent_photos WHERE agent_id = ?").get(c.req.param("id")) as
      { image: Buffer; version: number } | undefined;
    if (!row) throw notFound("This agent has no photo.");
    const current = c.req.query("v") === String(row.version);
    return c.body(new Uint8Array(row.image), 200, {
      "content-type": "image/jpeg",
      "cache-control": current ? "public, max-age=31536000, immutable" : "no-cache",
      "x-content-type-options": "nosniff",
    });
  });

  /**
   * The agent has gone on from the portal's /welcome page (the first sign-in of a new account): the
   * profile's `welcomed` is true from now on. Only the first call records its time; later ones answer it.
   */
  r.post("/:id/welcome", requireAuth(deps), (c) => {
    const { agent_id: agentId } = ownAgent(c, db, "You can only welcome yourself.");
    const at = markWelcomed(db, agentId, deps.clock());
    return ok(c, { welcomed: true, welcomedAt: new Date(at).toISOString() });
  });

  r.put("/:id/password", requireAuth(deps), async (c) => {
    const agent = ownAgent(c, db, "You can only change your own password.");
    const body = await readBody(c, passwordBody);
    const current = decryptPassword(deps.keys, body.encryptedCurrentPassword);
    const next = decryptPassword(deps.keys, body.encryptedPassword);
    if (!(await verifyPassword(current, agent.password_hash))) {
      const counted = countWrongPassword(deps, agent.agent_id);
      if (!counted) throw invalidToken();
      if (counted.locked_at !== null) {
        // Whoever holds this session is guessing: the account locks and every sign-in ends, this one too.
        revokeSignInsOf(db, agent.agent_id, deps.clock());
        throw profileErrors.wrongPassword(0);
      }
      throw profileErrors.wrongPassword(Math.max(MAX_FAILED_LOGINS - counted.failed_attempts, 0));
    }
    assertStrongPassword(next, { firstName: agent.first_name, lastName: agent.last_name, email: agent.email });
    const hash = hashPassword(next);
    db.transaction(() => {
      db.prepare("UPDATE agents SET password_hash = ?, failed_attempts = 0, locked_at = NULL WHERE agent_id = ?").run(
        hash,
        agent.agent_id,
      );
      revokeSignInsOf(db, agent.agent_id, deps.clock(), { keepSid: c.var.auth.sid });
    })();
    return c.body(null, 204);
  });

  r.put("/:id/mfa", requireAuth(deps), async (c) => {
    const { agent_id: agentId } = ownAgent(c, db, "You can only change your own sign-in settings.");
    const body = await readBody(c, mfaBody);
    db.transaction(() => {
      const agent = findAgentById(db, agentId);
      if (!agent) throw invalidToken();
      if ((body.primaryMFA === "SMS" || body.secondaryMFA === "SMS") && !agent.mobile_phone) {
        throw invalidRequest("The request is not valid. SMS needs a mobile phone number in your profile.");
      }
      saveDetails(db, agent, {
        mfaRequired: body.primaryMFA !== "NONE",
        draft: { primaryMFA: body.primaryMFA, secondaryMFA: body.secondaryMFA },
      });
    })();
    return ok(c, detailsOf(db, agentId));
  });

  r.get("/:id/sign-ins", requireAuth(deps), (c) => {
    const { agent_id: agentId } = ownAgent(c, db, "You can only see your own sign-ins.");
    const list = activeSignIns(db, agentId, deps.clock(), deps.config.refreshTokenTtlSeconds);
    return ok(
      c,
      list.map((s) => ({
        signInId: s.signInId,
        method: s.method,
        createdAt: new Date(s.createdAt).toISOString(),
        lastSeenAt: new Date(s.lastSeenAt).toISOString(),
        current: s.sid === c.var.auth.sid,
        userAgent: s.userAgent,
        place: placeOf(s.clientAddress),
      })),
    );
  });

  r.post("/:id/sign-ins/end-others", requireAuth(deps), (c) => {
    const { agent_id: agentId } = ownAgent(c, db, "You can only end your own sign-ins.");
    const now = deps.clock();
    const ended = revokeSignInsOf(db, agentId, now, {
      keepSid: c.var.auth.sid,
      startedAfter: now - deps.config.refreshTokenTtlSeconds * 1000,
    });
    return ok(c, { ended });
  });

  r.delete("/:id/sign-ins/:signInId", requireAuth(deps), (c) => {
    const { agent_id: agentId } = ownAgent(c, db, "You can only end your own sign-ins.");
    const found = activeSignIns(db, agentId, deps.clock(), deps.config.refreshTokenTtlSeconds).find(
      (s) => s.signInId === c.req.param("signInId"),
    );
    if (!found) throw notFound("There is no such active sign-in.");
    revokeSignIn(db, found.sid, deps.clock());
    return c.body(null, 204);
  });

  return r;
}
