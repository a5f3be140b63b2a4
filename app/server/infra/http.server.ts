import type { z } from "zod";
import { refusalOf, retryAfterSeconds } from "~/domain/upstream-refusals";
import { env } from "~/server/infra/env.server";
import { currentRequest } from "~/server/infra/request-context.server";
import { recordUpstream, type UpstreamOutcome } from "~/server/infra/upstream-metrics.server";

/** The error body every upstream speaks: `{ message: { message, errorCode, remainingAttempts } }`. */
export type UpstreamErrorBody = {
  message?: string;
  errorCode?: string;
  remainingAttempts?: number;
  /** From the answer's Retry-After (a 429): how long until the upstream takes the call again. */
  retryAfterSeconds?: number;
};

export type UpstreamFailure = "unavailable" | "timeout" | "http" | "malformed";

export class UpstreamError extends Error {
  constructor(
    readonly failure: UpstreamFailure,
    readonly service: string,
    readonly path: string,
    readonly status: number | null = null,
    readonly body: UpstreamErrorBody = {},
  ) {
    super(
      `${service} ${redacted(path)}: ${failure}${status ? ` ${status}` : ""}${body.errorCode ? ` ${body.errorCode}` : ""}`,
    );
    this.name = "UpstreamError";
  }
}

/** The error code the upstream answered a failed call with; undefined for anything else (down, slow, malformed). */
export function upstreamCode(error: unknown): string | undefined {
  return error instanceof UpstreamError && error.failure === "http" ? error.body.errorCode : undefined;
}

/** A path as log lines show it: secrets in its query (an unsubscribe token, a code) are left out. */
export const redacted = (path: string) => path.replace(/([?&](?:token|otp|code)=)[^&]*/gi, "$1…");

export type JsonRequest<S extends z.ZodType> = {
  service: string;
  baseUrl: string;
  path: string;
  method?: "GET" | "POST" | "PUT" | "DELETE";
  json?: unknown;
  /** A body that is not JSON (an uploaded photo), sent as it is with its content type. */
  body?: ArrayBuffer;
  contentType?: string;
  headers?: Record<string, string>;
  /** Only this status counts as success (the content service: 200 only). */
  acceptStatus?: number;
  /** The shape of a successful body; null when the body is not used (204, logout). */
  schema: S | null;
  timeoutMs?: number;
  /** Instead of a timeout on the whole call: at most this long without a byte (a stream, an export). */
  silenceMs?: number;
};

/**
 * One upstream call: a timeout, JSON in and out, the error body parsed, the success body checked
 * with zod (never cast). Every failure becomes an UpstreamError and one log line.
 */
export async function requestJson<S extends z.ZodType>(req: JsonRequest<S>): Promise<z.infer<S>> {
  const { service, path } = req;
  const { response, started } = await send(req, "application/json");
  let payload: unknown = null;
  const text = await response.text().catch(() => "");
  if (text) {
    try {
      payload = JSON.parse(text);
    } catch {
      if (response.ok) throw logged(new UpstreamError("malformed", service, path, response.status), started);
    }
  }

  if (!response.ok || (req.acceptStatus !== undefined && response.status !== req.acceptStatus)) {
    const body = { ...errorBody(payload), retryAfterSeconds: retryAfterSeconds(response.headers.get("retry-after")) };
    throw logged(new UpstreamError("http", service, path, response.status, body), started);
  }
  if (req.schema === null) {
    recordUpstream(service, "ok", started, path);
    return undefined as z.infer<S>;
  }
  const parsed = req.schema.safeParse(payload);
  if (!parsed.success) throw logged(new UpstreamError("malformed", service, path, response.status), started);
  recordUpstream(service, "ok", started, path);
  return parsed.data;
}

/**
 * The fetch under every upstream call: the timeout, no redirects followed, failures as UpstreamError.
 * The portal's request id goes along, so the upstream's log lines can be matched with the portal's.
 */
