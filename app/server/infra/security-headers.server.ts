import { randomBytes } from "node:crypto";
import { TAG_MANAGER_CONNECT, TAG_MANAGER_ORIGIN } from "~/domain/analytics";
import { env } from "~/server/infra/env.server";

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
 * Headers every response of the portal carries (documents, data, redirects; the front door adds
 * them to static files too); documents add the CSP. HSTS only where cookies are Secure, i.e. where
 * the portal is served over HTTPS.
 */
export function applySecurityHeaders(headers: Headers, nonce?: string): void {
  if (nonce && env.NODE_ENV !== "development") headers.set("Content-Security-Policy", contentSecurityPolicy(nonce));
  if (env.cookieSecure && env.HSTS_MAX_AGE > 0) {
    headers.set("Strict-Transport-Security", `max-age=${env.HSTS_MAX_AGE}; includeSubDomains`);
  }
  headers.set("X-Content-Type-Options", "nosniff");
  // A page may only make it stricter (the travel-document preview sends no referrer at all).
  if (headers.get("Referrer-Policy") !== "no-referrer")
    headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), payment=(), usb=()");
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
