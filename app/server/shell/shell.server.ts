import { z } from "zod";
import { activeAlerts, alertText, fill, type Alert } from "~/domain/alerts";
import type { Locale } from "~/domain/language";
import { brandsForTool, extensionsFor, visibleTo, type BrandCode } from "~/domain/navigation";
import { initialsOf } from "~/domain/agent-photo";
import { isDismissed } from "~/domain/notifications";
import { contentHref } from "~/domain/redirect";
import { seesAgentManagement, seesSuperUserLogin } from "~/domain/access";
import {
  WEATHER_MESSAGES,
  agentPlace,
  agentPlaceLabel,
  defaultUnit,
  type Unit,
  type WeatherView,
} from "~/domain/weather";
import { actingBanner } from "~/server/auth/acting.server";
import { signedInAgent, type Agent } from "~/server/auth/auth.server";
import { photoSrc } from "~/server/clients/agency.server";
import type { UserProfile } from "~/server/clients/api.server";
import { getOptionalContent, SHORT_CONTENT_CACHE } from "~/server/clients/content.server";
import { NO_LOCATION_MESSAGE, weatherWidget } from "~/server/clients/weather.server";
import { dictionary, text } from "~/server/shell/dictionary.server";
import { env } from "~/server/infra/env.server";
import { currentRequest } from "~/server/infra/request-context.server";
import { sanitizeContentHtml } from "~/server/infra/html.server";
import { pageLocale, sidebarOpen } from "~/server/shell/preferences.server";
import { readWidgetSettings } from "~/server/widgets/widget-settings.server";

export type NavItemShape = {
  id: string;
  type: "link" | "group" | "partner" | "contact" | "help" | "gift";
  label: string;
  icon: string;
  href?: string;
  toolCode?: string;
  brands?: string[];
  children?: NavItemShape[];
  modal?: { title: string; html: string };
};
const navItem: z.ZodType<NavItemShape> = z.lazy(() =>
  z.object({
    id: z.string(),
    // "gift": the public gift link, posted through the portal's /gift-link.
    type: z.enum(["link", "group", "partner", "contact", "help", "gift"]),
    label: z.string(),
    icon: z.string().default(""),
    href: z.string().optional(),
    toolCode: z.string().optional(),
    brands: z.array(z.string()).optional(),
    children: z.array(navItem).optional(),
    modal: z.object({ title: z.string(), html: z.string() }).optional(),
  }),
);
const items = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item) });

const schemas = {
  sidebar: items(navItem),
  alerts: items(
    z.object({
      id: z.union([z.string(), z.number()]).transform(String),
      start: z.string(),
      end: z.string(),
      alertTitle: z.object({ plaintext: z.string() }),
      brandType: z.array(z.string()).default([]),
    }),
  ),
  brands: items(z.object({ id: z.string(), title: z.string() })),
  notifications: items(
    z.object({
      id: z.union([z.string(), z.number()]).transform(String),
      featuredImage: z.object({ _dmS7Url: z.string() }).nullish(),
      icon: z.object({ _publishUrl: z.string() }).nullish(),
      message: z.string(),
      link: z.string().nullish(),
      label: z.string().nullish(),
      type: z.string().nullish(),
      toolCode: z.string().nullish(),
      dismissLabel: z.string().nullish(),
      start: z.string().nullish(),
      end: z.string().nullish(),
    }),
  ),
};

export type SidebarEntry = {
  id: string;
  type: NavItemShape["type"];
  label: string;
  icon: string;
  href: string | null;
  toolCode: string | null;
  brands: BrandCode[];
  children: SidebarEntry[];
  modal: { title: string; html: string } | null;
};

/**
 * The sidebar's entries from the content service's navigation. Links go through the one rule for
 * links that come from content (`contentHref`: same-site paths, mailto:, tel:, https:); an entry whose
 * link fails it (javascript:, data:, //host…) is dropped, and a group left empty with it.
 */
export function sidebarEntries(items: readonly NavItemShape[]): SidebarEntry[] {
  return items.flatMap((item): SidebarEntry[] => {
    const href = contentHref(item.href);
    if (item.href !== undefined && href === null) return [];
    const children = sidebarEntries(item.children ?? []);
    if (item.type === "group" && children.length === 0) return [];
    return [
      {
        id: item.id,
        type: item.type,
        label: item.label,
        icon: item.icon,
        href,
        toolCode: item.toolCode ?? null,
        brands: item.toolCode ? [...brandsForTool(item.toolCode, (item.brands ?? []) as BrandCode[])] : [],
        children,
        modal: item.modal ? { title: item.modal.title, html: sanitizeContentHtml(item.modal.html) } : null,
      },
    ];
  });
}

