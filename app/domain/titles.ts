import { screenHeading } from "./screens";

export const PORTAL_NAME = "Professional Portal";

/** Titles follow '{page name} | Professional Portal'; without a page name, the default title. */
export function pageTitle(pageName?: string): string {
  return pageName ? `${pageName} | ${PORTAL_NAME}` : PORTAL_NAME;
}

/**
 * Page names of the specification, by path (a prefix names its sub-pages unless one is more specific).
 * Anything else gets the default title.
 */
const PAGE_NAMES: ReadonlyArray<[string, string]> = [
  ["/home", "Home page"],
  ["/profile/communications", "Communications - Profile"],
  ["/profile/agency", "Agency Information - Profile"],
  ["/profile/security", "Security Settings - Profile"],
  ["/profile", "Profile"],
  ["/user-management", "User Management"],
  ["/insights", "Insights"],
  ["/promotion", "Promotions"],
  ["/travel-docs", "Travel Documents"],
  ["/itinerary", "Itineraries"],
  ["/itineraries", "Itineraries"],
  ["/alerts", "Alerts"],
  ["/register/stepper", "Agent Registration"],
  ["/register", "Agent Registration"],
  ["/login", "Login"],
];

export function pageNameFor(pathname: string): string | undefined {
  return PAGE_NAMES.find(([prefix]) => pathname === prefix || pathname.startsWith(`${prefix}/`))?.[1];
}

/** A listed page name first; else the screen's heading, so every title says what the page is. */
export function titleFor(pathname: string): string {
  return pageTitle(pageNameFor(pathname) ?? screenHeading(pathname));
}
