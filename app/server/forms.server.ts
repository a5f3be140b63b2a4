import { data } from "@remix-run/node";

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