async function send(
  req: Pick<
    JsonRequest<z.ZodType>,
    "service" | "baseUrl" | "path" | "method" | "json" | "body" | "contentType" | "headers" | "timeoutMs"
  >,
  accept: string,
  signal: AbortSignal = AbortSignal.timeout(req.timeoutMs ?? env.UPSTREAM_TIMEOUT_MS),
): Promise<{ response: Response; started: number }> {
  const { service, path } = req;
  const started = performance.now();
  const requestId = currentRequest()?.requestId;
  try {
    const response = await fetch(new URL(path, req.baseUrl), {
      method: req.method ?? "GET",
      headers: {
        accept,
        ...(requestId === undefined ? {} : { "x-request-id": requestId }),
        ...(req.json === undefined ? {} : { "content-type": "application/json" }),
        ...(req.body === undefined ? {} : { "content-type": req.contentType ?? "application/octet-stream" }),
        ...req.headers,
      },
      body: req.json !== undefined ? JSON.stringify(req.json) : req.body,
      signal,
      redirect: "manual",
    });
    return { response, started };
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === "TimeoutError";
    throw logged(new UpstreamError(timedOut ? "timeout" : "unavailable", service, path), started);
  }
}

/**
 * One upstream call whose answer is not JSON (a ship's SVG art): the same timeout, errors and log
 * line as requestJson; the body must come with the expected content type.
 */
export async function requestText(
  req: Pick<JsonRequest<z.ZodType>, "service" | "baseUrl" | "path" | "timeoutMs" | "method" | "json" | "headers"> & {
    contentType: string;
  },
): Promise<string> {
  const { response, started } = await send(req, req.contentType);
  const text = await response.text().catch(() => "");
  if (!response.ok) throw logged(new UpstreamError("http", req.service, req.path, response.status), started);
  const type = response.headers.get("content-type") ?? "";
  if (!type.startsWith(req.contentType) || !text) {
    throw logged(new UpstreamError("malformed", req.service, req.path, response.status), started);
  }
  recordUpstream(req.service, "ok", started, req.path);
  return text;
}

/**
 * One upstream call whose answer is an image (an agent's photo): the same timeout, errors and log line
 * as requestJson; the body must come with the expected content type and be at most `maxBytes` (a
 * larger one is "malformed": never passed on). The answer's Cache-Control comes along.
 */
export async function requestBytes(
  req: Pick<JsonRequest<z.ZodType>, "service" | "baseUrl" | "path" | "timeoutMs"> & {
    contentType: string;
    maxBytes: number;
  },
): Promise<{ bytes: ArrayBuffer; cacheControl: string | null }> {
  const { response, started } = await send(req, req.contentType);
  if (!response.ok) {
    await response.text().catch(() => "");
    throw logged(new UpstreamError("http", req.service, req.path, response.status), started);
  }
  const type = response.headers.get("content-type") ?? "";
  const declared = Number(response.headers.get("content-length") ?? 0);
  if (!type.startsWith(req.contentType) || declared > req.maxBytes) {
    // Not read: whatever it is, it is not passed on.
    void response.body?.cancel().catch(() => {});
    throw logged(new UpstreamError("malformed", req.service, req.path, response.status), started);
  }
  const bytes = await response.arrayBuffer().catch(() => null);
  if (!bytes || bytes.byteLength === 0 || bytes.byteLength > req.maxBytes) {
    throw logged(new UpstreamError("malformed", req.service, req.path, response.status), started);
  }
  recordUpstream(req.service, "ok", started, req.path);
  return { bytes, cacheControl: response.headers.get("cache-control") };
}

/**
 * One upstream call that answers a stream of JSON lines (an export): each line is checked with the
 * schema as it arrives and handed on, so ten thousand rows never sit in memory at once. A failure
 * before the first row is an UpstreamError as usual; a bad line or a cut stream ends the iteration
 * with one too (the CSV under it is then cut short, the only signal left once headers are sent).
 */
export async function* requestLines<T>(
  req: Pick<JsonRequest<z.ZodType>, "service" | "baseUrl" | "path" | "headers" | "timeoutMs" | "silenceMs"> & {
    schema: z.ZodType<T>;
  },
): AsyncGenerator<T> {
  // An export may rightly take minutes; one that has said nothing for `silenceMs` is stalled (issue 38).
  const quiet = req.silenceMs === undefined ? null : silenceTimer(req.silenceMs);
  try {
    yield* streamLines(req, quiet);
  } finally {
    quiet?.stop();
  }
}

