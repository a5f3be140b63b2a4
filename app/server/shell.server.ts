import { z } from "zod";
import { activeAlerts, alertText, fill } from "~/domain/alerts";
import type { Locale } from "~/domain/language";
import { brandsForTool, visibleTo, type BrandCode } from "~/domain/navigation";
import { isDismissed } from "~/domain/notifications";
import { contentHref } from "~/domain/redirect";
import { seesAgentManagement, seesSuperUserLogin } from "~/domain/access";
import type { UserProfile } from "~/server/clients/api.server";
import { getOptionalContent, SHORT_CONTENT_CACHE } from "~/server/clients/content.server";
import { dictionary, text } from "~/server/dictionary.server";
import { env } from "~/server/infra/env.server";
import { sanitizeContentHtml } from "~/server/infra/html.server";

const image = z.object({ path: z.string(), title: z.string().default(""), description: z.string().default("") });
type NavItemShape = {
  id: string;
  type: "link" | "group" | "partner" | "contact" | "help";
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
    type: z.enum(["link", "group", "partner", "contact", "help"]),
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
  footer: z.object({ footerLogo: image.optional(), subsidiaryLogos: z.array(image).default([]), copyrightText: z.string().default("") }),
  footerNav: items(z.object({ key: z.string(), label: z.string(), href: z.string(), public: z.boolean().default(true) })),
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

function toEntry(item: NavItemShape): SidebarEntry {
  return {
    id: item.id,
    type: item.type,
    label: item.label,
    icon: item.icon,
    href: item.href ?? null,
    toolCode: item.toolCode ?? null,
    brands: item.toolCode ? [...brandsForTool(item.toolCode, (item.brands ?? []) as BrandCode[])] : [],
    children: (item.children ?? []).map(toEntry),
    modal: item.modal ? { title: item.modal.title, html: sanitizeContentHtml(item.modal.html) } : null,
  };
}

/**
 * Everything the signed-in shell shows, read from the content service per language and filters.
 * Each part fails alone: a missing part is null or empty and the rest still renders.
 */
export async function loadShell(profile: UserProfile, locale: Locale, now = Date.now()) {
  const filters = {
    country: profile.countryCode,
    office: profile.reportingOfficeCode ?? undefined,
    role: profile.roleCode ?? undefined,
  };
  const [texts, sidebar, footer, footerNav, alerts, brands, notifications] = await Promise.all([
    dictionary("application", locale),
    getOptionalContent("sidebar-navigation", { locale, schema: schemas.sidebar }),
    getOptionalContent("footer", { locale, schema: schemas.footer }),
    getOptionalContent("footer-navigation", { locale, schema: schemas.footerNav }),
    getOptionalContent("alerts", { locale, filters: { ...filters, active: "true" }, schema: schemas.alerts, cache: SHORT_CONTENT_CACHE }),
    getOptionalContent("tags/brands", { locale, schema: schemas.brands }),
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
      photo: photo?.fullPath ?? null,
      agentManagement: seesAgentManagement(profile.roleCode),
      superUser: seesSuperUserLogin(profile.roleCode),
      chat: profile.latteAvailable ? { scriptUrl: env.CHAT_SCRIPT_URL } : null,
    },
    sidebar: sidebar ? visibleTo(sidebar.items.map(toEntry), tools, profile) : null,
    footer: {
      logo: footer?.footerLogo ?? null,
      subsidiaryLogos: footer?.subsidiaryLogos ?? [],
      copyright: footer?.copyrightText ?? "",
      // Signed in: every link but the agency registration.
      links: (footerNav?.items ?? [])
        .filter((l) => l.key !== "register-agency")
        .flatMap((l) => {
          const href = contentHref(l.href);
          return href ? [{ key: l.key, label: l.label, href }] : [];
        }),
    },
    alerts: activeAlerts(alerts?.items ?? [], now).map((a) => ({
      id: a.id,
      text: alertText({ id: a.id, start: a.start, end: a.end, title: a.alertTitle.plaintext, brandType: a.brandType }, brandTitles, text(texts, "alertDates", "From {} to {}")),
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

export type Shell = Awaited<ReturnType<typeof loadShell>>;
export { fill };
