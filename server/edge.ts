import type { IncomingMessage } from "node:http";
import { postFromThisSite } from "~/domain/post-origin";
import { env } from "~/server/infra/env.server";
import { STATIC_PAGE_CSP } from "~/server/infra/security-header-list.server";

/**
 * The rules the portal's server applies before Remix sees a request, and its own pages for the
 * requests it refuses (400, 403, 411, 413, 503). They carry the same security headers as every
 * answer (added by the server's header middleware) and a CSP for a page without scripts.
 */

/**
 * Whether a Host header names a host the portal can be addressed by: a name or an IPv4 address, or
 * an IPv6 address in brackets, with an optional port up to 65535. Anything else (`[::1`, `a b`,
 * `localhost:99999`) cannot make a URL, and Remix would answer 500 building one.
 */
export function validHost(host: string | undefined): boolean {
  if (typeof host !== "string" || host.length === 0 || host.length > 261) return false;
  const parts =
    /^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_](?:[A-Za-z0-9_-]*[A-Za-z0-9_])?(?:\.[A-Za-z0-9_](?:[A-Za-z0-9_-]*[A-Za-z0-9_])?)*\.?)(?::(\d{1,5}))?$/.exec(
      host,
    );
  if (!parts) return false;
  if (parts[2] !== undefined && Number(parts[2]) > 65_535) return false;
  try {
    return new URL(`http://${host}/`).host !== "";
  } catch {
    return false;
  }
}

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * A form posted from another site (CSRF), by the portal's one rule (domain/post-origin: its Origin,
 * else Referer, names PUBLIC_ORIGIN or the Host it came to). The app checks it too
 * (assertAcceptablePost); here it gets a clear page.
 */
export function crossSitePost(req: IncomingMessage, publicOrigin: string = env.PUBLIC_ORIGIN): boolean {
  if (!UNSAFE.has(req.method ?? "")) return false;
  return !postFromThisSite(
    { origin: req.headers.origin, referer: req.headers.referer },
    { host: req.headers.host, publicOrigin },
  );
}

/**
 * Whether a request's target is a path (origin-form). An absolute-form target (`GET
 * http://evil.example/login`) or `OPTIONS *` is what a proxy is sent, never a browser talking to
 * the portal; Remix cannot make a URL of either and would answer 500.
 */
export function originFormTarget(url: string | undefined): boolean {
  return typeof url === "string" && url.startsWith("/");
}

/** Whether a request sends a body in chunks without saying its length (browsers' form posts always say it). */
export function bodyWithoutLength(req: IncomingMessage): boolean {
  return req.headers["content-length"] === undefined && req.headers["transfer-encoding"] !== undefined;
}

export type OwnPage = { status: number; title: string; text: string; back?: { href: string; label: string } };

export const BAD_HOST: OwnPage = {
  status: 400,
  title: "Bad request",
  text: "The address this request was sent to is not valid.",
};

export const BAD_TARGET: OwnPage = {
  status: 400,
  title: "Bad request",
  text: "The address asked for is not a page of this portal.",
  back: { href: "/home", label: "Go to the home page" },
};

export const CROSS_SITE: OwnPage = {
  status: 403,
  title: "Refused",
  text: "This form was sent from another site and was refused.",
  back: { href: "/home", label: "Go to the home page" },
};

export const LENGTH_REQUIRED: OwnPage = {
  status: 411,
  title: "Length required",
  text: "What was sent did not say its length. Please try again.",
  back: { href: "/home", label: "Go to the home page" },
};

/** 413: a photo over the upload limit is said as the photo form says it, with the way back to that form. */
export function tooLarge(upload: boolean, referer: string | undefined, host: string | undefined): OwnPage {
  if (!upload) {
    return {
      status: 413,
      title: "Too large",
      text: "What was sent is too large. Please shorten it and try again.",
      back: { href: "/home", label: "Go to the home page" },
    };
  }
  return {
    status: 413,
    title: "Too large",
    text: "The photo is larger than 5 MB. Please choose a smaller one.",
    back: { href: photoPageOf(referer, host), label: "Back to your photo" },
  };
}

/** The photo page an upload came from (its Referer, this host's /welcome or /profile/info), else /profile/info. */
function photoPageOf(referer: string | undefined, host: string | undefined): string {
  try {
    const from = new URL(referer ?? "");
    if (from.host === host && from.pathname === "/welcome") return "/welcome";
  } catch {
    // no or a broken Referer
  }
  return "/profile/info";
}

const escape = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

/** The page; `reference` (the request id) is shown so the agent can quote it and an operator find the log line. */
export function ownPageHtml(page: OwnPage, reference?: string): string {
  const back = page.back ? `<p><a href="${escape(page.back.href)}">${escape(page.back.label)}</a></p>` : "";
  const ref = reference ? `<p>Reference: ${escape(reference)}</p>` : "";
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(page.title)} | Professional Portal</title></head>` +
    `<body><main><h1>${escape(page.title)}</h1><p>${escape(page.text)}</p>${ref}${back}</main></body></html>`
  );
}

export const OWN_PAGE_HEADERS = {
  "Content-Security-Policy": STATIC_PAGE_CSP,
  "Cache-Control": "no-store",
  "Content-Type": "text/html; charset=utf-8",
};
