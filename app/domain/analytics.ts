import { BRAND_NAMES, type BrandCode } from "./navigation";

/**
 * The specification: "Analytics: tag-manager link events with named fields such as event_name,
 * page_url, category, booking_id, brand_code and others." The others are the booking and alert
 * data (groupId, shipName, sailDate, alert type) and what names the link (its text, address, offer,
 * tool). A tracked link carries `data-analytics-*` attributes (`analyticsAttributes`); one delegated
 * click listener turns them into an event (`linkEvent`) and pushes it onto `window.dataLayer`.
 * Pure rules: no DOM, no I/O (decision 024).
 */

/** The `event` key every pushed object carries: the tag manager's custom-event trigger. */
export const LINK_EVENT = "portal_link_click";

/** The tracked links, by event_name, with the category each belongs to. */
export const LINK_EVENTS = {
  booking_click: "insights",
  alert_queue_click: "insights",
  offer_click: "promotions",
  brand_click: "promotions",
  partner_tool_click: "partner_tools",
  gift_link_click: "navigation",
  travel_documents_click: "travel_documents",
} as const;
export type LinkEventName = keyof typeof LINK_EVENTS;
export type LinkCategory = (typeof LINK_EVENTS)[LinkEventName];

/** What a page says about a tracked link; everything but `name` is optional and normalised. */
export type LinkDetails = {
  name: LinkEventName;
  bookingId?: string | null;
  groupId?: string | null;
  brand?: string | null;
  shipName?: string | null;
  sailDate?: string | null;
  alertType?: string | null;
  offerId?: string | null;
  toolCode?: string | null;
};

/** The object pushed onto the data layer. Optional fields are left out when unknown, never empty. */
export type LinkEvent = {
  event: typeof LINK_EVENT;
  event_name: LinkEventName;
  category: LinkCategory;
  page_url: string;
  link_url: string;
  link_text: string;
  booking_id?: string;
  group_id?: string;
  brand_code?: BrandCode;
  ship_name?: string;
  sail_date?: string;
  alert_type?: string;
  offer_id?: string;
  tool_code?: string;
};

/** The optional fields: the LinkDetails key, its data-attribute suffix, its event field and its rule. */
const FIELDS = [
  ["bookingId", "booking-id", "booking_id", (v: string) => identifier(v)],
  ["groupId", "group-id", "group_id", (v: string) => identifier(v)],
  ["brand", "brand-code", "brand_code", (v: string) => normaliseBrand(v)],
  ["shipName", "ship-name", "ship_name", (v: string) => shortText(v, 80)],
  ["sailDate", "sail-date", "sail_date", (v: string) => isoDate(v)],
  ["alertType", "alert-type", "alert_type", (v: string) => code(v)],
  ["offerId", "offer-id", "offer_id", (v: string) => identifier(v)],
  ["toolCode", "tool-code", "tool_code", (v: string) => code(v)],
] as const;

/**
 * Query parameters that carry a token, a code or a person's details (the travel-documents finder's guest
 * surname): never sent to the tag manager (the legacy token `z`, …).
 */
export const PRIVATE_PARAMETERS: readonly string[] = [
  "z",
  "token",
  "sso",
  "tokenId",
  "code",
  "otp",
  "redirectTo",
  "surname",
  "email",
];

export const isLinkEventName = (value: unknown): value is LinkEventName =>
  typeof value === "string" && Object.hasOwn(LINK_EVENTS, value);

/** A brand code, or a brand's name (any case), as R, C or V; anything else is unknown. */
export function normaliseBrand(value: string): BrandCode | null {
  const v = value.trim().toUpperCase();
  if (v === "R" || v === "C" || v === "V") return v;
  const code = (Object.keys(BRAND_NAMES) as BrandCode[]).find((c) => BRAND_NAMES[c].toUpperCase() === v);
  return code ?? null;
}

