import { createCookie } from "@remix-run/node";
import { effectiveLocale, toLocale, translatesPage, type Locale } from "~/domain/language";
import { getOptionalContent, globalSchema } from "~/server/clients/content.server";
import { env } from "~/server/infra/env.server";

/** The chosen language, for a year. Unknown values (a tampered cookie) read as the default. */
export const languageCookie = createCookie("pp_lang", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secure: env.cookieSecure,
  maxAge: 60 * 60 * 24 * 365,
});

export async function chosenLocale(request: Request): Promise<Locale> {
  try {
    return toLocale(await languageCookie.parse(request.headers.get("Cookie")));
  } catch {
    return toLocale(undefined);
  }
}

/** The translation feature flag (the content service's global settings; on when unreadable). */
export async function translationRestricted(): Promise<boolean> {
  const settings = await getOptionalContent("global", { locale: "en_us", schema: globalSchema });
  return settings?.translationRestrictedToRegistration ?? true;
}

/** The language a page is shown in: the chosen one, unless the translation flag restricts it. */
export async function pageLocale(request: Request): Promise<Locale> {
  const chosen = await chosenLocale(request);
  if (chosen === "en_us") return chosen;
  return effectiveLocale(new URL(request.url).pathname, chosen, await translationRestricted());
}

/**
 * The language switcher's current value on this page, or null where switching would change nothing
 * (the translation flag keeps the page in English): then the switcher is not drawn.
 */
export async function languageSwitch(request: Request): Promise<Locale | null> {
  const [chosen, restricted] = await Promise.all([chosenLocale(request), translationRestricted()]);
  return translatesPage(new URL(request.url).pathname, restricted) ? chosen : null;
}

/** The sidebar's state (collapsed 72 wide or open 320), kept across pages. */
export const sidebarCookie = createCookie("pp_sidebar", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secure: env.cookieSecure,
  maxAge: 60 * 60 * 24 * 365,
});

/** The agent's choice, or null when they have not made one (open on wide screens, closed on small). */
export async function sidebarOpen(request: Request): Promise<boolean | null> {
  try {
    const state = await sidebarCookie.parse(request.headers.get("Cookie"));
    return state === "open" ? true : state === "collapsed" ? false : null;
  } catch {
    return null;
  }
}
