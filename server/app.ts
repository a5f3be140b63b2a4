import { randomUUID } from "node:crypto";
import path from "node:path";
import { createRequestHandler } from "@remix-run/express";
import { data, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import onHeaders from "on-headers";
import { bodyLimitFor, isUploadPost } from "~/domain/body-limits";
import { STORE_UNAVAILABLE, formBackFields, type StoreUnavailableData } from "~/domain/form-back";
import { isStoreUnavailable } from "~/server/infra/errors.server";
import { env } from "~/server/infra/env.server";
import { requestContext, type RequestContext } from "~/server/infra/request-context.server";
import { securityHeaderList } from "~/server/infra/security-header-list.server";
import {
  BAD_HOST,
  BAD_TARGET,
  CROSS_SITE,
  LENGTH_REQUIRED,
  OWN_PAGE_HEADERS,
  type OwnPage,
  bodyWithoutLength,
  crossSitePost,
  originFormTarget,
  ownPageHtml,
  tooLarge,
  validHost,
} from "./edge";
import { readObservabilityConfig } from "./observability/config";
import { readiness, setBuildLoaded, watchUpstream } from "./readiness";

export type AppOptions = {
  /** The Remix server build, or (the Vite dev server) a function that loads the current one. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** The build's client folder (static files); none in development, where Vite serves them. */
  clientDir?: string;
  /** Middleware mounted before the portal's own (Vite's in development, the request log, metrics). */
  before?: express.RequestHandler[];
};

const CLIENT_FORWARDED = ["x-forwarded-host", "x-forwarded-port", "forwarded"];

/** An id a balancer made (nginx's $request_id, a UUID) is kept; anything else is replaced. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The portal's HTTP server: the edge rules (a Host a URL can be made of, no cross-site posts, body
 * limits), the security headers on every answer, compression, static files, the health checks, and
 * Remix. Each request runs in the request context (its id and the client's address), which Remix
 * hands to loaders and actions as their load context.
 */
export function createApp({ build, clientDir, before = [] }: AppOptions): express.Express {
  const app = express();
  mountEdge(app, { clientDir, before });
  setBuildLoaded();
  watchUpstream();
  app.all(
    "*",
    createRequestHandler({
      build: typeof build === "function" ? async () => answerStoreFailures(await build()) : answerStoreFailures(build),
      mode: env.NODE_ENV,
      getLoadContext: (_req, res) => res.locals.context as RequestContext,
    }),
  );
  return app;
}

/** Everything in front of Remix, in order (tests mount it in front of a stand-in for Remix). */
export function mountEdge(app: express.Express, { clientDir, before = [] }: Omit<AppOptions, "build">): void {
  app.disable("x-powered-by");
  // req.ip is the entry the TRUST_PROXY_HOPS proxies in front appended to X-Forwarded-For, or the
  // socket's address without them; entries a client wrote itself sit further left and are ignored.
  app.set("trust proxy", env.TRUST_PROXY_HOPS);
  app.use((req, res, next) => {
    // Remix builds the request's URL from these and compares a post's Origin with it; a client may
    // not choose the portal's host. The scheme is the balancer's to say, when there is one.
    for (const name of CLIENT_FORWARDED) delete req.headers[name];
    if (env.TRUST_PROXY_HOPS === 0) delete req.headers["x-forwarded-proto"];
    const incoming = req.get("x-request-id");
    const context: RequestContext = {
      requestId: incoming && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID(),
      clientAddress: req.ip ?? "unknown",
      method: req.method,
      userAgent: req.get("user-agent") ?? undefined,
    };
    res.setHeader("X-Request-Id", context.requestId);
    res.locals.context = context;
    requestContext.run(context, next);
  });
  app.use(securityHeaders());
  for (const handler of before) app.use(handler);
  app.use(edgeRules());
  app.use(compression());

  // Liveness (/healthz) is a Remix resource route: alive means Remix answers, and the bench's bare
  // route stays the framework's cheapest answer. Readiness asks what the portal needs.
  // Anyone (the balancer) learns only whether this instance is ready; what is missing is said to
  // whoever has the metrics token (the operator), as the metrics port is.
  const token = readObservabilityConfig().METRICS_TOKEN;
  app.get("/readyz", async (req, res) => {
    const { ready, checks } = await readiness();
    const operator = token !== undefined && req.get("authorization") === `Bearer ${token}`;
    res
      .status(ready ? 200 : 503)
      .set("Cache-Control", "no-store")
      .json(operator ? { ready, checks } : { ready });
  });

  if (clientDir) {
    // Hashed file names never change content: a year, immutable. Everything else in public/ an hour.
    app.use(
      "/assets",
      express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false, redirect: false }),
      // Earlier builds' assets (deploy/keep-assets.mjs): a page of the build before still loads its scripts.
      express.static(path.join(clientDir, "../kept-assets"), {
        immutable: true,
        maxAge: "1y",
        index: false,
        redirect: false,
      }),
      // A hashed file no build kept is a plain 404, never Remix's sign-in redirect: nginx tries the
      // next instance (it may be of the older build), and Remix's client reloads the page.
      (_req: Request, res: Response) => res.status(404).type("text/plain").send("Not found"),
    );
    app.use(express.static(clientDir, { maxAge: "1h", index: false, redirect: false }));
  }
}

