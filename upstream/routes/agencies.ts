import { Hono } from "hono";
import { z } from "zod";
import type { Db } from "../db/index";
import {
  cityLocation,
  findAgencyByAbta,
  findAgencyByPhone,
  insertAgency,
  insertAgent,
  knownCurrencies,
  nextAgencyId,
  nextAgentId,
} from "../db/registration";
import type { AppEnv, Deps } from "../lib/context";
import { assertNotSanctioned, currencyFor, reportingOfficeFor, toAlpha3 } from "../lib/countries";
import { ApiError, ok, readBody } from "../lib/errors";
import { abtaNumber, alpha2Country, e164Phone, emailAddress, languageCode, optional, text } from "../lib/fields";
import { readNewPassword } from "../lib/password-policy";
import { hashPassword } from "../lib/passwords";
import { EMAIL_CHANNELS, VERIFIED_CODE_MAX_AGE_MS, takeVerifiedCode } from "../lib/verification";
import { assertEmailUnused, registrationErrors } from "./agents";

const contact = z.object({
  firstName: text(50),
  lastName: text(50),
  emailAddress,
  mobilePhone: optional(e164Phone),
  jobTitle: optional(text(80)),
  agencyRole: z.enum(["owner", "agent", "assistant"]),
});

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
    iataNumber: optional(
      z
        .string()
        .trim()
        .regex(/^[0-9]{8}$/, "must be 8 digits"),
    ),
    cliaNumber: optional(
      z
        .string()
        .trim()
        .regex(/^[0-9]{1,12}$/, "must be up to 12 digits"),
    ),
    webAddress: optional(webAddress),
    agencyBusinessModel: z.enum(["storefront", "home-based", "online", "corporate"]),
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

/** Throws 409 AGENCY_ALREADY_EXISTS when an agency already has the phone number or the ABTA number. */
function assertNewAgency(db: Db, body: AgencyBody): void {
  const existing =
    findAgencyByPhone(db, body.telephoneNumber) ??
    (body.abtaNumber === undefined ? undefined : findAgencyByAbta(db, body.abtaNumber));
  if (existing) {
    throw new ApiError(
      409,
      "AGENCY_ALREADY_EXISTS",
      "An agency with this phone number or ABTA number is already registered. Ask its administrator to add you.",
    );
  }
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

/** `POST /agencies/register` (no token): a new agency and its administrator. */
export function agencyRoutes(deps: Deps) {
  const r = new Hono<AppEnv>();

  r.post("/register", async (c) => {
    const body = await readBody(c, agencyBody);
    return ok(c, deps.db.transaction(() => registerAgency(deps, body))(), 201);
  });

  return r;
}
