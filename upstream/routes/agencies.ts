import countries from "i18n-iso-countries";
import { Hono } from "hono";
import { z } from "zod";
import type { Db } from "../db/database";
import {
  cityLocation,
  findAgency,
  findAgencyByAbta,
  findAgencyByPhone,
  insertAgency,
  insertAgent,
  knownCurrencies,
  nextAgencyId,
  nextAgentId,
  type AgencyRow,
} from "../db/registration";
import { requireAuth } from "../lib/auth";
import type { AppEnv, Deps } from "../lib/context";
import { assertNotSanctioned, currencyFor, reportingOfficeFor, toAlpha3 } from "../lib/countries";
import { ApiError, invalidRequest, ok, readBody } from "../lib/errors";
import { abtaNumber, alpha2Country, e164Phone, emailAddress, languageCode, optional, text } from "../lib/fields";
import { readNewPassword } from "../lib/password-policy";
import { hashPassword } from "../lib/passwords";
import { administers, callerOf, forbidden, mayReadAgency } from "../lib/roles";
import { EMAIL_CHANNELS, VERIFIED_CODE_MAX_AGE_MS, takeVerifiedCode } from "../lib/verification";
import { assertEmailUnused, registrationErrors } from "./agents";
import { notFound } from "./catalogue";

const contact = z.object({
  firstName: text(50),
  lastName: text(50),
  emailAddress,
  mobilePhone: optional(e164Phone),
  jobTitle: optional(text(80)),
  agencyRole: z.enum(["owner", "agent", "assistant"]),
});

const BUSINESS_MODELS = ["storefront", "home-based", "online", "corporate"] as const;
const iataNumber = z
  .string()
  .trim()
  .regex(/^[0-9]{8}$/, "must be 8 digits");
const cliaNumber = z
  .string()
  .trim()
  .regex(/^[0-9]{1,12}$/, "must be up to 12 digits");

const webAddress = text(200).regex(/^(https?:\/\/)?[^\s/.]+(\.[^\s/.]+)+(\/\S*)?$/i, "must be a web address");

const agencyBody = z
  .object({
    agencyName: text(100),
    countryCode: alpha2Country,
    addressLine: text(200),
    city: text(80),
    zipCode: text(12),
    telephoneNumber: e164Phone,
    abtaNumber: optional(abtaNumber),
    iataNumber: optional(iataNumber),
    cliaNumber: optional(cliaNumber),
    webAddress: optional(webAddress),
    agencyBusinessModel: z.enum(BUSINESS_MODELS),
    consortialOrHost: z.boolean(),
    consortialOrHostName: optional(text(100)),
    contact,
    encryptedPassword: text(4096),
    mailValidationToken: text(200),
    salesAgreementAccepted: z.literal(true),
    salesAgreementVersion: text(64),
    languageCode,
  })
  .superRefine((body, ctx) => {
    if (body.consortialOrHost && body.consortialOrHostName === undefined) {
      ctx.addIssue({
        code: "custom",
        path: ["consortialOrHostName"],
        message: "is required when consortialOrHost is true",
      });
    }
  });
type AgencyBody = z.infer<typeof agencyBody>;

const agencyExists = () =>
  new ApiError(
    409,
    "AGENCY_ALREADY_EXISTS",
    "An agency with this phone number or ABTA number is already registered. Ask its administrator to add you.",
  );

/** Throws 409 AGENCY_ALREADY_EXISTS when an agency already has the phone number or the ABTA number. */
function assertNewAgency(db: Db, body: AgencyBody): void {
  const existing =
    findAgencyByPhone(db, body.telephoneNumber) ??
    (body.abtaNumber === undefined ? undefined : findAgencyByAbta(db, body.abtaNumber));
  if (existing) throw agencyExists();
}

/** Blank and null both clear an optional field. */
const clearable = <S extends z.ZodType>(schema: S) =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? null : value),
    schema.nullable().optional(),
  );

/** What `PUT /agencies/{agencyId}` may change; anything else is refused, not ignored. */
const AGENCY_FIELDS = [
  "name",
  "addressLine",
  "city",
  "zipCode",
  "countryCode",
  "telephoneNumber",
  "abtaNumber",
  "iataNumber",
  "cliaNumber",
  "webAddress",
  "agencyBusinessModel",
] as const;

