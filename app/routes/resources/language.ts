import { type ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "~/server/infra/responses.server";
import { isLocale } from "~/domain/language";
import { safeRedirect } from "~/domain/redirect";
import { languageCookie } from "~/server/shell/preferences.server";
import { assertAcceptablePost } from "~/server/infra/request.server";

/** The language switch: a plain form post that sets the cookie and goes back (same-site only). */
export async function action({ request }: ActionFunctionArgs) {
  assertAcceptablePost(request);
  const form = await request.formData().catch(() => new FormData());
  const back = safeRedirect(form.get("redirectTo"), "/login");
  const locale = form.get("locale");
  if (!isLocale(locale)) return redirect(back);
  return redirect(back, { headers: { "Set-Cookie": await languageCookie.serialize(locale) } });
}

export function loader() {
  return redirect("/login");
}
