/** The policies an agent accepts, and whether the portal asks (section 4: guidelines' flag is false). */
export const POLICIES = {
  "terms-of-use": { asked: true },
  "travel-agent-guidelines": { asked: false },
} as const;
export type PolicyType = keyof typeof POLICIES;
export const ASKED_POLICIES = (Object.keys(POLICIES) as PolicyType[]).filter((p) => POLICIES[p].asked);

/** The pages the terms dialog never covers. */
export const LEGAL_PAGES = ["/terms-of-use", "/travel-agent-guidelines"];

/**
 * Section 4: the dialog shows when no acceptance is stored or the stored version differs from the
 * page's modified date; a policy whose flag is off is never asked.
 */
export function needsAcceptance(policy: PolicyType, storedVersion: string | undefined, pageModified: string): boolean {
  if (!POLICIES[policy].asked) return false;
  return storedVersion === undefined || storedVersion !== pageModified;
}
