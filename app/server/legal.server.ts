import { z } from "zod";
import { ASKED_POLICIES, needsAcceptance, type PolicyType } from "~/domain/legal";
import { DEFAULT_LOCALE } from "~/domain/language";
import { authorized } from "./api.server";
import { cachedRead, forget } from "./cache.server";
import { getContent, legalSchema } from "./content.server";
import type { AuthState } from "./session.server";

const acceptedSchema = z.object({
  acceptedTerms: z.array(z.object({ policyType: z.string(), policyVersion: z.string(), policyLanguage: z.string() })),
});
type Accepted = z.infer<typeof acceptedSchema>;

/** Section 9: the legal acceptance is cached 5 minutes (and refreshed after accepting). */
const ACCEPTANCE_CACHE = { ttl: 5 * 60_000, staleWhileRevalidate: 0 };
const acceptanceKey = (agentId: string) => `legal-acceptance:${agentId}`;

function acceptedPolicies(auth: AuthState, agentId: string): Promise<Accepted> {
  return cachedRead({
    key: acceptanceKey(agentId),
    ...ACCEPTANCE_CACHE,
    schema: acceptedSchema,
    getFreshValue: () =>
      authorized(auth, {
        path: "/agents/legal-acceptance",
        schema: z.object({ data: acceptedSchema }).transform((b) => b.data),
      }),
  });
}

export function legalPage(policy: PolicyType | "privacy-policy", locale = DEFAULT_LOCALE) {
  return getContent(`legal/${policy}`, { locale, schema: legalSchema });
}

export type PendingPolicy = { policyType: PolicyType; title: string; version: string };

/**
 * The first policy the agent must accept before using the portal, or null. If the acceptance or the
 * page cannot be read, nothing is asked now (the next request asks again) rather than lock the agent out.
 */
export async function pendingPolicy(auth: AuthState, agentId: string): Promise<PendingPolicy | null> {
  try {
    const accepted = await acceptedPolicies(auth, agentId);
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
export async function acceptPolicy(auth: AuthState, agentId: string, policyType: PolicyType): Promise<void> {
  const page = await legalPage(policyType);
  await authorized(auth, {
    path: "/agents/legal-acceptance",
    method: "POST",
    json: { acceptedTerms: [{ policyType, policyVersion: page.modified, policyLanguage: DEFAULT_LOCALE }] },
    schema: z.unknown(),
  });
  await forget(acceptanceKey(agentId));
}
