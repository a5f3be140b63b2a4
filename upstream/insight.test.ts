import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "./app";
import { dayNumber, isoDate } from "./catalogue/generate";
import { openDatabase } from "./db/index";
import { catalogueInsightSailings } from "./db/insight-sailings";
import { insightAnchor, LISTS, listSql, newFilter, addCondition, addWindow, writeDigest } from "./db/insight";
import {
  agentOfToken,
  isDue,
  latestSlot,
  sendDigests,
  startDigestScheduler,
  unsubscribeToken,
  type DigestDeps,
} from "./insight/digest";
import { BOUNDARY_OFFSETS, DUE_TO, generateInsights } from "./insight/generate";
import {
  ALERT_KEY,
  ALERT_LABEL,
  ALERT_TYPE_CODES,
  COUNT_TIMEFRAMES,
  TIMEFRAME_WINDOWS,
  type Timeframe,
} from "./insight/types";
import { outbox } from "./testing/codes";
import { startHarness, TEST_START, type Harness, type Reply } from "./testing/harness";
import { undoInsightMigration } from "./testing/schema";

/** The tests' anchor and today (the harness clock starts on Monday 2026-03-02, 10:00 UTC). */
const TODAY = "2026-03-02";
const DAY_MS = 86_400_000;
const addDays = (iso: string, n: number) => isoDate(dayNumber(iso) + n);
const diff = (date: string, from = TODAY) => dayNumber(date) - dayNumber(from);

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let h: Harness;
let usa: string;
let canada: string;
/** A second agent of agent.usa's agency (office MIA, no other branch granted). */
let colleague: string;

beforeAll(async () => {
  h = startHarness();
  usa = (await h.login("agent.usa")).body.data.access_token;
  canada = (await h.login("admin.can")).body.data.access_token;
  // A colleague in the same agency and office: same password hash as agent.usa, no branch grants.
  h.db
    .prepare(
      `INSERT INTO agents (agent_id, username, password_hash, agency_id, role_code, first_name, last_name, email,
        country_code, reporting_office_code)
       SELECT '1000099', 'agent.colleague', password_hash, agency_id, 'AGENT', 'Casey', 'Lane',
        'agent.colleague@example.com', country_code, reporting_office_code FROM agents WHERE username = 'agent.usa'`,
    )
    .run();
  h.db
    .prepare(
      `INSERT INTO agent_tools (agent_id, tool_code)
       SELECT '1000099', tool_code FROM agent_tools WHERE agent_id = (SELECT agent_id FROM agents WHERE username = 'agent.usa')`,
    )
    .run();
  colleague = (await h.login("agent.colleague")).body.data.access_token;
});
afterAll(() => h.close());

const get = (path: string, token = usa) => h.call("GET", path, undefined, h.bearer(token));

/** What the scheduler gets from main.ts, over the harness's database and clock; info lines into `lines`. */
const digestDeps = (lines: string[] = []): DigestDeps => ({
  db: h.db,
  config: h.config,
  keys: h.keys,
  clock: h.clock,
  logger: { info: (line) => lines.push(line), error: (line) => lines.push(line) },
});

/** Runs `fn` with the clock moved to `ms` (and a token issued then), then puts the clock back. */
async function at<T>(ms: number, fn: (getThen: (path: string) => Promise<Reply>) => Promise<T>): Promise<T> {
  h.clock.set(ms);
  try {
    const then: string = (await h.login("agent.usa")).body.data.access_token;
    return await fn((path) => h.call("GET", path, undefined, h.bearer(then)));
  } finally {
    h.clock.set(TEST_START);
  }
}

/** Every row of an export, parsed line by line, with the response's content type. */
async function exported(path: string, token = usa): Promise<{ rows: Row[]; type: string | null; status: number }> {
  const response = await h.app.request(path, { headers: h.bearer(token) });
  const text = await response.text();
  if (response.status !== 200) return { rows: [], type: response.headers.get("content-type"), status: response.status };
  const lines = text.split("\n");
  expect(lines.pop()).toBe("");
  return {
    rows: lines.map((line) => JSON.parse(line) as Row),
    type: response.headers.get("content-type"),
    status: 200,
  };
}

const ok200 = (reply: Reply, what = "") => {
  expect(reply.status, `${what} ${JSON.stringify(reply.body)}`).toBe(200);
  return reply.body.data;
};

const inWindow = (date: string, timeframe: Timeframe, today = TODAY) => {
  const [from, to] = TIMEFRAME_WINDOWS[timeframe];
  const d = diff(date, today);
  return (from === null || d >= from) && (to === null || d <= to);
};

const ALERT_TIMEFRAMES = (Object.keys(TIMEFRAME_WINDOWS) as Timeframe[]).filter((t) => t !== "CANCELLED_PAST_120_DAYS");

// -------------------------------------------------------------------------------------------------------------

describe("the insight data", () => {
  it("holds about 2,000 bookings for Bayfront over three branches and 300 for every other demo agency", () => {
    const rows = h.db
      .prepare("SELECT agency_id, branch_code, count(*) AS n FROM insight_bookings GROUP BY agency_id, branch_code")
      .all() as Array<{ agency_id: string; branch_code: string; n: number }>;
    const of = (agency: string, branch: string) =>
      rows.find((r) => r.agency_id === agency && r.branch_code === branch)?.n;
    expect(of("AG100101", "MIA")).toBe(1000);
    expect(of("AG100101", "FLL")).toBe(560);
    expect(of("AG100101", "ORL")).toBe(440);
    for (const [agency, branch] of [
      ["AG100102", "TOR"],
      ["AG100103", "MIA"],
      ["AG100104", "LON"],
      ["AG100105", "SAO"],
      ["AG100106", "SIN"],
      ["AG100107", "MIA"],
      ["AG100108", "MIA"],
      ["AG100109", "MIA"],
    ]) {
      expect(of(agency!, branch!), agency).toBe(300);
    }
    expect(insightAnchor(h.db)).toBe(TODAY);
  });

  it("puts every booking on a real catalogue sailing, with 1 to 4 guests, payments that add up, and alerts only while open", () => {
    const db = h.db;
    const offCatalogue = db
      .prepare(
        `SELECT count(*) FROM insight_bookings b LEFT JOIN catalogue_sailings s ON s.sailing_id = b.sailing_id
         WHERE s.sailing_id IS NULL OR s.ship_code != b.ship_code OR s.sail_date != b.sail_date OR s.brand != b.brand`,
      )
      .pluck()
      .get();
    expect(offCatalogue).toBe(0);
    const guests = db.prepare("SELECT min(guest_count) AS lo, max(guest_count) AS hi FROM insight_bookings").get();
    expect(guests).toEqual({ lo: 1, hi: 4 });
    const unpaid = db
      .prepare(
        `SELECT count(*) FROM insight_bookings b WHERE paid_cents != (SELECT coalesce(sum(amount_cents), 0)
         FROM insight_payments p WHERE p.booking_id = b.booking_id) OR paid_cents > total_cents OR due_cents < 0`,
      )
      .pluck()
      .get();
    expect(unpaid).toBe(0);
    const types = db.prepare("SELECT DISTINCT payment_type FROM insight_payments ORDER BY 1").pluck().all();
    expect(types).toEqual(["D", "F", "R"]);
    const cancelledAlerts = db
      .prepare(
        "SELECT count(*) FROM insight_alerts a JOIN insight_bookings b USING (booking_id) WHERE b.status = 'CANCELLED'",
      )
      .pluck()
      .get();
    expect(cancelledAlerts).toBe(0);
    const statuses = db.prepare("SELECT DISTINCT status FROM insight_bookings ORDER BY 1").pluck().all();
    expect(statuses).toEqual(["CANCELLED", "CONFIRMED", "OPEN"]);
    const enrolments = db.prepare("SELECT DISTINCT enrolment FROM insight_bookings ORDER BY 1").pluck().all();
    expect(enrolments).toEqual(["Eligible", "Enrolled", "Not Eligible"]);
    const currencies = db
      .prepare("SELECT agency_id, group_concat(DISTINCT currency) AS c FROM insight_bookings GROUP BY agency_id")
      .all();
    expect(currencies).toContainEqual({ agency_id: "AG100101", c: "USD" });
    expect(currencies).toContainEqual({ agency_id: "AG100102", c: "CAD" });
    expect(currencies).toContainEqual({ agency_id: "AG100104", c: "GBP" });
  });

  it("has alerts of every type in every window (and at every window's ends) in each of Bayfront's branches", () => {
    for (const branch of ["MIA", "FLL", "ORL"]) {
      const rows = h.db
        .prepare("SELECT type, due_date FROM insight_alerts WHERE agency_id = 'AG100101' AND branch_code = ?")
        .all(branch) as Array<{ type: string; due_date: string }>;
      for (const type of ALERT_TYPE_CODES) {
        const typeRows = rows.filter((r) => r.type === type);
        const offsets = new Set(typeRows.map((r) => diff(r.due_date)));
        const last = DUE_TO[type] ?? Infinity;
        // A type's last due day bounds it: a hold expiring in 48 hours is never due later than that.
        expect(Math.max(...offsets), `${branch} ${type}`).toBeLessThanOrEqual(last);
        for (const offset of BOUNDARY_OFFSETS.filter((o) => o <= last)) {
          expect(offsets.has(offset), `${branch} ${type} ${offset}`).toBe(true);
        }
        for (const timeframe of ALERT_TIMEFRAMES.filter((t) => t !== "ALL")) {
          const inside = typeRows.filter((r) => inWindow(r.due_date, timeframe)).length;
          // Windows over dates that only lie in the past need none (nothing is due 121+ days ago or sailed),
          // nor windows that start after the type's last due day.
          if (timeframe === "PAST_SIX_MONTHS" || timeframe === "EXPIRED_WITHIN_120_DAYS") continue;
          const [start] = TIMEFRAME_WINDOWS[timeframe];
          if (start !== null && start > last) continue;
          expect(inside, `${branch} ${type} ${timeframe}`).toBeGreaterThan(0);
        }
      }
      // Due dates reach from months back to more than a year ahead, so the windows keep rows as days pass.
      const offsets = rows.map((r) => diff(r.due_date));
      expect(Math.min(...offsets)).toBeLessThanOrEqual(-100);
      expect(Math.max(...offsets)).toBeGreaterThanOrEqual(380);
    }
  });

  it("is generated the same way every time, from the catalogue's sailings", () => {
    const sailings = catalogueInsightSailings(h.db);
    const first = generateInsights(TODAY, sailings);
    const again = generateInsights(TODAY, [...sailings].reverse());
    expect(again.bookings.map((b) => `${b.bookingId} ${b.sailingId} ${b.totalCents}`)).toEqual(
      first.bookings.map((b) => `${b.bookingId} ${b.sailingId} ${b.totalCents}`),
    );
    expect(JSON.stringify(again)).toBe(JSON.stringify(first));
    const stored = h.db.prepare("SELECT booking_id FROM insight_bookings ORDER BY booking_id").pluck().all();
    expect(stored).toEqual(first.bookings.map((b) => b.bookingId).sort());
  });

  it("gives a database made before the insight tables its data on the next start, anchored on its catalogue", () => {
    const other = startHarness();
    try {
      undoInsightMigration(other.db);
      other.db.close();
      const { db } = openDatabase(other.dataDir);
      try {
        expect(insightAnchor(db)).toBeUndefined();
        createApp({ db, config: other.config, keys: other.keys, clock: () => TEST_START + 100 * DAY_MS });
        expect(insightAnchor(db)).toBe(TODAY);
        expect(db.prepare("SELECT count(*) FROM insight_bookings").pluck().get()).toBe(4400);
      } finally {
        db.close();
      }
    } finally {
      other.close();
    }
  });

  it("reads lists through the branch indexes, never a scan of a whole table", () => {
    const scope = { agencyId: "AG100101", branch: "MIA", today: TODAY };
    const plans: string[] = [];
    const explain = (sql: string, params: unknown[]) =>
      (h.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as Array<{ detail: string }>).map((r) => r.detail);
    for (const [name, def] of Object.entries(LISTS)) {
      for (const sort of Object.keys(def.sorts)) {
        const filter = newFilter();
        const sql = listSql(def, scope, filter, { sort, order: "asc" });
        for (const detail of explain(sql.page, [...sql.params, 25, 0, sql.named]))
          plans.push(`${name} ${sort}: ${detail}`);
      }
    }
    const q = newFilter();
    addCondition(
      q,
      `booking_id IN (SELECT booking_id FROM insight_guests WHERE agency_id = ? AND branch_code = ? AND surname_key >= ? AND surname_key < ?)`,
      "AG100101",
      "MIA",
      "smi",
      "smi\uffff",
    );
    const search = listSql(LISTS.bookings, scope, q, { sort: "sailDate", order: "asc" });
    for (const detail of explain(search.count, [...search.params, search.named])) plans.push(`q: ${detail}`);
    // Every step searches an index by agency and branch: no scan of a table or of a whole index.
    expect(plans.filter((p) => /\bSCAN insight_/.test(p))).toEqual([]);
    expect(plans.filter((p) => /SEARCH insight_\w+ USING/.test(p)).length).toBeGreaterThan(20);
  });
});

