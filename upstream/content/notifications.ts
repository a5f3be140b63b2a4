import { audienceMatches, dayOffset, type Audience, type PageHandler } from "./types";

export const NOTIFICATIONS_APP_ID = "cruising-power";

type DemoNotification = {
  id: string;
  startDay: number;
  endDay: number;
  message: string;
  link: string;
  label: string;
  type: "announcement" | "promotion" | "action" | "reminder";
  toolCode: string | null;
  image: string | null;
  icon: string | null;
  audience?: Audience;
};

/**
 * Shell notifications. Dates are relative to the clock's day; only those inside their window are
 * served. Agent.usa (country usa, office mia, role agent) gets four; admins, Canadian, British and
 * Brazilian agencies get their own too. English in every language.
 */
const NOTIFICATIONS: readonly DemoNotification[] = [
  {
    id: "2001",
    startDay: -6,
    endDay: 24,
    message:
      "Icon of the Seas sailings for next year's summer season are open for booking, with early-booking savings for your guests.",
    link: "/promotion/featured-offers",
    label: "View offers",
    type: "promotion",
    toolCode: "SEARCH-PROMOTIONS",
    image: "/images/content/notifications/icon-of-the-seas.jpg",
    icon: null,
  },
  {
    id: "2002",
    startDay: -2,
    endDay: 12,
    message:
      "Some of your guests' future cruise credits expire within 120 days. Help them rebook before the credits lapse.",
    link: "/insights/future-compensation",
    label: "Review credits",
    type: "reminder",
    toolCode: "INSIGHT",
    image: null,
    icon: "/images/content/icons/clock.svg",
    audience: { roles: ["AGENT", "ADMIN"] },
  },
  {
    id: "2003",
    startDay: -10,
    endDay: 40,
    message: "New digital brochures for Celebrity Cruises' Europe season are ready to share with your clients.",
    link: "/promotion/brand",
    label: "Open brochures",
    type: "announcement",
    toolCode: "DIGITAL-BROCHURES",
    image: "/images/content/notifications/celebrity-europe.jpg",
    icon: null,
  },
  {
    id: "2004",
    startDay: -1,
    endDay: 14,
    message:
      "Applications are open for this season's familiarisation cruises for North American agents. Places are limited.",
    link: "/group-travel-hub",
    label: "Apply now",
    type: "announcement",
    toolCode: null,
    image: null,
    icon: "/images/content/icons/ship.svg",
    audience: { countries: ["USA", "CAN", "PRI"] },
  },
  {
    id: "2005",
    startDay: -4,
    endDay: 20,
    message: "Agents from your agency are waiting for you to approve their portal access.",
    link: "/user-management",
    label: "Manage agents",
    type: "action",
    toolCode: null,
    image: null,
    icon: "/images/content/icons/people.svg",
    audience: { roles: ["ADMIN", "RCCLADMIN"] },
  },
  {
    id: "2006",
    startDay: -3,
    endDay: 25,
    message: "UK agencies: add or confirm your ABTA number in your agency profile so that bookings stay protected.",
    link: "/profile/agency",
    label: "Update agency",
    type: "action",
    toolCode: null,
    image: null,
    icon: "/images/content/icons/shield.svg",
    audience: { countries: ["GBR"] },
  },
  {
    id: "2007",
    startDay: -2,
    endDay: 18,
    message: "Brazilian agencies: prices in reais now include all port taxes on every quote.",
    link: "/itinerary/search",
    label: "Search itineraries",
    type: "announcement",
    toolCode: null,
    image: null,
    icon: "/images/content/icons/info.svg",
    audience: { countries: ["BRA"] },
  },
  {
    id: "2008",
    startDay: -1,
    endDay: 9,
    message: "Travel documents for guests sailing in the next 30 days are ready to download and share.",
    link: "/travel-docs",
    label: "Open documents",
    type: "reminder",
    toolCode: "GUEST-DOCS",
    image: null,
    icon: "/images/content/icons/document.svg",
    audience: { offices: ["MIA", "TOR"] },
  },
  {
    // Ended: never served.
    id: "1998",
    startDay: -30,
    endDay: -2,
    message: "Black Friday savings on Royal Caribbean sailings have ended.",
    link: "/promotion/archived-offers",
    label: "See archived offers",
    type: "promotion",
    toolCode: "SEARCH-PROMOTIONS",
    image: "/images/content/notifications/black-friday.jpg",
    icon: null,
  },
  {
    // Not started yet: never served until its day comes.
    id: "2101",
    startDay: 5,
    endDay: 35,
    message: "Silversea's new world cruise opens for sale to all agencies.",
    link: "/promotion/brand",
    label: "View voyages",
    type: "promotion",
    toolCode: "SEARCH-PROMOTIONS",
    image: "/images/content/notifications/silversea-world-cruise.jpg",
    icon: null,
  },
];

/** `notifications`: those active at the clock's time for the filters (role, country, office). */
export const notificationsPage: PageHandler = ({ extra, filters, now }) => {
  if (extra.length > 0) return undefined;
  const items = NOTIFICATIONS.filter((n) => audienceMatches(n.audience, filters))
    .map((n) => ({
      id: n.id,
      featuredImage: n.image === null ? null : { _dmS7Url: n.image },
      icon: n.icon === null ? null : { _publishUrl: n.icon },
      message: n.message,
      link: n.link,
      label: n.label,
      type: n.type,
      appId: NOTIFICATIONS_APP_ID,
      toolCode: n.toolCode,
      dismissLabel: "Dismiss",
      start: dayOffset(now, n.startDay),
      end: dayOffset(now, n.endDay),
    }))
    .filter((n) => Date.parse(n.start) <= now && now < Date.parse(n.end));
  return { modified: dayOffset(now, 0), items };
};
