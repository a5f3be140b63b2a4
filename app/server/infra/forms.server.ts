import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import type { z } from "zod";
import { HONEYPOT_FIELD } from "~/domain/honeypot";
import { consumeAuthPost, type LimitedForm, type RateLimitVerdict } from "~/server/infra/rate-limit.server";
import { assertAcceptablePost } from "~/server/infra/request.server";

/**
 * The posted form, or a 400 with a clear message when the body is not a form (a JSON post, a broken
 * multipart body): something the user (or a script) did is never a 500. Reads a clone, so the body
 * stays readable for remix-auth's form strategy.
 */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.clone().formData();
  } catch {
    throw data({ message: "The form could not be read. Please reload the page and try again." }, { status: 400 });
  }
}

/**
 * The checks every public form's action makes before anything else: the post comes from this site,
 * the honeypot is empty, and the client address is within its posts a minute for this form. The
 * rate verdict is returned so the form can say it in place and keep what was typed.
 */
export async function protectPublicForm(
  request: Request,
  form: LimitedForm,
): Promise<{ formData: FormData; verdict: RateLimitVerdict }> {
  assertAcceptablePost(request);
  const formData = await readFormData(request);
  const honey = formData.get(HONEYPOT_FIELD);
  if (honey !== null && honey !== "") {
    throw data({ message: "The form could not be sent. Please reload the page and try again." }, { status: 400 });
  }
  return { formData, verdict: await consumeAuthPost(form) };
}

/** What is echoed of a field whose schema names no maximum length. */
const ECHO_CAP = 1_000;

/**
 * The server's parse of a posted form (conform over the form's one zod schema). Its `reply` never
 * echoes a value longer than the field's schema allows (`max`), nor any value over 1,000
 * characters: a 5 MB username comes back as an empty field with its message, not as 10 MB of page.
 */
export function parseSubmission<Schema extends z.ZodType>(formData: FormData, schema: Schema) {
  const submission = parseWithZod(formData, { schema });
  const limits = maxLengths(schema);
  const reply = submission.reply.bind(submission);
  submission.reply = (options) => boundedEcho(reply(options), limits);
  return submission;
}

/** Each top-level field's `max` length, read from the schema (conform's constraints miss them). */
function maxLengths(schema: z.ZodType): Record<string, number> {
  const limits: Record<string, number> = {};
  const visit = (node: ZodNode | undefined): void => {
    const def = node?._zod.def;
    if (!def) return;
    if (def.shape) {
      for (const [name, field] of Object.entries(def.shape)) {
        const max = maxLengthOf(field);
        if (max !== undefined) limits[name] = Math.max(limits[name] ?? 0, max);
      }
    }
    def.options?.forEach(visit);
    visit(def.in ?? def.innerType);
  };
  visit(schema as unknown as ZodNode);
  return limits;
}

/** The internals of zod 4 schemas this reads: the definition tree and the collected checks. */
type ZodNode = {
  _zod: {
    def: {
      shape?: Record<string, ZodNode>;
      options?: ZodNode[];
      in?: ZodNode;
      innerType?: ZodNode;
      checks?: Array<{ _zod: { def: { check: string; maximum?: number } } }>;
    };
  };
};

function maxLengthOf(field: ZodNode | undefined): number | undefined {
  if (!field) return undefined;
  const own = field._zod.def.checks?.find((c) => c._zod.def.check === "max_length")?._zod.def.maximum;
  if (typeof own === "number") return own;
  return maxLengthOf(field._zod.def.innerType ?? field._zod.def.in);
}

/** The reply with every over-long value left out of what the form is filled with again. */
export function boundedEcho<R extends SubmissionResult<string[]>>(result: R, limits: Record<string, number>): R {
  if (!result.initialValue) return result;
  const within = (value: unknown, limit: number): unknown => {
    if (typeof value === "string") return value.length <= limit ? value : undefined;
    if (Array.isArray(value)) return value.map((v) => within(v, limit)).filter((v) => v !== undefined);
    if (value && typeof value === "object") {
      return Object.fromEntries(
        Object.entries(value).flatMap(([k, v]) => {
          const kept = within(v, ECHO_CAP);
          return kept === undefined ? [] : [[k, kept]];
        }),
      );
    }
    return value;
  };
  const initialValue = Object.fromEntries(
    Object.entries(result.initialValue).flatMap(([name, value]) => {
      const kept = within(value, Math.min(limits[name] ?? ECHO_CAP, ECHO_CAP));
      return kept === undefined ? [] : [[name, kept]];
    }),
  );
  return { ...result, initialValue: initialValue as R["initialValue"] };
}

/** A failed zod parse's messages by field (the first path segment), as a form shows them beside each field. */
export function fieldErrorsOf(error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> } | undefined) {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of error?.issues ?? []) (fieldErrors[String(issue.path[0] ?? "form")] ??= []).push(issue.message);
  return fieldErrors;
}
