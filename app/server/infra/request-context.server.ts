import { AsyncLocalStorage } from "node:async_hooks";
import type { FormBackField } from "~/domain/form-back";

/**
 * What the portal's server (server/app.ts) knows of a request before Remix sees it: its id (sent on
 * to the upstream and back in `X-Request-Id`) and the client's address (the socket's, or the entry
 * TRUST_PROXY_HOPS balancers in front of the portal wrote). Remix hands it to loaders and actions as
 * their load context; code deeper down (the upstream client, the rate limits) reads it here.
 */
export type RequestContext = {
  requestId: string;
  clientAddress: string;
  /** The request's method: an upstream refusal of a posted action is said, a page visit's goes home. */
  method?: string;
  /**
   * Set when a posted action was refused (route-errors' refusal): the page that says so is drawn in the
   * signed-in shell, which the root loader then loads (the layout's own loader does not run below an
   * action's error).
   */
  refusedAction?: boolean;
  /** A store (sessions, rate limits) failed during the request: it is answered 503 (server/app.ts). */
  storeUnavailable?: boolean;
  /** The post refused for it, to give back filled in on the 503 page (server/app.ts). */
  formBack?: { action: string; fields: FormBackField[] };
  /** Why the request was refused (403, 413, 429…): its request log line says so. */
  refusal?: string;
  /** The browser's User-Agent, forwarded to the upstream when it signs the agent in (their sign-ins list). */
  userAgent?: string;
};

/**
 * One store per process, shared by the server and the app's build: each bundles its own copy of
 * this module, so the store lives on globalThis under a registered symbol.
 */
const KEY = Symbol.for("professional-portal.request-context");
const shared = globalThis as typeof globalThis & { [KEY]?: AsyncLocalStorage<RequestContext> };
export const requestContext: AsyncLocalStorage<RequestContext> = (shared[KEY] ??= new AsyncLocalStorage());

/** The request being answered, if any (none in a timer or at start-up). */
export const currentRequest = (): RequestContext | undefined => requestContext.getStore();
