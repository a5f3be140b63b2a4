import Database from "better-sqlite3";
import { dayNumber, isoDate } from "../catalogue/generate";
import type { Brand } from "../catalogue/types";
import { generateInsights, type GeneratedInsights } from "../insight/generate";
import {
  ALERT_KEY,
  ALERT_TYPE_CODES,
  ALERT_TYPES,
  TIMEFRAME_WINDOWS,
  URGENT_DAYS,
  type AlertType,
  type DigestEnrolment,
  type DigestFrequency,
  type Timeframe,
} from "../insight/types";
import type { AgentRow } from "./agents";
import { catalogueAnchor, insertMany, prepared, type Value } from "./catalogue";
import type { Db } from "./database";
import { catalogueInsightSailings } from "./insight-sailings";
import type { ListDef } from "./list-def";
import { ensurePriceWatch } from "./price-drops";

// -----------------------------------------------------------------------------------------------------------
// Generation

/** The anchor the insight data in this database was generated on, or undefined before it is. */
export function insightAnchor(db: Db): string | undefined {
  const row = db.prepare("SELECT value FROM insight_meta WHERE key = 'anchor'").get() as { value: string } | undefined;
  return row?.value;
}

export type EnsureInsightsResult = { generated: boolean; anchor: string; bookings: number; alerts: number; ms: number };

/**
 * Generation is deterministic, so the last anchor's rows (flattened for the tables) are kept: the tests open
 * many fresh databases, and each then only writes them.
 */
let lastRows: { anchor: string; rows: InsightRows } | undefined;

/** Forgets the kept rows, so the next fresh database generates its own from scratch (tests). */
export function forgetGeneratedInsights(): void {
  lastRows = undefined;
}

/**
 * Generates the partner-insight demo data when the database has none, anchored on the catalogue's anchor and
 * built on its sailings (call after ensureCatalogue); later calls (and later starts) keep it. One transaction.
 */
export function ensureInsights(db: Db, now: number): EnsureInsightsResult {
  const existing = insightAnchor(db);
  if (existing !== undefined) {
    // A database made before the price-drop watch gets its fare schedule now.
    ensurePriceWatch(db);
    const counts = Object.fromEntries(
      (db.prepare("SELECT key, value FROM insight_meta").all() as Array<{ key: string; value: string }>).map((r) => [
        r.key,
        r.value,
      ]),
    );
    return {
      generated: false,
      anchor: existing,
      bookings: Number(counts.bookings),
      alerts: Number(counts.alerts),
      ms: 0,
    };
  }
  const anchor = catalogueAnchor(db);
  if (anchor === undefined) throw new Error("the catalogue must be generated before the insight data");
  const started = performance.now();
  if (lastRows?.anchor !== anchor) {
    lastRows = { anchor, rows: insightRows(generateInsights(anchor, catalogueInsightSailings(db))) };
  }
  const rows = lastRows.rows;
  // A larger page cache while the rows go in: the tables' many indexes are written in one transaction.
  const cacheSize = db.pragma("cache_size", { simple: true }) as number;
  db.pragma("cache_size = -65536");
  try {
    db.transaction(() => {
      // Indexes are built once after the rows are in (a sorted build), not row by row; same definitions.
      const indexes = db
        .prepare(
          "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name LIKE 'insight\\_%' ESCAPE '\\' AND sql IS NOT NULL",
        )
        .all() as Array<{ name: string; sql: string }>;
      for (const index of indexes) db.exec(`DROP INDEX ${index.name}`);
      writeInsights(db, anchor, now, rows);
      for (const index of indexes) db.exec(index.sql);
    })();
  } finally {
    db.pragma(`cache_size = ${cacheSize}`);
  }
  ensurePriceWatch(db);
  return {
    generated: true,
    anchor,
    bookings: rows.bookingCount,
    alerts: rows.alertCount,
    ms: Math.round(performance.now() - started),
  };
}

/** A surname folded for the prefix search: lower case, without accents. */
export const foldName = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

const flag = (value: boolean) => (value ? 1 : 0);
const TYPE_ORDER = new Map(ALERT_TYPE_CODES.map((t, i) => [t, i + 1]));

/** The generated data as flat values per table, in each table's column order. */
type InsightRows = {
  bookingCount: number;
  alertCount: number;
  branches: Value[];
  grants: Value[];
  bookings: Value[];
  guests: Value[];
  payments: Value[];
  notes: Value[];
  alerts: Value[];
  credits: Value[];
  coupons: Value[];
  transmissions: Value[];
  sales: Value[];
  casino: Value[];
};

