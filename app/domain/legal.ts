/** The policies an agent accepts, and whether the portal asks (the guidelines' flag is always false). */
export const POLICIES = {
  "terms-of-use": { asked: true },
  "travel-agent-guidelines": { asked: false },
} as const;
export type PolicyType = keyof typeof POLICIES;
export const ASKED_POLICIES = (Object.keys(POLICIES) as PolicyType[]).filter((p) => POLICIES[p].asked);

/** A policy the agent must accept before using the portal, in its current version. */
export type PendingPolicy = { policyType: PolicyType; title: string; version: string };

/** The pages the terms dialog never covers. */
export const LEGAL_PAGES = ["/terms-of-use", "/travel-agent-guidelines"];

/**
 * The dialog shows when no acceptance is stored or the stored version differs from the
 * page's modified date; a policy whose flag is off is never asked.
 */
export function needsAcceptance(policy: PolicyType, storedVersion: string | undefined, pageModified: string): boolean {
  if (!POLICIES[policy].asked) return false;
  return storedVersion === undefined || storedVersion !== pageModified;
}

/** Said in the terms dialog when accepting could not be saved; the query parameter that carries it. */
export const ACCEPTANCE_NOT_SAVED = "Your acceptance could not be saved. Please try again in a moment.";
export const ACCEPTANCE_FAILED_PARAM = "acceptance";

/**
 * Where the dialog's page goes after accepting: back to where the agent was, with the failure
 * marked (the dialog then says so, with JavaScript or without) or the mark removed.
 */
export function afterAcceptance(target: string, saved: boolean): string {
  const url = new URL(target, "http://portal.invalid");
  if (saved) url.searchParams.delete(ACCEPTANCE_FAILED_PARAM);
  else url.searchParams.set(ACCEPTANCE_FAILED_PARAM, "failed");
  return url.pathname + url.search + url.hash;
}
