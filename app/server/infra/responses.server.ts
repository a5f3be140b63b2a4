import { redirect as remixRedirect, type TypedResponse } from "@remix-run/node";
import { applyNoStore, applySecurityHeaders } from "~/server/infra/security-headers.server";

/**
 * The portal's redirect: Remix's, with the security headers and `Cache-Control: no-store`. A
 * redirect thrown from a loader on a document request leaves Remix without passing the server
 * entry, so this is the one place its headers are set (a single-sign-on redirect carries a token
 * in its address and must never be stored). ESLint keeps every module on this one.
 */
export function redirect(url: string, init?: number | ResponseInit): TypedResponse<never> {
  const response = remixRedirect(url, init);
  applySecurityHeaders(response.headers);
  applyNoStore(response.headers);
  return response;
}

/** A short plain-text answer that is never kept (a resource route's 404 or 503: an image, a photo). */
export function plainText(text: string, status: number): Response {
  return new Response(text, {
    status,
    headers: {
      "content-type": "text/plain; charset=utf-8",
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