function insightRows(data: GeneratedInsights): InsightRows {
  const branchOrder = new Map<string, number>();
  const branches = data.branches.flatMap((b) => {
    const order = (branchOrder.get(b.agencyId) ?? 0) + 1;
    branchOrder.set(b.agencyId, order);
    return [b.agencyId, b.code, b.name, b.city, flag(b.home), order];
  });
  const bookings: Value[] = [];
  const guests: Value[] = [];
  const payments: Value[] = [];
  const notes: Value[] = [];
  const alerts: Value[] = [];
  const sailByBooking = new Map<string, { brand: Brand; shipName: string; sailDate: string }>();
  for (const b of data.bookings) {
    const lead = b.guests[0]!;
    const leadGuest = `${lead.surname}, ${lead.givenName}`;
    sailByBooking.set(b.bookingId, { brand: b.brand, shipName: b.shipName, sailDate: b.sailDate });
    bookings.push(
      b.bookingId,
      b.agencyId,
      b.branchCode,
      b.groupId,
      b.status,
      b.brand,
      b.shipCode,
      b.shipName,
      b.sailingId,
      b.sailDate,
      b.nights,
      b.cabinClass,
      b.departurePort,
      leadGuest,
      b.guests.length,
      b.totalRooms,
      b.currency,
      b.totalCents,
      b.paidCents,
      b.dueCents,
      b.balanceDueDate,
      flag(b.depositExpiring),
      flag(b.flexPay),
      b.enrolment,
      b.compensationType,
      b.commissionCents,
      b.bookedOn,
      b.cancelledOn,
    );
    b.guests.forEach((g, i) =>
      guests.push(
        b.bookingId,
        i + 1,
        b.agencyId,
        b.branchCode,
        g.guestId,
        g.givenName,
        g.surname,
        foldName(g.surname),
        g.age,
        g.loyaltyNumber,
      ),
    );
    b.payments.forEach((p, i) => payments.push(b.bookingId, i + 1, p.paidOn, p.cents, p.method, p.paymentType));
    b.notes.forEach((n, i) => notes.push(b.bookingId, i + 1, n.createdAt, n.author, n.text));
    for (const a of b.alerts) {
      alerts.push(
        a.alertId,
        b.bookingId,
        b.agencyId,
        b.branchCode,
        a.type,
        TYPE_ORDER.get(a.type) ?? 99,
        ALERT_KEY[a.type],
        a.dueDate,
        b.groupId,
        b.brand,
        b.shipCode,
        b.shipName,
        b.sailDate,
        leadGuest,
        b.dueCents,
        b.currency,
        flag(b.flexPay),
        b.enrolment,
        flag(b.depositExpiring),
      );
    }
  }
  const sailing = (bookingId: string) => sailByBooking.get(bookingId)!;
  return {
    bookingCount: data.bookings.length,
    alertCount: alerts.length / ALERT_COLUMNS.length,
    branches,
    grants: data.grants.flatMap((g) => [g.agentId, g.branchCode]),
    bookings,
    guests,
    payments,
    notes,
    alerts,
    credits: data.credits.flatMap((c) => [
      c.creditId,
      c.agencyId,
      c.branchCode,
      c.bookingId,
      c.guest,
      c.brand,
      c.currency,
      c.cents,
      c.issuedOn,
      c.redeemBy,
      c.redeemedOn,
      c.redeemedBookingId,
    ]),
    coupons: data.coupons.flatMap((c) => {
      const s = sailing(c.bookingId);
      return [
        c.applicationId,
        c.agencyId,
        c.branchCode,
        c.couponCode,
        c.bookingId,
        s.brand,
        s.shipName,
        s.sailDate,
        c.appliedOn,
        c.currency,
        c.cents,
        c.status,
        c.reason,
      ];
    }),
    transmissions: data.transmissions.flatMap((t) => {
      const s = sailing(t.bookingId);
      return [
        t.transmissionId,
        t.agencyId,
        t.branchCode,
        t.bookingId,
        s.brand,
        s.shipName,
        s.sailDate,
        t.sentAt,
        t.status,
        t.failureReason,
        t.attempts,
      ];
    }),
    sales: data.sales.flatMap((o) => {
      const s = sailing(o.bookingId);
      return [
        o.saleId,
        o.agencyId,
        o.branchCode,
        o.bookingId,
        o.guest,
        s.brand,
        s.shipName,
        s.sailDate,
        o.category,
        o.item,
        o.orderedOn,
        o.currency,
        o.cents,
        o.commissionCents,
      ];
    }),
    casino: data.casino.flatMap((k) => {
      const s = sailing(k.bookingId);
      return [
        k.reservationId,
        k.agencyId,
        k.branchCode,
        k.bookingId,
        k.guest,
        k.programme,
        k.tier,
        k.offerCode,
        s.brand,
        s.shipName,
        s.sailDate,
        k.status,
      ];
    }),
  };
}

