import { z } from "zod";
import { BRAND_CODES } from "~/domain/catalogue/codes";
import { CONCRETE_ALERT_TYPES } from "~/domain/insights/alerts";
import { DIGEST_FREQUENCIES } from "~/domain/insights/digest";
import { ENROLMENTS, type ListId } from "~/domain/insights/lists";
import { TIMEFRAMES } from "~/domain/insights/timeframes";
import { authorized, enveloped, type Caller } from "~/server/clients/api.server";
import { cachedRead } from "~/server/infra/cache.server";
import { env } from "~/server/infra/env.server";
import { requestJson, requestLines } from "~/server/infra/http.server";

/**
 * The partner-insight API (docs/insights-contract.md; the portal's second API client): an agency's
 * bookings, alerts, credits and the digest e-mails. The only module that names its paths. Answers
 * are the agent's own, so cached entries are keyed by agent and branch, and kept briefly: bookings
 * move during the day, not by the second.
 */
const SERVICE = "insight";
const LIST_CACHE = { ttl: 30_000, staleWhileRevalidate: 30_000 } as const;
const BRANCH_CACHE = { ttl: 5 * 60_000, staleWhileRevalidate: 5 * 60_000 } as const;

function target() {
  const base = new URL(env.INSIGHT_API_URL);
  return { service: SERVICE, baseUrl: base.origin, prefix: base.pathname.replace(/\/$/, "") };
}

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const code = z.string().min(1).max(60);
const money = z.number();
const brand = z.enum(BRAND_CODES);
const alertType = z.enum(CONCRETE_ALERT_TYPES);
const enrolment = z.enum(ENROLMENTS.slice(1) as ["Enrolled", "Eligible", "Not Eligible"]);

const alertRow = z.object({
  alertId: code,
  type: alertType,
  key: z.string(),
  dueDate: day,
  bookingId: code,
  groupId: code.nullable(),
  brand,
  shipCode: code,
  shipName: z.string(),
  sailDate: day,
  leadGuest: z.string(),
  amountDue: money,
  currency: code,
  flexPay: z.boolean(),
  enrolment,
  depositExpiring: z.boolean(),
});
export type AlertRow = z.infer<typeof alertRow>;

const bookingStatus = z.enum(["OPEN", "CONFIRMED", "CANCELLED"]);
const bookingRow = z.object({
  bookingId: code,
  groupId: code.nullable(),
  status: bookingStatus,
  brand,
  shipCode: code,
  shipName: z.string(),
  sailDate: day,
  nights: z.number().int(),
  leadGuest: z.string(),
  guests: z.number().int(),
  totalRooms: z.number().int(),
  currency: code,
  totalPrice: money,
  amountPaid: money,
  amountDue: money,
  balanceDueDate: day.nullable(),
  depositExpiring: z.boolean(),
  flexPay: z.boolean(),
  enrolment,
  compensationType: z.string(),
  commission: money,
});
export type BookingRow = z.infer<typeof bookingRow>;

const commissionRow = z.object({
  bookingId: code,
  brand,
  shipName: z.string(),
  sailDate: day,
  status: bookingStatus,
  currency: code,
  totalPrice: money,
  compensationType: z.string(),
  commission: money,
  commissionStatus: z.enum(["PENDING", "PAYABLE", "PAID", "RECALLED"]),
});
export type CommissionRow = z.infer<typeof commissionRow>;

const creditRow = z.object({
  creditId: code,
  bookingId: code,
  guest: z.string(),
  brand,
  currency: code,
  amount: money,
  issuedOn: day,
  redeemBy: day,
  status: z.enum(["OPEN", "REDEEMED", "EXPIRED"]),
  redeemedOn: day.nullable(),
  redeemedBookingId: code.nullable(),
});
export type CreditRow = z.infer<typeof creditRow>;

const couponRow = z.object({
  applicationId: code,
  couponCode: code,
  bookingId: code,
  brand,
  shipName: z.string(),
  sailDate: day,
  appliedOn: day,
  currency: code,
  amount: money,
  status: z.enum(["APPLIED", "REJECTED", "REVERSED"]),
  reason: z.string().nullable(),
});
export type CouponRow = z.infer<typeof couponRow>;

const transmissionRow = z.object({
  transmissionId: code,
  bookingId: code,
  brand,
  shipName: z.string(),
  sailDate: day,
  sentAt: z.string(),
  status: z.enum(["SENT", "ACCEPTED", "FAILED", "PENDING"]),
  failureReason: z.string().nullable(),
  attempts: z.number().int(),
});
export type TransmissionRow = z.infer<typeof transmissionRow>;

const onboardSaleRow = z.object({
  saleId: code,
  bookingId: code,
  guest: z.string(),
  brand,
  shipName: z.string(),
  sailDate: day,
  category: z.enum(["BEVERAGE", "DINING", "EXCURSION", "SPA", "WIFI"]),
  item: z.string(),
  orderedOn: day,
  currency: code,
  amount: money,
  commission: money,
});
export type OnboardSaleRow = z.infer<typeof onboardSaleRow>;