// -------------------------------------------------------------------------------------------------------------

const LIST_PATHS = [
  "/insight/alerts",
  "/insight/bookings",
  "/insight/commissions",
  "/insight/credits",
  "/insight/coupons",
  "/insight/transmissions",
  "/insight/onboard-sales",
  "/insight/casino",
];

describe("access, branches and paging", () => {
  it("answers 401 INVALID_TOKEN without a valid bearer token", async () => {
    const booking = ok200(await get("/insight/bookings?pageSize=1")).items[0].bookingId;
    const paths = [
      ...LIST_PATHS,
      ...LIST_PATHS.map((p) => `${p}/export`),
      "/insight/alerts/summary",
      `/insight/bookings/${booking}`,
      "/insight/branches",
      "/insight/digest",
    ];
    for (const path of paths) {
      for (const headers of [{}, { authorization: "Bearer nonsense" }] as Array<Record<string, string>>) {
        const reply = await h.call("GET", path, undefined, headers);
        expect(reply.status, path).toBe(401);
        expect(reply.body.message.errorCode).toBe("INVALID_TOKEN");
      }
    }
    const put = await h.call("PUT", "/insight/digest", {
      enabled: true,
      frequency: "DAILY",
      alertTypes: [],
      enrolment: "ALL",
    });
    expect(put.status).toBe(401);
  });

  it("GET /insight/branches: agent.usa sees Bayfront's three offices, MIA home; others their own one", async () => {
    const usaBranches = ok200(await get("/insight/branches"));
    expect(usaBranches.home).toBe("MIA");
    expect(usaBranches.branches.map((b: Row) => [b.code, b.name, b.city])).toEqual([
      ["MIA", "Bayfront Cruise Vacations – Miami", "Miami"],
      ["FLL", "Bayfront Cruise Vacations – Fort Lauderdale", "Fort Lauderdale"],
      ["ORL", "Bayfront Cruise Vacations – Orlando", "Orlando"],
    ]);
    for (const b of usaBranches.branches) {
      const active = ok200(await get(`/insight/bookings?branch=${b.code}&pageSize=1`)).total;
      expect(b.bookings, b.code).toBe(active);
    }
    const can = ok200(await get("/insight/branches", canada));
    expect(can).toEqual({
      home: "TOR",
      branches: [
        { code: "TOR", name: "Maple Leaf Cruise Centre – Toronto", city: "Toronto", bookings: expect.any(Number) },
      ],
    });
    expect(ok200(await get("/insight/branches", colleague)).branches.map((b: Row) => b.code)).toEqual(["MIA"]);
  });

  it("answers 403 BRANCH_NOT_ALLOWED for a branch the caller may not see, or one that does not exist", async () => {
    const cases: Array<[string, string]> = [
      ["/insight/alerts?branch=XYZ", usa],
      ["/insight/alerts?branch=TOR", usa],
      ["/insight/alerts?branch=FLL", canada],
      ["/insight/bookings?branch=FLL", colleague],
      ["/insight/alerts/summary?branch=ORL", colleague],
      ["/insight/casino/export?branch=MIA", canada],
    ];
    for (const path of LIST_PATHS) cases.push([`${path}?branch=ORL`, colleague]);
    for (const [path, token] of cases) {
      const reply = await get(path, token);
      expect(reply.status, path).toBe(403);
      expect(reply.body.message.errorCode).toBe("BRANCH_NOT_ALLOWED");
    }
    // A branch code in any case; the home branch without one.
    expect(ok200(await get("/insight/alerts?branch=fll")).total).toBe(
      ok200(await get("/insight/alerts?branch=FLL")).total,
    );
    expect(ok200(await get("/insight/alerts")).total).toBe(ok200(await get("/insight/alerts?branch=MIA")).total);
  });

  it("checks the tools too: INSIGHT for every call, COUPON as well for coupon applications", async () => {
    const basic = (await h.login("agent.basic")).body.data.access_token;
    for (const path of ["/insight/alerts", "/insight/branches", "/insight/alerts/summary", "/insight/digest"]) {
      const reply = await get(path, basic);
      expect(reply.status, path).toBe(403);
      expect(reply.body.message.errorCode).toBe("TOOL_NOT_ALLOWED");
    }
    // agent.fll: agent.usa's agency at its FLL office, every tool but COUPON.
    const fll = (await h.login("agent.fll")).body.data.access_token;
    expect(ok200(await get("/insight/branches", fll))).toMatchObject({ home: "FLL", branches: [{ code: "FLL" }] });
    expect(ok200(await get("/insight/alerts", fll)).total).toBe(ok200(await get("/insight/alerts?branch=FLL")).total);
    for (const path of ["/insight/coupons", "/insight/coupons/export"]) {
      const reply = await get(path, fll);
      expect(reply.status, path).toBe(403);
      expect(reply.body.message.errorCode).toBe("TOOL_NOT_ALLOWED");
    }
    expect((await get("/insight/alerts?branch=MIA", fll)).status).toBe(403);
  });

  it("keeps agencies apart: the same office code of another agency is other data", async () => {
    const staff = (await h.login("rccl.staff")).body.data.access_token;
    const theirs = ok200(await get("/insight/bookings?pageSize=100", staff)).items.map((b: Row) => b.bookingId);
    const mine = new Set((await exported("/insight/bookings/export")).rows.map((b) => b.bookingId as string));
    expect(theirs.length).toBe(100);
    expect(theirs.filter((id: string) => mine.has(id))).toEqual([]);
  });

  it("pages every list: 25 by default, pageSize capped at 100 silently, a page past the end empty", async () => {
    for (const path of LIST_PATHS) {
      const first = ok200(await get(`${path}?timeframe=ALL`), path);
      expect(first.pageSize, path).toBe(25);
      expect(first.page).toBe(1);
      expect(first.items.length).toBe(Math.min(25, first.total));
      expect(first.pageCount).toBe(Math.ceil(first.total / 25));
      const big = ok200(await get(`${path}?timeframe=ALL&pageSize=5000`), path);
      expect(big.pageSize, path).toBe(100);
      expect(big.items.length).toBe(Math.min(100, big.total));
      const past = ok200(await get(`${path}?timeframe=ALL&page=999`), path);
      expect(past.items).toEqual([]);
      expect(past.total).toBe(first.total);
      for (const bad of ["pageSize=0", "page=0", "page=x", "pageSize=-1", "order=up", "sort=nope", "nope=1"]) {
        const reply = await get(`${path}?${bad}`);
        expect(reply.status, `${path}?${bad}`).toBe(400);
        expect(reply.body.message.errorCode).toBe("INVALID_REQUEST");
      }
    }
    // Pages join up: two pages of 10 are the first 20.
    const twenty = ok200(await get("/insight/alerts?pageSize=20")).items.map((a: Row) => a.alertId);
    const one = ok200(await get("/insight/alerts?pageSize=10&page=1")).items.map((a: Row) => a.alertId);
    const two = ok200(await get("/insight/alerts?pageSize=10&page=2")).items.map((a: Row) => a.alertId);
    expect([...one, ...two]).toEqual(twenty);
  });

  it("streams every list's export as NDJSON: one item per line, as many as the list's total, same order", async () => {
    const queries: Record<string, string> = {
      "/insight/alerts": "timeframe=ALL",
      "/insight/bookings": "reservationType=ALL",
      "/insight/commissions": "timeframe=ALL",
      "/insight/credits": "timeframe=ALL",
      "/insight/coupons": "timeframe=ALL",
      "/insight/transmissions": "timeframe=ALL",
      "/insight/onboard-sales": "timeframe=PAST_SIX_MONTHS",
      "/insight/casino": "timeframe=ALL",
    };
    for (const path of LIST_PATHS) {
      const query = queries[path]!;
      const list = ok200(await get(`${path}?${query}&pageSize=100`), path);
      const { rows, type } = await exported(`${path}/export?${query}`);
      expect(type, path).toBe("application/x-ndjson");
      expect(rows.length, path).toBe(list.total);
      expect(rows.slice(0, list.items.length), path).toEqual(list.items);
    }
    // Paging parameters belong to the list, not the export; a bad filter is refused before any row.
    expect((await get("/insight/alerts/export?page=2")).status).toBe(400);
    expect((await get("/insight/alerts/export?type=NOPE")).status).toBe(400);
    expect((await get("/insight/alerts/export?type=NOPE")).headers.get("content-type")).toContain("application/json");
  });

  it("streams an export on its own connection: writes go on while a slow reader holds it open", async () => {
    const response = await h.app.request("/insight/transmissions/export?timeframe=ALL", { headers: h.bearer(usa) });
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    // A sign-in writes to the database while the export's cursor is open.
    expect((await h.login("agent.usa")).status).toBe(200);
    await reader.cancel();
    expect((await get("/insight/branches")).status).toBe(200);
  });
});

