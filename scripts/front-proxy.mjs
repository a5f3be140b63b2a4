// The portal's front door: one port, round-robin over the portal processes behind it, and the
// client's address appended to X-Forwarded-For (remix-serve gives loaders no socket address; the
// rate limits need it). It also holds the edge's part of the security floor: a Host header no URL
// can be made of answers 400, forwarded-host headers from clients are dropped, bodies over the limit are refused before a portal process
// reads them, and every answer (static files included) carries the security headers. In
// production a load balancer plays this part and must do the same (docs/decisions/016).
import http from "node:http";
import { STATIC_PAGE_CSP, securityHeaderList } from "../app/server/infra/security-header-list.server.mjs";

const HOP_BY_HOP = ["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade", "te", "trailer"];

/**
 * Headers a client may not set for the portal: Remix compares Origin with X-Forwarded-Host before
 * any of the portal's code runs (a mismatch used to answer 500), and URLs built from them would
 * name the client's choice of host. The Host header the client addressed is what counts.
 */
const CLIENT_FORWARDED = ["x-forwarded-host", "x-forwarded-proto", "x-forwarded-port", "forwarded"];

/**
 * The security headers of every answer, from the portal's one list (app/server/infra/
 * security-header-list.server.mjs); added here where an answer lacks them (static files), never
 * replaced, and carried by the front door's own pages.
 * @param {{ cookieSecure: boolean, hstsMaxAge: number }} options
 */
export function edgeSecurityHeaders(options) {
  return Object.fromEntries(securityHeaderList(options).map(([name, value]) => [name.toLowerCase(), value]));
}

/**
 * Whether a Host header names a host the portal can be addressed by: a name or an IPv4 address, or
 * an IPv6 address in brackets, with an optional port up to 65535. Anything else (`[::1`, `a b`,
 * `localhost:99999`) cannot make a URL, and the portal process would answer 500 building one.
 * @param {string | undefined} host
 */