function writeInsights(db: Db, anchor: string, now: number, rows: InsightRows) {
  insertMany(db, "insight_branches (agency_id, branch_code, name, city, is_home, sort_order)", 6, rows.branches);
  insertMany(db, "insight_branch_grants (agent_id, branch_code)", 2, rows.grants);
  insertMany(db, `insight_bookings (${BOOKING_COLUMNS.join(", ")})`, BOOKING_COLUMNS.length, rows.bookings);
  insertMany(
    db,
    `insight_guests (booking_id, position, agency_id, branch_code, guest_id, given_name, surname, surname_key, age,
      loyalty_number)`,
    10,
    rows.guests,
  );
  insertMany(
    db,
    "insight_payments (booking_id, position, paid_on, amount_cents, method, payment_type)",
    6,
    rows.payments,
  );
  insertMany(db, "insight_notes (booking_id, position, created_at, author, text)", 5, rows.notes);
  insertMany(db, `insight_alerts (${ALERT_COLUMNS.join(", ")})`, ALERT_COLUMNS.length, rows.alerts);
  insertMany(
    db,
    `insight_credits (credit_id, agency_id, branch_code, booking_id, guest, brand, currency, amount_cents, issued_on,
      redeem_by, redeemed_on, redeemed_booking_id)`,
    12,
    rows.credits,
  );
  insertMany(
    db,
    `insight_coupons (application_id, agency_id, branch_code, coupon_code, booking_id, brand, ship_name, sail_date,
      applied_on, currency, amount_cents, status, reason)`,
    13,
    rows.coupons,
  );
  insertMany(
    db,
    `insight_transmissions (transmission_id, agency_id, branch_code, booking_id, brand, ship_name, sail_date, sent_at,
      status, failure_reason, attempts)`,
    11,
    rows.transmissions,
  );
  insertMany(
    db,
    `insight_onboard_sales (sale_id, agency_id, branch_code, booking_id, guest, brand, ship_name, sail_date, category,
      item, ordered_on, currency, amount_cents, commission_cents)`,
    14,
    rows.sales,
  );
  insertMany(
    db,
    `insight_casino (reservation_id, agency_id, branch_code, booking_id, guest, programme, tier, offer_code, brand,
      ship_name, sail_date, status)`,
    12,
    rows.casino,
  );
  insertMany(db, "insight_meta (key, value)", 2, [
    "anchor",
    anchor,
    "generated_at",
    new Date(now).toISOString(),
    "bookings",
    String(rows.bookingCount),
    "alerts",
    String(rows.alertCount),
  ]);
}

const BOOKING_COLUMNS = [
  "booking_id",
  "agency_id",
  "branch_code",
  "group_id",
  "status",
  "brand",
  "ship_code",
  "ship_name",
  "sailing_id",
  "sail_date",
  "nights",
  "cabin_class",
  "departure_port",
  "lead_guest",
  "guest_count",
  "total_rooms",
  "currency",
  "total_cents",
  "paid_cents",
  "due_cents",
  "balance_due_date",
  "deposit_expiring",
  "flex_pay",
  "enrolment",
  "compensation_type",
  "commission_cents",
  "booked_on",
  "cancelled_on",
];

const ALERT_COLUMNS = [
  "alert_id",
  "booking_id",
  "agency_id",
  "branch_code",
  "type",
  "type_order",
  "alert_key",
  "due_date",
  "group_id",
  "brand",
  "ship_code",
  "ship_name",
  "sail_date",
  "lead_guest",
  "due_cents",
  "currency",
  "flex_pay",
  "enrolment",
  "deposit_expiring",
];

// -----------------------------------------------------------------------------------------------------------
// Branches

export type Branch = { code: string; name: string; city: string };
export type BranchAccess = { agencyId: string; home: Branch; visible: Branch[] };

/**
 * The branches an agent may see: its home branch (the agency's branch for its reporting office, else the
 * agency's home branch) and those granted to it, in the agency's order. An agency without insight data (one
 * registered since) has one branch, its reporting office, with nothing in it.
 */
export function branchAccess(db: Db, agent: AgentRow): BranchAccess {
  const rows = prepared(
    db,
    "SELECT branch_code, name, city, is_home FROM insight_branches WHERE agency_id = ? ORDER BY sort_order",
  ).all(agent.agency_id) as Array<{ branch_code: string; name: string; city: string; is_home: number }>;
  if (rows.length === 0) {
    const agency = prepared(db, "SELECT name, city, reporting_office_code FROM agencies WHERE agency_id = ?").get(
      agent.agency_id,
    ) as { name: string; city: string; reporting_office_code: string } | undefined;
    const only = {
      code: agency?.reporting_office_code ?? agent.reporting_office_code,
      name: agency ? `${agency.name} – ${agency.city}` : agent.reporting_office_code,
      city: agency?.city ?? "",
    };
    return { agencyId: agent.agency_id, home: only, visible: [only] };
  }
  const branches = rows.map((r) => ({ code: r.branch_code, name: r.name, city: r.city }));
  const homeRow =
    rows.find((r) => r.branch_code === agent.reporting_office_code) ?? rows.find((r) => r.is_home === 1) ?? rows[0]!;
  const granted = new Set(
    prepared(db, "SELECT branch_code FROM insight_branch_grants WHERE agent_id = ?")
      .pluck()
      .all(agent.agent_id) as string[],
  );
  granted.add(homeRow.branch_code);
  return {
    agencyId: agent.agency_id,
    home: branches.find((b) => b.code === homeRow.branch_code)!,
    visible: branches.filter((b) => granted.has(b.code)),
  };
}

