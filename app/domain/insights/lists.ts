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
import { codeLabel, type FilterSpec, type ListSearch, type ListSpec, type Option } from "../lists";

export { listHref, listParams, parseListSearch, visibleFilters, widenings } from "../lists";
export type { FilterSpec, ListSearch, ListSpec, Option } from "../lists";

/**
 * The insights lists, each described once (app/domain/lists.ts): the page it is on, the
 * partner-insight endpoint behind it, its filters with their defaults, and its sort keys; and the
 * one builder of the partner-insight query for any of them.
 */
export type ListId =
  | "alerts"
  | "reservations"
  | "commissions"
  | "credits"
  | "coupons"
  | "transmissions"
  | "onboard-sales"
  | "casino"
  | "price-drops";

const any = (label: string): Option => ({ value: "", label });
const options = <T extends string>(values: readonly T[], names: Readonly<Record<T, string>>): Option[] =>
  values.map((value) => ({ value, label: names[value] }));
const plain = (values: readonly string[]): Option[] => values.map((value) => ({ value, label: codeLabel(value) }));

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
/** A list's status filter: any status by default, then its own statuses by their code. */
const statusFilter = (statuses: readonly string[]): FilterSpec => ({
  name: "status",
  label: "Status",
  options: [any("Any status"), ...plain(statuses)],
  fallback: "",
});
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

/** The codes the lists filter by, as the partner-insight contract names them. */
export const CREDIT_STATUSES = ["OPEN", "REDEEMED", "EXPIRED"] as const;
export const COUPON_STATUSES = ["APPLIED", "REJECTED", "REVERSED"] as const;
export const TRANSMISSION_STATUSES = ["SENT", "ACCEPTED", "FAILED", "PENDING"] as const;
export const SALE_CATEGORIES = ["BEVERAGE", "DINING", "EXCURSION", "SPA", "WIFI"] as const;
export const CASINO_TIERS = ["PRESTIGE", "SIGNATURE", "MASTERS"] as const;

export const RESERVATION_TYPES = ["ALL", "INDIVIDUAL", "GROUP", "OPEN", "CONFIRMED"] as const;
const RESERVATION_TYPE_NAMES: Record<(typeof RESERVATION_TYPES)[number], string> = {
  ALL: "All reservations",
  INDIVIDUAL: "Individual",
  GROUP: "Group",
  OPEN: "Open",
  CONFIRMED: "Confirmed",
};

export const LISTS: Record<ListId, ListSpec<ListId>> = {
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
    // Urgency first: an overdue or nearly due balance leads, then by sail date (the upstream's urgency sort).
    sorts: {
      urgency: "Urgency",
      sailDate: "Sail date",
      bookingId: "Booking",
      ship: "Ship",
      amountDue: "Amount due",
      status: "Status",
    },
    defaultSort: "urgency",
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
      statusFilter(CREDIT_STATUSES),
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
    filters: [timeframe(PAST_TIMEFRAMES, "PAST_SIX_MONTHS", "Applied"), statusFilter(COUPON_STATUSES), brand],
    sorts: { appliedOn: "Applied on", amount: "Amount", bookingId: "Booking" },
    defaultSort: "appliedOn",
    defaultOrder: "desc",
  },
  transmissions: {
    id: "transmissions",
    path: "/insights/npc-transmission-details",
    endpoint: "/transmissions",
    noun: ["transmission", "transmissions"],
    filters: [timeframe(PAST_TIMEFRAMES, "PAST_SIX_MONTHS", "Sent"), statusFilter(TRANSMISSION_STATUSES)],
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
        options: [any("Every category"), ...plain(SALE_CATEGORIES)],
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
        options: [any("Every tier"), ...plain(CASINO_TIERS)],
        fallback: "",
      },
      brand,
    ],
    sorts: { sailDate: "Sail date", bookingId: "Booking" },
    defaultSort: "sailDate",
    defaultOrder: "asc",
  },
  // Bookings whose fare is lower now (app/domain/insights/price-drop.ts); the one to claim first on top.
  "price-drops": {
    id: "price-drops",
    path: "/insights/price-drops",
    endpoint: "/price-drops",
    noun: ["price drop", "price drops"],
    filters: [brand, ship, { name: "q", label: "Booking", fallback: "" }],
    sorts: { finalPaymentDate: "Final payment", saving: "Saving", sailDate: "Sail date", bookingId: "Booking" },
    defaultSort: "finalPaymentDate",
    defaultOrder: "asc",
  },
};

export const isListId = (value: string): value is ListId => Object.hasOwn(LISTS, value);

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
