import type { UserProfile } from "~/server/clients/api.server";
import { openGiftLink } from "~/server/clients/gift.server";
import { UpstreamError } from "~/server/infra/http.server";
import { applyNoStore, applySecurityHeaders } from "~/server/infra/security-headers.server";

/**
 * The gift service's page is not the portal's: it opens in its own tab, sandboxed (an opaque origin,
 * no scripts, no forms, nothing of the portal's cookies or pages), with only its own inline styles
 * and images.
 */
export const GIFT_PAGE_CSP =
  "sandbox allow-popups allow-popups-to-escape-sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src https: data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

function page(html: string, status: number): Response {
  const headers = new Headers({ "Content-Type": "text/html; charset=utf-8" });
  applySecurityHeaders(headers);
  applyNoStore(headers);
  headers.set("Content-Security-Policy", GIFT_PAGE_CSP);
  return new Response(html, { status, headers });
}

const UNAVAILABLE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Gift link unavailable | Professional Portal</title></head>
<body><main><h1>The gift page cannot be opened just now</h1>
<p>Please close this tab and try again in a few minutes.</p></main></body></html>`;

/**
 * The gift service's answer for the new tab the sidebar's form opened (target="_blank", with
 * JavaScript on or off), posted with its fixed basic headers. A failed service is a short page in that tab.
 */
export async function giftLinkPage(profile: UserProfile, locale: string): Promise<Response> {
  try {
    return page(await openGiftLink(profile, locale), 200);
  } catch (error) {
    if (error instanceof UpstreamError) return page(UNAVAILABLE, 503);
    throw error;
  }
}
