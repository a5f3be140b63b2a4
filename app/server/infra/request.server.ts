import { data } from "@remix-run/node";
import { bodyLimitFor } from "~/domain/body-limits";
import { postFromThisSite } from "~/domain/post-origin";
import { env } from "~/server/infra/env.server";
import { currentRequest } from "~/server/infra/request-context.server";

/**
 * The client's address, as the portal's server found it (server/app.ts: the socket's, or the entry
 * the TRUST_PROXY_HOPS balancers in front of it appended to X-Forwarded-For). "unknown" outside a
 * request the server handed over (tests that build a Request themselves run it in requestContext).
 */
export function clientAddress(): string {
  return currentRequest()?.clientAddress ?? "unknown";
}

/**
 * The headers a sign-in carries to the upstream (login, its one-time code, a legacy token): the
 * browser's User-Agent and address, which the upstream keeps with the sign-in so the agent's
 * security page can say which device and place each sign-in came from. Nothing outside a request.
 */
export function signInClientHeaders(): Record<string, string> {
  const context = currentRequest();
  if (!context) return {};
  return {
    ...(context.clientAddress && context.clientAddress !== "unknown"
      ? { "x-client-address": context.clientAddress }
      : {}),
    ...(context.userAgent ? { "x-client-user-agent": context.userAgent.slice(0, 400) } : {}),
  };
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

/** The largest body of this request (domain/body-limits: the form limit or an upload path's own). */
export function bodyLimitOf(request: Request): number {
  const url = new URL(request.url);
  return bodyLimitFor(request.method, url.pathname, env.FORM_BODY_LIMIT_KB * 1024);
}

/**
 * What every action checks before it reads a body:
 * - the body is within the form limit (`FORM_BODY_LIMIT_KB`, 64 KB; the photo upload's own, bodyLimitOf),
 *   else 413 before any parsing (the portal's server refuses it first, and a body sent without a length; the
 *   upload route counts its own as it reads);
 * - the post comes from this site (CSRF): its Origin (else Referer) names PUBLIC_ORIGIN or the host
 *   it was sent to (domain/post-origin, the rule the portal's server applies first). Non-browser
 *   clients that send neither are let through: a browser always sends Origin on a cross-site post.
 */
export function assertAcceptablePost(request: Request): void {
  if (SAFE_METHODS.has(request.method)) return;
  const length = Number(request.headers.get("content-length") ?? 0);
  if (!(length <= bodyLimitOf(request))) {
    throw data({ message: "What was sent is too large. Please shorten it and try again." }, { status: 413 });
  }
  const fromThisSite = postFromThisSite(
    { origin: request.headers.get("origin"), referer: request.headers.get("referer") },
    { host: new URL(request.url).host, publicOrigin: env.PUBLIC_ORIGIN },
  );
  if (!fromThisSite) {
    throw data({ message: "This form was sent from another site and was refused." }, { status: 403 });
  }
}
