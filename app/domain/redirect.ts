/**
 * The one gate for redirect targets that come from the request (`redirectTo`, the remembered
 * origin): only same-site paths pass; anything else becomes the fallback.
 */
export function safeRedirect(to: unknown, fallback = "/home"): string {
  if (typeof to !== "string" || to.length === 0 || to.length > 2048) return fallback;
  if (!to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  // Control characters and backslashes can be folded by browsers into another origin.
  // eslint-disable-next-line no-control-regex -- the control characters are the point
  if (/[\u0000-\u001f\\]/.test(to)) return fallback;
  try {
    const base = "http://portal.invalid";
    const url = new URL(to, base);
    if (url.origin !== base) return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}

/** The path and query of a request, as remembered when the guard sends a visitor to sign in. */
export function originOf(url: URL): string {
  const params = new URLSearchParams(url.search);
  params.delete("z");
  const query = params.toString();
  return url.pathname + (query ? `?${query}` : "");
}

/** The sign-in address that brings the visitor back to `origin` afterwards. */
export function loginPath(origin?: string, reason?: SignOutReason): string {
  const params = new URLSearchParams();
  if (origin && safeRedirect(origin, "") && !/^\/(login|logout)\b/.test(origin)) params.set("redirectTo", origin);
  if (reason) params.set("reason", reason);
  const query = params.toString();
  return query ? `/login?${query}` : "/login";
}

export type SignOutReason = "idle" | "expired" | "signed-out";

/**
 * A link that comes from content (footer, navigation, notifications): a same-site path, mailto:,
 * tel: or https: address; anything else (javascript:, //host, data:) is dropped.
 */
export function contentHref(href: string | null | undefined): string | null {
  if (!href) return null;
  if (/^(mailto|tel):/i.test(href) || /^https:\/\//i.test(href)) return href;
  return safeRedirect(href, "") === "" ? null : href;
}
