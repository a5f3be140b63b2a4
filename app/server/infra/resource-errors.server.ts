import stylesheet from "~/styles/app.css?url";
import { ERROR_FETCHING_DATA } from "~/domain/notifications";
import { NOT_FOUND_MESSAGE, routeErrorOf } from "~/server/infra/route-errors.server";
import { applyNoStore, applySecurityHeaders, newNonce } from "~/server/infra/security-headers.server";
import { pageTitle } from "~/domain/titles";
import { currentRequest } from "~/server/infra/request-context.server";

/**
 * Errors of resource routes (CSV exports, the travel-document PDF, the notification dismissal).
 * Remix draws no error boundary for a route without a component: a `data()` error thrown there
 * leaves as raw JSON ({"message":"Unexpected Server Error"}) that replaces the agent's screen. Here
 * a browser's document request (a link followed, a form posted without JavaScript) gets a small page
 * of the portal instead: the title, a heading, the message, and a link back to where the agent came
 * from; other requests get the message as JSON. Both keep the failure's status (503, 404…).
 */

/** Where the error page's link goes: the page the agent came from (the list, the document), or /home. */
export type WayBack = { href: string; label: string };

export const HOME_WAY_BACK: WayBack = { href: "/home", label: "Go to the home page" };

/** A browser's document request rather than a fetch of data (single fetch, a script). */
export function isDocumentRequest(request: Request): boolean {
  const dest = request.headers.get("Sec-Fetch-Dest");
  if (dest) return dest === "document";
  return request.headers.get("Accept")?.includes("text/html") ?? false;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

/**
 * The portal's error page for a resource route, server-rendered with no script: `{heading} |
 * Professional Portal`, the heading, the message (an alert), and the way back. A 404 is "Page not
 * found"; anything else is 'Error fetching data'.
 */
export function resourceErrorPage(status: number, message: string, back: WayBack): Response {
  const heading = status === 404 ? "Page not found" : ERROR_FETCHING_DATA;
  // The request's id, for the agent to quote and the operator to find its log line.
  const reference = currentRequest()?.requestId;
  const referenceLine = reference ? `\n<p>Reference: ${escapeHtml(reference)}</p>` : "";
  const html = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(pageTitle(heading))}</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${escapeHtml(stylesheet)}">
</head>
<body>
<main id="main" class="page page--narrow">
<section class="panel" aria-labelledby="error-heading">
<h1 id="error-heading">${escapeHtml(heading)}</h1>
<p role="alert">${escapeHtml(message)}</p>${referenceLine}
<p><a href="${escapeHtml(back.href)}">${escapeHtml(back.label)}</a></p>
</section>
</main>
</body>
</html>
`;
  const headers = new Headers({ "Content-Type": "text/html; charset=utf-8" });
  applySecurityHeaders(headers, newNonce());
  applyNoStore(headers);
  return new Response(html, { status, headers });
}

/** The same failure for a request that is not a document: its message as JSON, with its status. */
function jsonError(status: number, message: string): Response {
  const headers = new Headers({ "Content-Type": "application/json; charset=utf-8" });
  applySecurityHeaders(headers);
  applyNoStore(headers);
  return new Response(JSON.stringify({ message }), { status, headers });
}

type ThrownData = { type: "DataWithResponseInit"; data: unknown; init: ResponseInit | null };
const isThrownData = (value: unknown): value is ThrownData =>
  typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";

function messageOf(data: unknown, status: number): string {
  const message = (data as { message?: unknown } | null)?.message;
  if (typeof message === "string" && message) return message;
  return status === 404 ? NOT_FOUND_MESSAGE : "The request could not be completed. Please try again.";
}

/**
 * The status and message of a failure that a resource route answers itself: an upstream failure
 * (through routeErrorOf: 404, 503) or a `data()` error (the guard's, the route's own). Null for what
 * passes as it is: a redirect, a Response, an error that is a bug.
 */
export function resourceFailureOf(error: unknown): { status: number; message: string } | null {
  const routed = routeErrorOf(error);
  if (!isThrownData(routed)) return null;
  const status = routed.init?.status ?? 500;
  return { status, message: messageOf(routed.data, status) };
}

/**
 * What a resource route throws for something its work threw: a failure becomes the error page for a
 * document request and its message as JSON otherwise; anything else is routeErrorOf's answer (a
 * redirect to /home or /login) or passes as it is.
 */
export function resourceErrorOf(request: Request, error: unknown, back: WayBack): unknown {
  const failure = resourceFailureOf(error);
  if (!failure) return routeErrorOf(error);
  const { status, message } = failure;
  return isDocumentRequest(request) ? resourceErrorPage(status, message, back) : jsonError(status, message);
}

/** Runs a resource route's loader or action (guard included); what it throws goes through resourceErrorOf. */
export async function withResourceErrors<T>(request: Request, back: WayBack, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw resourceErrorOf(request, error, back);
  }
}