const casinoRow = z.object({
  bookingId: code,
  guest: z.string(),
  programme: z.string(),
  tier: z.enum(["PRESTIGE", "SIGNATURE", "MASTERS"]),
  offerCode: z.string(),
  brand,
  shipName: z.string(),
  sailDate: day,
  status: z.string(),
});
export type CasinoRow = z.infer<typeof casinoRow>;

const priceDropRow = z.object({
  bookingId: code,
  groupId: code.nullable(),
  brand,
  shipCode: code,
  shipName: z.string(),
  sailDate: day,
  cabinClass: z.string(),
  guests: z.number().int().positive(),
  leadGuest: z.string(),
  currency: code,
  bookedOn: day,
  finalPaymentDate: day,
  bookedFare: money,
  currentFare: money,
  saving: money,
  offerCode: z.string().nullable(),
  offerName: z.string().nullable(),
  fareSince: day,
});
export type PriceDropRow = z.infer<typeof priceDropRow>;

/** Each list's row, by the list's id (app/domain/insights/lists.ts). */
export const ROW_SCHEMAS = {
  alerts: alertRow,
  reservations: bookingRow,
  commissions: commissionRow,
  credits: creditRow,
  coupons: couponRow,
  transmissions: transmissionRow,
  "onboard-sales": onboardSaleRow,
  casino: casinoRow,
  "price-drops": priceDropRow,
} satisfies Record<ListId, z.ZodType>;
type Rows = { [K in ListId]: z.infer<(typeof ROW_SCHEMAS)[K]> };
export type RowOf<L extends ListId> = Rows[L];

const pageOf = <T extends z.ZodType>(row: T) =>
  z.object({
    items: z.array(row),
    total: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    pageSize: z.number().int().positive(),
    pageCount: z.number().int().nonnegative(),
    commissionTotal: z.number().optional(),
    amountTotal: z.number().optional(),
  });
export type InsightPage<L extends ListId> = Omit<z.infer<ReturnType<typeof pageOf>>, "items"> & { items: RowOf<L>[] };

/** Each list's page schema, built once: building a zod object on every request showed in the list pages' profile. */
const PAGE_SCHEMAS = Object.fromEntries(
  Object.entries(ROW_SCHEMAS).map(([list, row]) => [list, pageOf(row)]),
) as unknown as Record<ListId, z.ZodType<unknown>>;

/** The caller's own answers in the shared cache: keyed by the agent as well as the query. */
const agentKey = (caller: Caller) => caller.auth.username;

type CachePolicy = { ttl: number; staleWhileRevalidate: number };

function insightRead<T>(
  caller: Caller,
  key: string,
  path: string,
  schema: z.ZodType<T>,
  cache: CachePolicy = LIST_CACHE,
) {
  const { prefix, ...service } = target();
  return cachedRead({
    key: `insight:${agentKey(caller)}:${key}`,
    ...cache,
    schema,
    getFreshValue: () => authorized(caller, { path: `${prefix}${path}`, schema: enveloped(schema) }, service),
  });
}

/** What the portal's configuration adds to a list's query: the price drops' least saving (PRICE_DROP_MINIMUM). */
function withListSettings(list: ListId, query: URLSearchParams) {
  if (list === "price-drops") query.set("minSaving", String(env.PRICE_DROP_MINIMUM));
}

/** One page of a list, for a query built by `upstreamListQuery`. */
export function insightList<L extends ListId>(
  caller: Caller,
  list: L,
  endpoint: string,
  query: URLSearchParams,
): Promise<InsightPage<L>> {
  withListSettings(list, query);
  query.sort();
  return insightRead(caller, `${list}:${query}`, `${endpoint}?${query}`, PAGE_SCHEMAS[list]) as Promise<InsightPage<L>>;
}

/**
 * Every row of a list, streamed from the export twin (NDJSON) and checked one by one, for CSV. The
 * token is the one the page's own calls just used (they refresh it when it has expired).
 */
export function insightExport<L extends ListId>(
  caller: Caller,
  list: L,
  endpoint: string,
  query: URLSearchParams,
): AsyncIterable<RowOf<L>> {
  const { prefix, ...service } = target();
  withListSettings(list, query);
  return requestLines({
    ...service,
    path: `${prefix}${endpoint}/export?${query}`,
    headers: { authorization: `Bearer ${caller.auth.accessToken}`, "id-token": caller.auth.idToken },
    schema: ROW_SCHEMAS[list] as unknown as z.ZodType<RowOf<L>>,
    // A long export may take its time; a stalled one (no byte for 8 s) is cut and the agent told to
    // try again, rather than waiting a minute for an upstream that is already back (issue 38).
    silenceMs: 8_000,
  });
}

