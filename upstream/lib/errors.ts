import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";

/** The failure body every endpoint answers: `{ message: { message, errorCode, remainingAttempts? } }`. */
export type ErrorBody = {
  message: { message: string; errorCode: string; remainingAttempts?: number };
};

/** Thrown anywhere in a handler; the app's error handler turns it into the JSON failure body. */
export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  readonly errorCode: string;
  readonly remainingAttempts: number | undefined;
  /** Headers the answer carries (a 429's Retry-After). */
  headers: Record<string, string> = {};

  constructor(status: ContentfulStatusCode, errorCode: string, message: string, remainingAttempts?: number) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.errorCode = errorCode;
    this.remainingAttempts = remainingAttempts;
  }

  toBody(): ErrorBody {
    return errorBody(this.errorCode, this.message, this.remainingAttempts);
  }
}

export function errorBody(errorCode: string, message: string, remainingAttempts?: number): ErrorBody {
  return {
    message: remainingAttempts === undefined ? { message, errorCode } : { message, errorCode, remainingAttempts },
  };
}

export function invalidToken(message = "Your session is not valid. Please sign in again."): ApiError {
  return new ApiError(401, "INVALID_TOKEN", message);
}

export function invalidRequest(message: string): ApiError {
  return new ApiError(400, "INVALID_REQUEST", message);
}

/** Answers `{ data }` with the given status (200 by default). */
export function ok<T>(c: Context, data: T, status: ContentfulStatusCode = 200) {
  return c.json({ data }, status);
}

/** Reads the JSON body and checks it with the schema; a bad body throws 400 INVALID_REQUEST. */
export async function readBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    throw invalidRequest("The request body must be JSON.");
  }
  return parseOrThrow(schema, raw);
}

/** A body that may be left out (a dev endpoint's options): none reads as `{}`; present, it must be JSON. */
export async function readOptionalBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  const text = (await c.req.text()).trim();
  let raw: unknown = {};
  if (text !== "") {
    try {
      raw = JSON.parse(text);
    } catch {
      throw invalidRequest("The request body must be JSON.");
    }
  }
  return parseOrThrow(schema, raw);
}

export function parseOrThrow<S extends z.ZodType>(schema: S, raw: unknown): z.infer<S> {
  const result = schema.safeParse(raw);
  if (!result.success) {
    const first = result.error.issues[0];
    const where = first && first.path.length > 0 ? `${first.path.join(".")}: ` : "";
    throw invalidRequest(`The request is not valid. ${where}${first?.message ?? "invalid value"}`.trim());
  }
  return result.data;
}