const entriesOf = new WeakMap<readonly NavItemShape[], SidebarEntry[]>();
/** sidebarEntries of the cached navigation, kept while the cache hands back the same items. */
function keptSidebarEntries(items: readonly NavItemShape[]): SidebarEntry[] {
  let entries = entriesOf.get(items);
  if (!entries) {
    entries = sidebarEntries(items);
    entriesOf.set(items, entries);
  }
  return entries;
}

/** The content service's audience filters of an agent: its content is what these filters select. */
function audienceFilters(profile: UserProfile) {
  return {
    country: profile.countryCode,
    office: profile.reportingOfficeCode ?? undefined,
    role: profile.roleCode ?? undefined,
  };
}

/**
 * The alerts the agent is shown (the content service's, for the agent's audience filters): with
 * `activeOnly` those active now (the alert bar), else also the ended and coming ones (/alerts).
 * Null when the content service fails.
 */
export async function readAlerts(
  profile: UserProfile,
  locale: Locale,
  { activeOnly }: { activeOnly: boolean },
): Promise<Alert[] | null> {
  const alerts = await getOptionalContent("alerts", {
    locale,
    filters: { ...audienceFilters(profile), active: activeOnly ? "true" : undefined },
    schema: schemas.alerts,
    cache: SHORT_CONTENT_CACHE,
  });
  return alerts
    ? alerts.items.map((a) => ({
        id: a.id,
        start: a.start,
        end: a.end,
        title: a.alertTitle.plaintext,
        brandType: a.brandType,
      }))
    : null;
}

/** The content service's brand tags (the ids alerts carry in `brandType`, and their names); null when it fails. */
export function readBrandTags(locale: Locale) {
  return getOptionalContent("tags/brands", { locale, schema: schemas.brands });
}

/**
 * Everything the signed-in shell shows, read from the content service per language and filters.
 * Each part fails alone: a missing part is null or empty and the rest still renders.
 */
export async function loadShell(profile: UserProfile, locale: Locale, now = Date.now()) {
  const filters = audienceFilters(profile);
  const [texts, sidebar, alerts, brands, notifications] = await Promise.all([
    dictionary("application", locale),
    getOptionalContent("sidebar-navigation", { locale, schema: schemas.sidebar }),
    readAlerts(profile, locale, { activeOnly: true }),
    readBrandTags(locale),
    getOptionalContent("notifications", { locale, filters, schema: schemas.notifications, cache: SHORT_CONTENT_CACHE }),
  ]);

  const brandTitles = Object.fromEntries((brands?.items ?? []).map((b) => [b.id, b.title]));
  const tools = profile.allowedApplicationTools;
  const photo = profile.agentPhotos.find((p) => p.type === "AGENT_HOMEPAGE_PHOTO") ?? profile.agentPhotos[0];

  return {
    texts: {
      agentManagement: text(texts, "agentManagement", "Agent Management"),
      yourProfile: text(texts, "yourProfile", "Your Profile"),
      logOut: text(texts, "logOut", "Log out"),
      superUserLogIn: text(texts, "superUserLogIn", "Super User Log in"),
      notifications: text(texts, "notifications", "Notifications"),
      extensions: text(texts, "extensions", "Extensions"),
      weather: text(texts, "weather", "Weather"),
      noNotifications: text(texts, "noNotifications", "You have no new notifications."),
      view: text(texts, "view", "View"),
      dismiss: text(texts, "dismiss", "Dismiss"),
      alertCounter: text(texts, "alertCounter", "{} of {}"),
      menu: text(texts, "menu", "Menu"),
      helpAndAssistance: text(texts, "helpAndAssistance", "Help and assistance"),
      chooseBrand: text(texts, "chooseBrand", "Choose a brand"),
      chooseBrandBody: text(texts, "chooseBrandBody", "Which brand would you like to continue with?"),
    },
    account: {
      name: `${profile.agentFirstName} ${profile.agentLastName}`.trim() || profile.loginUserName,
      firstName: profile.agentFirstName,
      email: profile.agentEmailAddress,
      agencyName: profile.agencyName,
      // An uploaded photo comes through the portal's /agent-photos; without one, the initials.
      photo: photoSrc(photo?.fullPath),
      initials: initialsOf(profile.agentFirstName, profile.agentLastName, profile.loginUserName),
      agentManagement: seesAgentManagement(profile.roleCode),
      superUser: seesSuperUserLogin(profile.roleCode),
      chat: profile.latteAvailable ? { scriptUrl: env.CHAT_SCRIPT_URL } : null,
    },
    sidebar: sidebar ? visibleTo(keptSidebarEntries(sidebar.items), tools, profile) : null,
    extensions: extensionsFor(tools, profile),
    alerts: activeAlerts(alerts ?? [], now).map((a) => ({
      id: a.id,
      text: alertText(a, brandTitles, text(texts, "alertDates", "From {} to {}")),
    })),
    notifications: (notifications?.items ?? [])
      .filter((n) => !n.toolCode || tools.some((t) => t.toolCode === n.toolCode))
      .filter((n) => !isDismissed(n.id, profile.dismissedNotifications, now))
      .map((n) => ({
        id: n.id,
        message: n.message,
        image: n.featuredImage?._dmS7Url ?? null,
        icon: n.icon?._publishUrl ?? null,
        link: contentHref(n.link),
        label: n.label ?? "View",
        dismissLabel: n.dismissLabel ?? text(texts, "dismiss", "Dismiss"),
        start: n.start ?? null,
        end: n.end ?? null,
      })),
    notificationsUnavailable: notifications === null,
  };
}

