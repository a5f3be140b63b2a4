import { z } from "zod";
import { ASKED_POLICIES, needsAcceptance, type PolicyType } from "~/domain/legal";
import { DEFAULT_LOCALE } from "~/domain/language";
import { authorized } from "./api.server";
import { getContent, legalSchema } from "./content.server";
import { sessionStorage, type AuthState, type PortalSession } from "./session.server";

const acceptedSchema = z.object({
  acceptedTerms: z.array(z.object({ policyType: z.string(), policyVersion: z.string(), policyLanguage: z.string() })),
});
type Accepted = z.infer<typeof acceptedSchema>;

/**
 * Section 9: the legal acceptance is cached 5 minutes and refreshed after accepting. Like the
 * specification's browser query cache it belongs to one signed-in session, so it lives in the
 * session (shared by every portal process) and ends with it.
 */
export const ACCEPTANCE_CACHE_MS = 5 * 60_000;
const fromData = z.object({ data: acceptedSchema }).transform((b) => b.data);

async function acceptedPolicies(auth: AuthState, session: PortalSession): Promise<Accepted> {
  const cached = session.get("legalAcceptance");
  if (cached && Date.now() - cached.fetchedAt < ACCEPTANCE_CACHE_MS) return cached;
  const fresh = await authorized(auth, { path: "/agents/legal-acceptance", schema: fromData });
  await remember(session, fresh);
  return fresh;
}

async function remember(session: PortalSession, accepted: Accepted): Promise<void> {
  session.set("legalAcceptance", { ...accepted, fetchedAt: Date.now() });
  await sessionStorage.commitSession(session);
}

export function legalPage(policy: PolicyType | "privacy-policy", locale = DEFAULT_LOCALE) {
  return getContent(`legal/${policy}`, { locale, schema: legalSchema });
}

export type PendingPolicy = { policyType: PolicyType; title: string; version: string };

/**
 * The first policy the agent must accept before using the portal, or null. If the acceptance or the
 * page cannot be read, nothing is asked now (the next request asks again) rather than lock the agent out.
 */
export async function pendingPolicy(auth: AuthState, session: PortalSession): Promise<PendingPolicy | null> {
  try {
    const accepted = await acceptedPolicies(auth, session);
    for (const policyType of ASKED_POLICIES) {
      const page = await legalPage(policyType);
      const stored = accepted.acceptedTerms.find((t) => t.policyType === policyType)?.policyVersion;
      if (needsAcceptance(policyType, stored, page.modified)) {
        return { policyType, title: page.title, version: page.modified };
      }
    }
    return null;
  } catch {
    return null;
  }
}

/** Posts the acceptance of the policy's current version (read here, never taken from the form). */
export async function acceptPolicy(auth: AuthState, session: PortalSession, policyType: PolicyType): Promise<void> {
  const page = await legalPage(policyType);
  const accepted = await authorized(auth, {
    path: "/agents/legal-acceptance",
    method: "POST",
    json: { acceptedTerms: [{ policyType, policyVersion: page.modified, policyLanguage: DEFAULT_LOCALE }] },
    schema: fromData,
  });
  await remember(session, accepted);
}