/** An ISO date or date-time as its calendar day (YYYY-MM-DD), else unknown. */
export function isoDate(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(value.trim());
  if (!match) return null;
  const [, y, m, d] = match;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return date.getUTCMonth() === Number(m) - 1 && date.getUTCDate() === Number(d) ? `${y}-${m}-${d}` : null;
}

/** An id as upstream systems write them: letters, digits, - and _, at most 64; else unknown. */
function identifier(value: string): string | null {
  const v = value.trim();
  return /^[A-Za-z0-9_-]{1,64}$/.test(v) ? v : null;
}

/** A code (alert type, tool code) upper-cased with - and _ kept; else unknown. */
function code(value: string): string | null {
  const v = value.trim().toUpperCase();
  return /^[A-Z0-9_-]{1,40}$/.test(v) ? v : null;
}

/** Text with its white space collapsed, cut at `max` characters; empty is unknown. */
export function shortText(value: string, max = 100): string | null {
  const v = value.replace(/\s+/g, " ").trim();
  return v ? v.slice(0, max) : null;
}

/**
 * A page or link address as the tag manager gets it: absolute, without its fragment and without the
 * parameters that carry tokens or codes. Not an http(s) address (mailto:, javascript:…): its scheme only.
 */
export function safeUrl(href: string, base: string): string {
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    return "";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return url.protocol;
  url.hash = "";
  url.username = "";
  url.password = "";
  for (const name of PRIVATE_PARAMETERS) url.searchParams.delete(name);
  return url.toString();
}

/** The `data-analytics-*` attributes a tracked link carries (only the fields that pass their rule). */
export function analyticsAttributes(details: LinkDetails): Record<string, string> {
  const attributes: Record<string, string> = { "data-analytics-event": details.name };
  for (const [key, suffix, , rule] of FIELDS) {
    const raw = details[key];
    const value = raw == null ? null : rule(String(raw));
    if (value) attributes[`data-analytics-${suffix}`] = value;
  }
  return attributes;
}

/**
 * The event a click on a tracked link makes, from its attributes as the browser reads them (the
 * element's `dataset`: `analyticsEvent`, `analyticsBookingId`, …), the page's address, and the link's
 * address and text. Null when the link names no known event. Every field is checked again here: the
 * attributes are page markup, not trusted data.
 */
export function linkEvent(
  dataset: Readonly<Record<string, string | undefined>>,
  link: { pageUrl: string; href: string; text: string },
): LinkEvent | null {
  const name = dataset.analyticsEvent;
  if (!isLinkEventName(name)) return null;
  const event: LinkEvent = {
    event: LINK_EVENT,
    event_name: name,
    category: LINK_EVENTS[name],
    page_url: safeUrl(link.pageUrl, link.pageUrl),
    link_url: safeUrl(link.href, link.pageUrl),
    link_text: shortText(link.text) ?? "",
  };
  for (const [, suffix, field, rule] of FIELDS) {
    const raw = dataset[datasetKey(suffix)];
    const value = raw === undefined ? null : rule(raw);
    if (value) (event as Record<string, string>)[field] = value;
  }
  return event;
}

/** `booking-id` → `analyticsBookingId`, as the DOM names `data-analytics-booking-id` in `dataset`. */
export const datasetKey = (suffix: string) =>
  `analytics${suffix
    .split("-")
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join("")}`;

/** The tag manager's host: the only third party its script and beacons need, allowed only with GTM_ID. */
export const TAG_MANAGER_ORIGIN = "https://www.googletagmanager.com";
/** Where the tag manager's tags send their hits. */
export const TAG_MANAGER_CONNECT = [
  TAG_MANAGER_ORIGIN,
  "https://*.google-analytics.com",
  "https://*.analytics.google.com",
] as const;

/** A tag-manager container id: GTM- and letters or digits. */
export const GTM_ID_PATTERN = /^GTM-[A-Z0-9]{4,12}$/;

/** The tag manager's script address for a container. */
export const tagManagerScript = (gtmId: string) => `${TAG_MANAGER_ORIGIN}/gtm.js?id=${encodeURIComponent(gtmId)}`;
