import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { isLocale } from "~/domain/language";
import { safeRedirect } from "~/domain/redirect";
import { languageCookie } from "~/server/infra/preferences.server";
import { assertSameOrigin } from "~/server/infra/request.server";

/** The language switch: a plain form post that sets the cookie and goes back (same-site only). */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const form = await request.formData().catch(() => new FormData());
  const back = safeRedirect(form.get("redirectTo"), "/login");
  const locale = form.get("locale");
  if (!isLocale(locale)) return redirect(back);
  return redirect(back, { headers: { "Set-Cookie": await languageCookie.serialize(locale) } });
}

export function loader() {
  return redirect("/login");
}
