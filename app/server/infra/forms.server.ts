import { data } from "@remix-run/node";
import { HONEYPOT_FIELD } from "~/domain/honeypot";
import { consumeAuthPost, type LimitedForm, type RateLimitVerdict } from "~/server/infra/rate-limit.server";
import { assertSameOrigin } from "~/server/infra/request.server";

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
  assertSameOrigin(request);
  const formData = await readFormData(request);
  const honey = formData.get(HONEYPOT_FIELD);
  if (honey !== null && honey !== "") {
    throw data({ message: "The form could not be sent. Please reload the page and try again." }, { status: 400 });
  }
  return { formData, verdict: await consumeAuthPost(request, form) };
}
