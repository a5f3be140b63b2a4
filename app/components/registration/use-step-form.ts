import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

/**
 * A step's form that checks a field when it loses focus and again as it is corrected, with the
 * same schema the action parses.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a form's fields, whatever their types
export function useStepForm<Schema extends z.ZodType<unknown, Record<string, any>>>({
  id,
  schema,
  lastResult,
  defaultValue,
}: {
  id: string;
  schema: Schema;
  lastResult: SubmissionResult<string[]> | undefined;
  defaultValue: Record<string, string | string[] | undefined>;
}) {
  return useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult,
    // The loader's defaults are plain strings by field name; conform's type wants the schema's.
    defaultValue: defaultValue as DefaultValue<z.input<Schema>>,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}
