import { data } from "@remix-run/node";
import { PHOTO_BODY_LIMIT, PHOTO_UPLOAD_PATH } from "~/domain/agent-photo";
import { env } from "~/server/infra/env.server";

/**
 * The client's address: the entry that our own front proxy (scripts/front-proxy.mjs, or a load
 * balancer in production) appended to X-Forwarded-For. TRUST_PROXY_HOPS counts the trusted proxies;
 * entries a client wrote itself sit further left and are ignored.
 */
export function clientAddress(request: Request): string {
  const forwarded = request.headers.get("x-forwarded-for");
  if (!forwarded) return "unknown";
  const hops = forwarded
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return hops[Math.max(0, hops.length - env.TRUST_PROXY_HOPS)] ?? "unknown";
}

/**
 * An absolute address of the portal for the outside world (another site's return address, a printed
 * page): the configured PUBLIC_ORIGIN and a path of this site, never the request's Host header, which
 * the client chooses.
 */
export function publicUrl(path: string): string {
  return new URL(path, env.PUBLIC_ORIGIN).href;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The largest body of a request: the form limit (`FORM_BODY_LIMIT_KB`), except a post to the one
 * upload path (the profile photo, 5 MB and its multipart framing). The path is matched exactly, as the
 * front door matches it (scripts/front-proxy.mjs, UPLOAD_BODY_LIMITS).
 */
export function bodyLimitOf(request: Request): number {
  const form = env.FORM_BODY_LIMIT_KB * 1024;
  if (request.method !== "POST" || new URL(request.url).pathname !== PHOTO_UPLOAD_PATH) return form;
  return Math.max(form, PHOTO_BODY_LIMIT);
}

/**
 * What every action checks before it reads a body:
 * - the body is within the form limit (`FORM_BODY_LIMIT_KB`, 64 KB; the photo upload's own, bodyLimitOf),
 *   else 413 before any parsing (the front door counts the bytes of a body sent without a length; see
 *   scripts/front-proxy.mjs; the upload route counts its own as it reads);
 * - the post comes from this site (CSRF): the Origin header (or, without it, the Referer) must name
 *   this host. Hosts are compared without the scheme, so a TLS-terminating proxy in front does not
 *   break it. Non-browser clients that send neither are let through: a browser always sends Origin
 *   on a cross-site post.
 */
export function assertAcceptablePost(request: Request): void {
  if (SAFE_METHODS.has(request.method)) return;
  const length = Number(request.headers.get("content-length") ?? 0);
  if (!(length <= bodyLimitOf(request))) {
    throw data({ message: "What was sent is too large. Please shorten it and try again." }, { status: 413 });
  }
  const claimed = request.headers.get("origin") ?? request.headers.get("referer");
  if (claimed === null) return;
  let host: string | null = null;
  try {
    host = new URL(claimed).host;
  } catch {
    host = null; // "null" origins (sandboxed frames, file:) and garbage
  }
  if (host !== new URL(request.url).host) {
    throw data({ message: "This form was sent from another site and was refused." }, { status: 403 });
  }
}
