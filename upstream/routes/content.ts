import { Hono } from "hono";
import type { Context } from "hono";
import { alertsPage } from "../content/alerts";
import { dictionaryPage } from "../content/dictionaries/index";
import { footerNavigationPage, footerPage } from "../content/footer";
import { globalPage } from "../content/global";
import { introPage } from "../content/intros";
import { legalPage } from "../content/legal/index";
import { agreementPage } from "../content/agreements";
import { sidebarNavigationPage } from "../content/navigation";
import { notificationsPage } from "../content/notifications";
import { tagsPage } from "../content/tags";
import { DEFAULT_LOCALE, isLocale, parseBrand, type ContentFilters, type PageHandler } from "../content/types";
import type { AppEnv, Deps } from "../lib/context";
import { ApiError, ok } from "../lib/errors";

export const CONTENT_PREFIX = "/api/royal/content";

/** The content paths (`contentPath`) served; the portal always sends `cruising-power`, the default. */
export const CONTENT_PATHS = ["cruising-power"] as const;

/** Page families by their first path part. */
export const PAGES: Record<string, PageHandler> = {
  footer: footerPage,
  "footer-navigation": footerNavigationPage,
  "sidebar-navigation": sidebarNavigationPage,
  alerts: alertsPage,
  notifications: notificationsPage,
  tags: tagsPage,
  dictionary: dictionaryPage,
  global: globalPage,
  legal: legalPage,
  agreements: agreementPage,
  intro: introPage,
};

const notFound = (what: string) => new ApiError(404, "NOT_FOUND", what);

function pathParts(c: Context): string[] {
  const rest = c.req.path.slice(CONTENT_PREFIX.length);
  try {
    return rest
      .split("/")
      .filter((part) => part !== "")
      .map((part) => decodeURIComponent(part));
  } catch {
    throw notFound("Not found");
  }
}

function readFilters(c: Context): ContentFilters {
  const value = (name: string) => {
    const raw = c.req.query(name)?.trim();
    return raw ? raw.toLowerCase() : undefined;
  };
  const brand = value("brand");
  return {
    country: value("country"),
    office: value("office"),
    role: value("role"),
    brand: brand === undefined ? undefined : (parseBrand(brand) ?? brand),
    ship: value("ship"),
  };
}

/**
 * The content service: `GET /api/royal/content/{contentPath}/{page}{/extra parts}?locale=…&filters`.
 * Answers `{data:{items, modified, ...page fields}}`, or 404 NOT_FOUND for an unknown content path,
 * page, extra part or locale. The `edge-cache-tag` header is accepted and ignored.
 */
export function contentRoutes(deps: Deps) {
  const r = new Hono<AppEnv>();

  r.get("/*", (c) => {
    const parts = pathParts(c);
    // The content path may be left out (it defaults to cruising-power); any other is unknown.
    if (parts[0] !== undefined && (CONTENT_PATHS as readonly string[]).includes(parts[0])) parts.shift();

    const [pageName, ...extra] = parts;
    const handler = pageName !== undefined && Object.hasOwn(PAGES, pageName) ? PAGES[pageName] : undefined;
    if (!handler) throw notFound("There is no such content page.");

    const rawLocale = c.req.query("locale")?.trim().toLowerCase().replace(/-/g, "_") || DEFAULT_LOCALE;
    if (!isLocale(rawLocale)) throw notFound("There is no content in this language.");

    const page = handler({
      locale: rawLocale,
      filters: readFilters(c),
      extra,
      query: (name) => c.req.query(name),
      now: deps.clock(),
    });
    if (!page) throw notFound("There is no such content page.");
    return ok(c, { ...page.fields, items: page.items, modified: page.modified });
  });

  return r;
}
