import { randomBytes } from "node:crypto";
import { TAG_MANAGER_CONNECT, TAG_MANAGER_ORIGIN } from "~/domain/analytics";
import { env } from "~/server/infra/env.server";
import { securityHeaderList } from "~/server/infra/security-header-list.server";

export function newNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * The enforced Content-Security-Policy (DESIGN.md security floor): scripts only with this response's
 * nonce (and what they load, through 'strict-dynamic'); no plugins, no <base>, no framing.
 */
export function contentSecurityPolicy(
  nonce: string,
  { gtmId }: { gtmId: string | null | undefined } = { gtmId: env.GTM_ID },
): string {
  const formTargets = ["'self'"];
  if (env.LEGACY_LOGOUT_URL) formTargets.push(new URL(env.LEGACY_LOGOUT_URL).origin);
  // The tag manager's host only while GTM_ID is set (its script also carries the nonce; the host is for
  // browsers without 'strict-dynamic', and for the hits its tags send).
  const scriptHosts = gtmId ? ` ${TAG_MANAGER_ORIGIN}` : "";
  const connectHosts = gtmId ? ` ${TAG_MANAGER_CONNECT.join(" ")}` : "";
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'${scriptHosts}`,
    "style-src 'self'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    `connect-src 'self'${connectHosts}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    `form-action ${formTargets.join(" ")}`,
  ].join("; ");
}

/**
 * Headers every response of the portal carries (documents, data, redirects; the portal's server adds
 * them to static files and its own pages from the same list); documents add the CSP.
 */
export function applySecurityHeaders(headers: Headers, nonce?: string): void {
  if (nonce && env.NODE_ENV !== "development") headers.set("Content-Security-Policy", contentSecurityPolicy(nonce));
  for (const [name, value] of securityHeaderList({ cookieSecure: env.cookieSecure, hstsMaxAge: env.HSTS_MAX_AGE })) {
    // A page may only make the referrer policy stricter (the travel-document preview sends no referrer at all).
    if (name === "Referrer-Policy" && headers.get(name) === "no-referrer") continue;
    headers.set(name, value);
  }
}

/**
 * Nothing the portal renders may be kept by a browser or a shared cache unless it says so: every
 * document carries a per-request nonce, signed-in pages and their data are the agent's own, and a
 * single-sign-on redirect carries a token in its address. Responses that may be cached set their
 * own Cache-Control (with `Vary: Cookie` when they depend on the session) and keep it.
 */
export function applyNoStore(headers: Headers): void {
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
}
