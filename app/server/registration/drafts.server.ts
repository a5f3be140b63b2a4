import { OUTCOME_LIMIT_MS, isFresh } from "~/domain/recovery";
import type { AgencyDraft, AgentDraft, Outcome, PortalSession } from "~/server/infra/session.server";
import { getSession, sessionStorage } from "~/server/infra/session.server";

/**
 * Registration drafts live in the server-side session (the cookie carries only its id), so a
 * refresh, the back button or JavaScript being off loses nothing already entered.
 */
export async function agentDraft(request: Request): Promise<{ session: PortalSession; draft: AgentDraft | undefined }> {
  const session = await getSession(request);
  return { session, draft: session.get("agentDraft") };
}

export async function agencyDraft(
  request: Request,
): Promise<{ session: PortalSession; draft: AgencyDraft | undefined }> {
  const session = await getSession(request);
  return { session, draft: session.get("agencyDraft") };
}

export async function commit(session: PortalSession): Promise<{ "Set-Cookie": string }> {
  return { "Set-Cookie": await sessionStorage.commitSession(session) };
}

/** The outcome of a finished flow, shown once on its success page while it is recent. */
export function recentOutcome(session: PortalSession, kind: Outcome["kind"]): Outcome | null {
  const outcome = session.get("outcome");
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
