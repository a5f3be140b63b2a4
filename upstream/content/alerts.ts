import { audienceMatches, BRAND_TAGS, dayOffset, type Audience, type BrandCode, type PageHandler } from "./types";

export const ALERTS_APP_ID = "cruising-power";

type DemoAlert = {
  id: string;
  /** Days after midnight UTC of the clock's day (negative: in the past). */
  startDay: number;
  endDay: number;
  brands: readonly BrandCode[];
  title: string;
  description: string;
  audience?: Audience;
};

/**
 * Operational alerts. Dates are relative to the clock's day, so the demo always has alerts that are
 * active today, some that have ended and some still to come. English in every language.
 */
const ALERTS: readonly DemoAlert[] = [
  {
    id: "alert-1001",
    startDay: -40,
    endDay: -10,
    brands: ["R"],
    title: "Galveston sailings are back on their normal schedule after the port closure",
    description:
      "All sailings from Galveston operate as published. Guests affected by the closure have received their future cruise credits.",
  },
  {
    id: "alert-1002",
    startDay: -3,
    endDay: 20,
    brands: ["R"],
    title: "Itinerary update: Nassau replaces Falmouth on selected Western Caribbean sailings",
    description:
      "Guests on affected sailings have been told by e-mail. Shore excursions booked for Falmouth are refunded automatically to the original form of payment.",
  },
  {
    id: "alert-1003",
    startDay: -1,
    endDay: 10,
    brands: ["C"],
    title: "Celebrity Apex: guests in refreshed Retreat suites have been moved to equal or higher categories",
    description: "Review the affected bookings in Insights. Guests keep their fare and Always Included amenities.",
  },
  {
    id: "alert-1004",
    startDay: 0,
    endDay: 6,
    brands: ["R", "C", "V"],
    title: "Scheduled maintenance: booking tools are unavailable on Sunday from 02:00 to 05:00 ET",
    description: "Quotes, bookings and payments cannot be made during the window. Saved quotes are kept.",
  },
  {
    id: "alert-1005",
    startDay: -2,
    endDay: 30,
    brands: ["V"],
    title: "Silversea: shore excursions are now included on every Mediterranean voyage",
    description: "Existing bookings are upgraded at no cost. Guests can reserve excursions in My Silversea from today.",
  },
  {
    id: "alert-1006",
    startDay: -5,
    endDay: 15,
    brands: ["R", "C"],
    title: "Canadian agencies: commission statements are now issued in Canadian dollars",
    description: "Statements from this month onwards show commission in CAD. Earlier statements are unchanged.",
    audience: { countries: ["CAN"] },
  },
  {
    id: "alert-1007",
    startDay: 7,
    endDay: 21,
    brands: ["C"],
    title: "Celebrity Edge enters dry dock: sailings from Fort Lauderdale pause for two weeks",
    description:
      "Guests on cancelled sailings receive a full refund and a future cruise credit. Rebook them in Insights.",
  },
  {
    id: "alert-1008",
    startDay: 14,
    endDay: 45,
    brands: ["V"],
    title: "Silver Ray joins the fleet: inaugural season opens for sale to all markets",
    description: "Fares and suite categories appear in itinerary search from the first day of sale.",
  },
];

/**
 * `alerts`: every alert for the filters, ordered by start (the portal shows the active ones); with
 * `active=true` only those active at the clock's time. `brand` keeps alerts tagged with that brand.
 */
export const alertsPage: PageHandler = ({ extra, filters, query, now }) => {
  if (extra.length > 0) return undefined;
  const activeOnly = query("active")?.toLowerCase() === "true";
  const items = ALERTS.filter((alert) => audienceMatches(alert.audience, { ...filters, brand: undefined }))
    .filter((alert) => filters.brand === undefined || alert.brands.some((code) => code === filters.brand))
    .map((alert) => ({
      id: alert.id,
      start: dayOffset(now, alert.startDay),
      end: dayOffset(now, alert.endDay),
      alertTitle: { plaintext: alert.title },
      alertDescription: { plaintext: alert.description },
      brandType: alert.brands.map((code) => BRAND_TAGS[code].id),
      appId: ALERTS_APP_ID,
    }))
    .filter((alert) => !activeOnly || (Date.parse(alert.start) <= now && now <= Date.parse(alert.end)))
    .sort((a, b) => a.start.localeCompare(b.start) || a.id.localeCompare(b.id));
  return { modified: dayOffset(now, 0), items };
};