/**
 * The security headers of every answer, from the portal's one list: added where an answer lacks
 * them (static files, the server's own pages), never replacing what Remix set. What does not say it
 * may be kept is not kept (the portal's own answers all say so).
 */
function securityHeaders(): express.RequestHandler {
  const list = securityHeaderList({ cookieSecure: env.cookieSecure, hstsMaxAge: env.HSTS_MAX_AGE });
  return (_req, res, next) => {
    onHeaders(res, function fill() {
      for (const [name, value] of list) if (!res.hasHeader(name)) res.setHeader(name, value);
      if (!res.hasHeader("Cache-Control")) res.setHeader("Cache-Control", "no-store");
    });
    next();
  };
}

/** The requests refused before Remix reads them, each with a page that says why. */
function edgeRules(): express.RequestHandler {
  const formLimit = env.FORM_BODY_LIMIT_KB * 1024;
  return (req: Request, res: Response, next: NextFunction) => {
    if (!validHost(req.headers.host)) return ownPage(req, res, BAD_HOST, "bad host", { close: true });
    if (!originFormTarget(req.originalUrl)) return ownPage(req, res, BAD_TARGET, "target not a path", { close: true });
    if (crossSitePost(req)) return ownPage(req, res, CROSS_SITE, "cross-site post");
    if (bodyWithoutLength(req)) return ownPage(req, res, LENGTH_REQUIRED, "body without length", { close: true });
    const declared = req.headers["content-length"];
    const url = req.originalUrl;
    if (declared !== undefined && !(Number(declared) <= bodyLimitFor(req.method, url, formLimit))) {
      const page = tooLarge(isUploadPost(req.method, url), req.headers.referer, req.headers.host);
      return ownPage(req, res, page, `body of ${declared} bytes over the limit`);
    }
    next();
  };
}

/**
 * One of the server's own pages, with the request's id as its reference; `reason` goes on the
 * request's log line. A body the client is still sending is read and dropped, so it hears the answer.
 */
function ownPage(req: Request, res: Response, page: OwnPage, reason: string, { close = false } = {}) {
  const context = res.locals.context as RequestContext;
  context.refusal = reason;
  res.status(page.status).set(OWN_PAGE_HEADERS);
  if (close) res.set("Connection", "close");
  res.send(ownPageHtml(page, context.requestId));
  req.resume();
}

type RouteFunction = (args: { request: globalThis.Request; params: unknown; context: unknown }) => unknown;
const answered = new WeakMap<ServerBuild, ServerBuild>();

/**
 * Store failures answered in one place (issue 38, decision 049): every route's loader and action runs
 * here, and a request during which a store (sessions, rate limits) failed is answered 503 "Service
 * unavailable, try again in a moment" with its reference, whatever the route made of the failure
 * (some catch everything). A refused post comes back filled in on that page (formBackFields), to send
 * again once the store is back; the store's own words never reach the agent.
 */
export function answerStoreFailures(build: ServerBuild): ServerBuild {
  const known = answered.get(build);
  if (known) return known;
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => {
      const { loader, action } = route.module as { loader?: RouteFunction; action?: RouteFunction };
      const module = {
        ...route.module,
        ...(loader ? { loader: guarded(loader, false) } : {}),
        ...(action ? { action: guarded(action, true) } : {}),
      };
      return [id, { ...route, module }];
    }),
  );
  const wrapped = { ...build, routes } as ServerBuild;
  answered.set(build, wrapped);
  return wrapped;
}

function guarded(work: RouteFunction, isAction: boolean): RouteFunction {
  return async (args) => {
    const context = requestContext.getStore();
    // A copy of a form post's body (at most the form limit), read only if the post is refused.
    const type = args.request.headers.get("content-type") ?? "";
    const copy = isAction && type.startsWith("application/x-www-form-urlencoded") ? args.request.clone() : null;
    let result: unknown;
    try {
      result = await work(args);
    } catch (error) {
      if (!isStoreUnavailable(error) && !context?.storeUnavailable) throw error;
      throw await storeUnavailableAnswer(args.request, copy, context);
    }
    if (context?.storeUnavailable) throw await storeUnavailableAnswer(args.request, copy, context);
    return result;
  };
}

async function storeUnavailableAnswer(
  request: globalThis.Request,
  copy: globalThis.Request | null,
  context?: RequestContext,
) {
  if (context) {
    context.refusal = "store unavailable";
    if (copy) {
      const form = await copy.formData().catch(() => null);
      const url = new URL(request.url);
      url.searchParams.delete("_data");
      if (form) context.formBack = { action: url.pathname + url.search, fields: formBackFields(form.entries()) };
    }
  }
  const body: StoreUnavailableData = {
    message: STORE_UNAVAILABLE,
    storeUnavailable: true,
    reference: context?.requestId ?? null,
    // The root loader answers for the same post after its action: it gives the same form back.
    formBack: context?.formBack ?? null,
  };
  return data(body, { status: 503, headers: { "Retry-After": "5", "Cache-Control": "no-store" } });
}