const agencyUpdateBody = z
  .strictObject({
    name: text(100).optional(),
    addressLine: text(200).optional(),
    city: text(80).optional(),
    zipCode: text(12).optional(),
    // Alpha-2 or alpha-3, any case; only the agency's own country is accepted (see agencyChange).
    countryCode: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2,3}$/, "must be an ISO 3166-1 country code")
      .optional(),
    telephoneNumber: e164Phone.optional(),
    abtaNumber: clearable(abtaNumber),
    iataNumber: clearable(iataNumber),
    cliaNumber: clearable(cliaNumber),
    webAddress: clearable(webAddress),
    agencyBusinessModel: z.enum(BUSINESS_MODELS).optional(),
    version: z.number().int().min(1),
  })
  .refine((body) => AGENCY_FIELDS.some((field) => body[field] !== undefined), "must change at least one field");
type AgencyUpdate = z.infer<typeof agencyUpdateBody>;

/** The agency's registration record (`details` JSON); `{}` for the demo agencies. */
function detailsOf(agency: AgencyRow): Record<string, unknown> {
  if (!agency.details) return {};
  try {
    const parsed: unknown = JSON.parse(agency.details);
    return parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

const textOrNull = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);

/** What `GET /agencies/{agencyId}` answers (docs/agency-contract.md); `countryCode` alpha-3, as agency-lookup. */
export function agencyView(agency: AgencyRow) {
  const details = detailsOf(agency);
  return {
    agencyId: agency.agency_id,
    name: agency.name,
    addressLine: textOrNull(details.addressLine),
    city: agency.city,
    zipCode: textOrNull(details.zipCode),
    countryCode: agency.country_code,
    telephoneNumber: agency.phone,
    abtaNumber: agency.abta_number,
    iataNumber: textOrNull(details.iataNumber),
    cliaNumber: textOrNull(details.cliaNumber),
    webAddress: textOrNull(details.webAddress),
    agencyBusinessModel: textOrNull(details.agencyBusinessModel),
    version: agency.version,
  };
}

const staleAgency = () =>
  new ApiError(
    409,
    "STALE_AGENCY",
    "The agency's details were changed elsewhere since you opened them. Nothing was saved: reload them and try again.",
  );

/**
 * The agency update, inside one transaction: version, country, the phone and ABTA numbers no other agency
 * has, then the change (columns and `details`) and the new version.
 */
function updateAgency(db: Db, agencyId: string, body: AgencyUpdate): void {
  const agency = findAgency(db, agencyId);
  if (!agency) throw notFound(`There is no agency ${agencyId}.`);
  if (agency.version !== body.version) throw staleAgency();
  if (body.countryCode !== undefined) {
    const alpha3 = body.countryCode.length === 2 ? countries.alpha2ToAlpha3(body.countryCode) : body.countryCode;
    if (alpha3 !== agency.country_code) {
      throw invalidRequest(
        "The request is not valid. countryCode: an agency's country cannot be changed here; contact trade support.",
      );
    }
  }
  const takenBy = (other: AgencyRow | undefined) => other !== undefined && other.agency_id !== agencyId;
  if (body.telephoneNumber !== undefined && takenBy(findAgencyByPhone(db, body.telephoneNumber))) throw agencyExists();
  if (body.abtaNumber && takenBy(findAgencyByAbta(db, body.abtaNumber))) throw agencyExists();

  const detailChanges: Record<string, unknown> = {};
  for (const field of [
    "addressLine",
    "zipCode",
    "iataNumber",
    "cliaNumber",
    "webAddress",
    "agencyBusinessModel",
  ] as const) {
    if (body[field] !== undefined) detailChanges[field] = body[field];
  }
  const details =
    Object.keys(detailChanges).length === 0
      ? agency.details
      : JSON.stringify({ ...detailsOf(agency), ...detailChanges });
  const changed = db
    .prepare(
      `UPDATE agencies SET name = ?, city = ?, phone = ?, abta_number = ?, details = ?, version = version + 1
       WHERE agency_id = ? AND version = ?`,
    )
    .run(
      body.name ?? agency.name,
      body.city ?? agency.city,
      body.telephoneNumber ?? agency.phone,
      body.abtaNumber === undefined ? agency.abta_number : body.abtaNumber,
      details,
      agencyId,
      body.version,
    );
  if (changed.changes !== 1) throw staleAgency();
}

/** The registration fields without a column, kept as the agency's `details` JSON. */
function agencyDetails(body: AgencyBody, acceptedAt: number): Record<string, unknown> {
  return {
    countryCode: body.countryCode,
    addressLine: body.addressLine,
    zipCode: body.zipCode,
    iataNumber: body.iataNumber ?? null,
    cliaNumber: body.cliaNumber ?? null,
    webAddress: body.webAddress ?? null,
    agencyBusinessModel: body.agencyBusinessModel,
    consortialOrHost: body.consortialOrHost,
    consortialOrHostName: body.consortialOrHost ? (body.consortialOrHostName ?? null) : null,
    salesAgreement: { version: body.salesAgreementVersion, acceptedAt: new Date(acceptedAt).toISOString() },
    languageCode: body.languageCode ?? null,
  };
}

/**
 * The agency registration, checks in the documented order. Runs inside one transaction: the code's use,
 * the agency and its administrator are written together or not at all.
 */
function registerAgency(deps: Deps, body: AgencyBody): { agencyId: string; agentId: string; username: string } {
  const { db } = deps;
  const person = body.contact;
  assertNotSanctioned(body.countryCode);
  assertEmailUnused(db, person.emailAddress);
  assertNewAgency(db, body);
  const password = readNewPassword(deps.keys, body.encryptedPassword, {
    firstName: person.firstName,
    lastName: person.lastName,
    email: person.emailAddress,
  });

  const agencyId = nextAgencyId(db);
  const agentId = nextAgentId(db);
  const code = takeVerifiedCode(deps, body.mailValidationToken, {
    purposes: ["register_agency_verification"],
    channels: EMAIL_CHANNELS,
    recipient: person.emailAddress,
    maxAgeMs: VERIFIED_CODE_MAX_AGE_MS,
    usedFor: `agency:${agencyId}`,
  });
  if (!code) throw registrationErrors.emailNotVerified();

  const now = deps.clock();
  const countryCode = toAlpha3(body.countryCode);
  const reportingOfficeCode = reportingOfficeFor(countryCode);
  insertAgency(db, {
    agencyId,
    name: body.agencyName,
    countryCode,
    reportingOfficeCode,
    city: body.city,
    phone: body.telephoneNumber,
    abtaNumber: body.abtaNumber ?? null,
    details: agencyDetails(body, now),
    createdAt: now,
  });
  insertAgent(db, {
    agentId,
    username: person.emailAddress,
    passwordHash: hashPassword(password),
    agencyId,
    roleCode: "ADMIN",
    firstName: person.firstName,
    lastName: person.lastName,
    email: person.emailAddress,
    countryCode,
    reportingOfficeCode,
    mobilePhone: person.mobilePhone ?? null,
    registration: {
      jobTitle: person.jobTitle ?? null,
      agencyRole: person.agencyRole,
      languageCode: body.languageCode ?? null,
    },
    currencies: [currencyFor(body.countryCode, knownCurrencies(db))],
    location: cityLocation(body.city, countryCode),
    createdAt: now,
  });
  return { agencyId, agentId, username: person.emailAddress };
}

/**
 * `POST /agencies/register` (no token): a new agency and its administrator. `GET /agencies/{agencyId}`
 * (its agents and super users) and `PUT /agencies/{agencyId}` (its ADMIN and RCCLADMIN), bearer.
 */
export function agencyRoutes(deps: Deps) {
  const { db } = deps;
  const r = new Hono<AppEnv>();

  r.post("/register", async (c) => {
    const body = await readBody(c, agencyBody);
    return ok(c, deps.db.transaction(() => registerAgency(deps, body))(), 201);
  });

  const readAgency = (agencyId: string) => {
    const agency = findAgency(db, agencyId);
    if (!agency) throw notFound(`There is no agency ${agencyId}.`);
    return agencyView(agency);
  };

  r.get("/:agencyId", requireAuth(deps), (c) => {
    const agencyId = c.req.param("agencyId");
    if (!mayReadAgency(callerOf(c, db), agencyId)) throw forbidden("You can only see your own agency.");
    return ok(c, readAgency(agencyId));
  });

  r.put("/:agencyId", requireAuth(deps), async (c) => {
    const agencyId = c.req.param("agencyId");
    if (!administers(callerOf(c, db), agencyId)) {
      throw forbidden("Only the agency's administrators can change its details.");
    }
    const body = await readBody(c, agencyUpdateBody);
    db.transaction(() => updateAgency(db, agencyId, body))();
    return ok(c, readAgency(agencyId));
  });

  return r;
}
