import { data } from "@remix-run/node";
import { previewRefusal } from "~/domain/travel-docs";
import { openPreview } from "~/server/clients/travel-docs.server";
import { UpstreamError } from "~/server/infra/http.server";

/** The preview is the guest's: never kept by a cache, never sent on as a referrer, never indexed. */
const PREVIEW_HEADERS = {
  "Cache-Control": "no-store",
  "Referrer-Policy": "no-referrer",
  "X-Robots-Tag": "noindex, nofollow",
};

/**
 * The document a preview link opens, or why not (404 not valid, 410 expired or revoked, 503
 * unavailable), with headers that keep it out of caches, referrers and indexes.
 */
export async function previewPage(request: Request) {
  const token = (new URL(request.url).searchParams.get("token") ?? "").slice(0, 200);
  const init = (status: number) => ({ status, headers: PREVIEW_HEADERS });
  if (!token) {
    const refusal = previewRefusal("LINK_INVALID");
    return data({ kind: "refused" as const, refusal }, init(refusal.status));
  }
  try {
    const preview = await openPreview(token);
    return data({ kind: "document" as const, ...preview }, init(200));
  } catch (error) {
    if (error instanceof UpstreamError && error.failure === "http" && (error.status === 404 || error.status === 410)) {
      const refusal = previewRefusal(error.body.errorCode);
      return data({ kind: "refused" as const, refusal }, init(refusal.status));
    }
    return data({ kind: "unavailable" as const }, init(503));
  }
}
