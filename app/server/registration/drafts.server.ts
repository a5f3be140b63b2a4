import { OUTCOME_LIMIT_MS, isFresh } from "~/domain/recovery";
import { getSession, sessionStorage, type PortalSession } from "~/server/infra/session.server";
import { sessionSlice } from "~/server/infra/session-slice.server";

/**
 * Agent registration in progress (the registration draft), kept server-side between steps.
 * The password is held only encrypted under the upstream's public key (RSA-OAEP), never in clear.
 */
export type AgentDraft = {
  /** The furthest step the agent may open (1-based); steps below it are complete. */
  reached: number;
  agency?: { agencyId: string; agencyName: string; city: string; countryCode: string };
  identificationType?: "phone" | "abta";
  agencyPhoneNumber?: string;
  agencyAbtaNumber?: string;
  /** The lookup form as typed, so the agent finds it filled in when coming back. */
  lookup?: Record<string, string>;
  /** An administrator's invitation: the agency came from it, and the account starts active. */
  invitationToken?: string;
  fields: Record<string, unknown>;
  encryptedPassword?: string;
  mailValidationToken?: string;
  emailVerified?: boolean;
  emailCodeSentAt?: number;
  telephoneValidationToken?: string;
  phoneCodeRecipient?: string;
  isMobilePhoneValidated?: boolean;
  phoneCodeSentAt?: number;
  updatedAt: number;
};

/** Agency registration in progress; the same rules as the agent draft. */
export type AgencyDraft = {
  reached: number;
  fields: Record<string, unknown>;
  encryptedPassword?: string;
  /** The e-mailed link's token (its code travels only in the e-mail). */
  mailValidationToken?: string;
  linkSentTo?: string;
  linkSentAt?: number;
  emailVerified?: boolean;
  updatedAt: number;
};

/**
 * What a finished flow shows once on its success page (username of a new account, recovered name):
 * set by registration and by account recovery, read here.
 */
export type Outcome = {
  kind: "agent-registered" | "agency-registered" | "username-recovered" | "password-reset";
  username: string;
  at: number;
};

export const agentDraftState = sessionSlice<AgentDraft>("agentDraft", import.meta.url);
export const agencyDraftState = sessionSlice<AgencyDraft>("agencyDraft", import.meta.url);
export const outcomeState = sessionSlice<Outcome>("outcome", import.meta.url);

/**
 * Registration drafts live in the server-side session (the cookie carries only its id), so a
 * refresh, the back button or JavaScript being off loses nothing already entered.
 */
export async function agentDraft(request: Request): Promise<{ session: PortalSession; draft: AgentDraft | undefined }> {
  const session = await getSession(request);
  return { session, draft: agentDraftState.read(session) };
}

export async function agencyDraft(
  request: Request,
): Promise<{ session: PortalSession; draft: AgencyDraft | undefined }> {
  const session = await getSession(request);
  return { session, draft: agencyDraftState.read(session) };
}

export async function commit(session: PortalSession): Promise<{ "Set-Cookie": string }> {
  return { "Set-Cookie": await sessionStorage.commitSession(session) };
}

/** The outcome of a finished flow, shown once on its success page while it is recent. */
export function recentOutcome(session: PortalSession, kind: Outcome["kind"]): Outcome | null {
  const outcome = outcomeState.read(session);
  return outcome && outcome.kind === kind && isFresh(outcome.at, OUTCOME_LIMIT_MS, Date.now()) ? outcome : null;
}

/** Fields of a draft as strings for a form's defaultValue (booleans as "on", lists as they are). */
export function formDefaults(
  fields: Record<string, unknown>,
  keys: readonly string[],
): Record<string, string | string[] | undefined> {
  const out: Record<string, string | string[] | undefined> = {};
  for (const key of keys) {
    const value = fields[key];
    if (Array.isArray(value)) out[key] = value.map(String);
    else if (typeof value === "boolean") out[key] = value ? "on" : undefined;
    else if (value !== undefined && value !== null) out[key] = String(value);
  }
  return out;
}
