import { ASKED_POLICIES, needsAcceptance, type PolicyType } from "~/domain/legal";
import { DEFAULT_LOCALE } from "~/domain/language";
import { getLegalAcceptance, postLegalAcceptance, type AcceptedTerms, type Caller } from "~/server/clients/api.server";
import { getContent, legalSchema } from "~/server/clients/content.server";
import { sessionStorage, type PortalSession } from "~/server/infra/session.server";

type SessionCaller = Required<Caller>;

/**
 * Section 9: the legal acceptance is cached 5 minutes and refreshed after accepting. Like the
 * specification's browser query cache it belongs to one signed-in session, so it lives in the
 * session (shared by every portal process) and ends with it.
 */
export const ACCEPTANCE_CACHE_MS = 5 * 60_000;

async function acceptedPolicies(caller: SessionCaller): Promise<AcceptedTerms> {
  const cached = caller.session.get("legalAcceptance");
  if (cached && Date.now() - cached.fetchedAt < ACCEPTANCE_CACHE_MS) return cached;
  const fresh = await getLegalAcceptance(caller);
  await remember(caller.session, fresh);
  return fresh;
}

async function remember(session: PortalSession, accepted: AcceptedTerms): Promise<void> {
  session.set("legalAcceptance", { ...accepted, fetchedAt: Date.now() });
  await sessionStorage.commitSession(session);
}

export function legalPage(policy: PolicyType | "privacy-policy", locale = DEFAULT_LOCALE) {
  return getContent(`legal/${policy}`, { locale, schema: legalSchema });
}

/** `version` is null when it could not be read (the dialog still asks). */
export type PendingPolicy = { policyType: PolicyType; title: string; version: string | null };

/**
 * The first policy the agent must accept before using the portal, or null. If the acceptance or the
 * page cannot be read, the first asked policy counts as not accepted (the specification rethrows
 * these errors rather than let the agent through): the dialog shows, and accepting tries again.
 * Nothing is cached from a failure, so the next request asks the upstream afresh.
 */
export async function pendingPolicy(caller: SessionCaller): Promise<PendingPolicy | null> {
  try {
    const accepted = await acceptedPolicies(caller);
    for (const policyType of ASKED_POLICIES) {
      const page = await legalPage(policyType);
      const stored = accepted.acceptedTerms.find((t) => t.policyType === policyType)?.policyVersion;
      if (needsAcceptance(policyType, stored, page.modified)) {
        return { policyType, title: page.title, version: page.modified };
      }
    }
    return null;
  } catch (error) {
    console.warn(
      `[legal] acceptance unreadable, asking again: ${error instanceof Error ? error.message : String(error)}`,
    );
    return { policyType: ASKED_POLICIES[0]!, title: "Terms of Use", version: null };
  }
}

/** Posts the acceptance of the policy's current version (read here, never taken from the form). */
export async function acceptPolicy(caller: SessionCaller, policyType: PolicyType): Promise<void> {
  const page = await legalPage(policyType);
  const accepted = await postLegalAcceptance(caller, {
    acceptedTerms: [{ policyType, policyVersion: page.modified, policyLanguage: DEFAULT_LOCALE }],
  });
  await remember(caller.session, accepted);
}
