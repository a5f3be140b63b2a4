import { z } from "zod";
import { authorized, enveloped, type Caller } from "~/server/clients/api.server";
import { agencySchema, managedAgentSchema } from "~/server/clients/agency.server";

/**
 * The super-user calls (docs/agency-contract.md, "Super users"): find agencies by phone or
 * ABTA number, read one with its agents and the changes made while acting for it, and act for it.
 * RCCL and RCCLADMIN only; the upstream refuses everyone else (403). The only module naming these paths.
 */

const actingChangeSchema = z.object({
  at: z.string(),
  agentName: z.string(),
  actorName: z.string(),
  method: z.string(),
  path: z.string(),
  status: z.number().int(),
});
export type ActingChange = z.infer<typeof actingChangeSchema>;

const foundAgencySchema = z.object({
  agency: agencySchema,
  administrator: z.object({ agentId: z.string(), username: z.string(), name: z.string() }).nullable(),
  agents: z.array(managedAgentSchema),
  actingChanges: z.array(actingChangeSchema),
});
export type FoundAgency = z.infer<typeof foundAgencySchema>;

const actingAnswerSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  id_token: z.string().min(1),
  actingAs: z.object({ agentId: z.string(), username: z.string(), name: z.string() }),
  agency: z.object({ agencyId: z.string(), name: z.string() }),
});
export type ActingAnswer = z.infer<typeof actingAnswerSchema>;

const agencyPath = (agencyId: string, rest = "") => `/super-user/agencies/${encodeURIComponent(agencyId)}${rest}`;

/** The agencies with this phone number (E.164) or ABTA number; empty when none. */
export function searchAgencies(caller: Caller, query: { phone?: string; abta?: string }) {
  const params = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => Boolean(e[1])));
  return authorized(caller, { path: `/super-user/agencies?${params}`, schema: enveloped(z.array(agencySchema)) });
}

/** One agency with its administrator (null: none to act as), its agents and the changes made acting for it. */
export function getFoundAgency(caller: Caller, agencyId: string): Promise<FoundAgency> {
  return authorized(caller, { path: agencyPath(agencyId), schema: enveloped(foundAgencySchema) });
}

/** Starts acting for the agency: a sign-in of its administrator that names the caller. */
export function actForAgency(caller: Caller, agencyId: string): Promise<ActingAnswer> {
  return authorized(caller, {
    path: agencyPath(agencyId, "/act-for"),
    method: "POST",
    schema: enveloped(actingAnswerSchema),
  });
}
