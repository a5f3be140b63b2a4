import { Hono, type Context } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import { dayNumber, isoDate, utcDate } from "../catalogue/generate";
import { BRAND_CODES } from "../catalogue/types";
import { agentHasTool, findAgentById, type AgentRow } from "../db/agents";
import { loadCatalogueReference } from "../db/catalogue";
import {
  activeBookingCount,
  addCondition,
  addWindow,
  alertCounts,
  bookingItem,
  bookingParts,
  bookingsByMonth,
  branchAccess,
  disableDigest,
  findBooking,
  foldName,
  LISTS,
  listPage,
  listStream,
  listSum,
  moneyDueByDay,
  newFilter,
  readDigest,
  writeDigest,
  type Filter,
  type ListName,
  type Scope,
} from "../db/insight";
import type { ListDef } from "../db/list-def";
import { PRICE_DROPS_LIST, savingCondition } from "../db/price-drops";
import { agentOfToken, maskEmail } from "../insight/digest";
import {
  ALERT_TYPE_CODES,
  CASINO_TIERS,
  COMPENSATION_TYPES,
  COUNT_TIMEFRAMES,
  COUPON_STATUSES,
  CREDIT_STATUSES,
  DIGEST_ENROLMENTS,
  DIGEST_FREQUENCIES,
  ENROLMENTS,
  RESERVATION_TYPES,
  SALE_CATEGORIES,
  TIMEFRAMES,
  TRANSMISSION_STATUSES,
  URGENT_DAYS,
  type AlertType,
  type Timeframe,
} from "../insight/types";
import { requireAuth } from "../lib/auth";
import type { AppEnv, Deps } from "../lib/context";
import { ApiError, invalidRequest, invalidToken, ok, parseOrThrow, readBody } from "../lib/errors";
import { wholeNumber } from "./catalogue";

/** Default page size; larger than the cap is answered with the cap, never refused. */
const DEFAULT_PAGE_SIZE = 25;
const MAX_PAGE_SIZE = 100;
/** At most this many urgent alerts in the summary. */
const URGENT_LIMIT = 20;
/** The summary's money due by week: 13 weeks of seven days, today up to 90 days on. */
const MONEY_DUE_WEEKS = 13;

export const toolNotAllowed = () =>
  new ApiError(403, "TOOL_NOT_ALLOWED", "Your profile does not include this application tool.");
export const branchNotAllowed = () => new ApiError(403, "BRANCH_NOT_ALLOWED", "You may not see this branch.");
const bookingNotFound = () => new ApiError(404, "NOT_FOUND", "There is no booking with this id.");
const badUnsubscribeToken = () =>
  new ApiError(400, "INVALID_TOKEN", "This unsubscribe link is not valid. Use the link in your latest e-mail.");

/**
 * One of a list of values, matched case-insensitively and answered as written in the list (`r` → `R`,
 * `not eligible` → `Not Eligible`).
 */
function choice<const T extends string>(values: readonly T[]) {
  const byFolded = new Map(values.map((v) => [v.toLowerCase(), v]));
  return z.string().transform((value, ctx): T => {
    const found = byFolded.get(value.toLowerCase());
    if (found === undefined) {
      ctx.addIssue({ code: "custom", message: `must be one of ${values.join(", ")}` });
      return z.NEVER;
    }
    return found;
  });
}

const flag = choice(["true", "false"] as const).transform((v) => v === "true");
const brand = choice(BRAND_CODES);
const pageSize = z
  .string()
  .regex(/^[0-9]{1,9}$/, "must be a whole number")
  .transform(Number)
  .refine((n) => n >= 1, "must be at least 1")
  .transform((n) => Math.min(n, MAX_PAGE_SIZE));
const branchCode = z
  .string()
  .max(20, "must be at most 20 characters")
  .transform((v) => v.toUpperCase());
const timeframe = (values: readonly Timeframe[]) => choice(values);