/** An abort signal that fires after `ms` without a `touch()`, as a timeout does (TimeoutError). */
function silenceTimer(ms: number) {
  const controller = new AbortController();
  const fire = () => controller.abort(new DOMException(`no byte for ${ms} ms`, "TimeoutError"));
  let timer = setTimeout(fire, ms);
  return {
    signal: controller.signal,
    touch() {
      clearTimeout(timer);
      timer = setTimeout(fire, ms);
    },
    stop: () => clearTimeout(timer),
  };
}

async function* streamLines<T>(
  req: Parameters<typeof requestLines<T>>[0],
  quiet: ReturnType<typeof silenceTimer> | null,
): AsyncGenerator<T> {
  const { response, started } = await send(req, "application/x-ndjson", quiet?.signal);
  // A failure is recorded where it is logged; a stream read to its end, or left by the reader
  // before it (a client that went away mid-export), is an upstream call that went well.
  let failed = false;
  try {
    if (!response.ok || !response.body) {
      const text = await response.text().catch(() => "");
      let payload: unknown = null;
      try {
        payload = text ? JSON.parse(text) : null;
      } catch {
        // not JSON: no error body to read
      }
      throw logged(new UpstreamError("http", req.service, req.path, response.status, errorBody(payload)), started);
    }
    const decoder = new TextDecoder();
    let buffered = "";
    const parse = (line: string): T => {
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch {
        throw logged(new UpstreamError("malformed", req.service, req.path, response.status), started);
      }
      const parsed = req.schema.safeParse(value);
      if (!parsed.success)
        throw logged(new UpstreamError("malformed", req.service, req.path, response.status), started);
      return parsed.data;
    };
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        quiet?.touch();
        buffered += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffered.indexOf("\n")) >= 0) {
          const line = buffered.slice(0, end).trim();
          buffered = buffered.slice(end + 1);
          if (!line) continue;
          // Waiting on the reader (a slow download) is not the upstream's silence.
          quiet?.stop();
          yield parse(line);
          quiet?.touch();
        }
      }
    } catch (error) {
      if (error instanceof UpstreamError) throw error;
      const timedOut = error instanceof DOMException && error.name === "TimeoutError";
      throw logged(new UpstreamError(timedOut ? "timeout" : "unavailable", req.service, req.path), started);
    }
    buffered += decoder.decode();
    if (buffered.trim()) yield parse(buffered.trim());
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    if (!failed) recordUpstream(req.service, "ok", started, req.path);
  }
}

function errorBody(payload: unknown): UpstreamErrorBody {
  if (!payload || typeof payload !== "object") return {};
  const outer = (payload as { message?: unknown }).message;
  const inner =
    outer && typeof outer === "object" ? (outer as Record<string, unknown>) : (payload as Record<string, unknown>);
  return {
    message: typeof inner.message === "string" ? inner.message : typeof outer === "string" ? outer : undefined,
    errorCode: typeof inner.errorCode === "string" ? inner.errorCode : undefined,
    remainingAttempts: typeof inner.remainingAttempts === "number" ? inner.remainingAttempts : undefined,
  };
}

/** The outcome an UpstreamError counts as in the upstream-call metrics. */
function outcomeOf(error: UpstreamError): UpstreamOutcome {
  if (error.failure !== "http") return error.failure;
  // A refusal that is not a server error (a 4xx, or a 2xx/3xx the call did not accept) is the
  // upstream answering; only 5xx is the upstream failing.
  return error.status !== null && error.status >= 500 ? "http_5xx" : "http_4xx";
}

/** Every failed upstream call passes here once: its log line and its count in the metrics. */
function logged(error: UpstreamError, started: number): UpstreamError {
  recordUpstream(error.service, outcomeOf(error), started, error.path);
  // Expected answers (a wrong password, an expired token) are not faults worth a log line; a refusal
  // the agent is told about (too many codes, a conflict, not found) is worth an info line.
  const expected = error.failure === "http" && error.status !== null && error.status < 500;
  if (expected && refusalOf(error.status, error.body)) {
    console.info(`[upstream] ${error.message} refused (request ${currentRequest()?.requestId ?? "none"})`);
  }
  if (!expected) {
    // The request's id lets an operator put this line beside the request's own log line.
    const requestId = currentRequest()?.requestId;
    const during = requestId === undefined ? "" : ` (request ${requestId})`;
    console.warn(`[upstream] ${error.message} after ${Math.round(performance.now() - started)} ms${during}`);
  }
  return error;
}
