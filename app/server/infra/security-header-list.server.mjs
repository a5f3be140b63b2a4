// @ts-check
// The security headers every answer carries, written once. The portal sets them on its own answers
// (security-headers.server.ts, applySecurityHeaders) and the front door (scripts/front-proxy.mjs,
// plain Node without the build) adds them to the answers that lack them and to its own pages (400,
// 403, 413, 503). Plain JavaScript so that both can import it.

/**
 * The headers of every answer, in order, with their values. HSTS only where cookies are Secure,
 * i.e. where the portal is served over HTTPS.
 * @param {{ cookieSecure: boolean, hstsMaxAge: number }} options
 * @returns {Array<[string, string]>}
 */
export function securityHeaderList({ cookieSecure, hstsMaxAge }) {
  /** @type {Array<[string, string]>} */
  const list = [];
  if (cookieSecure && hstsMaxAge > 0)
    list.push(["Strict-Transport-Security", `max-age=${hstsMaxAge}; includeSubDomains`]);
  list.push(
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["X-Frame-Options", "DENY"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["Permissions-Policy", "camera=(), microphone=(), payment=(), usb=()"],
  );
  return list;
}

/** The CSP of a page with no script, style or image of its own (the front door's own pages). */
export const STATIC_PAGE_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";