/** Open and confirmed bookings of a branch. */
export function activeBookingCount(db: Db, agencyId: string, branch: string): number {
  return prepared(
    db,
    `SELECT count(*) FROM insight_bookings WHERE agency_id = ? AND branch_code = ? AND status IN ('OPEN', 'CONFIRMED')`,
  )
    .pluck()
    .get(agencyId, branch) as number;
}

// -----------------------------------------------------------------------------------------------------------
// Lists

/** Whose rows a list reads, and the day windows are counted from. */
export type Scope = { agencyId: string; branch: string; today: string };

/** Conditions a list's filters add (joined with AND) and their parameters, in order. */
export type Filter = { conditions: string[]; params: Array<string | number> };

export const newFilter = (): Filter => ({ conditions: [], params: [] });
export const addCondition = (filter: Filter, condition: string, ...params: Array<string | number>) => {
  filter.conditions.push(condition);
  filter.params.push(...params);
};

const money = (cents: unknown) => (cents as number) / 100;
const bool = (value: unknown) => value === 1;
const str = (value: unknown) => value as string;
const strOrNull = (value: unknown) => (value as string | null) ?? null;

/**
 * A day window of a timeframe as a condition on a date column (`YYYY-MM-DD`), or on an instant column
 * (ISO text, compared with the start of the first day and the start of the day after the last).
 */
export function addWindow(
  filter: Filter,
  column: string,
  timeframe: Timeframe,
  today: string,
  kind: "date" | "instant" = "date",
) {
  const [from, to] = TIMEFRAME_WINDOWS[timeframe];
  const base = dayNumber(today);
  if (from !== null) addCondition(filter, `${column} >= ?`, isoDate(base + from));
  if (to !== null) {
    if (kind === "date") addCondition(filter, `${column} <= ?`, isoDate(base + to));
    else addCondition(filter, `${column} < ?`, isoDate(base + to + 1));
  }
}

const ALERT_ITEM = `alert_id, type, alert_key, due_date, booking_id, group_id, brand, ship_code, ship_name, sail_date,
  lead_guest, due_cents, currency, flex_pay, enrolment, deposit_expiring`;

export const alertItem = (r: Record<string, unknown>) => ({
  alertId: str(r.alert_id),
  type: str(r.type) as AlertType,
  key: str(r.alert_key),
  dueDate: str(r.due_date),
  bookingId: str(r.booking_id),
  groupId: strOrNull(r.group_id),
  brand: str(r.brand),
  shipCode: str(r.ship_code),
  shipName: str(r.ship_name),
  sailDate: str(r.sail_date),
  leadGuest: str(r.lead_guest),
  amountDue: money(r.due_cents),
  currency: str(r.currency),
  flexPay: bool(r.flex_pay),
  enrolment: str(r.enrolment),
  depositExpiring: bool(r.deposit_expiring),
});
export type AlertItem = ReturnType<typeof alertItem>;

const BOOKING_ITEM = `booking_id, group_id, status, brand, ship_code, ship_name, sail_date, nights, lead_guest,
  guest_count, total_rooms, currency, total_cents, paid_cents, due_cents, balance_due_date, deposit_expiring,
  flex_pay, enrolment, compensation_type, commission_cents`;

export const bookingItem = (r: Record<string, unknown>) => ({
  bookingId: str(r.booking_id),
  groupId: strOrNull(r.group_id),
  status: str(r.status),
  brand: str(r.brand),
  shipCode: str(r.ship_code),
  shipName: str(r.ship_name),
  sailDate: str(r.sail_date),
  nights: r.nights as number,
  leadGuest: str(r.lead_guest),
  guests: r.guest_count as number,
  totalRooms: r.total_rooms as number,
  currency: str(r.currency),
  totalPrice: money(r.total_cents),
  amountPaid: money(r.paid_cents),
  amountDue: money(r.due_cents),
  balanceDueDate: strOrNull(r.balance_due_date),
  depositExpiring: bool(r.deposit_expiring),
  flexPay: bool(r.flex_pay),
  enrolment: str(r.enrolment),
  compensationType: str(r.compensation_type),
  commission: money(r.commission_cents),
});

/** A commission's state on a day: recalled when cancelled, paid once sailed, payable when paid in full. */
const COMMISSION_STATUS = `CASE WHEN status = 'CANCELLED' THEN 'RECALLED' WHEN sail_date < @today THEN 'PAID'
  WHEN due_cents = 0 THEN 'PAYABLE' ELSE 'PENDING' END`;

/** A credit's state on a day: redeemed, else open until its redeem-by date, expired after. */
export const CREDIT_STATUS = `CASE WHEN redeemed_on IS NOT NULL THEN 'REDEEMED' WHEN redeem_by < @today THEN 'EXPIRED'
  ELSE 'OPEN' END`;

