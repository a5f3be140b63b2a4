import type { AgentRow } from "./agents";
import type { Db } from "./database";

/** Second-factor channels of the details: registration's two, plus none. */
export const MFA_CHOICES = ["NONE", "EMAIL", "SMS"] as const;
export type MfaChoice = (typeof MFA_CHOICES)[number];

/** Registration's years-in-the-industry values (the portal's list). */
export const YEARS_IN_INDUSTRY = ["0-2", "3-5", "6-10", "11-20", "21+"] as const;

/** What `GET /agents/{id}/details` answers (docs/agency-contract.md). */
export type AgentDetails = {
  agentId: string;
  firstName: string;
  lastName: string;
  email: string;
  mobilePhone: string | null;
  jobTitle: string | null;
  yearsIndustry: string | null;
  specializations: string[];
  regions: string[];
  cliaAgentId: string | null;
  homeBasedAgent: boolean;
  espressoLanguage: string | null;
  emailPreference: boolean;
  mobilePreference: boolean;
  primaryMFA: MfaChoice;
  secondaryMFA: MfaChoice;
  photoUrl: string | null;
  version: number;
};

/** The agent's registration record (the draft fields without a column); `{}` for the demo accounts. */
export function draftOf(agent: AgentRow): Record<string, unknown> {
  if (!agent.registration) return {};
  try {
    const parsed: unknown = JSON.parse(agent.registration);
    return parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

const textOrNull = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value : null);
const strings = (value: unknown) =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
const isMfa = (value: unknown): value is MfaChoice => MFA_CHOICES.includes(value as MfaChoice);

/**
 * The second factor as sign-in applies it: none while the account needs no code (`mfa_required` 0,
 * whatever registration recorded); otherwise the recorded channels (EMAIL when none was recorded).
 */
function mfaOf(agent: AgentRow, draft: Record<string, unknown>): { primary: MfaChoice; secondary: MfaChoice } {
  if (agent.mfa_required !== 1) return { primary: "NONE", secondary: "NONE" };
  const primary = isMfa(draft.primaryMFA) && draft.primaryMFA !== "NONE" ? draft.primaryMFA : "EMAIL";
  const secondary = isMfa(draft.secondaryMFA) && draft.secondaryMFA !== primary ? draft.secondaryMFA : "NONE";
  return { primary, secondary };
}

export function agentDetails(agent: AgentRow): AgentDetails {
  const draft = draftOf(agent);
  const mfa = mfaOf(agent, draft);
  return {
    agentId: agent.agent_id,
    firstName: agent.first_name,
    lastName: agent.last_name,
    email: agent.email,
    mobilePhone: agent.mobile_phone,
    jobTitle: textOrNull(draft.jobTitle),
    yearsIndustry: textOrNull(draft.yearsIndustry),
    specializations: [draft.specialization1, draft.specialization2, draft.specialization3]
      .map(textOrNull)
      .filter((s): s is string => s !== null),
    regions: strings(draft.regions),
    cliaAgentId: textOrNull(draft.cliaAgentId),
    homeBasedAgent: draft.homeBasedAgent === true,
    espressoLanguage: textOrNull(draft.espressoLanguage),
    emailPreference: draft.emailPreference === true,
    mobilePreference: draft.mobilePreference === true,
    primaryMFA: mfa.primary,
    secondaryMFA: mfa.secondary,
    photoUrl: agent.photo_path,
    version: agent.version,
  };
}

/** A change of the agent's own details: columns and registration-record fields (merged into what is kept). */
export type DetailsChange = {
  firstName?: string;
  lastName?: string;
  mobilePhone?: string;
  photoPath?: string | null;
  mfaRequired?: boolean;
  draft?: Record<string, unknown>;
};

/**
 * Writes the change and raises the version, only while the agent is still at `expectedVersion` (omit to
 * skip that check). Answers false when the version had moved on (nothing written).
 */
export function saveDetails(db: Db, agent: AgentRow, change: DetailsChange, expectedVersion?: number): boolean {
  const draft = change.draft;
  const registration =
    draft === undefined || Object.keys(draft).length === 0
      ? agent.registration
      : JSON.stringify({ ...draftOf(agent), ...draft });
  const result = db
    .prepare(
      `UPDATE agents SET first_name = ?, last_name = ?, mobile_phone = ?, photo_path = ?, mfa_required = ?,
         registration = ?, version = version + 1
       WHERE agent_id = ? AND version = ?`,
    )
    .run(
      change.firstName ?? agent.first_name,
      change.lastName ?? agent.last_name,
      change.mobilePhone ?? agent.mobile_phone,
      change.photoPath === undefined ? agent.photo_path : change.photoPath,
      change.mfaRequired === undefined ? agent.mfa_required : change.mfaRequired ? 1 : 0,
      registration,
      agent.agent_id,
      expectedVersion ?? agent.version,
    );
  return result.changes === 1;
}
