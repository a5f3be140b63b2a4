import type { AppLoadContext, EntryContext, HandleDataRequestFunction, HandleErrorFunction } from "@remix-run/node";
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer, isRouteErrorResponse } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { NonceContext } from "~/components/nonce";
import { ReferenceContext } from "~/components/reference";
import type { RequestContext } from "~/server/infra/request-context.server";
import { applyNoStore, applySecurityHeaders, newNonce } from "~/server/infra/security-headers.server";
import { isStoreUnavailable } from "~/server/infra/errors.server";

const ABORT_DELAY = 5_000;
export const streamTimeout = ABORT_DELAY;

/**
 * A 429 or 503 document keeps the wait its action or loader set (too many codes, a rate limit):
 * Remix passes a route's own headers only through a `headers` export, and one rule here serves
 * every form (a data request already carries them).
 */
function keepRetryAfter(status: number, responseHeaders: Headers, { staticHandlerContext: context }: EntryContext) {
  if (status !== 429 && status !== 503) return;
  for (const headers of [...Object.values(context.actionHeaders), ...Object.values(context.loaderHeaders)]) {
    const wait = headers.get("Retry-After");
    if (wait) return void responseHeaders.set("Retry-After", wait);
  }
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = newNonce();
  applySecurityHeaders(responseHeaders, nonce);
  applyNoStore(responseHeaders);
  keepRetryAfter(responseStatusCode, responseHeaders, remixContext);
  // Bots and no-JavaScript agents get the whole document at once; browsers get it streamed.
  const waitForAll = isbot(request.headers.get("user-agent") ?? "") || remixContext.isSpaMode;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // A render still going after the delay is cut off. The timer holds the render (its tree, its
    // data, its document), so it is cleared when React is done: left to fire, it kept every
    // request's render in memory for six seconds after the answer went out (decision 028).
    const abortTimer = setTimeout(() => abort(), ABORT_DELAY + 1000);
    const respond = () => {
      shellRendered = true;
      const body = new PassThrough();
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      resolve(
        new Response(createReadableStreamFromReadable(body), {
          headers: responseHeaders,
          status: responseStatusCode,
        }),
      );
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ReferenceContext.Provider value={(loadContext as Partial<RequestContext> | undefined)?.requestId ?? null}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </ReferenceContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        onShellReady() {
          if (!waitForAll) respond();
        },
        onAllReady() {
          clearTimeout(abortTimer);
          if (waitForAll) respond();
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are logged once; before it, Remix's boundary renders them.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

/** Data responses (single fetch) carry the same non-CSP security headers, and are not stored. */
export const handleDataRequest: HandleDataRequestFunction = (response) => {
  applySecurityHeaders(response.headers);
  applyNoStore(response.headers);
  return response;
};

/** Remix's notice on every `?_data` request (an old tab or a bot): a client's choice, not a fault of ours. */
const DATA_PARAM_NOTICE = "Warning: Single fetch-enabled apps should not be making ?_data requests";

/**
 * What Remix reports: a real error once, with its stack and the request's reference. Not reported:
 * a request the client abandoned, Remix's `?_data` notice (a stack trace on stderr per such request),
 * and a store failure (store-health has said it, once).
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (error instanceof Error && error.message.startsWith(DATA_PARAM_NOTICE)) return;
  if (isStoreUnavailable(error)) return;
  const reference = (context as Partial<RequestContext> | undefined)?.requestId ?? "none";
  console.error(
    `[remix] unexpected error (request ${reference})`,
    isRouteErrorResponse(error) && "error" in error && error.error ? error.error : error,
  );
};