/**
 * A booking's balance by urgency: 0 overdue (due before today), 1 due today, 2 due within the urgent days
 * after, 3 nothing urgent (paid, cancelled, no date, or later). The portal's app/domain/insights/urgency.ts
 * states the same rule for its flags.
 */
const BALANCE_URGENCY = `CASE WHEN status = 'CANCELLED' OR due_cents <= 0 OR balance_due_date IS NULL THEN 3
  WHEN balance_due_date < @today THEN 0 WHEN balance_due_date = @today THEN 1
  WHEN balance_due_date <= date(@today, '+${URGENT_DAYS} days') THEN 2 ELSE 3 END`;

export const LISTS = {
  alerts: {
    table: "insight_alerts",
    columns: ALERT_ITEM,
    sorts: {
      dueDate: "due_date",
      sailDate: "sail_date",
      bookingId: "booking_id",
      ship: "ship_name",
      amountDue: "due_cents",
    },
    ties: ["due_date", "alert_id"],
    toItem: alertItem,
  },
  bookings: {
    table: "insight_bookings",
    columns: BOOKING_ITEM,
    sorts: {
      sailDate: "sail_date",
      bookingId: "booking_id",
      ship: "ship_name",
      amountDue: "due_cents",
      status: "status",
      urgency: BALANCE_URGENCY,
    },
    ties: ["sail_date", "booking_id"],
    toItem: bookingItem,
  },
  commissions: {
    table: "insight_bookings",
    columns: `booking_id, brand, ship_name, sail_date, status, currency, total_cents, compensation_type,
      commission_cents, ${COMMISSION_STATUS} AS commission_status`,
    sorts: { sailDate: "sail_date", commission: "commission_cents", bookingId: "booking_id" },
    ties: ["sail_date", "booking_id"],
    toItem: (r) => ({
      bookingId: str(r.booking_id),
      brand: str(r.brand),
      shipName: str(r.ship_name),
      sailDate: str(r.sail_date),
      status: str(r.status),
      currency: str(r.currency),
      totalPrice: money(r.total_cents),
      compensationType: str(r.compensation_type),
      commission: money(r.commission_cents),
      commissionStatus: str(r.commission_status),
    }),
  },
  credits: {
    table: "insight_credits",
    columns: `credit_id, booking_id, guest, brand, currency, amount_cents, issued_on, redeem_by,
      ${CREDIT_STATUS} AS status, redeemed_on, redeemed_booking_id`,
    sorts: { redeemBy: "redeem_by", amount: "amount_cents", guest: "guest" },
    ties: ["redeem_by", "credit_id"],
    toItem: (r) => ({
      creditId: str(r.credit_id),
      bookingId: str(r.booking_id),
      guest: str(r.guest),
      brand: str(r.brand),
      currency: str(r.currency),
      amount: money(r.amount_cents),
      issuedOn: str(r.issued_on),
      redeemBy: str(r.redeem_by),
      status: str(r.status),
      redeemedOn: strOrNull(r.redeemed_on),
      redeemedBookingId: strOrNull(r.redeemed_booking_id),
    }),
  },
  coupons: {
    table: "insight_coupons",
    columns: `application_id, coupon_code, booking_id, brand, ship_name, sail_date, applied_on, currency, amount_cents,
      status, reason`,
    sorts: { appliedOn: "applied_on", amount: "amount_cents", bookingId: "booking_id" },
    ties: ["applied_on", "application_id"],
    toItem: (r) => ({
      applicationId: str(r.application_id),
      couponCode: str(r.coupon_code),
      bookingId: str(r.booking_id),
      brand: str(r.brand),
      shipName: str(r.ship_name),
      sailDate: str(r.sail_date),
      appliedOn: str(r.applied_on),
      currency: str(r.currency),
      amount: money(r.amount_cents),
      status: str(r.status),
      reason: strOrNull(r.reason),
    }),
  },
  transmissions: {
    table: "insight_transmissions",
    columns: "transmission_id, booking_id, brand, ship_name, sail_date, sent_at, status, failure_reason, attempts",
    sorts: { sentAt: "sent_at", bookingId: "booking_id", status: "status" },
    ties: ["sent_at", "transmission_id"],
    toItem: (r) => ({
      transmissionId: str(r.transmission_id),
      bookingId: str(r.booking_id),
      brand: str(r.brand),
      shipName: str(r.ship_name),
      sailDate: str(r.sail_date),
      sentAt: str(r.sent_at),
      status: str(r.status),
      failureReason: strOrNull(r.failure_reason),
      attempts: r.attempts as number,
    }),
  },
  onboardSales: {
    table: "insight_onboard_sales",
    columns: `sale_id, booking_id, guest, brand, ship_name, sail_date, category, item, ordered_on, currency,
      amount_cents, commission_cents`,
    sorts: { orderedOn: "ordered_on", amount: "amount_cents", commission: "commission_cents" },
    ties: ["ordered_on", "sale_id"],
    toItem: (r) => ({
      saleId: str(r.sale_id),
      bookingId: str(r.booking_id),
      guest: str(r.guest),
      brand: str(r.brand),
      shipName: str(r.ship_name),
      sailDate: str(r.sail_date),
      category: str(r.category),
      item: str(r.item),
      orderedOn: str(r.ordered_on),
      currency: str(r.currency),
      amount: money(r.amount_cents),
      commission: money(r.commission_cents),
    }),
  },
  casino: {
    table: "insight_casino",
    columns: "reservation_id, booking_id, guest, programme, tier, offer_code, brand, ship_name, sail_date, status",
    sorts: { sailDate: "sail_date", bookingId: "booking_id" },
    ties: ["sail_date", "reservation_id"],
    toItem: (r) => ({
      bookingId: str(r.booking_id),
      guest: str(r.guest),
      programme: str(r.programme),
      tier: str(r.tier),
      offerCode: str(r.offer_code),
      brand: str(r.brand),
      shipName: str(r.ship_name),
      sailDate: str(r.sail_date),
      status: str(r.status),
    }),
  },
} satisfies Record<string, ListDef>;