/** The header's weather drawer: the agent's place, its current conditions or why there are none. */
export type HeaderWeather = {
  place: string;
  unit: Unit;
  current: WeatherView | null;
  message: string | null;
  /** The 7-day forecast opens in the home page's weather widget; null when the agent switched it off. */
  forecastHref: string | null;
};

/**
 * How long the header waits for the weather service before it shows its short "unavailable" state.
 * The read goes on and fills the weather cache (10 minutes, shared with the home widget), so a slow
 * service costs one page its temperature, never every page its speed.
 */
export const HEADER_WEATHER_BUDGET_MS = 1_500;
export const HEADER_NO_LOCATION = "Choose your location on the home page to see its weather.";

export async function headerWeather(
  request: Request,
  profile: UserProfile,
  budgetMs = HEADER_WEATHER_BUDGET_MS,
): Promise<HeaderWeather> {
  const settings = await readWidgetSettings(request, profile.loginUserName);
  const unit = settings.unit ?? defaultUnit(profile.countryCode);
  const forecastHref = settings.weather ? "/home?forecast=1" : null;
  const unavailable: HeaderWeather = {
    place: agentPlaceLabel(agentPlace(profile.locationData)),
    unit,
    current: null,
    message: WEATHER_MESSAGES.failed,
    forecastHref,
  };
  const read = weatherWidget(profile, unit, { forecast: false, query: null }).then(
    (w): HeaderWeather => ({
      place: w.place,
      unit,
      current: w.current,
      message: w.message === NO_LOCATION_MESSAGE ? HEADER_NO_LOCATION : w.message,
      forecastHref,
    }),
    () => unavailable,
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<HeaderWeather>((resolve) => {
    timer = setTimeout(() => resolve(unavailable), budgetMs);
  });
  try {
    return await Promise.race([read, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The signed-in shell's loader data, for every layout that draws it (layout family 5, and family 4
 * for a signed-in agent who accepted the terms): the content-driven parts, the header's weather and
 * the sidebar's state, read concurrently.
 */
export async function loadShellData(request: Request, agent: Pick<Agent, "profile" | "auth">) {
  const locale = await pageLocale(request);
  const [shell, weather, open] = await Promise.all([
    loadShell(agent.profile, locale),
    headerWeather(request, agent.profile),
    sidebarOpen(request),
  ]);
  return { shell: { ...shell, weather, acting: actingBanner(agent.auth) }, sidebarOpen: open };
}

export type ShellData = Awaited<ReturnType<typeof loadShellData>>;

/**
 * The signed-in shell for this request's 403 page when a posted action was refused (route-errors'
 * refusal), else null. An action's error is drawn by its layout's error boundary, but below an action's
 * error Remix runs only the loaders above that layout: the root's, which calls this. Without JavaScript
 * the refused post is a document request and this is the only shell it gets; with JavaScript the page
 * keeps the shell it already had. Signed out, terms waiting or the shell failing: null (the minimal one).
 */
export async function refusedActionShell(request: Request): Promise<ShellData | null> {
  if (!currentRequest()?.refusedAction) return null;
  const agent = await signedInAgent(request);
  if (!agent || agent.pendingTerms) return null;
  return loadShellData(request, agent).catch(() => null);
}
export type Shell = ShellData["shell"];
export { fill };
