/**
 * The one gate for redirect targets that come from the request (`redirectTo`, the remembered
 * origin, a language or sidebar switch, the legacy `?z=` origin): only same-site paths pass;
 * anything else becomes the fallback. The check is made on what is returned, after the URL
 * parser has normalised it (`/.//evil.com` normalises to `//evil.com`, a protocol-relative
 * address to another site).
 */
export function safeRedirect(to: unknown, fallback = "/home"): string {
  if (typeof to !== "string" || to.length === 0 || to.length > 2048) return fallback;
  if (!isSameSitePath(to)) return fallback;
  let normalised: string;
  try {
    const base = "http://portal.invalid";
    const url = new URL(to, base);
    if (url.origin !== base) return fallback;
    normalised = url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
  return isSameSitePath(normalised) ? normalised : fallback;
}

/** A path a browser resolves against this site: one leading slash, no `//`, `/\` or control characters. */
function isSameSitePath(path: string): boolean {
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return false;
  // Control characters and backslashes can be folded by browsers into another origin.
  // eslint-disable-next-line no-control-regex -- the control characters are the point
  return !/[\u0000-\u001f\u007f\\]/.test(path);
}

/**
 * Resource routes (no page of their own: downloads, images, fetcher endpoints such as
 * /session/keepalive): never a page to come back to after signing in. Held against app/routes.ts by
 * a unit test, so a resource route added later is listed here.
 */
const RESOURCE_PATHS = [
  /^\/(session|preferences|api|notifications|chat|currency-flags|ship-images|offer-images|agent-photos)\//,
  /^\/(healthz|language|legal-acceptance|gift-link|kept-forms|icons\.svg|profile\/photo|super-user\/stop)$/,
  /^\/insights\/export\//,
  /\.csv$/,
  /^\/travel-docs\/[^/]+\/[^/]+\/pdf$/,
];

export function isResourcePath(pathname: string): boolean {
  return RESOURCE_PATHS.some((pattern) => pattern.test(pathname));
}

/**
 * Parameters of a request that are not part of the page it shows: the legacy token (`z`, exchanged and
 * removed) and the framework's own parameters of a data request.
 */
export const NOT_PART_OF_THE_PAGE: readonly string[] = ["z", "_routes", "_data"];

/** The path and query of a request, as remembered when the guard sends a visitor to sign in. */
export function originOf(url: URL): string {
  const params = new URLSearchParams(url.search);
  for (const name of NOT_PART_OF_THE_PAGE) params.delete(name);
  const query = params.toString();
  return url.pathname + (query ? `?${query}` : "");
}

/**
 * The sign-in address that brings the visitor back to `origin` afterwards: a page of the portal, never
 * sign-in or logout themselves nor a resource route (signing in again would land on a download, an
 * image or a bare 405).
 */
export function loginPath(origin?: string, reason?: SignOutReason): string {
  const params = new URLSearchParams();
  if (origin && returnable(origin)) params.set("redirectTo", origin);
  if (reason) params.set("reason", reason);
  const query = params.toString();
  return query ? `/login?${query}` : "/login";
}

function returnable(origin: string): boolean {
  if (!safeRedirect(origin, "") || /^\/(login|logout)\b/.test(origin)) return false;
  return !isResourcePath(new URL(origin, "http://portal.invalid").pathname);
}

export type SignOutReason = "idle" | "expired" | "signed-out" | "logout-failed";

/**
 * A link that comes from content (footer, navigation, notifications): a same-site path, mailto:,
 * tel: or https: address; anything else (javascript:, //host, data:) is dropped.
 */
export function contentHref(href: string | null | undefined): string | null {
  if (!href) return null;
  if (/^(mailto|tel):/i.test(href) || /^https:\/\//i.test(href)) return href;
  return safeRedirect(href, "") === "" ? null : href;
}

/**
 * An image address that comes from content (the footer's logos): a path of this site or an https:
 * address, as the CSP's img-src allows; anything else (javascript:, data:, http:, //host, a path
 * that climbs with `..`, quotes or spaces) is not drawn.
 */
export function contentImageSrc(src: string | null | undefined): string | null {
  if (!src || src.length > 2048) return null;
  if (/^https:\/\/[^\s"'<>\\]+$/i.test(src)) return src;
  if (/^\/(?![/\\])[\w./%~-]+$/.test(src) && !/(^|\/)\.\.(\/|$)/.test(src)) return src;
  return null;
}