export type ListName = keyof typeof LISTS;

export type ListOrder = { sort: string; order: "asc" | "desc" };

function whereOf(scope: Scope, filter: Filter) {
  return {
    where: ["agency_id = ?", "branch_code = ?", ...filter.conditions].join(" AND "),
    params: [scope.agencyId, scope.branch, ...filter.params],
    named: { today: scope.today },
  };
}

function orderOf(def: ListDef, order: ListOrder): string {
  const key = def.sorts[order.sort];
  if (key === undefined) throw new Error(`unknown sort ${order.sort}`);
  const direction = order.order === "desc" ? "DESC" : "ASC";
  return [`${key} ${direction}`, ...def.ties.filter((t) => t !== key)].join(", ");
}

/** The SQL of a list: the count, a page, every row (the export), and a sum of a column. */
export function listSql(def: ListDef, scope: Scope, filter: Filter, order: ListOrder) {
  const { where, params, named } = whereOf(scope, filter);
  const select = `SELECT ${def.columns} FROM ${def.table} WHERE ${where} ORDER BY ${orderOf(def, order)}`;
  return {
    count: `SELECT count(*) FROM ${def.table} WHERE ${where}`,
    page: `${select} LIMIT ? OFFSET ?`,
    all: select,
    sum: (column: string) => `SELECT coalesce(sum(${column}), 0) FROM ${def.table} WHERE ${where}`,
    params,
    named,
  };
}

/** One page of a list and the total count. */
export function listPage<Item>(
  db: Db,
  def: ListDef<Item>,
  scope: Scope,
  filter: Filter,
  order: ListOrder & { page: number; pageSize: number },
): { items: Item[]; total: number } {
  const sql = listSql(def as ListDef, scope, filter, order);
  const total = prepared(db, sql.count)
    .pluck()
    .get(...sql.params, sql.named) as number;
  const offset = (order.page - 1) * order.pageSize;
  if (offset >= total) return { items: [], total };
  const rows = prepared(db, sql.page).all(...sql.params, order.pageSize, offset, sql.named) as Array<
    Record<string, unknown>
  >;
  return { items: rows.map(def.toItem), total };
}

/** The sum (in cents) of a money column over every row of a list. */
export function listSum(db: Db, def: ListDef, scope: Scope, filter: Filter, column: string): number {
  const sql = listSql(def, scope, filter, { sort: Object.keys(def.sorts)[0]!, order: "asc" });
  return prepared(db, sql.sum(column))
    .pluck()
    .get(...sql.params, sql.named) as number;
}

const ROWS_PER_CHUNK = 250;

/**
 * Every row of a list as NDJSON (one item per line), streamed from a cursor. The cursor runs on a read-only
 * connection of its own, opened for the stream and closed when it ends or is cancelled, so a slow reader
 * never holds the server's connection (better-sqlite3 refuses writes on a connection with an open cursor).
 */
export function listStream<Item>(
  db: Db,
  def: ListDef<Item>,
  scope: Scope,
  filter: Filter,
  order: ListOrder,
): ReadableStream<Uint8Array> {
  const sql = listSql(def as ListDef, scope, filter, order);
  const reader = db.memory ? undefined : new Database(db.name, { readonly: true, fileMustExist: true });
  reader?.pragma("busy_timeout = 5000");
  const rows = (reader ?? db).prepare(sql.all).iterate(...sql.params, sql.named) as IterableIterator<
    Record<string, unknown>
  >;
  const encoder = new TextEncoder();
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    rows.return?.();
    reader?.close();
  };
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      try {
        let chunk = "";
        for (let i = 0; i < ROWS_PER_CHUNK; i++) {
          const next = rows.next();
          if (next.done) {
            finish();
            if (chunk !== "") controller.enqueue(encoder.encode(chunk));
            controller.close();
            return;
          }
          chunk += `${JSON.stringify(def.toItem(next.value))}\n`;
        }
        controller.enqueue(encoder.encode(chunk));
      } catch (error) {
        finish();
        controller.error(error);
      }
    },
    cancel() {
      finish();
    },
  });
}

