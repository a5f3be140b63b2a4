import { BRANDS } from "~/domain/catalogue/codes";
import { ALERT_TYPE_NAMES, ALERT_TYPES, concreteTypes, type AlertType } from "./alerts";
import {
  ALERT_TIMEFRAMES,
  COMMISSION_TIMEFRAMES,
  CREDIT_TIMEFRAMES,
  PAST_TIMEFRAMES,
  RESERVATION_TIMEFRAMES,
  SAILING_TIMEFRAMES,
  TIMEFRAME_NAMES,
  type Timeframe,
} from "./timeframes";

/**
 * The insights lists (issue 13), each described once: the page it is on, the partner-insight
 * endpoint behind it, its filters with their defaults, and its sort keys. One parser reads any of
 * them from a URL (junk normalised with a notice, never an error), one writer puts a search back in
 * a URL, one builder makes the upstream query: the page, its CSV and its links all agree.
 */
export type Option = { value: string; label: string };

export type FilterSpec = {
  /** The URL parameter, and the upstream's unless `upstream` maps it. */
  name: string;
  label: string;
  /** A select of these values ("" is "any"), or free text (a search box) when absent. */
  options?: readonly Option[];
  /** Taken when the URL has none or junk. */
  fallback: string;
  /** Shown only to agents with flex pay (section 3's hasFlexPayAccess). */
  flexPayOnly?: boolean;
  /** Options come from the catalogue (ships) at request time. */
  dynamic?: "ships";
};

export type ListId =
  "alerts" | "reservations" | "commissions" | "credits" | "coupons" | "transmissions" | "onboard-sales" | "casino";

export type ListSpec = {
  id: ListId;
  /** The portal page (and the `view` that picks this list on a page of two). */
  path: string;
  view?: string;
  endpoint: string;
  /** "booking alert" / "booking alerts". */
  noun: readonly [string, string];
  filters: readonly FilterSpec[];
  sorts: Readonly<Record<string, string>>;
  defaultSort: string;
  defaultOrder: "asc" | "desc";
};

export type ListSearch = {
  filters: Record<string, string>;
  sort: string;
  order: "asc" | "desc";
  page: number;
};

const any = (label: string): Option => ({ value: "", label });
const options = <T extends string>(values: readonly T[], names: Readonly<Record<T, string>>): Option[] =>
  values.map((value) => ({ value, label: names[value] }));
const plain = (values: readonly string[]): Option[] => values.map((value) => ({ value, label: sentence(value) }));
const sentence = (code: string) => code.charAt(0) + code.slice(1).toLowerCase().replace(/_/g, " ");

const timeframe = (values: readonly Timeframe[], fallback: Timeframe, label = "Timeframe"): FilterSpec => ({
  name: "timeframe",
  label,
  options: options(values, TIMEFRAME_NAMES),
  fallback,
});
const brand: FilterSpec = {
  name: "brand",
  label: "Cruise line",
  options: [any("All cruise lines"), ...BRANDS.map((b) => ({ value: b.code, label: b.name }))],
  fallback: "",
};
const ship: FilterSpec = { name: "ship", label: "Ship", options: [any("All ships")], fallback: "", dynamic: "ships" };
const flexPay: FilterSpec = {
  name: "flexPay",
  label: "Flex pay",
  options: [
    any("With or without flex pay"),
    { value: "true", label: "Flex pay" },
    { value: "false", label: "No flex pay" },
  ],
  fallback: "",
  flexPayOnly: true,
};

export const ENROLMENTS = ["ALL", "Enrolled", "Eligible", "Not Eligible"] as const;
export type Enrolment = (typeof ENROLMENTS)[number];
export const ENROLMENT_NAMES: Record<Enrolment, string> = {
  ALL: "Every booking",
  Enrolled: "Enrolled",
  Eligible: "Eligible",
  "Not Eligible": "Not eligible",
};

export const RESERVATION_TYPES = ["ALL", "INDIVIDUAL", "GROUP", "OPEN", "CONFIRMED"] as const;
const RESERVATION_TYPE_NAMES: Record<(typeof RESERVATION_TYPES)[number], string> = {
  ALL: "All reservations",
  INDIVIDUAL: "Individual",
  GROUP: "Group",
  OPEN: "Open",
  CONFIRMED: "Confirmed",
};

