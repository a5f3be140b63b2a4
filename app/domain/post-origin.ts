/**
 * Whether a form post came from this site (CSRF), the one rule the portal's server (server/edge.ts)
 * and every action (assertAcceptablePost) apply. A post is from this site when the address it
 * claims to come from (its Origin, else its Referer) names:
 * - the configured PUBLIC_ORIGIN, scheme, host and port (the portal's own address, as a balancer
 *   on any port or behind TLS hands it out), or
 * - the host the request was sent to (its Host header), any scheme: a TLS-terminating proxy in
 *   front changes the scheme, and the demo answers on localhost and 127.0.0.1 alike.
 * A post that claims neither is let through (non-browser clients; a browser always sends Origin on
 * a cross-site post). A claim that is no address ("null" from sandboxed frames and file:) is not.
 * (docs/decisions/048-origin-check-and-balancer.md)
 */
export function postFromThisSite(
  claim: { origin?: string | null; referer?: string | null },
  site: { host: string | null | undefined; publicOrigin: string },
): boolean {
  const claimed = claim.origin ?? claim.referer;
  if (claimed === null || claimed === undefined) return true;
  let from: URL;
  try {
    from = new URL(claimed);
  } catch {
    return false;
  }
  if (from.protocol !== "http:" && from.protocol !== "https:") return false;
  if (from.origin === originOf(site.publicOrigin)) return true;
  return site.host !== null && site.host !== undefined && from.host === hostOf(site.host, from.protocol);
}

function originOf(address: string): string | null {
  try {
    return new URL(address).origin;
  } catch {
    return null;
  }
}

/** A Host header as a URL of the claim's scheme spells it: lower case, its default port dropped. */
function hostOf(host: string, protocol: string): string | null {
  try {
    return new URL(`${protocol}//${host}`).host;
  } catch {
    return null;
  }
}