export function validHost(host) {
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

/**
 * The one path that takes an upload (the profile photo: 5 MB and room for the multipart framing), with
 * its own body limit for posts; every other request keeps `bodyLimit`. A plain form posts to the path,
 * Remix's fetch (single fetch) to the path with `.data`. The same figure as PHOTO_BODY_LIMIT in
 * app/domain/agent-photo.ts (a unit test keeps them equal). Matched exactly: any other spelling of
 * the path gets the form limit.
 */
const PHOTO_BODY_LIMIT = 5 * 1024 * 1024 + 64 * 1024;
export const UPLOAD_BODY_LIMITS = new Map([
  ["/profile/photo", PHOTO_BODY_LIMIT],
  ["/profile/photo.data", PHOTO_BODY_LIMIT],
]);

/** The largest body this request may carry. */
export function bodyLimitOf(method, url, bodyLimit, uploadLimits = UPLOAD_BODY_LIMITS) {
  if (method !== "POST") return bodyLimit;
  const path = (url ?? "").split("?")[0];
  return uploadLimits.get(path) ?? bodyLimit;
}

/**
 * @param {{ host?: string, port: number, targets: () => number[], bodyLimit: number,
 *   securityHeaders: Record<string, string>, uploadLimits?: Map<string, number> }} options targets()
 *   lists the ports of the processes that are up right now; bodyLimit is the largest request body in
 *   bytes; uploadLimits the paths that take more (UPLOAD_BODY_LIMITS).
 */
export function startFrontProxy({ host, port, targets, bodyLimit: formLimit, securityHeaders, uploadLimits }) {
  // Node's agent lets a pooled connection go a second before the portal's announced keep-alive
  // timeout ("Keep-Alive: timeout=5"), but only when it has an idle timeout of its own; without one
  // it kept connections until the portal closed them, and could pick one just closed.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512, timeout: 60_000 });
  let turn = 0;

  /** The front door's own pages: the same security headers as every page, a CSP for a page without scripts. */
  const ownPage = (type, extra = {}) => ({
    ...securityHeaders,
    "content-security-policy": STATIC_PAGE_CSP,
    "cache-control": "no-store",
    "content-type": type,
    ...extra,
  });

  const server = http.createServer((req, res) => {
    if (!validHost(req.headers.host)) return badHost(req, res, ownPage);
    if (crossSitePost(req)) return refuse(res, ownPage);
    const bodyLimit = bodyLimitOf(req.method, req.url, formLimit, uploadLimits);
    const declared = req.headers["content-length"];
    if (declared !== undefined && !(Number(declared) <= bodyLimit)) return tooLarge(req, res, ownPage);
    const ports = targets();
    if (ports.length === 0) return unavailable(res, ownPage);
    const target = ports[turn++ % ports.length];

    const headers = { ...req.headers };
    for (const name of [...HOP_BY_HOP, ...CLIENT_FORWARDED]) delete headers[name];
    const address = req.socket.remoteAddress ?? "unknown";
    headers["x-forwarded-for"] = headers["x-forwarded-for"] ? `${headers["x-forwarded-for"]}, ${address}` : address;
    // What may be sent twice: a page asked for, with no body. Never a form post (the portal may
    // have acted on it before its connection dropped).
    const repeatable = (req.method === "GET" || req.method === "HEAD") && !hasBody(req);

    /** Forwards the request; a pooled connection found closed is replaced once by a new one. */
    const send = (again) => {
      const forward = http.request(
        {
          host: "127.0.0.1",
          port: target,
          method: req.method,
          path: req.url,
          headers,
          // The second try opens a connection of its own rather than another pooled one.
          agent: again ? false : agent,
        },
        (answer) => {
          const out = { ...answer.headers };
          for (const [name, value] of Object.entries(securityHeaders)) out[name] ??= value;
          // What does not say it may be kept is not kept (the portal's own answers all say so).
          out["cache-control"] ??= "no-store";
          res.writeHead(answer.statusCode ?? 502, out);
          answer.pipe(res);
        },
      );
      forward.once("error", (error) => {
        // One answer per request: a later error of this attempt (a pipe ending into it) is not a second.
        forward.on("error", () => {});
        const stale = forward.reusedSocket && (error.code === "ECONNRESET" || error.code === "EPIPE");
        if (stale && repeatable && !again && !res.headersSent) {
          send(true).end();
          return;
        }
        // The path only: a query string may carry a one-time link's token.
        console.error(
          `[proxy] ${req.method} ${req.url?.split("?")[0]} to port ${target}: ${error.code ?? error.message}${forward.reusedSocket ? " (reused socket)" : ""}`,
        );
        unavailable(res, ownPage);
      });
      return forward;
    };
    const forward = send(false);
    // A body sent without a length is counted as it arrives and cut off at the limit.
    let received = 0;
    req.on("data", (chunk) => {
      received += chunk.length;
      if (received > bodyLimit) {
        req.unpipe(forward);
        forward.removeAllListeners("error").on("error", () => {});
        forward.destroy();
        tooLarge(req, res, ownPage);
      }
    });
    req.pipe(forward);
  });
  server.keepAliveTimeout = 65_000;
  server.listen(port, host);
  return server;
}

/** Whether a request carries a body (a length above zero, or one sent in chunks). */
function hasBody(req) {
  const length = req.headers["content-length"];
  return (length !== undefined && length !== "0") || req.headers["transfer-encoding"] !== undefined;
}

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** A form posted from another site (CSRF). The portal checks it too; here it gets a clear page. */
function crossSitePost(req) {
  const origin = req.headers.origin;
  if (!UNSAFE.has(req.method ?? "") || origin === undefined) return false;
  try {
    return new URL(origin).host !== req.headers.host;
  } catch {
    return true; // "null" and garbage origins
  }
}

/** 400 for a Host header no URL can be made of; the body is read and dropped, and the connection closed. */
function badHost(req, res, ownPage) {
  res.writeHead(400, ownPage("text/html; charset=utf-8", { connection: "close" }));
  res.end(
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bad request | Professional Portal</title></head>' +
      "<body><main><h1>Bad request</h1><p>The address this request was sent to is not valid.</p></main></body></html>",
  );
  req.resume();
}

function refuse(res, ownPage) {
  res.writeHead(403, ownPage("text/html; charset=utf-8"));
  res.end(
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Refused | Professional Portal</title></head>' +
      "<body><main><h1>Refused</h1><p>This form was sent from another site and was refused.</p>" +
      '<p><a href="/home">Go to the home page</a></p></main></body></html>',
  );
}

/** 413 before a portal process reads a byte of the body; the rest is read and dropped, so the client hears the answer. */
function tooLarge(req, res, ownPage) {
  if (res.headersSent) return res.destroy();
  // A photo over the upload limit: said as the photo form says it, with the way back to that form.
  const upload = req.method === "POST" && UPLOAD_BODY_LIMITS.has((req.url ?? "").split("?")[0]);
  const text = upload
    ? "The photo is larger than 5 MB. Please choose a smaller one."
    : "What was sent is too large. Please shorten it and try again.";
  const back = upload
    ? `<a href="${photoPageOf(req)}">Back to your photo</a>`
    : '<a href="/home">Go to the home page</a>';
  res.writeHead(413, ownPage("text/html; charset=utf-8"));
  res.end(
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Too large | Professional Portal</title></head>' +
      `<body><main><h1>Too large</h1><p>${text}</p><p>${back}</p></main></body></html>`,
  );
  req.resume();
}

/** The photo page an upload came from (its Referer, this host's /welcome or /profile/info), else /profile/info. */
function photoPageOf(req) {
  try {
    const from = new URL(req.headers.referer ?? "");
    if (from.host === req.headers.host && from.pathname === "/welcome") return "/welcome";
  } catch {
    // no or a broken Referer
  }
  return "/profile/info";
}

function unavailable(res, ownPage) {
  if (res.headersSent) return res.destroy();
  res.writeHead(503, ownPage("text/plain; charset=utf-8", { "retry-after": "2" }));
  res.end("The portal is restarting. Please try again in a moment.");
}