export const LISTS: Record<ListId, ListSpec> = {
  alerts: {
    id: "alerts",
    path: "/insights/alert-centre",
    endpoint: "/alerts",
    noun: ["booking alert", "booking alerts"],
    filters: [
      {
        name: "type",
        label: "Alert type",
        options: [any("Every alert type"), ...options(ALERT_TYPES, ALERT_TYPE_NAMES)],
        fallback: "",
      },
      timeframe(ALERT_TIMEFRAMES, "NEXT_10_DAYS", "Due"),
      brand,
      ship,
      flexPay,
      {
        name: "enrolment",
        label: "Enrolment",
        options: [any("Every booking"), ...options(ENROLMENTS.slice(1), ENROLMENT_NAMES)],
        fallback: "",
      },
    ],
    sorts: { dueDate: "Due date", sailDate: "Sail date", bookingId: "Booking", ship: "Ship", amountDue: "Amount due" },
    defaultSort: "dueDate",
    defaultOrder: "asc",
  },
  reservations: {
    id: "reservations",
    path: "/insights/individual-and-group-reservations",
    endpoint: "/bookings",
    noun: ["reservation", "reservations"],
    filters: [
      {
        name: "reservationType",
        label: "Reservations",
        options: options(RESERVATION_TYPES, RESERVATION_TYPE_NAMES),
        fallback: "ALL",
      },
      timeframe(RESERVATION_TIMEFRAMES, "ALL", "Sailing"),
      brand,
      ship,
      flexPay,
      { name: "q", label: "Booking, group or guest surname", fallback: "" },
    ],
    sorts: { sailDate: "Sail date", bookingId: "Booking", ship: "Ship", amountDue: "Amount due", status: "Status" },
    defaultSort: "sailDate",
    defaultOrder: "asc",
  },
  commissions: {
    id: "commissions",
    path: "/insights/future-compensation",
    view: "commission",
    endpoint: "/commissions",
    noun: ["booking", "bookings"],
    filters: [timeframe(COMMISSION_TIMEFRAMES, "ALL", "Sailing"), brand],
    sorts: { sailDate: "Sail date", commission: "Commission", bookingId: "Booking" },
    defaultSort: "sailDate",
    defaultOrder: "asc",
  },
  credits: {
    id: "credits",
    path: "/insights/future-compensation",
    view: "credits",
    endpoint: "/credits",
    noun: ["future cruise credit", "future cruise credits"],
    filters: [
      timeframe(CREDIT_TIMEFRAMES, "REDEEM_WITHIN_120_DAYS", "Redeem by"),
      {
        name: "status",
        label: "Status",
        options: [any("Any status"), ...plain(["OPEN", "REDEEMED", "EXPIRED"])],
        fallback: "",
      },
      brand,
    ],
    sorts: { redeemBy: "Redeem by", amount: "Amount", guest: "Guest" },
    defaultSort: "redeemBy",
    defaultOrder: "asc",
  },
  coupons: {
    id: "coupons",
    path: "/insights/coupon-application-details",
    endpoint: "/coupons",
    noun: ["coupon application", "coupon applications"],
    filters: [
      timeframe(PAST_TIMEFRAMES, "PAST_SIX_MONTHS", "Applied"),
      {
        name: "status",
        label: "Status",
        options: [any("Any status"), ...plain(["APPLIED", "REJECTED", "REVERSED"])],
        fallback: "",
      },
      brand,
    ],
    sorts: { appliedOn: "Applied on", amount: "Amount", bookingId: "Booking" },
    defaultSort: "appliedOn",
    defaultOrder: "desc",
  },
  transmissions: {
    id: "transmissions",
    path: "/insights/npc-transmission-details",
    endpoint: "/transmissions",
    noun: ["transmission", "transmissions"],
    filters: [
      timeframe(PAST_TIMEFRAMES, "PAST_SIX_MONTHS", "Sent"),
      {
        name: "status",
        label: "Status",
        options: [any("Any status"), ...plain(["SENT", "ACCEPTED", "FAILED", "PENDING"])],
        fallback: "",
      },
    ],
    sorts: { sentAt: "Sent", bookingId: "Booking", status: "Status" },
    defaultSort: "sentAt",
    defaultOrder: "desc",
  },
  "onboard-sales": {
    id: "onboard-sales",
    path: "/insights/onboard-sales",
    endpoint: "/onboard-sales",
    noun: ["onboard sale", "onboard sales"],
    filters: [
      timeframe(PAST_TIMEFRAMES, "PAST_SIX_MONTHS", "Ordered"),
      {
        name: "category",
        label: "Category",
        options: [any("Every category"), ...plain(["BEVERAGE", "DINING", "EXCURSION", "SPA", "WIFI"])],
        fallback: "",
      },
      brand,
    ],
    sorts: { orderedOn: "Ordered on", amount: "Amount", commission: "Commission" },
    defaultSort: "orderedOn",
    defaultOrder: "desc",
  },
  casino: {
    id: "casino",
    path: "/insights/casino-reservations",
    endpoint: "/casino",
    noun: ["casino reservation", "casino reservations"],
    filters: [
      timeframe(SAILING_TIMEFRAMES, "ALL", "Sailing"),
      {
        name: "tier",
        label: "Tier",
        options: [any("Every tier"), ...plain(["PRESTIGE", "SIGNATURE", "MASTERS"])],
        fallback: "",
      },
      brand,
    ],
    sorts: { sailDate: "Sail date", bookingId: "Booking" },
    defaultSort: "sailDate",
    defaultOrder: "asc",
  },
};

export const isListId = (value: string): value is ListId => Object.hasOwn(LISTS, value);

/** The filters an agent is offered: flex pay only where section 3's hasFlexPayAccess holds. */
export function visibleFilters(spec: ListSpec, flexPay: boolean): FilterSpec[] {
  return spec.filters.filter((f) => flexPay || !f.flexPayOnly);
}

