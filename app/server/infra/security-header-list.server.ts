// The security headers every answer carries, written once. Remix's answers get them in
// security-headers.server.ts (applySecurityHeaders); the portal's server (server/app.ts) adds them to
// the answers that lack them (static files) and to its own pages (400, 403, 411, 413).

/**
 * The headers of every answer, in order, with their values. HSTS only where cookies are Secure,
 * i.e. where the portal is served over HTTPS.
 */
export function securityHeaderList({
  cookieSecure,
  hstsMaxAge,
}: {
  cookieSecure: boolean;
  hstsMaxAge: number;
}): Array<[string, string]> {
  const list: Array<[string, string]> = [];
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

/** The CSP of a page with no script, style or image of its own (the server's own pages). */
export const STATIC_PAGE_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";
