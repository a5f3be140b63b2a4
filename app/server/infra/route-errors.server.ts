import { data } from "@remix-run/node";
import { redirect } from "~/server/infra/responses.server";
import { SERVICE_UNAVAILABLE } from "~/domain/login-errors";
import { UpstreamError } from "~/server/infra/http.server";
import { currentRequest } from "~/server/infra/request-context.server";
import { ActingEndedError, SignedOutError } from "~/server/infra/errors.server";
import { actingEndedPath } from "~/domain/super-user";
import { loginPath } from "~/domain/redirect";
import { NOT_FOUND_TEXT, refusalOf } from "~/domain/upstream-refusals";

export const NOT_FOUND_MESSAGE = NOT_FOUND_TEXT;

/** What a loader throws for a page that is not there: the layout family's "Page not found" in its shell. */
export function pageNotFound() {
  return data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
}

/**
 * What a guard throws when the caller's role, tools or branch do not allow the request. Visiting a
 * page the menu never offers still goes home; an action posted anyway (a hand-made post, or a page
 * left open while the role changed) is answered with a 403 page that says what was refused and why,
 * never a silent redirect, inside the signed-in shell (`refusedActionShell`).
 */
export function refusal(request: Request, refused: string, reason: string) {
  return refusalFor(request.method, refused, reason);
}

const isPageVisit = (method: string | undefined) => method === undefined || method === "GET" || method === "HEAD";

function refusalFor(method: string | undefined, refused: string, reason: string) {
  if (isPageVisit(method)) return redirect("/home");
  // The 403 page is drawn in the signed-in shell: the root loader loads it for this request (shell.server).
  const context = currentRequest();
  if (context) {
    context.refusedAction = true;
    context.refusal = `${refused} refused: ${reason}`;
  }
  return data({ message: `${refused} was refused: ${reason}`, refused: true }, { status: 403 });
}

/** The upstream's own words for a 403 when it gave a sentence, else what such a refusal means here. */
const upstreamReason = (error: UpstreamError) => {
  const said = error.body.message?.trim();
  return said && said.length < 200
    ? said.replace(/^./, (c) => c.toLowerCase())
    : "your account may not do this for that agency, branch or record.";
};

/**
 * What a route throws for an upstream failure that reached its loader or action (house style,
 * "Errors"): an upstream 404 is the page not being there (a 404 response, which the layout family's
 * error boundary shows as "Page not found" inside its shell); 403 sends a page visit home and answers
 * a posted action with a 403 page giving the upstream's reason; any other
 * failure (down, slow, 5xx, malformed) is a 503 with the service-unavailable message; a session
 * whose tokens cannot be refreshed goes to /login. Anything else (a redirect, a response already
 * thrown) passes unchanged.
 */
export function routeErrorOf(error: unknown): unknown {
  // The tokens could not be refreshed: the session has been ended (api.server), so sign in again.
  if (error instanceof ActingEndedError) return redirect(actingEndedPath(error.agencyId));
  if (error instanceof SignedOutError) return redirect(loginPath(error.returnTo, "expired"));
  if (!(error instanceof UpstreamError)) return error;
  if (error.failure === "http" && error.status === 404) return pageNotFound();
  // Too many codes (429, how long to wait) and a conflict (409, the upstream's sentence): the agent's to act on.
  const refused = error.failure === "http" ? refusalOf(error.status, error.body) : null;
  if (refused) {
    const wait = error.body.retryAfterSeconds;
    return data(
      { message: refused.message },
      { status: refused.status, headers: wait ? { "Retry-After": String(wait) } : undefined },
    );
  }
  // A page the upstream refuses goes home; an action it refuses (a post) says so with its reason.
  if (error.failure === "http" && error.status === 403) {
    return refusalFor(currentRequest()?.method, "That action", upstreamReason(error));
  }
  return data({ message: SERVICE_UNAVAILABLE, reference: currentRequest()?.requestId ?? null }, { status: 503 });
}

/** Runs a loader's or action's work; an upstream failure it lets through becomes routeErrorOf(it). */
export async function withUpstreamErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw routeErrorOf(error);
  }
}

/**
 * For a widget or a part of a page: an upstream that is down, slow, failing or confused becomes null
 * (the page says so and keeps the rest); a 404 or 403 still goes to the route's handling, and
 * anything that is not an UpstreamError is thrown as it is.
 */
export function unavailable(error: unknown): null {
  if (error instanceof UpstreamError && !(error.failure === "http" && (error.status === 404 || error.status === 403))) {
    return null;
  }
  throw routeErrorOf(error);
}