const MAX_TEXT = 40;
const MAX_PAGE = 100_000;

/**
 * Reads a list's search from the URL. Missing values take their defaults; a value that is not one of
 * the filter's options (or a ship not in `ships`) is dropped with a notice naming it; the page is a
 * whole number from 1; text is trimmed and cut to 40 characters.
 */
export function parseListSearch(
  spec: ListSpec,
  params: URLSearchParams,
  context: { flexPay: boolean; ships?: readonly string[] },
): { search: ListSearch; notices: string[] } {
  const notices: string[] = [];
  const filters: Record<string, string> = {};
  for (const filter of visibleFilters(spec, context.flexPay)) {
    const raw = (params.get(filter.name) ?? "").trim();
    const allowed =
      filter.dynamic === "ships"
        ? (value: string) => value === "" || (context.ships ?? []).includes(value)
        : filter.options
          ? (value: string) => filter.options!.some((o) => o.value === value)
          : () => true;
    if (raw === "") filters[filter.name] = filter.fallback;
    else if (filter.options || filter.dynamic) {
      const value = filter.dynamic === "ships" ? raw.toUpperCase() : raw;
      if (allowed(value)) filters[filter.name] = value;
      else {
        filters[filter.name] = filter.fallback;
        notices.push(`${filter.label}: “${raw.slice(0, MAX_TEXT)}” is not a choice we know, so it was left out.`);
      }
    } else filters[filter.name] = raw.slice(0, MAX_TEXT);
  }
  const sortParam = params.get("sort") ?? "";
  const sort = Object.hasOwn(spec.sorts, sortParam) ? sortParam : spec.defaultSort;
  const orderParam = params.get("order");
  const order = orderParam === "asc" || orderParam === "desc" ? orderParam : spec.defaultOrder;
  const pageParam = Number(params.get("page") ?? "1");
  const page = Number.isInteger(pageParam) && pageParam >= 1 ? Math.min(pageParam, MAX_PAGE) : 1;
  return { search: { filters, sort, order, page }, notices };
}

/**
 * A list's search as URL parameters for its own page (or its CSV): filters that differ from their
 * defaults, the sort and order when not the list's own, the page from 2. `change` replaces parts.
 */
export function listParams(
  spec: ListSpec,
  search: ListSearch,
  change: Partial<Omit<ListSearch, "filters">> & { filters?: Record<string, string> } = {},
): string {
  const next = { ...search, ...change, filters: { ...search.filters, ...change.filters } };
  const params = new URLSearchParams();
  if (spec.view) params.set("view", spec.view);
  for (const filter of spec.filters) {
    const value = next.filters[filter.name];
    if (value !== undefined && value !== filter.fallback) params.set(filter.name, value);
  }
  if (next.sort !== spec.defaultSort || next.order !== spec.defaultOrder) {
    params.set("sort", next.sort);
    params.set("order", next.order);
  }
  if (next.page > 1) params.set("page", String(next.page));
  return params.toString();
}

export const listHref = (spec: ListSpec, search: ListSearch, change?: Parameters<typeof listParams>[2]) => {
  const query = listParams(spec, search, change);
  return query ? `${spec.path}?${query}` : spec.path;
};

/**
 * The partner-insight query for a search: every filter with a value (an alert group becomes its
 * concrete types, ALL reservations or an open "any" sends nothing), the sort, and the page.
 */
export function upstreamListQuery(
  spec: ListSpec,
  search: ListSearch,
  branch: string,
  paging: { page: number; pageSize: number } | null,
): URLSearchParams {
  const query = new URLSearchParams({ branch });
  for (const [name, value] of Object.entries(search.filters)) {
    if (value === "") continue;
    if (spec.id === "alerts" && name === "type") {
      query.set("type", concreteTypes(value as AlertType).join(","));
    } else query.set(name, value);
  }
  query.set("sort", search.sort);
  query.set("order", search.order);
  if (paging) {
    query.set("page", String(paging.page));
    query.set("pageSize", String(paging.pageSize));
  }
  return query;
}

/**
 * What an empty list could widen: each filter away from its widest value, as a change that widens
 * it ("any" where it has one, else its last option, the widest timeframe).
 */
export function widenings(
  spec: ListSpec,
  search: ListSearch,
): Array<{ label: string; filters: Record<string, string> }> {
  const out: Array<{ label: string; filters: Record<string, string> }> = [];
  for (const filter of spec.filters) {
    const value = search.filters[filter.name];
    if (value === undefined) continue;
    const widest = !filter.options ? "" : filter.options.some((o) => o.value === "") ? "" : widestOption(filter);
    if (value === widest) continue;
    const label = filter.options?.find((o) => o.value === widest)?.label ?? "any";
    out.push({
      label: filter.options ? `${filter.label}: ${label}` : `Clear “${value}”`,
      filters: { [filter.name]: widest },
    });
  }
  return out;
}

/** The option that takes in the most: ALL where a filter has it (timeframes, reservation types). */
function widestOption(filter: FilterSpec): string {
  return filter.options?.find((o) => o.value === "ALL")?.value ?? filter.fallback;
}
