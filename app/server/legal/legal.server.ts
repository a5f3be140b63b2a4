import { ASKED_POLICIES, needsAcceptance, type PendingPolicy, type PolicyType } from "~/domain/legal";
import { DEFAULT_LOCALE } from "~/domain/language";
import {
  getLegalAcceptance,
  postLegalAcceptance,
  type AcceptedTerms,
  type SessionCaller,
} from "~/server/clients/api.server";
import { getContent, legalSchema } from "~/server/clients/content.server";
import { sessionStorage, type PortalSession } from "~/server/infra/session.server";
import { sessionSlice } from "~/server/infra/session-slice.server";

/**
 * The legal acceptance is cached 5 minutes and refreshed after accepting. Like the
 * specification's browser query cache it belongs to one signed-in session, so it lives in the
 * session (shared by every portal process) and ends with it. What is kept is the verdict (the policy
 * still to accept, or none), so the terms gate every guarded request passes costs no upstream call.
 */
export const ACCEPTANCE_CACHE_MS = 5 * 60_000;

/** The terms gate's verdict from the legal acceptances as last read (kept 5 minutes). */
export type CachedAcceptance = { pending: PendingPolicy | null; fetchedAt: number };

export const legalAcceptance = sessionSlice<CachedAcceptance>("legalAcceptance", import.meta.url, {
  perIdentity: true,
});

async function remember(session: PortalSession, pending: PendingPolicy | null): Promise<void> {
  legalAcceptance.write(session, { pending, fetchedAt: Date.now() });
  await sessionStorage.commitSession(session);
}

export function legalPage(policy: PolicyType | "privacy-policy", locale = DEFAULT_LOCALE) {
  return getContent(`legal/${policy}`, { locale, schema: legalSchema });
}

/**
 * The first policy the agent must accept before using the portal, or null. When the acceptance or the
 * page cannot be read, the agent is not let through (the specification rethrows these errors) and is
 * not told the terms changed either: the error propagates and the guard answers that the service is
 * unavailable. Nothing is cached from a failure, so the next request asks the upstream afresh.
 */
export async function pendingPolicy(caller: SessionCaller): Promise<PendingPolicy | null> {
  const cached = legalAcceptance.read(caller.session);
  if (cached && Date.now() - cached.fetchedAt < ACCEPTANCE_CACHE_MS) return cached.pending;
  const pending = await firstPending(await getLegalAcceptance(caller));
  await remember(caller.session, pending);
  return pending;
}

async function firstPending(accepted: AcceptedTerms): Promise<PendingPolicy | null> {
  for (const policyType of ASKED_POLICIES) {
    const page = await legalPage(policyType);
    const stored = accepted.acceptedTerms.find((t) => t.policyType === policyType)?.policyVersion;
    if (needsAcceptance(policyType, stored, page.modified)) {
      return { policyType, title: page.title, version: page.modified };
    }
  }
  return null;
}

/** Posts the acceptance of the policy's current version (read here, never taken from the form). */
export async function acceptPolicy(caller: SessionCaller, policyType: PolicyType): Promise<void> {
  const page = await legalPage(policyType);
  const accepted = await postLegalAcceptance(caller, {
    acceptedTerms: [{ policyType, policyVersion: page.modified, policyLanguage: DEFAULT_LOCALE }],
  });
  await remember(caller.session, await firstPending(accepted));
}
