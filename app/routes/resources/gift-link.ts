import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireAgent } from "~/server/auth/auth.server";
import { openGiftLink } from "~/server/clients/gift.server";
import { UpstreamError } from "~/server/infra/http.server";
import { pageLocale } from "~/server/shell/preferences.server";
import { redirect } from "~/server/infra/responses.server";
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

/** GET /gift-link is not the way in: the sidebar's gift link posts. */
export const loader = (_: LoaderFunctionArgs) => redirect("/home");

/**
 * POST /gift-link (the public gift link): the portal posts to the gift service with
 * its fixed basic headers and hands the answer to the new tab the sidebar's form opened
 * (target="_blank", with JavaScript on or off). A failed service is a short page in that tab.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { profile } = await requireAgent(request);
  try {
    return page(await openGiftLink(profile, await pageLocale(request)), 200);
  } catch (error) {
    if (error instanceof UpstreamError) return page(UNAVAILABLE, 503);
    throw error;
  }
}