// -----------------------------------------------------------------------------------------------------------
// Alerts summary and bookings

export type AlertCount = { type: AlertType; bucket: number; n: number };

/** Alerts due from today by type and window (0 … 4: the summary's windows in order). */
export function alertCounts(db: Db, scope: Scope, bounds: readonly string[]): AlertCount[] {
  const [d10, d30, d60, d90] = bounds;
  return prepared(
    db,
    `SELECT type, CASE WHEN due_date <= ? THEN 0 WHEN due_date <= ? THEN 1 WHEN due_date <= ? THEN 2
       WHEN due_date <= ? THEN 3 ELSE 4 END AS bucket, count(*) AS n
     FROM insight_alerts WHERE agency_id = ? AND branch_code = ? AND due_date >= ? GROUP BY type, bucket`,
  ).all(d10, d30, d60, d90, scope.agencyId, scope.branch, scope.today) as AlertCount[];
}

/** Open and confirmed bookings by sail month and brand, from `from` to before `to` (`YYYY-MM-DD`). */
export function bookingsByMonth(
  db: Db,
  agencyId: string,
  branch: string,
  from: string,
  to: string,
): Array<{ month: string; brand: Brand; n: number }> {
  return prepared(
    db,
    `SELECT substr(sail_date, 1, 7) AS month, brand, count(*) AS n FROM insight_bookings
     WHERE agency_id = ? AND branch_code = ? AND sail_date >= ? AND sail_date < ? AND status IN ('OPEN', 'CONFIRMED')
     GROUP BY month, brand`,
  ).all(agencyId, branch, from, to) as Array<{ month: string; brand: Brand; n: number }>;
}

/**
 * Money still due on open and confirmed bookings by balance due date, from `from` to `to` (both included,
 * `YYYY-MM-DD`): one row per date and currency, for the summary's weeks.
 */
export function moneyDueByDay(
  db: Db,
  scope: Scope,
  from: string,
  to: string,
): Array<{ day: string; currency: string; cents: number; n: number }> {
  return prepared(
    db,
    `SELECT balance_due_date AS day, currency, sum(due_cents) AS cents, count(*) AS n FROM insight_bookings
     WHERE agency_id = ? AND branch_code = ? AND status IN ('OPEN', 'CONFIRMED') AND due_cents > 0
       AND balance_due_date >= ? AND balance_due_date <= ?
     GROUP BY day, currency`,
  ).all(scope.agencyId, scope.branch, from, to) as Array<{ day: string; currency: string; cents: number; n: number }>;
}

export type BookingDetailRow = Record<string, unknown> & {
  agency_id: string;
  branch_code: string;
  sailing_id: string;
  cabin_class: string;
  departure_port: string;
  cancelled_on: string | null;
};

export function findBooking(db: Db, bookingId: string): BookingDetailRow | undefined {
  return prepared(db, "SELECT * FROM insight_bookings WHERE booking_id = ?").get(bookingId) as
    BookingDetailRow | undefined;
}

/** A booking's guests, payments, alerts and notes, each in order. */
export function bookingParts(db: Db, bookingId: string) {
  const guests = prepared(
    db,
    "SELECT guest_id, given_name, surname, age, loyalty_number FROM insight_guests WHERE booking_id = ? ORDER BY position",
  ).all(bookingId) as Array<{
    guest_id: string;
    given_name: string;
    surname: string;
    age: number | null;
    loyalty_number: string | null;
  }>;
  const payments = prepared(
    db,
    "SELECT paid_on, amount_cents, method, payment_type FROM insight_payments WHERE booking_id = ? ORDER BY position",
  ).all(bookingId) as Array<{ paid_on: string; amount_cents: number; method: string; payment_type: string }>;
  const alerts = prepared(
    db,
    "SELECT alert_id, type, alert_key, due_date FROM insight_alerts WHERE booking_id = ? ORDER BY due_date, type_order",
  ).all(bookingId) as Array<{ alert_id: string; type: AlertType; alert_key: string; due_date: string }>;
  const notes = prepared(
    db,
    "SELECT created_at, author, text FROM insight_notes WHERE booking_id = ? ORDER BY position",
  ).all(bookingId) as Array<{ created_at: string; author: string; text: string }>;
  return {
    guests: guests.map((g) => ({
      guestId: g.guest_id,
      givenName: g.given_name,
      surname: g.surname,
      age: g.age,
      loyaltyNumber: g.loyalty_number,
    })),
    payments: payments.map((p) => ({
      paidOn: p.paid_on,
      amount: p.amount_cents / 100,
      method: p.method,
      paymentType: p.payment_type,
    })),
    alerts: alerts.map((a) => ({ alertId: a.alert_id, type: a.type, key: a.alert_key, dueDate: a.due_date })),
    notes: notes.map((n) => ({ createdAt: n.created_at, author: n.author, text: n.text })),
  };
}

