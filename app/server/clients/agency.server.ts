import { z } from "zod";
import { authorized, enveloped, type Caller } from "~/server/clients/api.server";
import { env } from "~/server/infra/env.server";
import { requestBytes, UpstreamError } from "~/server/infra/http.server";

/**
 * The main API's agency and profile calls (docs/agency-contract.md): the agent's own
 * details and their update, photo, password, second factor and sign-ins; the agency; and the user
 * management of an agency's agents. The only module that names these paths.
 */

const MFA = ["NONE", "EMAIL", "SMS"] as const;
export type MfaChannel = (typeof MFA)[number];

const detailsSchema = z.object({
  agentId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  mobilePhone: z.string().nullable(),
  jobTitle: z.string().nullable(),
  yearsIndustry: z.string().nullable(),
  specializations: z.array(z.string()),
  regions: z.array(z.string()),
  cliaAgentId: z.string().nullable(),
  homeBasedAgent: z.boolean(),
  espressoLanguage: z.string().nullable(),
  emailPreference: z.boolean(),
  mobilePreference: z.boolean(),
  primaryMFA: z.enum(MFA),
  secondaryMFA: z.enum(MFA),
  photoUrl: z.string().nullable(),
  version: z.number().int(),
});
export type AgentDetails = z.infer<typeof detailsSchema>;

/** The fields PUT /agents/{id} takes, each optional; `version` is the one the form was opened with. */
export type AgentUpdate = Partial<
  Pick<
    AgentDetails,
    | "firstName"
    | "lastName"
    | "jobTitle"
    | "yearsIndustry"
    | "specializations"
    | "regions"
    | "cliaAgentId"
    | "homeBasedAgent"
    | "espressoLanguage"
    | "emailPreference"
    | "mobilePreference"
  >
> & { mobilePhone?: string; telephoneValidationToken?: string; version: number };

const agentPath = (agentId: string, rest = "") => `/agents/${encodeURIComponent(agentId)}${rest}`;

/** The agent's own details, never cached: the profile pages show what was just saved. */
export function getAgentDetails(caller: Caller, agentId: string): Promise<AgentDetails> {
  return authorized(caller, { path: agentPath(agentId, "/details"), schema: enveloped(detailsSchema) });
}

/** PUT /agents/{id}; a stale version is a 409 STALE_PROFILE (nothing saved). */
export function updateAgent(caller: Caller, agentId: string, update: AgentUpdate): Promise<AgentDetails> {
  return authorized(caller, {
    path: agentPath(agentId),
    method: "PUT",
    json: update,
    schema: enveloped(detailsSchema),
  });
}

/**
 * A new photo (JPEG or PNG bytes, at most 5 MB; the upstream resizes it and answers the details with
 * the new `photoUrl`). The body goes as it came: the portal never decodes images.
 */
export function uploadPhoto(
  caller: Caller,
  agentId: string,
  photo: { bytes: ArrayBuffer; contentType: "image/jpeg" | "image/png" },
): Promise<AgentDetails> {
  return authorized(caller, {
    path: agentPath(agentId, "/photo"),
    method: "PUT",
    body: photo.bytes,
    contentType: photo.contentType,
    schema: enveloped(detailsSchema),
    // An upload over a slow hotel connection's uplink is the portal's to the upstream, not the agent's.
    timeoutMs: 20_000,
  });
}

/** Removes the agent's photo (the profile then has no AGENT_HOMEPAGE_PHOTO); answers the details. */
export function removePhoto(caller: Caller, agentId: string): Promise<AgentDetails> {
  return authorized(caller, { path: agentPath(agentId, "/photo"), method: "DELETE", schema: enveloped(detailsSchema) });
}

/** A stored photo is a JPEG of at most 400 × 400; anything much larger is not one. */
const MAX_STORED_PHOTO_BYTES = 2 * 1024 * 1024;

/**
 * An uploaded photo as the upstream serves it (`GET /agents/{id}/photo.jpg?v=`, public), for the
 * portal's own address (the browser never reaches the upstream). Null when the agent has none.
 * `immutable`: `v` names the current upload, so the bytes can be kept for good.
 */
