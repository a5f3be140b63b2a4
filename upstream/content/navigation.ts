import type { BrandCode, PageHandler } from "./types";

export const NAVIGATION_MODIFIED = "2026-02-02T00:00:00.000Z";

/**
 * One sidebar entry.
 * - `link`: an internal page (`href`).
 * - `group`: an expandable group of `children` (which may be groups again).
 * - `partner`: a partner tool opened by single sign-on with the tool code as application id; `brands`
 *   lists the brands it serves (the portal asks which one when there are several) and `brandLinks` the
 *   address for each.
 * - `contact`: the contact item (`href` is a mailto: address).
 * - `help`: opens the help-and-assistance modal with `modal.title` and `modal.html`.
 * - `gift`: the public gift link: the portal posts to the gift service
 *   (`POST /gift-link`, fixed Basic credentials) and opens its answer in a new tab.
 * `toolCode`, when present, hides the entry (and its children) from agents without that tool.
 */
export type NavItem = {
  id: string;
  type: "link" | "group" | "partner" | "contact" | "help" | "gift";
  label: string;
  icon: string;
  href?: string;
  toolCode?: string;
  brands?: BrandCode[];
  brandLinks?: Partial<Record<BrandCode, string>>;
  children?: NavItem[];
  modal?: { title: string; html: string };
};

const link = (id: string, label: string, icon: string, href: string, toolCode?: string): NavItem => ({
  id,
  type: "link",
  label,
  icon,
  href,
  ...(toolCode ? { toolCode } : {}),
});

const group = (id: string, label: string, icon: string, children: NavItem[], toolCode?: string): NavItem => ({
  id,
  type: "group",
  label,
  icon,
  ...(toolCode ? { toolCode } : {}),
  children,
});

const partner = (id: string, label: string, icon: string, toolCode: string, brands: BrandCode[]): NavItem => ({
  id,
  type: "partner",
  label,
  icon,
  toolCode,
  brands,
  brandLinks: Object.fromEntries(
    brands.map((brand) => [brand, `https://partners.example.com/${id}?brand=${brand}`]),
  ) as Partial<Record<BrandCode, string>>,
});

/** The sidebar, top to bottom. Labels are English in every language (the signed-in shell). */
export const SIDEBAR: readonly NavItem[] = [
  link("home", "Home", "home", "/home"),
  group(
    "promotions",
    "Promotions",
    "tag",
    [
      link("promotions-home", "Search Promotions", "search", "/promotion/home"),
      link("promotions-brand", "Promotions by Brand", "flag", "/promotion/brand"),
      link("promotions-featured", "Featured Offers", "star", "/promotion/featured-offers"),
      link("promotions-offers-list", "All Offers", "list", "/promotion/offers-list"),
      link("promotions-archived", "Archived Offers", "archive", "/promotion/archived-offers"),
    ],
    "SEARCH-PROMOTIONS",
  ),
  link("ships", "Explore Our Fleet", "ship", "/explore-our-fleet", "SEE-OUR-SHIPS"),
  group("itineraries", "Itineraries", "map", [
    link("itineraries-search", "Search Itineraries", "search", "/itinerary/search"),
    link("itineraries-compare", "Compare Itineraries", "compare", "/itineraries/compare"),
  ]),
  group(
    "insights",
    "Insights",
    "chart",
    [
      link("insights-overview", "Overview", "dashboard", "/insights/overview"),
      link("insights-alert-centre", "Alert Centre", "bell", "/insights/alert-centre"),
      group("insights-bookings", "Bookings", "calendar", [
        link(
          "insights-reservations",
          "Individual and Group Reservations",
          "people",
          "/insights/individual-and-group-reservations",
        ),
        link("insights-npc-transmission", "NPC Transmission Details", "transfer", "/insights/npc-transmission-details"),
        link("insights-price-drops", "Price Drops", "tag", "/insights/price-drops"),
        link(
          "insights-coupons",
          "Coupon Application Details",
          "coupon",
          "/insights/coupon-application-details",
          "COUPON",
        ),
      ]),
      group("insights-earnings", "Earnings", "wallet", [
        link("insights-future-compensation", "Future Compensation", "credit", "/insights/future-compensation"),
        link("insights-onboard-sales", "Onboard Sales", "cart", "/insights/onboard-sales"),
        link("insights-casino", "Casino Reservations", "dice", "/insights/casino-reservations"),
      ]),
      link("insights-automated-emails", "Set Up Automated Emails", "mail", "/insights/set-up-automated-emails"),
      link("insights-other-branch", "View Another Branch", "branch", "/insights/view-another-branch"),
    ],
    "INSIGHT",
  ),
  link("alerts", "Alerts", "bell", "/alerts"),
  link("travel-docs", "Travel Documents", "document", "/travel-docs", "GUEST-DOCS"),
  link("group-travel-hub", "Group Travel Hub", "people", "/group-travel-hub"),
  link("reduced-rates", "Reduced Rates", "percent", "/reduced-rates"),
  link("certificate-redemption", "Certificate Redemption", "ticket", "/certificate-redemption"),
  { id: "gift-link", type: "gift", label: "Gift a Cruise", icon: "gift" },
  group("partner-tools", "Partner Tools", "grid", [
    partner("hotels", "Hotels", "bed", "HOTELS", ["R", "C"]),
    partner("cruise-planner", "Cruise Planner", "compass", "CRUISE-PLANNER", ["R", "C"]),
    partner("digital-brochures", "Digital Brochures", "book", "DIGITAL-BROCHURES", ["R", "C", "V"]),
    partner("image-library", "Image Library", "image", "IMAGE-LIBRARY", ["R", "C"]),
    // The quote tool: the portal shows it by the derived field hasEquoteAccess, not the tool list.
    partner("quote", "Quote", "document", "EQUOTE", []),
  ]),
  { id: "contact", type: "contact", label: "Contact Us", icon: "phone", href: "mailto:trade.support@example.com" },
  {
    id: "help",
    type: "help",
    label: "Help and Assistance",
    icon: "help",
    modal: {
      title: "Help and Assistance",
      html:
        "<p>Our trade support team helps with bookings, payments, commission and portal access.</p>" +
        '<ul><li>Phone: <a href="tel:+18005550142">+1 800 555 0142</a> (Monday to Friday, 8:00 am to 8:00 pm ET; Saturday, 9:00 am to 5:00 pm ET)</li>' +
        '<li>E-mail: <a href="mailto:trade.support@example.com">trade.support@example.com</a></li></ul>' +
        "<p>For urgent help with guests sailing within 48 hours, call and choose option 1.</p>",
    },
  },
];

/** `sidebar-navigation`: the whole tree; the portal hides entries by `toolCode`. */
export const sidebarNavigationPage: PageHandler = ({ extra }) => {
  if (extra.length > 0) return undefined;
  return { modified: NAVIGATION_MODIFIED, items: structuredClone(SIDEBAR) as NavItem[] };
};