/** Concrete alert types, repeated or comma-separated, each once, in contract order. */
const alertTypes = z.string().transform((value, ctx): AlertType[] => {
  const byFolded = new Map(ALERT_TYPE_CODES.map((t) => [t.toLowerCase(), t]));
  const wanted = new Set<AlertType>();
  for (const part of value.split(",")) {
    const name = part.trim();
    if (name === "") continue;
    const found = byFolded.get(name.toLowerCase());
    if (found === undefined) {
      ctx.addIssue({ code: "custom", message: `must be concrete alert types (${ALERT_TYPE_CODES.join(", ")})` });
      return z.NEVER;
    }
    wanted.add(found);
  }
  return ALERT_TYPE_CODES.filter((t) => wanted.has(t));
});

/**
 * The query of an insight call: only the parameters named; each at most once except the repeatable ones
 * (their values joined with commas). A repeated or unknown parameter answers 400 naming it; blank values
 * read as not given.
 */
function readInsightQuery(c: Context, allowed: readonly string[], repeatable: readonly string[] = []) {
  const query: Record<string, string> = {};
  for (const [name, values] of Object.entries(c.req.queries())) {
    if (!allowed.includes(name)) throw invalidRequest(`The request is not valid. ${name}: unknown parameter`);
    if (values.length > 1 && !repeatable.includes(name)) {
      throw invalidRequest(`The request is not valid. ${name}: given more than once`);
    }
    const value = values
      .map((v) => v.trim())
      .filter((v) => v !== "")
      .join(",");
    if (value !== "") query[name] = value;
  }
  return query;
}

/** The upper bound of a prefix range: every string that starts with `prefix` sorts below it. */
const prefixEnd = (prefix: string) => `${prefix}\uffff`;

/** Bookings (and commissions): cancelled ones only with CANCELLED_PAST_120_DAYS, over the cancellation date. */
function addBookingWindow(filter: Filter, value: Timeframe | undefined, scope: Scope) {
  if (value === "CANCELLED_PAST_120_DAYS") {
    addCondition(filter, "status = 'CANCELLED'");
    addWindow(filter, "cancelled_on", value, scope.today);
  } else {
    addCondition(filter, "status IN ('OPEN', 'CONFIRMED')");
    if (value !== undefined) addWindow(filter, "sail_date", value, scope.today);
  }
}

type ListSpec = {
  path: string;
  /** A list of db/insight.ts's LISTS, or a list defined beside it (the price drops). */
  list: ListName | ListDef;
  /** The list's own filters (the common branch, sort, order and paging are added). */
  filters: z.ZodRawShape;
  repeatable?: readonly string[];
  defaultSort: string;
  defaultOrder: "asc" | "desc";
  filter: (query: Record<string, unknown>, scope: Scope) => Filter;
  /** Summary fields over every row of the list (not only the page). */
  totals?: (scope: Scope, filter: Filter) => Record<string, number>;
};

/**
 * The partner-insight API (docs/insights-contract.md) for the caller's agency: alerts and their summary,
 * bookings, commissions, credits, coupons, transmissions, onboard sales, casino reservations (each with an
 * NDJSON export), branches, and the digest e-mail settings with their unsubscribe link. Bearer token
 * required except for the two unsubscribe calls.
 */