export async function agentPhoto(
  agentId: string,
  version: string,
): Promise<{ bytes: ArrayBuffer; immutable: boolean } | null> {
  const path = `${agentPath(agentId, "/photo.jpg")}?${new URLSearchParams({ v: version })}`;
  try {
    const { bytes, cacheControl } = await requestBytes({
      service: "api",
      baseUrl: env.API_URL,
      path,
      contentType: "image/jpeg",
      maxBytes: MAX_STORED_PHOTO_BYTES,
    });
    return { bytes, immutable: /\bimmutable\b/.test(cacheControl ?? "") };
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) return null;
    throw error;
  }
}

/** An uploaded photo's path at the upstream, as `agentPhotos[].fullPath` and `photoUrl` name it. */
const UPSTREAM_PHOTO = /^\/agents\/([\w-]{1,40})\/photo\.jpg\?v=(\d{1,12})$/;

/**
 * Where the browser loads a photo the profile names: an uploaded one through the portal's
 * `/agent-photos/{id}.jpg?v=` (the upstream is not reachable from the browser, and the CSP allows
 * only this site and https: images); an https: address or a path of this site (the demo's portraits
 * under /images) as it is; anything else is not shown.
 */
export function photoSrc(fullPath: string | null | undefined): string | null {
  if (!fullPath) return null;
  const uploaded = UPSTREAM_PHOTO.exec(fullPath);
  if (uploaded) return `/agent-photos/${uploaded[1]}.jpg?v=${uploaded[2]}`;
  if (/^https:\/\/[^\s"'<>]+$/i.test(fullPath)) return fullPath;
  if (/^\/(?![/\\])[\w./-]+$/.test(fullPath)) return fullPath;
  return null;
}

/** `POST /agents/{id}/welcome`: the agent has gone on from /welcome; later sign-ins skip it. */
export async function markWelcomed(caller: Caller, agentId: string): Promise<void> {
  await authorized(caller, {
    path: agentPath(agentId, "/welcome"),
    method: "POST",
    json: {},
    schema: enveloped(z.object({ welcomed: z.literal(true) })),
  });
}

/** Changes the password (both encrypted as at sign-in); the agent's other sign-ins end. */
export async function changePassword(
  caller: Caller,
  agentId: string,
  passwords: { encryptedCurrentPassword: string; encryptedPassword: string },
): Promise<void> {
  await authorized(caller, { path: agentPath(agentId, "/password"), method: "PUT", json: passwords, schema: null });
}

export function updateMfa(
  caller: Caller,
  agentId: string,
  mfa: { primaryMFA: MfaChannel; secondaryMFA: MfaChannel },
): Promise<AgentDetails> {
  return authorized(caller, {
    path: agentPath(agentId, "/mfa"),
    method: "PUT",
    json: mfa,
    schema: enveloped(detailsSchema),
  });
}

const signInSchema = z.object({
  signInId: z.string(),
  method: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string().nullable(),
  current: z.boolean(),
  /** The browser that signed in and where from, when the upstream kept them (older sign-ins: null). */
  userAgent: z.string().nullable().default(null),
  place: z.string().nullable().default(null),
});
export type SignIn = z.infer<typeof signInSchema>;

/** The agent's active sign-ins, newest first; `current` is this session's. */
export function listSignIns(caller: Caller, agentId: string): Promise<SignIn[]> {
  return authorized(caller, { path: agentPath(agentId, "/sign-ins"), schema: enveloped(z.array(signInSchema)) });
}

export async function endSignIn(caller: Caller, agentId: string, signInId: string): Promise<void> {
  await authorized(caller, {
    path: agentPath(agentId, `/sign-ins/${encodeURIComponent(signInId)}`),
    method: "DELETE",
    schema: null,
  });
}

/** "Sign out everywhere else": every sign-in of the agent but this one ends. */
export function endOtherSignIns(caller: Caller, agentId: string): Promise<number> {
  return authorized(caller, {
    path: agentPath(agentId, "/sign-ins/end-others"),
    method: "POST",
    json: {},
    schema: enveloped(z.object({ ended: z.number().int() })),
  }).then((r) => r.ended);
}

export const agencySchema = z.object({
  agencyId: z.string(),
  name: z.string(),
  addressLine: z.string().nullable(),
  city: z.string().nullable(),
  zipCode: z.string().nullable(),
  countryCode: z.string(),
  telephoneNumber: z.string().nullable(),
  abtaNumber: z.string().nullable(),
  iataNumber: z.string().nullable(),
  cliaNumber: z.string().nullable(),
  webAddress: z.string().nullable(),
  agencyBusinessModel: z.string().nullable(),
  version: z.number().int(),
});
export type Agency = z.infer<typeof agencySchema>;
export type AgencyUpdate = Partial<
  Pick<Agency, "name" | "addressLine" | "city" | "zipCode" | "telephoneNumber" | "webAddress">
> & { version: number };

const agencyPath = (agencyId: string, rest = "") => `/agencies/${encodeURIComponent(agencyId)}${rest}`;

export function getAgency(caller: Caller, agencyId: string): Promise<Agency> {
  return authorized(caller, { path: agencyPath(agencyId), schema: enveloped(agencySchema) });
}

/** The agency's administrator (or RCCLADMIN) changes its details; a stale version is 409 STALE_AGENCY. */
export function updateAgency(caller: Caller, agencyId: string, update: AgencyUpdate): Promise<Agency> {
  return authorized(caller, {
    path: agencyPath(agencyId),
    method: "PUT",
    json: update,
    schema: enveloped(agencySchema),
  });
}

// ---------- user management (ADMIN of the agency, or RCCLADMIN) ----------
export const AGENT_STATUSES = ["PENDING", "ACTIVE", "LOCKED", "DEACTIVATED"] as const;
export type AgentStatus = (typeof AGENT_STATUSES)[number];

export const managedAgentSchema = z.object({
  agentId: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  roleCode: z.string(),
  status: z.enum(AGENT_STATUSES),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
});
export type ManagedAgent = z.infer<typeof managedAgentSchema>;

const managedAgentPage = z.object({
  items: z.array(managedAgentSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  pageCount: z.number().int().nonnegative(),
});
export type ManagedAgentPage = z.infer<typeof managedAgentPage>;

const activitySchema = z.object({
  at: z.string(),
  actorName: z.string(),
  actorUsername: z.string(),
  onBehalfOf: z.string().nullable(),
  action: z.string(),
  detail: z.string().nullable(),
});
const managedAgentDetail = managedAgentSchema.extend({ activity: z.array(activitySchema) });
export type ManagedAgentDetail = z.infer<typeof managedAgentDetail>;

export function listAgencyAgents(caller: Caller, agencyId: string, query: URLSearchParams): Promise<ManagedAgentPage> {
  return authorized(caller, { path: agencyPath(agencyId, `/agents?${query}`), schema: enveloped(managedAgentPage) });
}

export function getAgencyAgent(caller: Caller, agencyId: string, agentId: string): Promise<ManagedAgentDetail> {
  return authorized(caller, {
    path: agencyPath(agencyId, `/agents/${encodeURIComponent(agentId)}`),
    schema: enveloped(managedAgentDetail),
  });
}

export const AGENT_ACTIONS = ["approve", "role", "deactivate", "reactivate", "unlock", "password-reset"] as const;
export type AgentAction = (typeof AGENT_ACTIONS)[number];

/** One user-management action; `role` takes the new role. Answers the agent with its activity. */
export function actOnAgent(
  caller: Caller,
  agencyId: string,
  agentId: string,
  action: AgentAction,
  body: { roleCode?: "AGENT" | "ADMIN" } = {},
): Promise<ManagedAgentDetail> {
  return authorized(caller, {
    path: agencyPath(agencyId, `/agents/${encodeURIComponent(agentId)}/${action}`),
    method: "POST",
    json: body,
    schema: enveloped(managedAgentDetail),
  });
}

export function inviteAgent(
  caller: Caller,
  agencyId: string,
  invitation: { email: string; firstName?: string; lastName?: string },
): Promise<{ email: string; expiresAt: string }> {
  return authorized(caller, {
    path: agencyPath(agencyId, "/invitations"),
    method: "POST",
    json: invitation,
    schema: enveloped(z.object({ email: z.string(), expiresAt: z.string() })),
  });
}