const branchesSchema = z.object({
  home: code,
  branches: z.array(z.object({ code, name: z.string(), city: z.string(), bookings: z.number().int() })).min(1),
});
export type Branches = z.infer<typeof branchesSchema>;

/** The branches (reporting offices) this agent may see, and their home branch. */
export function insightBranches(caller: Caller): Promise<Branches> {
  return insightRead(caller, "branches", "/branches", branchesSchema, BRANCH_CACHE);
}

const summarySchema = z.object({
  branch: code,
  today: day,
  counts: z.array(z.object({ type: alertType, timeframe: z.enum(TIMEFRAMES), count: z.number().int() })),
  urgent: z.array(alertRow),
  urgentTotal: z.number().int(),
  bookingsByMonth: z.array(
    z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), R: z.number(), C: z.number(), V: z.number() }),
  ),
  /** Money still due on bookings by balance due date, week by week over the next 90 days (absent: no chart). */
  moneyDueByWeek: z
    .array(
      z.object({
        from: day,
        to: day,
        amounts: z.array(z.object({ currency: z.string(), amount: money, bookings: z.number().int() })),
      }),
    )
    .optional(),
});
export type AlertSummary = z.infer<typeof summarySchema>;

export function alertSummary(caller: Caller, branch: string): Promise<AlertSummary> {
  const query = new URLSearchParams({ branch });
  return insightRead(caller, `summary:${query}`, `/alerts/summary?${query}`, summarySchema);
}

const bookingSchema = bookingRow.omit({ guests: true }).extend({
  guestCount: z.number().int(),
  sailingId: code,
  cabinClass: z.string(),
  departurePort: z.string(),
  cancelledOn: day.nullable(),
  branch: code,
  guests: z.array(
    z.object({
      guestId: code,
      givenName: z.string(),
      surname: z.string(),
      age: z.number().int().nullable(),
      loyaltyNumber: z.string().nullable(),
    }),
  ),
  payments: z.array(z.object({ paidOn: day, amount: money, method: z.string(), paymentType: z.enum(["F", "D", "R"]) })),
  alerts: z.array(z.object({ alertId: code, type: alertType, key: z.string(), dueDate: day })),
  notes: z.array(z.object({ createdAt: z.string(), author: z.string(), text: z.string() })),
});
export type Booking = z.infer<typeof bookingSchema>;

export function getBooking(caller: Caller, bookingId: string): Promise<Booking> {
  const path = `/bookings/${encodeURIComponent(bookingId)}`;
  return insightRead(caller, `booking:${bookingId}`, path, bookingSchema);
}

const digestSchema = z.object({
  enabled: z.boolean(),
  frequency: z.enum(DIGEST_FREQUENCIES),
  alertTypes: z.array(alertType),
  enrolment: z.enum(ENROLMENTS),
  // Price drops of at least this saving are listed too; null (or an API without the watch): not listed.
  priceDropMinimum: z.number().nullable().optional().default(null),
  email: z.string(),
  lastSentAt: z.string().nullable(),
});
export type Digest = z.infer<typeof digestSchema>;
export type DigestChoice = Pick<Digest, "enabled" | "frequency" | "alertTypes" | "enrolment"> & {
  /** Whether the e-mails list price drops too (of at least PRICE_DROP_MINIMUM, as the list). */
  priceDrops: boolean;
};

/** The agent's digest settings: never cached, the page shows what was just saved. */
export function getDigest(caller: Caller): Promise<Digest> {
  const { prefix, ...service } = target();
  return authorized(caller, { path: `${prefix}/digest`, schema: enveloped(digestSchema) }, service);
}

export function saveDigest(caller: Caller, { priceDrops, ...choice }: DigestChoice): Promise<Digest> {
  const { prefix, ...service } = target();
  const json = { ...choice, priceDropMinimum: priceDrops ? env.PRICE_DROP_MINIMUM : null };
  return authorized(
    caller,
    { path: `${prefix}/digest`, method: "PUT", json, schema: enveloped(digestSchema) },
    service,
  );
}

const unsubscribeSchema = z.object({ email: z.string(), frequency: z.enum(DIGEST_FREQUENCIES), enabled: z.boolean() });
export type DigestSubscription = z.infer<typeof unsubscribeSchema>;

/** Whose digest an e-mail's unsubscribe link stops (no sign-in: the signed token is the key). */
export function digestForToken(token: string): Promise<DigestSubscription> {
  const { prefix, ...service } = target();
  const path = `${prefix}/digest/unsubscribe?${new URLSearchParams({ token })}`;
  return requestJson({ ...service, path, schema: enveloped(unsubscribeSchema) });
}

export function unsubscribeDigest(token: string): Promise<DigestSubscription> {
  const { prefix, ...service } = target();
  return requestJson({
    ...service,
    path: `${prefix}/digest/unsubscribe`,
    method: "POST",
    json: { token },
    schema: enveloped(unsubscribeSchema),
  });
}