// -------------------------------------------------------------------------------------------------------------

describe("GET /insight/alerts", () => {
  let all: Row[];
  beforeAll(async () => {
    all = (await exported("/insight/alerts/export")).rows;
  });

  it("answers every open alert of the home branch by default (no window), soonest due first, ties by alert id", async () => {
    const list = ok200(await get("/insight/alerts"));
    expect(list.total).toBe(all.length);
    expect(all.length).toBe(
      h.db
        .prepare("SELECT count(*) FROM insight_alerts WHERE agency_id = 'AG100101' AND branch_code = 'MIA'")
        .pluck()
        .get(),
    );
    const keys = all.map((a) => `${a.dueDate} ${a.alertId}`);
    expect(keys).toEqual([...keys].sort());
    const first = list.items[0];
    expect(Object.keys(first).sort()).toEqual(
      [
        "alertId",
        "type",
        "key",
        "dueDate",
        "bookingId",
        "groupId",
        "brand",
        "shipCode",
        "shipName",
        "sailDate",
        "leadGuest",
        "amountDue",
        "currency",
        "flexPay",
        "enrolment",
        "depositExpiring",
      ].sort(),
    );
    for (const a of all) {
      expect(a.key).toBe(ALERT_KEY[a.type as keyof typeof ALERT_KEY]);
      expect(a.leadGuest).toMatch(/^[^,]+, .+$/);
      expect(a.shipCode).toMatch(/^[A-Z]{2}$/);
      expect(a.currency).toBe("USD");
    }
  });

  it("applies each timeframe to the due date from today, both ends included", async () => {
    for (const timeframe of ALERT_TIMEFRAMES) {
      const { rows } = await exported(`/insight/alerts/export?timeframe=${timeframe}`);
      const expected = all.filter((a) => inWindow(a.dueDate, timeframe));
      expect(
        rows.map((a) => a.alertId),
        timeframe,
      ).toEqual(expected.map((a) => a.alertId));
      expect(ok200(await get(`/insight/alerts?timeframe=${timeframe}`)).total, timeframe).toBe(expected.length);
    }
    // The ends themselves, for every type: day 10 is in the next 10 days, day 11 is not; and so on.
    const ends: Array<[Timeframe, number, number]> = [
      ["NEXT_10_DAYS", 0, 10],
      ["DAYS_11_TO_30", 11, 30],
      ["DAYS_31_TO_60", 31, 60],
      ["DAYS_61_TO_90", 61, 90],
      ["MORE_THAN_90_DAYS", 91, 91],
      ["EXPIRED_WITHIN_48_HS", -2, -1],
    ];
    for (const type of ALERT_TYPE_CODES) {
      for (const [timeframe, from, to] of ends) {
        // A type due no later than a window's start (a hold expiring in 48 hours) has none in it.
        if (from > (DUE_TO[type] ?? Infinity)) continue;
        const due = (await exported(`/insight/alerts/export?type=${type}&timeframe=${timeframe}`)).rows.map((a) =>
          diff(a.dueDate),
        );
        expect(due, `${type} ${timeframe}`).toContain(from);
        expect(due).toContain(Math.min(to, DUE_TO[type] ?? Infinity));
        expect(due).not.toContain(from - 1);
        if (timeframe !== "MORE_THAN_90_DAYS") expect(due).not.toContain(to + 1);
      }
    }
  });

  it("counts windows from the request's today, not the data's anchor", async () => {
    await at(TEST_START + 5 * DAY_MS, async (getThen) => {
      const then = addDays(TODAY, 5);
      const list = ok200(await getThen("/insight/alerts?timeframe=NEXT_10_DAYS&pageSize=100"));
      expect(list.total).toBe(all.filter((a) => inWindow(a.dueDate, "NEXT_10_DAYS", then)).length);
      for (const a of list.items) expect(diff(a.dueDate, then) >= 0 && diff(a.dueDate, then) <= 10).toBe(true);
      const summary = ok200(await getThen("/insight/alerts/summary"));
      expect(summary.today).toBe(then);
    });
    // Nine months on, every type still has alerts in each of the summary's five windows (but a hold
    // expiring in 48 hours, due within two days of the data's anchor only).
    await at(TEST_START + 270 * DAY_MS, async (getThen) => {
      const counts = ok200(await getThen("/insight/alerts/summary")).counts as Row[];
      expect(counts.filter((c) => c.count === 0 && !(c.type in DUE_TO))).toEqual([]);
    });
  });

  it("filters by type (repeated or comma-separated, any case), brand, ship, flex pay, enrolment and booking", async () => {
    const pair = all.filter((a) => a.type === "BALANCE_DUE" || a.type === "FCC");
    for (const query of [
      "type=BALANCE_DUE,FCC",
      "type=BALANCE_DUE&type=FCC",
      "type=fcc,balance_due",
      "type=FCC,BALANCE_DUE,FCC",
    ]) {
      const { rows } = await exported(`/insight/alerts/export?${query}`);
      expect(
        rows.map((a) => a.alertId),
        query,
      ).toEqual(pair.map((a) => a.alertId));
    }
    const checks: Array<[string, (a: Row) => boolean]> = [
      ["brand=C", (a) => a.brand === "C"],
      ["brand=v", (a) => a.brand === "V"],
      [`ship=${all[0]!.shipCode}`, (a) => a.shipCode === all[0]!.shipCode],
      [`ship=${all[0]!.shipCode.toLowerCase()}`, (a) => a.shipCode === all[0]!.shipCode],
      ["flexPay=true", (a) => a.flexPay === true],
      ["flexPay=false", (a) => a.flexPay === false],
      ["enrolment=Enrolled", (a) => a.enrolment === "Enrolled"],
      ["enrolment=Not%20Eligible", (a) => a.enrolment === "Not Eligible"],
      ["enrolment=not+eligible", (a) => a.enrolment === "Not Eligible"],
      ["enrolment=ALL", () => true],
      [`bookingId=${all[3]!.bookingId}`, (a) => a.bookingId === all[3]!.bookingId],
      ["bookingId=NOPE", () => false],
      [
        "type=EXPIRING_DEPOSIT&flexPay=true&brand=R",
        (a) => a.type === "EXPIRING_DEPOSIT" && a.flexPay && a.brand === "R",
      ],
    ];
    for (const [query, test] of checks) {
      const { rows } = await exported(`/insight/alerts/export?${query}`);
      const expected = all.filter(test);
      expect(
        rows.map((a) => a.alertId),
        query,
      ).toEqual(expected.map((a) => a.alertId));
      if (query !== "bookingId=NOPE") expect(expected.length, query).toBeGreaterThan(0);
    }
    // The deposit flag and the expiring-deposit alert go together.
    for (const a of all.filter((x) => x.type === "EXPIRING_DEPOSIT")) expect(a.depositExpiring).toBe(true);
  });

  it("refuses unknown values of every enumerated filter with 400 INVALID_REQUEST", async () => {
    for (const query of [
      "type=NOPE",
      "type=FINANCIAL_ALERTS",
      "type=ALL_OTHER",
      "type=FCC,NOPE",
      "timeframe=SOON",
      "timeframe=CANCELLED_PAST_120_DAYS",
      "brand=X",
      "ship=ZZ",
      "flexPay=maybe",
      "enrolment=Unknown",
      "sort=price",
      "order=sideways",
      "timeframe=ALL&timeframe=ALL",
      "colour=red",
    ]) {
      const reply = await get(`/insight/alerts?${query}`);
      expect(reply.status, query).toBe(400);
      expect(reply.body.message.errorCode).toBe("INVALID_REQUEST");
    }
    // Blank values count as not given.
    expect(ok200(await get("/insight/alerts?type=&brand=&timeframe=")).total).toBe(all.length);
  });

  it("sorts by due date, sail date, booking, ship and amount due, either way, ties by due date then alert id", async () => {
    const keyOf: Record<string, (a: Row) => string | number> = {
      dueDate: (a) => a.dueDate,
      sailDate: (a) => a.sailDate,
      bookingId: (a) => a.bookingId,
      ship: (a) => a.shipName,
      amountDue: (a) => a.amountDue,
    };
    for (const [sort, key] of Object.entries(keyOf)) {
      for (const order of ["asc", "desc"] as const) {
        const { rows } = await exported(`/insight/alerts/export?sort=${sort}&order=${order}`);
        const expected = [...all].sort((x, y) => {
          const [a, b] = [key(x), key(y)];
          const primary = a < b ? -1 : a > b ? 1 : 0;
          if (primary !== 0) return order === "asc" ? primary : -primary;
          return x.dueDate < y.dueDate ? -1 : x.dueDate > y.dueDate ? 1 : x.alertId < y.alertId ? -1 : 1;
        });
        expect(
          rows.map((a) => a.alertId),
          `${sort} ${order}`,
        ).toEqual(expected.map((a) => a.alertId));
        const page = ok200(await get(`/insight/alerts?sort=${sort}&order=${order}&pageSize=5`));
        expect(page.items.map((a: Row) => a.alertId)).toEqual(expected.slice(0, 5).map((a) => a.alertId));
      }
    }
  });

  it("answers agent.usa's default alert list in a few milliseconds", async () => {
    await get("/insight/alerts");
    const times: number[] = [];
    for (let i = 0; i < 15; i++) {
      const started = performance.now();
      expect((await get("/insight/alerts?timeframe=NEXT_10_DAYS")).status).toBe(200);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    expect(times[7]!).toBeLessThan(25);
  });
});

describe("GET /insight/alerts/summary", () => {
  it("counts every type in each of the five windows, each count what /alerts answers for it", async () => {
    const summary = ok200(await get("/insight/alerts/summary"));
    expect(summary.branch).toBe("MIA");
    expect(summary.today).toBe(TODAY);
    expect(summary.counts).toHaveLength(ALERT_TYPE_CODES.length * COUNT_TIMEFRAMES.length);
    expect(summary.counts.map((c: Row) => `${c.type} ${c.timeframe}`)).toEqual(
      ALERT_TYPE_CODES.flatMap((t) => COUNT_TIMEFRAMES.map((tf) => `${t} ${tf}`)),
    );
    for (const c of summary.counts) {
      const total = ok200(await get(`/insight/alerts?type=${c.type}&timeframe=${c.timeframe}&pageSize=1`)).total;
      expect(c.count, `${c.type} ${c.timeframe}`).toBe(total);
      // Every window has some of each type, but the windows that start after a type's last due day.
      const [start] = TIMEFRAME_WINDOWS[c.timeframe as Timeframe];
      if ((start ?? 0) <= (DUE_TO[c.type as keyof typeof DUE_TO] ?? Infinity)) expect(c.count).toBeGreaterThan(0);
      else expect(c.count).toBe(0);
    }
  });

  it("lists at most 20 urgent alerts (due today up to two days on), soonest first, and their total", async () => {
    const summary = ok200(await get("/insight/alerts/summary"));
    const urgent = (await exported("/insight/alerts/export")).rows.filter(
      (a) => diff(a.dueDate) >= 0 && diff(a.dueDate) <= 2,
    );
    expect(summary.urgentTotal).toBe(urgent.length);
    expect(summary.urgentTotal).toBeGreaterThan(20);
    expect(summary.urgent).toEqual(urgent.slice(0, 20));
  });

  it("counts the branch's open and confirmed bookings by sail month and brand, this month and the next eleven", async () => {
    const summary = ok200(await get("/insight/alerts/summary?branch=ORL"));
    expect(summary.branch).toBe("ORL");
    expect(summary.bookingsByMonth.map((m: Row) => m.month)).toEqual([
      "2026-03",
      "2026-04",
      "2026-05",
      "2026-06",
      "2026-07",
      "2026-08",
      "2026-09",
      "2026-10",
      "2026-11",
      "2026-12",
      "2027-01",
      "2027-02",
    ]);
    const bookings = (await exported("/insight/bookings/export?branch=ORL")).rows;
    for (const m of summary.bookingsByMonth) {
      for (const brand of ["R", "C", "V"]) {
        const n = bookings.filter((b) => b.sailDate.startsWith(m.month) && b.brand === brand).length;
        expect(m[brand], `${m.month} ${brand}`).toBe(n);
      }
    }
    expect((await get("/insight/alerts/summary?type=FCC")).status).toBe(400);
  });
});

// -------------------------------------------------------------------------------------------------------------

describe("GET /insight/bookings", () => {
  let active: Row[];
  let cancelled: Row[];
  beforeAll(async () => {
    active = (await exported("/insight/bookings/export")).rows;
    cancelled = (await exported("/insight/bookings/export?timeframe=CANCELLED_PAST_120_DAYS")).rows;
  });

  it("answers open and confirmed bookings by sail date; cancelled ones only with CANCELLED_PAST_120_DAYS", async () => {
    expect(active.length).toBe(ok200(await get("/insight/bookings")).total);
    expect(new Set(active.map((b) => b.status))).toEqual(new Set(["OPEN", "CONFIRMED"]));
    const keys = active.map((b) => `${b.sailDate} ${b.bookingId}`);
    expect(keys).toEqual([...keys].sort());
    expect(cancelled.length).toBeGreaterThan(0);
    const cancelledOn = new Map(
      (
        h.db.prepare("SELECT booking_id, cancelled_on FROM insight_bookings WHERE status = 'CANCELLED'").all() as Row[]
      ).map((r) => [r.booking_id, r.cancelled_on]),
    );
    for (const b of cancelled) {
      expect(b.status).toBe("CANCELLED");
      expect(inWindow(cancelledOn.get(b.bookingId), "CANCELLED_PAST_120_DAYS")).toBe(true);
      expect(b.amountDue).toBe(0);
    }
    const first = active[0]!;
    expect(Object.keys(first).sort()).toEqual(
      [
        "bookingId",
        "groupId",
        "status",
        "brand",
        "shipCode",
        "shipName",
        "sailDate",
        "nights",
        "leadGuest",
        "guests",
        "totalRooms",
        "currency",
        "totalPrice",
        "amountPaid",
        "amountDue",
        "balanceDueDate",
        "depositExpiring",
        "flexPay",
        "enrolment",
        "compensationType",
        "commission",
      ].sort(),
    );
    for (const b of active) {
      expect(Math.round((b.amountPaid + b.amountDue) * 100)).toBe(Math.round(b.totalPrice * 100));
      expect(b.balanceDueDate === null).toBe(b.amountDue === 0);
    }
  });

  it("applies the sail-date windows and the reservation types", async () => {
    for (const timeframe of [
      "NEXT_10_DAYS",
      "DAYS_11_TO_30",
      "DAYS_31_TO_60",
      "DAYS_61_TO_90",
      "MORE_THAN_90_DAYS",
    ] as const) {
      const { rows } = await exported(`/insight/bookings/export?timeframe=${timeframe}`);
      const expected = active.filter((b) => inWindow(b.sailDate, timeframe));
      expect(
        rows.map((b) => b.bookingId),
        timeframe,
      ).toEqual(expected.map((b) => b.bookingId));
      expect(expected.length).toBeGreaterThan(0);
    }
    const types: Array<[string, (b: Row) => boolean]> = [
      ["ALL", () => true],
      ["INDIVIDUAL", (b) => b.groupId === null],
      ["GROUP", (b) => b.groupId !== null],
      ["OPEN", (b) => b.status === "OPEN"],
      ["CONFIRMED", (b) => b.status === "CONFIRMED"],
    ];
    for (const [type, test] of types) {
      const { rows } = await exported(`/insight/bookings/export?reservationType=${type}`);
      expect(
        rows.map((b) => b.bookingId),
        type,
      ).toEqual(active.filter(test).map((b) => b.bookingId));
      expect(rows.length).toBeGreaterThan(0);
    }
    // A group is several bookings on one sailing.
    const groups = new Map<string, Set<string>>();
    for (const b of active.filter((x) => x.groupId !== null)) {
      groups.set(b.groupId, (groups.get(b.groupId) ?? new Set()).add(`${b.shipCode} ${b.sailDate}`));
    }
    for (const sailings of groups.values()) expect(sailings.size).toBe(1);
    expect([...groups.keys()].length).toBeGreaterThan(5);
    const groupCancelled = (
      await exported("/insight/bookings/export?timeframe=CANCELLED_PAST_120_DAYS&reservationType=OPEN")
    ).rows;
    expect(groupCancelled).toEqual([]);
  });

  it("finds bookings by booking id, group id or any guest's surname, by prefix and in any case", async () => {
    const byId = ok200(await get(`/insight/bookings?q=${active[10]!.bookingId.slice(0, 6)}&pageSize=100`));
    expect(byId.total).toBeGreaterThan(0);
    for (const b of byId.items) expect(b.bookingId.startsWith(active[10]!.bookingId.slice(0, 6))).toBe(true);
    const group = active.find((b) => b.groupId !== null)!.groupId as string;
    const byGroup = (await exported(`/insight/bookings/export?q=${group.toLowerCase()}`)).rows;
    expect(byGroup.map((b) => b.bookingId)).toEqual(active.filter((b) => b.groupId === group).map((b) => b.bookingId));
    // Surnames: any guest on the booking, not only the lead.
    const surnames = h.db
      .prepare(
        `SELECT booking_id, surname_key FROM insight_guests g JOIN insight_bookings b USING (booking_id)
         WHERE b.agency_id = 'AG100101' AND b.branch_code = 'MIA' AND b.status != 'CANCELLED'`,
      )
      .all() as Array<{ booking_id: string; surname_key: string }>;
    for (const prefix of ["smi", "MART", "o'b"]) {
      const expected = new Set(
        surnames.filter((s) => s.surname_key.startsWith(prefix.toLowerCase())).map((s) => s.booking_id),
      );
      const { rows } = await exported(`/insight/bookings/export?q=${encodeURIComponent(prefix)}`);
      expect(new Set(rows.map((b) => b.bookingId)), prefix).toEqual(expected);
      expect(expected.size, prefix).toBeGreaterThan(0);
    }
    expect(ok200(await get("/insight/bookings?q=Zzzzqqq")).total).toBe(0);
  });

  it("sorts by urgency: overdue balances first, then due today, then within 48 hours, the rest by sail date", async () => {
    const { rows } = await exported("/insight/bookings/export?sort=urgency");
    const rank = (b: Row) => {
      if (b.amountDue <= 0 || b.balanceDueDate === null) return 3;
      const d = diff(b.balanceDueDate);
      return d < 0 ? 0 : d === 0 ? 1 : d <= 2 ? 2 : 3;
    };
    const ranks = rows.map(rank);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(ranks[0]).toBe(0);
    for (const r of [0, 1, 2, 3]) {
      const sails = rows.filter((b) => rank(b) === r).map((b) => b.sailDate as string);
      expect(sails).toEqual([...sails].sort());
    }
    // Explicit sorts still answer their own order.
    const bySail = (await exported("/insight/bookings/export?sort=sailDate")).rows.map((b) => b.sailDate as string);
    expect(bySail).toEqual([...bySail].sort());
  });

  it("sums money still due by balance due date, week by week over the next 90 days, in the summary", async () => {
    const weeks = ok200(await get("/insight/alerts/summary")).moneyDueByWeek as Row[];
    expect(weeks).toHaveLength(13);
    expect(diff(weeks[0]!.from)).toBe(0);
    expect(diff(weeks.at(-1)!.to)).toBe(90);
    const due = (await exported("/insight/bookings/export")).rows.filter(
      (b) =>
        b.amountDue > 0 && b.balanceDueDate !== null && diff(b.balanceDueDate) >= 0 && diff(b.balanceDueDate) <= 90,
    );
    const cents = (n: number) => Math.round(n * 100);
    const summed = weeks.flatMap((w) => w.amounts as Row[]);
    expect(summed.reduce((sum, a) => sum + cents(a.amount), 0)).toBe(
      due.reduce((sum, b) => sum + cents(b.amountDue), 0),
    );
    expect(summed.reduce((sum, a) => sum + a.bookings, 0)).toBe(due.length);
    const third = weeks[2]!;
    const inThird = due.filter((b) => b.balanceDueDate >= third.from && b.balanceDueDate <= third.to);
    expect((third.amounts as Row[]).reduce((sum, a) => sum + a.bookings, 0)).toBe(inThird.length);
  });

  it("sorts by sail date, booking, ship, amount due and status; filters brand, ship and flex pay; refuses junk", async () => {
    const keyOf: Record<string, (b: Row) => string | number> = {
      sailDate: (b) => b.sailDate,
      bookingId: (b) => b.bookingId,
      ship: (b) => b.shipName,
      amountDue: (b) => b.amountDue,
      status: (b) => b.status,
    };
    for (const [sort, key] of Object.entries(keyOf)) {
      const { rows } = await exported(`/insight/bookings/export?sort=${sort}&order=desc`);
      const keys = rows.map(key);
      expect(keys, sort).toEqual([...keys].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
    }
    for (const [query, test] of [
      ["brand=R", (b: Row) => b.brand === "R"],
      ["flexPay=true", (b: Row) => b.flexPay],
      [`ship=${active[0]!.shipCode}`, (b: Row) => b.shipCode === active[0]!.shipCode],
    ] as const) {
      const { rows } = await exported(`/insight/bookings/export?${query}`);
      expect(
        rows.map((b) => b.bookingId),
        query,
      ).toEqual(active.filter(test).map((b) => b.bookingId));
    }
    for (const query of [
      "reservationType=SOME",
      "timeframe=LATER",
      "brand=Q",
      "ship=QQ",
      "flexPay=yes",
      "q=" + "x".repeat(61),
    ]) {
      expect((await get(`/insight/bookings?${query}`)).status, query).toBe(400);
    }
  });
});

describe("GET /insight/bookings/:bookingId", () => {
  it("answers the booking with its sailing, guests, payments, alerts, notes and branch", async () => {
    const withAlerts = (await exported("/insight/alerts/export?type=BALANCE_DUE")).rows[0]!;
    const detail = ok200(await get(`/insight/bookings/${withAlerts.bookingId}`));
    const listed = (await exported("/insight/bookings/export")).rows.find((b) => b.bookingId === withAlerts.bookingId)!;
    const { guests: guestCount, ...fields } = listed;
    expect(detail).toMatchObject(fields);
    expect(detail.guestCount).toBe(guestCount);
    expect(detail.guests).toHaveLength(guestCount);
    expect(detail.branch).toBe("MIA");
    expect(detail.sailingId).toMatch(new RegExp(`^${detail.shipCode}\\d{8}$`));
    expect(["INTERIOR", "OUTSIDE", "BALCONY", "DELUXE"]).toContain(detail.cabinClass);
    expect(typeof detail.departurePort).toBe("string");
    expect(detail.cancelledOn).toBeNull();
    const lead = detail.guests[0];
    expect(detail.leadGuest).toBe(`${lead.surname}, ${lead.givenName}`);
    for (const g of detail.guests) {
      expect(Object.keys(g).sort()).toEqual(["age", "givenName", "guestId", "loyaltyNumber", "surname"]);
    }
    const paid = detail.payments.reduce((sum: number, p: Row) => sum + Math.round(p.amount * 100), 0);
    expect(paid).toBe(Math.round(detail.amountPaid * 100));
    for (const p of detail.payments) expect(["F", "D", "R"]).toContain(p.paymentType);
    const alerts = (await exported(`/insight/alerts/export?bookingId=${detail.bookingId}`)).rows;
    expect(detail.alerts.map((a: Row) => a.alertId).sort()).toEqual(alerts.map((a) => a.alertId).sort());
    expect(detail.alerts.find((a: Row) => a.type === "BALANCE_DUE")).toMatchObject({ key: "balanceDue" });
    expect(detail.balanceDueDate).toBe(withAlerts.dueDate);
    for (const n of detail.notes) expect(Object.keys(n).sort()).toEqual(["author", "createdAt", "text"]);
    // Notes and payments exist somewhere in the branch.
    const many = (await exported("/insight/bookings/export")).rows.slice(0, 40);
    let notes = 0;
    for (const b of many) notes += ok200(await get(`/insight/bookings/${b.bookingId}`)).notes.length;
    expect(notes).toBeGreaterThan(0);
  });

  it("answers a cancelled booking with its cancellation day and no alerts; another branch's booking when visible", async () => {
    const cancelled = (await exported("/insight/bookings/export?timeframe=CANCELLED_PAST_120_DAYS")).rows[0]!;
    const detail = ok200(await get(`/insight/bookings/${cancelled.bookingId}`));
    expect(detail.status).toBe("CANCELLED");
    expect(detail.cancelledOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(detail.alerts).toEqual([]);
    const fll = ok200(await get("/insight/bookings?branch=FLL&pageSize=1")).items[0];
    expect(ok200(await get(`/insight/bookings/${fll.bookingId}`)).branch).toBe("FLL");
  });

  it("answers 404 NOT_FOUND for another agency's booking, a branch the caller may not see, or no such booking", async () => {
    const mia = ok200(await get("/insight/bookings?pageSize=1")).items[0].bookingId;
    const fll = ok200(await get("/insight/bookings?branch=FLL&pageSize=1")).items[0].bookingId;
    const tor = ok200(await get("/insight/bookings?pageSize=1", canada)).items[0].bookingId;
    for (const [id, token] of [
      [mia, canada],
      [tor, usa],
      [fll, colleague],
      ["NOPE1234", usa],
      ["BK000000", usa],
    ] as const) {
      const reply = await get(`/insight/bookings/${id}`, token);
      expect(reply.status, id).toBe(404);
      expect(reply.body.message.errorCode).toBe("NOT_FOUND");
    }
    expect(ok200(await get(`/insight/bookings/${mia}`, colleague)).bookingId).toBe(mia);
  });
});

// -------------------------------------------------------------------------------------------------------------

describe("GET /insight/commissions", () => {
  it("answers commission to come by sail date with its status and the total over every row", async () => {
    const { rows } = await exported("/insight/commissions/export");
    const list = ok200(await get("/insight/commissions"));
    expect(list.total).toBe(rows.length);
    const total = rows.reduce((sum, r) => sum + Math.round(r.commission * 100), 0) / 100;
    expect(list.commissionTotal).toBeCloseTo(total, 2);
    for (const r of rows) {
      expect(Object.keys(r).sort()).toEqual(
        [
          "bookingId",
          "brand",
          "shipName",
          "sailDate",
          "status",
          "currency",
          "totalPrice",
          "compensationType",
          "commission",
          "commissionStatus",
        ].sort(),
      );
      expect(r.status).not.toBe("CANCELLED");
      expect(["PENDING", "PAYABLE"]).toContain(r.commissionStatus);
    }
    const windows: Array<[string, number, number | null]> = [
      ["NEXT_10_DAYS", 0, 10],
      ["DAYS_10_TO_30", 11, 30],
      ["DAYS_30_TO_60", 31, 60],
      ["DAYS_60_TO_90", 61, 90],
      ["DAYS_90_TO_120", 91, 120],
      ["MORE_THAN_120_DAYS", 121, null],
    ];
    let sum = 0;
    for (const [timeframe, from, to] of windows) {
      const part = (await exported(`/insight/commissions/export?timeframe=${timeframe}`)).rows;
      for (const r of part)
        expect(diff(r.sailDate) >= from && (to === null || diff(r.sailDate) <= to), timeframe).toBe(true);
      sum += part.length;
      const page = ok200(await get(`/insight/commissions?timeframe=${timeframe}&pageSize=1`));
      expect(page.commissionTotal).toBeCloseTo(
        part.reduce((s, r) => s + r.commission, 0),
        2,
      );
    }
    expect(sum).toBe(rows.length);
    const recalled = (await exported("/insight/commissions/export?timeframe=CANCELLED_PAST_120_DAYS")).rows;
    expect(recalled.length).toBeGreaterThan(0);
    for (const r of recalled) expect([r.status, r.commissionStatus]).toEqual(["CANCELLED", "RECALLED"]);
    // Once sailed, commission is paid (statuses are worked out on the request's day).
    await at(TEST_START + 40 * DAY_MS, async (getThen) => {
      const sailed = ok200(await getThen("/insight/commissions?sort=sailDate&pageSize=5")).items;
      expect(sailed[0].commissionStatus).toBe("PAID");
    });
  });

  it("filters brand and compensation type, sorts by commission, refuses another list's windows", async () => {
    const { rows } = await exported(
      "/insight/commissions/export?compensationType=preferred&brand=C&sort=commission&order=desc",
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect([r.compensationType, r.brand]).toEqual(["PREFERRED", "C"]);
    const amounts = rows.map((r) => r.commission);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    for (const query of [
      "timeframe=DAYS_11_TO_30",
      "timeframe=PAST_SIX_MONTHS",
      "compensationType=GIFT",
      "sort=sailDate&sort=commission",
    ]) {
      expect((await get(`/insight/commissions?${query}`)).status, query).toBe(400);
    }
  });
});

describe("GET /insight/credits", () => {
  it("answers future cruise credits by redeem-by date, with their state on the request's day", async () => {
    const { rows } = await exported("/insight/credits/export");
    expect(rows.length).toBe(80);
    const statuses = new Set(rows.map((r) => r.status));
    expect(statuses).toEqual(new Set(["OPEN", "REDEEMED", "EXPIRED"]));
    for (const r of rows) {
      if (r.status === "REDEEMED") expect(r.redeemedOn !== null && r.redeemedBookingId !== null).toBe(true);
      else expect([r.redeemedOn, r.redeemedBookingId]).toEqual([null, null]);
      if (r.status === "OPEN") expect(r.redeemBy >= TODAY).toBe(true);
      if (r.status === "EXPIRED") expect(r.redeemBy < TODAY).toBe(true);
      expect(r.issuedOn <= r.redeemBy).toBe(true);
    }
    for (const timeframe of ["REDEEM_WITHIN_120_DAYS", "EXPIRED_WITHIN_120_DAYS"] as const) {
      const part = (await exported(`/insight/credits/export?timeframe=${timeframe}`)).rows;
      expect(
        part.map((r) => r.creditId),
        timeframe,
      ).toEqual(rows.filter((r) => inWindow(r.redeemBy, timeframe)).map((r) => r.creditId));
      expect(part.length).toBeGreaterThan(0);
    }
    // The window ends exactly: redeem-by today and today + 120 in; today − 1 and − 120 expired.
    const within = (await exported("/insight/credits/export?timeframe=REDEEM_WITHIN_120_DAYS")).rows.map((r) =>
      diff(r.redeemBy),
    );
    expect(within).toContain(0);
    expect(within).toContain(120);
    const expired = (await exported("/insight/credits/export?timeframe=EXPIRED_WITHIN_120_DAYS")).rows.map((r) =>
      diff(r.redeemBy),
    );
    expect(expired).toContain(-1);
    expect(expired).toContain(-120);
    for (const status of ["OPEN", "REDEEMED", "EXPIRED"]) {
      const part = (await exported(`/insight/credits/export?status=${status}`)).rows;
      expect(
        part.map((r) => r.creditId),
        status,
      ).toEqual(rows.filter((r) => r.status === status).map((r) => r.creditId));
    }
    // A credit open today has expired a day after its redeem-by date.
    const soon = rows.find((r) => r.status === "OPEN" && diff(r.redeemBy) === 0)!;
    await at(TEST_START + DAY_MS, async (getThen) => {
      const later = ok200(
        await getThen("/insight/credits?status=EXPIRED&pageSize=100&timeframe=EXPIRED_WITHIN_120_DAYS"),
      );
      expect(later.items.map((r: Row) => r.creditId)).toContain(soon.creditId);
    });
    for (const query of ["timeframe=NEXT_10_DAYS", "status=USED", "sort=issuedOn"]) {
      expect((await get(`/insight/credits?${query}`)).status, query).toBe(400);
    }
    const byAmount = (await exported("/insight/credits/export?sort=amount")).rows.map((r) => r.amount);
    expect(byAmount).toEqual([...byAmount].sort((a, b) => a - b));
    const byGuest = (await exported("/insight/credits/export?sort=guest&order=desc")).rows.map((r) => r.guest);
    expect(byGuest).toEqual([...byGuest].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
  });
});

describe("the agency's other lists", () => {
  it("GET /insight/coupons: applications by day applied, newest first by default, over the past six months", async () => {
    const { rows } = await exported("/insight/coupons/export?timeframe=ALL");
    const recent = (await exported("/insight/coupons/export?timeframe=PAST_SIX_MONTHS")).rows;
    expect(recent.map((r) => r.applicationId)).toEqual(
      rows.filter((r) => inWindow(r.appliedOn, "PAST_SIX_MONTHS")).map((r) => r.applicationId),
    );
    expect(recent.length).toBeGreaterThan(0);
    expect(recent.length).toBeLessThan(rows.length);
    const days = rows.map((r) => r.appliedOn);
    expect(days).toEqual([...days].sort().reverse());
    for (const r of rows) {
      expect(r.reason === null).toBe(r.status !== "REJECTED");
      expect(r.appliedOn <= TODAY).toBe(true);
    }
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(["APPLIED", "REJECTED", "REVERSED"]));
    const rejected = (await exported("/insight/coupons/export?status=rejected&timeframe=ALL")).rows;
    expect(rejected.map((r) => r.applicationId)).toEqual(
      rows.filter((r) => r.status === "REJECTED").map((r) => r.applicationId),
    );
    expect((await get("/insight/coupons?status=VOID")).status).toBe(400);
    expect((await get("/insight/coupons?timeframe=NEXT_10_DAYS")).status).toBe(400);
  });

  it("GET /insight/transmissions: back-office transmissions by time sent, failures with a reason", async () => {
    const { rows } = await exported("/insight/transmissions/export?timeframe=ALL");
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(["SENT", "ACCEPTED", "FAILED", "PENDING"]));
    for (const r of rows) {
      expect(r.failureReason === null).toBe(r.status !== "FAILED");
      expect(r.sentAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z$/);
      expect(r.attempts).toBeGreaterThanOrEqual(1);
    }
    const recent = (await exported("/insight/transmissions/export?timeframe=PAST_SIX_MONTHS")).rows;
    expect(recent.map((r) => r.transmissionId)).toEqual(
      rows.filter((r) => inWindow(r.sentAt.slice(0, 10), "PAST_SIX_MONTHS")).map((r) => r.transmissionId),
    );
    const failed = (
      await exported("/insight/transmissions/export?status=FAILED&timeframe=ALL&sort=bookingId&order=asc")
    ).rows;
    expect(failed.length).toBeGreaterThan(0);
    const ids = failed.map((r) => r.bookingId);
    expect(ids).toEqual([...ids].sort());
    expect((await get("/insight/transmissions?brand=R")).status).toBe(400);
  });

  it("GET /insight/onboard-sales: purchases with commission, and totals over every row", async () => {
    const { rows } = await exported("/insight/onboard-sales/export?timeframe=ALL");
    const list = ok200(await get("/insight/onboard-sales?timeframe=ALL"));
    expect(list.amountTotal).toBeCloseTo(
      rows.reduce((s, r) => s + r.amount, 0),
      2,
    );
    expect(list.commissionTotal).toBeCloseTo(
      rows.reduce((s, r) => s + r.commission, 0),
      2,
    );
    expect(new Set(rows.map((r) => r.category))).toEqual(new Set(["BEVERAGE", "DINING", "EXCURSION", "SPA", "WIFI"]));
    for (const r of rows) {
      expect(r.commission).toBeLessThan(r.amount);
      expect(r.orderedOn <= r.sailDate).toBe(true);
    }
    const spa = (await exported("/insight/onboard-sales/export?category=SPA&timeframe=ALL&sort=commission&order=desc"))
      .rows;
    expect(spa.map((r) => r.saleId).sort()).toEqual(
      rows
        .filter((r) => r.category === "SPA")
        .map((r) => r.saleId)
        .sort(),
    );
    const commissions = spa.map((r) => r.commission);
    expect(commissions).toEqual([...commissions].sort((a, b) => b - a));
    expect((await get("/insight/onboard-sales?category=CASINO")).status).toBe(400);
  });

  it("GET /insight/casino: programme reservations by sail date, tiers and windows", async () => {
    const { rows } = await exported("/insight/casino/export");
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.tier))).toEqual(new Set(["PRESTIGE", "SIGNATURE", "MASTERS"]));
    for (const r of rows) {
      expect(r.programme).toBe(r.brand === "R" ? "Club Royale" : "Blue Chip Club");
      expect(r.offerCode).toMatch(/^(CR|BC)\d{2}[PSM]\d{3}$/);
    }
    for (const timeframe of [
      "NEXT_10_DAYS",
      "DAYS_11_TO_30",
      "DAYS_31_TO_60",
      "DAYS_61_TO_90",
      "MORE_THAN_90_DAYS",
    ] as const) {
      const part = (await exported(`/insight/casino/export?timeframe=${timeframe}`)).rows;
      expect(
        part.map((r) => r.bookingId),
        timeframe,
      ).toEqual(rows.filter((r) => inWindow(r.sailDate, timeframe)).map((r) => r.bookingId));
    }
    const masters = (await exported("/insight/casino/export?tier=masters")).rows;
    expect(masters.map((r) => r.bookingId)).toEqual(rows.filter((r) => r.tier === "MASTERS").map((r) => r.bookingId));
    expect((await get("/insight/casino?tier=GOLD")).status).toBe(400);
    expect((await get("/insight/casino?timeframe=REDEEM_WITHIN_120_DAYS")).status).toBe(400);
  });
});