export function insightRoutes(deps: Deps) {
  const { db } = deps;
  const ref = loadCatalogueReference(db);
  const signedIn = requireAuth(deps);
  // The API behind a tool checks the tool too (not only the portal's route guard): INSIGHT for every
  // call, and COUPON as well for coupon applications.
  const auth = createMiddleware<AppEnv>((c, next) =>
    signedIn(c, async () => {
      const tools = c.req.path.includes("/coupons") ? ["INSIGHT", "COUPON"] : ["INSIGHT"];
      if (!tools.every((tool) => agentHasTool(db, c.var.auth.agentId, tool))) throw toolNotAllowed();
      await next();
    }),
  );
  const today = () => utcDate(deps.clock());
  const ship = z
    .string()
    .transform((code) => code.toUpperCase())
    .refine((code) => ref.shipsByCode.has(code), "is not a known ship code");

  const agentOf = (c: Context<AppEnv>): AgentRow => {
    const agent = findAgentById(db, c.var.auth.agentId);
    if (!agent) throw invalidToken();
    return agent;
  };

  /** The branch asked for (else the caller's home branch); 403 for one the caller may not see. */
  const scopeOf = (c: Context<AppEnv>, branch: string | undefined): Scope => {
    const access = branchAccess(db, agentOf(c));
    const code = branch ?? access.home.code;
    if (!access.visible.some((b) => b.code === code)) throw branchNotAllowed();
    return { agencyId: access.agencyId, branch: code, today: today() };
  };

  const money = (cents: number) => cents / 100;

  const specs: ListSpec[] = [
    {
      path: "/alerts",
      list: "alerts",
      filters: {
        type: alertTypes,
        timeframe: timeframe(TIMEFRAMES.filter((t) => t !== "CANCELLED_PAST_120_DAYS")),
        brand,
        ship,
        flexPay: flag,
        enrolment: choice(["ALL", ...ENROLMENTS] as const),
        bookingId: z.string().max(60, "must be at most 60 characters"),
      },
      repeatable: ["type"],
      defaultSort: "dueDate",
      defaultOrder: "asc",
      filter: (q, scope) => {
        const f = newFilter();
        const types = q.type as AlertType[] | undefined;
        if (types && types.length > 0) addCondition(f, `type IN (${types.map(() => "?").join(", ")})`, ...types);
        if (q.timeframe) addWindow(f, "due_date", q.timeframe as Timeframe, scope.today);
        if (q.brand) addCondition(f, "brand = ?", q.brand as string);
        if (q.ship) addCondition(f, "ship_code = ?", q.ship as string);
        if (q.flexPay !== undefined) addCondition(f, "flex_pay = ?", q.flexPay ? 1 : 0);
        if (q.enrolment && q.enrolment !== "ALL") addCondition(f, "enrolment = ?", q.enrolment as string);
        if (q.bookingId) addCondition(f, "booking_id = ?", q.bookingId as string);
        return f;
      },
    },
    {
      path: "/bookings",
      list: "bookings",
      filters: {
        reservationType: choice(RESERVATION_TYPES),
        timeframe: timeframe(TIMEFRAMES),
        brand,
        ship,
        flexPay: flag,
        q: z.string().max(60, "must be at most 60 characters"),
      },
      defaultSort: "sailDate",
      defaultOrder: "asc",
      filter: (q, scope) => {
        const f = newFilter();
        addBookingWindow(f, q.timeframe as Timeframe | undefined, scope);
        const type = q.reservationType as (typeof RESERVATION_TYPES)[number] | undefined;
        if (type === "INDIVIDUAL") addCondition(f, "group_id IS NULL");
        if (type === "GROUP") addCondition(f, "group_id IS NOT NULL");
        if (type === "OPEN" || type === "CONFIRMED") addCondition(f, "status = ?", type);
        if (q.brand) addCondition(f, "brand = ?", q.brand as string);
        if (q.ship) addCondition(f, "ship_code = ?", q.ship as string);
        if (q.flexPay !== undefined) addCondition(f, "flex_pay = ?", q.flexPay ? 1 : 0);
        if (q.q) {
          const text = q.q as string;
          const id = text.toUpperCase();
          const surname = foldName(text);
          addCondition(
            f,
            `((booking_id >= ? AND booking_id < ?) OR (group_id >= ? AND group_id < ?) OR booking_id IN (
              SELECT booking_id FROM insight_guests
              WHERE agency_id = ? AND branch_code = ? AND surname_key >= ? AND surname_key < ?))`,
            id,
            prefixEnd(id),
            id,
            prefixEnd(id),
            scope.agencyId,
            scope.branch,
            surname,
            prefixEnd(surname),
          );
        }
        return f;
      },
    },
    {
      path: "/commissions",
      list: "commissions",
      filters: {
        timeframe: timeframe([
          "NEXT_10_DAYS",
          "DAYS_10_TO_30",
          "DAYS_30_TO_60",
          "DAYS_60_TO_90",
          "DAYS_90_TO_120",
          "MORE_THAN_120_DAYS",
          "CANCELLED_PAST_120_DAYS",
          "ALL",
        ]),
        brand,
        compensationType: choice(COMPENSATION_TYPES),
      },
      defaultSort: "sailDate",
      defaultOrder: "asc",
      filter: (q, scope) => {
        const f = newFilter();
        addBookingWindow(f, q.timeframe as Timeframe | undefined, scope);
        if (q.brand) addCondition(f, "brand = ?", q.brand as string);
        if (q.compensationType) addCondition(f, "compensation_type = ?", q.compensationType as string);
        return f;
      },
      totals: (scope, f) => ({
        commissionTotal: money(listSum(db, LISTS.commissions, scope, f, "commission_cents")),
      }),
    },
    {
      path: "/credits",
      list: "credits",
      filters: {
        timeframe: timeframe(["REDEEM_WITHIN_120_DAYS", "EXPIRED_WITHIN_120_DAYS", "ALL"]),
        status: choice(CREDIT_STATUSES),
        brand,
      },
      defaultSort: "redeemBy",
      defaultOrder: "asc",
      filter: (q, scope) => {
        const f = newFilter();
        if (q.timeframe) addWindow(f, "redeem_by", q.timeframe as Timeframe, scope.today);
        if (q.status === "REDEEMED") addCondition(f, "redeemed_on IS NOT NULL");
        if (q.status === "OPEN") addCondition(f, "redeemed_on IS NULL AND redeem_by >= ?", scope.today);
        if (q.status === "EXPIRED") addCondition(f, "redeemed_on IS NULL AND redeem_by < ?", scope.today);
        if (q.brand) addCondition(f, "brand = ?", q.brand as string);
        return f;
      },
    },
    {
      path: "/coupons",
      list: "coupons",
      filters: {
        timeframe: timeframe(["PAST_SIX_MONTHS", "ALL"]),
        status: choice(COUPON_STATUSES),
        brand,
      },
      defaultSort: "appliedOn",
      defaultOrder: "desc",
      filter: (q, scope) => {
        const f = newFilter();
        if (q.timeframe) addWindow(f, "applied_on", q.timeframe as Timeframe, scope.today);
        if (q.status) addCondition(f, "status = ?", q.status as string);
        if (q.brand) addCondition(f, "brand = ?", q.brand as string);
        return f;
      },
    },
    {
      path: "/transmissions",
      list: "transmissions",
      filters: {
        timeframe: timeframe(["PAST_SIX_MONTHS", "ALL"]),
        status: choice(TRANSMISSION_STATUSES),
      },
      defaultSort: "sentAt",
      defaultOrder: "desc",
      filter: (q, scope) => {
        const f = newFilter();
        if (q.timeframe) addWindow(f, "sent_at", q.timeframe as Timeframe, scope.today, "instant");
        if (q.status) addCondition(f, "status = ?", q.status as string);
        return f;
      },
    },
    {
      path: "/onboard-sales",
      list: "onboardSales",
      filters: {
        timeframe: timeframe(["PAST_SIX_MONTHS", "ALL"]),
        category: choice(SALE_CATEGORIES),
        brand,
      },
      defaultSort: "orderedOn",
      defaultOrder: "desc",
      filter: (q, scope) => {
        const f = newFilter();
        if (q.timeframe) addWindow(f, "ordered_on", q.timeframe as Timeframe, scope.today);
        if (q.category) addCondition(f, "category = ?", q.category as string);
        if (q.brand) addCondition(f, "brand = ?", q.brand as string);
        return f;
      },
      totals: (scope, f) => ({
        amountTotal: money(listSum(db, LISTS.onboardSales, scope, f, "amount_cents")),
        commissionTotal: money(listSum(db, LISTS.onboardSales, scope, f, "commission_cents")),
      }),
    },
    {
      path: "/casino",
      list: "casino",
      filters: {
        timeframe: timeframe([
          "NEXT_10_DAYS",
          "DAYS_11_TO_30",
          "DAYS_31_TO_60",
          "DAYS_61_TO_90",
          "MORE_THAN_90_DAYS",
          "ALL",
        ]),
        tier: choice(CASINO_TIERS),
        brand,
      },
      defaultSort: "sailDate",
      defaultOrder: "asc",
      filter: (q, scope) => {
        const f = newFilter();
        if (q.timeframe) addWindow(f, "sail_date", q.timeframe as Timeframe, scope.today);
        if (q.tier) addCondition(f, "tier = ?", q.tier as string);
        if (q.brand) addCondition(f, "brand = ?", q.brand as string);
        return f;
      },
    },
    {
      path: "/price-drops",
      list: PRICE_DROPS_LIST,
      filters: {
        brand,
        ship,
        minSaving: z
          .string()
          .regex(/^[0-9]{1,6}(\.[0-9]{1,2})?$/, "must be an amount (at most 999999.99)")
          .transform(Number),
        q: z.string().max(60, "must be at most 60 characters"),
      },
      defaultSort: "finalPaymentDate",
      defaultOrder: "asc",
      filter: (q) => {
        const f = newFilter();
        const saving = savingCondition((q.minSaving as number | undefined) ?? 0);
        addCondition(f, saving.sql, saving.param);
        if (q.brand) addCondition(f, "brand = ?", q.brand as string);
        if (q.ship) addCondition(f, "ship_code = ?", q.ship as string);
        if (q.q) {
          const id = (q.q as string).toUpperCase();
          addCondition(f, "booking_id >= ? AND booking_id < ?", id, prefixEnd(id));
        }
        return f;
      },
    },
  ];

  const r = new Hono<AppEnv>();

  // Registered before the lists so `/alerts/summary` is never read as something else.
  r.get("/alerts/summary", auth, (c) => {
    const query = parseOrThrow(z.object({ branch: branchCode.optional() }), readInsightQuery(c, ["branch"]));
    const scope = scopeOf(c, query.branch);
    const base = dayNumber(scope.today);
    const bounds = [10, 30, 60, 90].map((d) => isoDate(base + d));
    const counted = new Map<string, number>();
    for (const row of alertCounts(db, scope, bounds)) counted.set(`${row.type} ${row.bucket}`, row.n);
    const counts = ALERT_TYPE_CODES.flatMap((type) =>
      COUNT_TIMEFRAMES.map((tf, bucket) => ({ type, timeframe: tf, count: counted.get(`${type} ${bucket}`) ?? 0 })),
    );

    const urgentFilter = newFilter();
    addCondition(urgentFilter, "due_date >= ?", scope.today);
    addCondition(urgentFilter, "due_date <= ?", isoDate(base + URGENT_DAYS));
    const urgent = listPage(db, LISTS.alerts, scope, urgentFilter, {
      sort: "dueDate",
      order: "asc",
      page: 1,
      pageSize: URGENT_LIMIT,
    });

    const [year, month] = scope.today.split("-").map(Number) as [number, number];
    const months = Array.from({ length: 12 }, (_, i) => {
      const m = month - 1 + i;
      return `${year + Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, "0")}`;
    });
    const next = month - 1 + 12;
    const end = `${year + Math.floor(next / 12)}-${String((next % 12) + 1).padStart(2, "0")}-01`;
    const byMonth = new Map(months.map((m) => [m, { month: m, R: 0, C: 0, V: 0 }]));
    for (const row of bookingsByMonth(db, scope.agencyId, scope.branch, `${months[0]}-01`, end)) {
      const entry = byMonth.get(row.month);
      if (entry) entry[row.brand] = row.n;
    }
    // Money due by week: MONEY_DUE_WEEKS weeks of seven days from today (today … 90 days on).
    const weeks = Array.from({ length: MONEY_DUE_WEEKS }, (_, i) => ({
      from: isoDate(base + 7 * i),
      to: isoDate(base + 7 * i + 6),
      amounts: new Map<string, { cents: number; bookings: number }>(),
    }));
    for (const row of moneyDueByDay(db, scope, weeks[0]!.from, weeks.at(-1)!.to)) {
      const week = weeks[Math.floor((dayNumber(row.day) - base) / 7)];
      if (!week) continue;
      const sum = week.amounts.get(row.currency) ?? { cents: 0, bookings: 0 };
      week.amounts.set(row.currency, { cents: sum.cents + row.cents, bookings: sum.bookings + row.n });
    }
    return ok(c, {
      branch: scope.branch,
      today: scope.today,
      counts,
      urgent: urgent.items,
      urgentTotal: urgent.total,
      bookingsByMonth: [...byMonth.values()],
      moneyDueByWeek: weeks.map((w) => ({
        from: w.from,
        to: w.to,
        amounts: [...w.amounts]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([currency, sum]) => ({ currency, amount: sum.cents / 100, bookings: sum.bookings })),
      })),
    });
  });

  for (const spec of specs) {
    const def: ListDef = typeof spec.list === "string" ? LISTS[spec.list] : spec.list;
    const common = {
      branch: branchCode,
      sort: choice(Object.keys(def.sorts)),
      order: choice(["asc", "desc"] as const),
    };
    const exportSchema = z.object({ ...spec.filters, ...common }).partial();
    const listSchema = z.object({ ...spec.filters, ...common, page: wholeNumber(1, 1_000_000), pageSize }).partial();
    const exportNames = Object.keys(exportSchema.shape);
    const listNames = Object.keys(listSchema.shape);

    r.get(`${spec.path}/export`, auth, (c) => {
      const query = parseOrThrow(exportSchema, readInsightQuery(c, exportNames, spec.repeatable)) as Record<
        string,
        unknown
      >;
      const scope = scopeOf(c, query.branch as string | undefined);
      const stream = listStream(db, def, scope, spec.filter(query, scope), {
        sort: (query.sort as string | undefined) ?? spec.defaultSort,
        order: (query.order as "asc" | "desc" | undefined) ?? spec.defaultOrder,
      });
      return c.body(stream, 200, { "content-type": "application/x-ndjson", "cache-control": "no-store" });
    });

    r.get(spec.path, auth, (c) => {
      const query = parseOrThrow(listSchema, readInsightQuery(c, listNames, spec.repeatable)) as Record<
        string,
        unknown
      >;
      const scope = scopeOf(c, query.branch as string | undefined);
      const filter = spec.filter(query, scope);
      const page = (query.page as number | undefined) ?? 1;
      const size = (query.pageSize as number | undefined) ?? DEFAULT_PAGE_SIZE;
      const { items, total } = listPage(db, def, scope, filter, {
        sort: (query.sort as string | undefined) ?? spec.defaultSort,
        order: (query.order as "asc" | "desc" | undefined) ?? spec.defaultOrder,
        page,
        pageSize: size,
      });
      return ok(c, {
        items,
        total,
        page,
        pageSize: size,
        pageCount: Math.ceil(total / size),
        ...spec.totals?.(scope, filter),
      });
    });
  }

  r.get("/bookings/:bookingId", auth, (c) => {
    readInsightQuery(c, []);
    const row = findBooking(db, c.req.param("bookingId").trim());
    if (!row) throw bookingNotFound();
    const access = branchAccess(db, agentOf(c));
    // Another agency's booking, or one of a branch the caller may not see, is not found: no hint it exists.
    if (row.agency_id !== access.agencyId || !access.visible.some((b) => b.code === row.branch_code)) {
      throw bookingNotFound();
    }
    const parts = bookingParts(db, row.booking_id as string);
    const { guests: guestCount, ...item } = bookingItem(row);
    return ok(c, {
      ...item,
      guestCount,
      sailingId: row.sailing_id,
      cabinClass: row.cabin_class,
      departurePort: row.departure_port,
      cancelledOn: row.cancelled_on,
      branch: row.branch_code,
      guests: parts.guests,
      payments: parts.payments,
      alerts: parts.alerts,
      notes: parts.notes,
    });
  });

  r.get("/branches", auth, (c) => {
    readInsightQuery(c, []);
    const access = branchAccess(db, agentOf(c));
    return ok(c, {
      home: access.home.code,
      branches: access.visible.map((b) => ({
        code: b.code,
        name: b.name,
        city: b.city,
        bookings: activeBookingCount(db, access.agencyId, b.code),
      })),
    });
  });

  // Digest e-mails.

  const digestBody = z.object({
    enabled: z.boolean(),
    frequency: z.enum(DIGEST_FREQUENCIES),
    alertTypes: z.array(z.enum(ALERT_TYPE_CODES as [AlertType, ...AlertType[]])).max(50),
    enrolment: z.enum(DIGEST_ENROLMENTS),
    // The price drops of at least this saving (whole units) listed too; null leaves them out, absent keeps the choice.
    priceDropMinimum: z.number().int().min(0).max(1_000_000).nullable().optional(),
  });

  const digestAnswer = (agent: AgentRow) => {
    const settings = readDigest(db, agent.agent_id);
    return {
      enabled: settings.enabled,
      frequency: settings.frequency,
      alertTypes: settings.alertTypes,
      enrolment: settings.enrolment,
      priceDropMinimum: settings.priceDropMinimum,
      email: agent.email,
      lastSentAt: settings.lastSentAt === null ? null : new Date(settings.lastSentAt).toISOString(),
    };
  };

  r.get("/digest", auth, (c) => {
    readInsightQuery(c, []);
    return ok(c, digestAnswer(agentOf(c)));
  });

  r.put("/digest", auth, async (c) => {
    readInsightQuery(c, []);
    const agent = agentOf(c);
    const choice = await readBody(c, digestBody);
    writeDigest(db, agent.agent_id, choice, deps.clock());
    return ok(c, digestAnswer(agent));
  });

  /** The agent an unsubscribe token was signed for; 400 INVALID_TOKEN for a bad, tampered or orphan one. */
  const agentOfUnsubscribe = (token: unknown): AgentRow => {
    const agentId = typeof token === "string" ? agentOfToken(deps, token.trim()) : null;
    const agent = agentId === null ? undefined : findAgentById(db, agentId);
    if (!agent) throw badUnsubscribeToken();
    return agent;
  };

  const subscription = (agent: AgentRow) => {
    const settings = readDigest(db, agent.agent_id);
    return { email: maskEmail(agent.email), frequency: settings.frequency, enabled: settings.enabled };
  };

  r.get("/digest/unsubscribe", (c) => {
    const query = readInsightQuery(c, ["token"]);
    return ok(c, subscription(agentOfUnsubscribe(query.token)));
  });

  r.post("/digest/unsubscribe", async (c) => {
    let raw: unknown;
    try {
      raw = await c.req.json();
    } catch {
      throw invalidRequest("The request body must be JSON.");
    }
    const token = raw !== null && typeof raw === "object" ? (raw as { token?: unknown }).token : undefined;
    const agent = agentOfUnsubscribe(token);
    disableDigest(db, agent.agent_id, deps.clock());
    return ok(c, subscription(agent));
  });

  return r;
}