// -----------------------------------------------------------------------------------------------------------
// Digest settings

export type DigestSettings = {
  enabled: boolean;
  frequency: DigestFrequency;
  alertTypes: AlertType[];
  enrolment: DigestEnrolment;
  /** Price drops of at least this saving (whole units of the currency) are listed too; null: not listed. */
  priceDropMinimum: number | null;
  lastSentAt: number | null;
  armedAt: number | null;
};

/** No row: switched off, weekly, every type, every enrolment. */
export const DEFAULT_DIGEST: DigestSettings = {
  enabled: false,
  frequency: "WEEKLY",
  alertTypes: [...ALERT_TYPE_CODES],
  enrolment: "ALL",
  priceDropMinimum: null,
  lastSentAt: null,
  armedAt: null,
};

type DigestRow = {
  agent_id: string;
  enabled: number;
  frequency: DigestFrequency;
  alert_types: string;
  enrolment: DigestEnrolment;
  price_drop_minimum: number | null;
  armed_at: number | null;
  last_sent_at: number | null;
};

const digestOf = (row: DigestRow): DigestSettings => ({
  enabled: row.enabled === 1,
  frequency: row.frequency,
  alertTypes: JSON.parse(row.alert_types) as AlertType[],
  enrolment: row.enrolment,
  priceDropMinimum: row.price_drop_minimum ?? null,
  lastSentAt: row.last_sent_at,
  armedAt: row.armed_at,
});

export function readDigest(db: Db, agentId: string): DigestSettings {
  const row = prepared(db, "SELECT * FROM insight_digests WHERE agent_id = ?").get(agentId) as DigestRow | undefined;
  return row ? digestOf(row) : { ...DEFAULT_DIGEST, alertTypes: [...DEFAULT_DIGEST.alertTypes] };
}

/** The alert types in contract order, each once. */
export const orderedTypes = (types: readonly AlertType[]): AlertType[] =>
  ALERT_TYPES.map((t) => t.code).filter((code) => types.includes(code));

/**
 * Saves an agent's choice. Switching on, or changing the frequency while on, arms it: the scheduler sends
 * from the next slot after now, never for one that has passed.
 */
export function writeDigest(
  db: Db,
  agentId: string,
  choice: Pick<DigestSettings, "enabled" | "frequency" | "alertTypes" | "enrolment"> &
    Partial<Pick<DigestSettings, "priceDropMinimum">>,
  now: number,
): DigestSettings {
  const before = readDigest(db, agentId);
  const priceDropMinimum = choice.priceDropMinimum === undefined ? before.priceDropMinimum : choice.priceDropMinimum;
  const rearm = choice.enabled && (!before.enabled || before.frequency !== choice.frequency);
  const armedAt = rearm ? now : before.armedAt;
  prepared(
    db,
    `INSERT INTO insight_digests (agent_id, enabled, frequency, alert_types, enrolment, armed_at, last_sent_at, updated_at,
       price_drop_minimum)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (agent_id) DO UPDATE SET enabled = excluded.enabled, frequency = excluded.frequency,
       alert_types = excluded.alert_types, enrolment = excluded.enrolment, armed_at = excluded.armed_at,
       updated_at = excluded.updated_at, price_drop_minimum = excluded.price_drop_minimum`,
  ).run(
    agentId,
    choice.enabled ? 1 : 0,
    choice.frequency,
    JSON.stringify(orderedTypes(choice.alertTypes)),
    choice.enrolment,
    armedAt,
    before.lastSentAt,
    now,
    priceDropMinimum,
  );
  return readDigest(db, agentId);
}

/** Switches a digest off (the unsubscribe link), keeping the rest of the choice. */
export function disableDigest(db: Db, agentId: string, now: number): DigestSettings {
  const before = readDigest(db, agentId);
  return writeDigest(db, agentId, { ...before, enabled: false }, now);
}

/** Every switched-on digest, of one frequency or both. */
export function enabledDigests(db: Db, frequency?: DigestFrequency): Array<DigestSettings & { agentId: string }> {
  const rows = (
    frequency === undefined
      ? prepared(db, "SELECT * FROM insight_digests WHERE enabled = 1 ORDER BY agent_id").all()
      : prepared(db, "SELECT * FROM insight_digests WHERE enabled = 1 AND frequency = ? ORDER BY agent_id").all(
          frequency,
        )
  ) as DigestRow[];
  return rows.map((row) => ({ ...digestOf(row), agentId: row.agent_id }));
}

export function markDigestSent(db: Db, agentId: string, now: number): void {
  prepared(db, "UPDATE insight_digests SET last_sent_at = ? WHERE agent_id = ?").run(now, agentId);
}
