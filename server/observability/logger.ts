import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import { pino, type DestinationStream, type Logger } from "pino";
import { pinoHttp } from "pino-http";
import { currentRequest, type RequestContext } from "~/server/infra/request-context.server";
import { readObservabilityConfig } from "./config";
import { isStaticPath } from "./route-id";

/**
 * A JSON logger to stdout (or to `destination`, for tests). Every line carries the process id, so
 * lines from the cluster's workers can be told apart. Should other code ever log a request object,
 * its cookie and authorization headers are masked.
 */
export function createLogger(options: { level?: string; destination?: DestinationStream } = {}): Logger {
  return pino(
    {
      level: options.level ?? readObservabilityConfig().LOG_LEVEL,
      base: { pid: process.pid },
      redact: {
        paths: ["headers.cookie", "headers.authorization", "*.headers.cookie", "*.headers.authorization"],
        censor: "[redacted]",
      },
    },
    options.destination ?? pino.destination({ fd: 1, sync: false }),
  );
}

/** The process's logger, level from LOG_LEVEL. */
export const logger: Logger = createLogger();

/** The path of a request without its query: a query may carry a one-time link's token. */
export function pathOf(req: IncomingMessage): string {
  const url = (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? "/";
  const end = url.search(/[?#]/);
  return end < 0 ? url : url.slice(0, end);
}

/** Requests that come all day and say nothing: the balancer's health checks and static files. */
const quiet = (path: string) => path === "/healthz" || path === "/readyz" || isStaticPath(path);

/**
 * One JSON line per finished request: method, path (no query), status, duration, request id, route
 * id. Nothing of the request's headers but the user agent: no cookie, no authorization. Health checks
 * and static files are logged at debug, so under load the info lines are the pages and their data.
 */
export function requestLogger(
  options: { logger?: Logger; resolveRouteId?: (pathname: string) => string } = {},
): RequestHandler {
  const { resolveRouteId } = options;
  const fields = (req: IncomingMessage, res: ServerResponse, durationMs: number) => {
    const path = pathOf(req);
    // Why the portal refused it (403, 413, 429…), as whoever refused it wrote in the request's context.
    const reason = (res as ServerResponse & { locals?: { context?: RequestContext } }).locals?.context?.refusal;
    return {
      method: req.method,
      path,
      status: res.statusCode,
      durationMs,
      ...(resolveRouteId ? { route: resolveRouteId(path) } : {}),
      ...(reason ? { reason } : {}),
      ...(req.headers["user-agent"] ? { userAgent: req.headers["user-agent"].slice(0, 200) } : {}),
      // The client went away before the answer was sent: the status is what was meant, not what arrived.
      ...(res.writableEnded ? {} : { aborted: true }),
    };
  };
  const middleware = pinoHttp<IncomingMessage, ServerResponse>({
    logger: options.logger ?? logger,
    // The id the server put in the request's context (the balancer's or a new one), so this line,
    // the X-Request-Id answered and the upstream calls all carry the same id.
    genReqId: () => currentRequest()?.requestId ?? randomUUID(),
    customAttributeKeys: { reqId: "requestId", responseTime: "durationMs" },
    // Only the request id is bound to the line; the fields below are chosen one by one, so no
    // serializer can let a header or the query through.
    quietReqLogger: true,
    quietResLogger: true,
    customLogLevel: (req, res, error) => {
      if (error || res.statusCode >= 500) return "error";
      return quiet(pathOf(req)) ? "debug" : "info";
    },
    customSuccessObject: (req, res, value: { durationMs: number }) => fields(req, res, value.durationMs),
    customErrorObject: (req, res, error, value: { durationMs: number }) => ({
      ...fields(req, res, value.durationMs),
      // pino-http makes up an error for a plain 500; only a real one is worth its message.
      ...(error.message.startsWith("failed with status code") ? {} : { err: pino.stdSerializers.err(error) }),
    }),
    customSuccessMessage: (_req, res) => (res.writableEnded ? "request completed" : "request aborted"),
    customErrorMessage: () => "request failed",
  });
  return (req, res, next) => middleware(req, res, next);
}