// -------------------------------------------------------------------------------------------------------------

describe("digest e-mails", () => {
  const put = (body: unknown, token = usa) => h.call("PUT", "/insight/digest", body, h.bearer(token));

  it("GET /insight/digest answers the defaults; PUT saves a choice and answers it", async () => {
    await h.reset();
    expect(ok200(await get("/insight/digest"))).toEqual({
      enabled: false,
      frequency: "WEEKLY",
      alertTypes: [...ALERT_TYPE_CODES],
      enrolment: "ALL",
      priceDropMinimum: null,
      email: "agent.usa@example.com",
      lastSentAt: null,
    });
    const saved = ok200(
      await put({
        enabled: true,
        frequency: "DAILY",
        alertTypes: ["FCC", "BALANCE_DUE", "FCC"],
        enrolment: "Not Eligible",
      }),
    );
    expect(saved).toEqual({
      enabled: true,
      frequency: "DAILY",
      alertTypes: ["BALANCE_DUE", "FCC"],
      enrolment: "Not Eligible",
      priceDropMinimum: null,
      email: "agent.usa@example.com",
      lastSentAt: null,
    });
    expect(ok200(await get("/insight/digest"))).toEqual(saved);
    // Another agent's settings are its own.
    expect(ok200(await get("/insight/digest", canada)).enabled).toBe(false);
    for (const body of [
      { enabled: "yes", frequency: "DAILY", alertTypes: [], enrolment: "ALL" },
      { enabled: true, frequency: "HOURLY", alertTypes: [], enrolment: "ALL" },
      { enabled: true, frequency: "DAILY", alertTypes: ["FINANCIAL_ALERTS"], enrolment: "ALL" },
      { enabled: true, frequency: "DAILY", alertTypes: ["FCC"], enrolment: "Some" },
      { enabled: true, frequency: "DAILY", alertTypes: ["FCC"] },
      "not json",
    ]) {
      const reply = await put(body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.message.errorCode).toBe("INVALID_REQUEST");
    }
    expect(ok200(await get("/insight/digest"))).toEqual(saved);
  });

  it("POST /dev/insight-digests/run sends one e-mail per switched-on digest, listing its due alerts with working links", async () => {
    await h.reset();
    const types = ["FINAL_PAYMENT_DUE", "BALANCE_DUE", "EXPIRING_48_HOURS"];
    ok200(await put({ enabled: true, frequency: "WEEKLY", alertTypes: types, enrolment: "ALL" }));
    ok200(await put({ enabled: true, frequency: "DAILY", alertTypes: ["FCC"], enrolment: "Enrolled" }, canada));

    const run = await h.call("POST", "/dev/insight-digests/run", { frequency: "WEEKLY" });
    expect(run.status).toBe(200);
    expect(run.body).toEqual({ data: { sent: 1 } });

    const [message] = await outbox(h, "agent.usa@example.com");
    expect(message).toMatchObject({ channel: "email", purpose: "insight_digest", recipient: "agent.usa@example.com" });
    // The alerts of the chosen types due from today to 30 days on, in the home branch (MIA).
    const due = (await exported(`/insight/alerts/export?type=${types.join(",")}`)).rows.filter(
      (a) => diff(a.dueDate) >= 0 && diff(a.dueDate) <= 30,
    );
    expect(due.length).toBeGreaterThan(0);
    expect(message!.subject).toBe(`Your weekly booking alerts: ${due.length} due`);
    const portal = h.config.portalUrl;
    const listed = [...message!.body.matchAll(/^- (.+): booking (\S+), (.+), due (\d{4}-\d{2}-\d{2})$/gm)];
    expect(listed.length).toBe(Math.min(due.length, 100));
    listed.forEach((m, i) => {
      const a = due[i]!;
      expect([m[1], m[2], m[3], m[4]]).toEqual([
        ALERT_LABEL[a.type as keyof typeof ALERT_LABEL],
        a.bookingId,
        a.shipName,
        a.dueDate,
      ]);
    });
    const links = [...message!.body.matchAll(/^ {2}(http\S+\/insights\/booking\/(\S+))$/gm)];
    expect(links.map((m) => m[1])).toEqual(due.slice(0, 100).map((a) => `${portal}/insights/booking/${a.bookingId}`));
    // Each booking link's booking is one agent.usa may open.
    for (const m of links.slice(0, 5)) expect((await get(`/insight/bookings/${m[2]}`)).status).toBe(200);
    expect(message!.body).toContain(`${portal}/insights/alert-centre`);
    expect(message!.link).toMatch(new RegExp(`^${portal}/unsubscribe\\?token=[A-Za-z0-9_.%-]+$`));
    expect(message!.body).toContain(message!.link);
    expect(message!.code).toBeNull();
    expect((await outbox(h, "admin.can@example.com")).length).toBe(0);

    const digest = ok200(await get("/insight/digest"));
    expect(digest.lastSentAt).toBe(new Date(TEST_START).toISOString());

    // The unsubscribe link works without signing in.
    const token = new URL(message!.link!).searchParams.get("token")!;
    const shown = await h.call("GET", `/insight/digest/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual({ data: { email: "a***@example.com", frequency: "WEEKLY", enabled: true } });
    const stopped = await h.call("POST", "/insight/digest/unsubscribe", { token });
    expect(stopped.status).toBe(200);
    expect(stopped.body).toEqual({ data: { email: "a***@example.com", frequency: "WEEKLY", enabled: false } });
    expect(ok200(await get("/insight/digest"))).toMatchObject({
      enabled: false,
      alertTypes: types,
      frequency: "WEEKLY",
    });
    // Again: still off, still fine.
    expect((await h.call("POST", "/insight/digest/unsubscribe", { token })).body.data.enabled).toBe(false);

    // Without a frequency, every switched-on digest: now only admin.can's daily one.
    expect((await h.call("POST", "/dev/insight-digests/run")).body).toEqual({ data: { sent: 1 } });
    const [daily] = await outbox(h, "admin.can@example.com");
    expect(daily!.subject).toMatch(/^Your daily booking alerts: \d+ due$/);
    expect((await h.call("POST", "/dev/insight-digests/run", { frequency: "MONTHLY" })).status).toBe(400);
  });

  it("refuses a bad, tampered or missing unsubscribe token with 400 INVALID_TOKEN and changes nothing", async () => {
    await h.reset();
    ok200(await put({ enabled: true, frequency: "WEEKLY", alertTypes: ["FCC"], enrolment: "ALL" }));
    const good = unsubscribeToken(h, "1000001");
    const [id, mac] = good.split(".") as [string, string];
    const flipped = `${mac.slice(0, -1)}${mac.endsWith("A") ? "B" : "A"}`;
    const bad = [
      `${id}.${flipped}`,
      `${Buffer.from("1000002").toString("base64url")}.${mac}`,
      "dGFtcGVyZWQ.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
      "nonsense",
      "",
      `${id}.${mac}x`,
    ];
    for (const token of bad) {
      const shown = await h.call("GET", `/insight/digest/unsubscribe?token=${encodeURIComponent(token)}`);
      expect(shown.status, token).toBe(400);
      expect(shown.body.message.errorCode).toBe("INVALID_TOKEN");
      const posted = await h.call("POST", "/insight/digest/unsubscribe", { token });
      expect(posted.status, token).toBe(400);
      expect(posted.body.message.errorCode).toBe("INVALID_TOKEN");
    }
    expect((await h.call("GET", "/insight/digest/unsubscribe")).status).toBe(400);
    expect((await h.call("POST", "/insight/digest/unsubscribe", {})).body.message.errorCode).toBe("INVALID_TOKEN");
    expect(ok200(await get("/insight/digest")).enabled).toBe(true);
    expect(agentOfToken(h, good)).toBe("1000001");
  });

  it("POST /dev/reset puts every digest back to the defaults", async () => {
    ok200(await put({ enabled: true, frequency: "DAILY", alertTypes: ["FCC"], enrolment: "Eligible" }));
    await h.call("POST", "/dev/insight-digests/run");
    expect(ok200(await get("/insight/digest")).lastSentAt).not.toBeNull();
    expect((await h.call("POST", "/dev/reset")).status).toBe(200);
    expect(ok200(await get("/insight/digest"))).toMatchObject({
      enabled: false,
      frequency: "WEEKLY",
      alertTypes: [...ALERT_TYPE_CODES],
      enrolment: "ALL",
      lastSentAt: null,
    });
  });

  it("is due daily at 06:00 UTC and weekly on Monday 06:00 UTC, once per slot, never for a slot before it was switched on", async () => {
    await h.reset();
    const monday = Date.parse("2026-03-02T06:00:00.000Z");
    expect(latestSlot("DAILY", monday)).toBe(monday);
    expect(latestSlot("DAILY", monday - 1)).toBe(monday - DAY_MS);
    expect(latestSlot("WEEKLY", monday + 6 * DAY_MS)).toBe(monday);
    expect(latestSlot("WEEKLY", monday - 1)).toBe(monday - 7 * DAY_MS);
    expect(latestSlot("WEEKLY", Date.parse("2026-03-09T06:00:00.000Z"))).toBe(monday + 7 * DAY_MS);

    // Switched on at 10:00 on Monday: the weekly one waits for next Monday, the daily one for tomorrow.
    writeDigest(h.db, "1000001", { enabled: true, frequency: "WEEKLY", alertTypes: [], enrolment: "ALL" }, TEST_START);
    writeDigest(h.db, "1000002", { enabled: true, frequency: "DAILY", alertTypes: [], enrolment: "ALL" }, TEST_START);
    const run = () => sendDigests(digestDeps(), { due: true });
    expect(run()).toBe(0);
    h.clock.set(Date.parse("2026-03-03T05:59:59.000Z"));
    expect(run()).toBe(0);
    h.clock.set(Date.parse("2026-03-03T06:00:00.000Z"));
    expect(run()).toBe(1);
    expect(run()).toBe(0);
    h.clock.set(Date.parse("2026-03-04T07:30:00.000Z"));
    expect(run()).toBe(1);
    h.clock.set(Date.parse("2026-03-09T05:59:00.000Z"));
    // Before Monday 06:00 the daily one catches up on the slot it missed (Sunday 06:00); the weekly one waits.
    expect(run()).toBe(1);
    h.clock.set(Date.parse("2026-03-09T06:00:00.000Z"));
    expect(run()).toBe(2);
    expect(run()).toBe(0);
    const weekly = (await outbox(h, "agent.usa@example.com")).filter((m) => m.purpose === "insight_digest");
    expect(weekly.map((m) => m.sentAt)).toEqual(["2026-03-09T06:00:00.000Z"]);
    expect(weekly[0]!.subject).toMatch(/^Your weekly booking alerts: \d+ due$/);
    h.clock.set(TEST_START);
    expect(isDue({ frequency: "WEEKLY", lastSentAt: null, armedAt: monday - 1 }, monday)).toBe(true);
    expect(isDue({ frequency: "WEEKLY", lastSentAt: monday, armedAt: monday - 1 }, monday + DAY_MS)).toBe(false);
  });

  it("the scheduler sends what is due on its own, and stops", async () => {
    await h.reset();
    writeDigest(
      h.db,
      "1000001",
      { enabled: true, frequency: "DAILY", alertTypes: ["FCC"], enrolment: "ALL" },
      TEST_START - 2 * DAY_MS,
    );
    const lines: string[] = [];
    const scheduler = startDigestScheduler(digestDeps(lines), { intervalMs: 5 });
    try {
      await new Promise((resolve) => setTimeout(resolve, 40));
    } finally {
      scheduler.stop();
    }
    const sent = (await outbox(h, "agent.usa@example.com")).filter((m) => m.purpose === "insight_digest");
    expect(sent).toHaveLength(1);
    expect(lines).toContain("insight digests sent: 1");
  });
});

// Keep the helpers honest: the window used by the tests is the contract's.
describe("timeframe windows", () => {
  it("match the contract's table", () => {
    const f = newFilter();
    addWindow(f, "d", "EXPIRED_WITHIN_48_HS", TODAY);
    expect(f.params).toEqual([addDays(TODAY, -2), addDays(TODAY, -1)]);
    const g = newFilter();
    addWindow(g, "t", "PAST_SIX_MONTHS", TODAY, "instant");
    expect(g.conditions).toEqual(["t >= ?", "t < ?"]);
    expect(g.params).toEqual([addDays(TODAY, -183), addDays(TODAY, 1)]);
  });
});
