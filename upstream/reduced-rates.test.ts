import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "./db/index";
import {
  DECISION_AFTER_MS,
  MAX_OPEN_REQUESTS,
  ensureReducedRates,
  qualifyingSailing,
  stableHash,
  type ReducedRateSailingRow,
} from "./db/reduced-rates";
import { startHarness, type Harness } from "./testing/harness";
import { undoReducedRatesMigration } from "./testing/schema";

let h: Harness;
beforeAll(() => {
  h = startHarness();
});
afterAll(() => h.close());

beforeEach(() => h.reset());
const as = (username: string, method: string, path: string, body?: unknown) => h.as(username, method, path, body);

/** Open qualifying sailings (deadline not passed at the test clock), by sail date. */
function openSailings(where = "1 = 1"): ReducedRateSailingRow[] {
  return h.db
    .prepare(
      `SELECT * FROM reduced_rate_sailings WHERE request_deadline >= '2026-03-02' AND ${where}
       ORDER BY sail_date, sailing_id`,
    )
    .all() as ReducedRateSailingRow[];
}
const fewLeft = () => openSailings("rate_interior IS NOT NULL AND few_interior = 1")[0]!;
const plenty = () => openSailings("rate_interior IS NOT NULL AND few_interior = 0")[0]!;

/** Moves the clock on; the tokens (15 minutes) are signed in again. */
function later(ms: number) {
  h.clock.advance(ms);
  h.forgetTokens();
}

const request = (sailingId: string, cabinClass = "INTERIOR", companion: unknown = null) => ({
  sailingId,
  cabinClass,
  companion,
});

describe("the qualifying sailings (generation)", () => {
  it("selects a few hundred sailings of the catalogue by a stable hash, kept across starts", () => {
    const count = (h.db.prepare("SELECT count(*) AS n FROM reduced_rate_sailings").get() as { n: number }).n;
    expect(count).toBeGreaterThan(100);
    expect(count).toBeLessThan(1000);
    const again = ensureReducedRates(h.db, Date.now());
    expect(again).toMatchObject({ generated: false, sailings: count });
    for (const row of openSailings().slice(0, 20)) expect(stableHash(row.sailing_id) % 16).toBe(0);
  });

  it("never rates a suite, nor a class the catalogue does not sell; the deadline is before the sail date", () => {
    const columns = (h.db.prepare("PRAGMA table_info(reduced_rate_sailings)").all() as Array<{ name: string }>).map(
      (c) => c.name,
    );
    expect(columns).not.toContain("rate_deluxe");
    const base = {
      brand: "R" as const,
      ship_code: "XX",
      ship_name: "Ship",
      destination_name: "Caribbean",
      departure_port: "Miami",
      sail_date: "2026-06-01",
      return_date: "2026-06-08",
      nights: 7,
      price_interior: 1000,
      price_outside: null,
      price_balcony: 2000,
      avail_interior: "OPEN",
      avail_outside: null,
      avail_balcony: "SOLD_OUT",
    };
    const id = Array.from({ length: 500 }, (_, i) => `T${i}`).find((s) => stableHash(s) % 16 === 0)!;
    const row = qualifyingSailing({ ...base, sailing_id: id })!;
    expect(row.rate_interior).toBeLessThan(1000);
    expect(row.rate_outside).toBeNull();
    expect(row.rate_balcony).toBeNull();
    expect(row.request_deadline < row.sail_date).toBe(true);
  });
});

describe("GET /reduced-rates/sailings", () => {
  it("asks for a bearer", async () => {
    expect((await h.call("GET", "/reduced-rates/sailings")).status).toBe(401);
  });

  it("lists the open qualifying sailings with a total, filtered by brand and paged", async () => {
    const all = await as("agent.usa", "GET", "/reduced-rates/sailings?pageSize=5");
    expect(all.status).toBe(200);
    expect(all.body.data.total).toBe(openSailings().length);
    expect(all.body.data.items).toHaveLength(5);
    expect(all.body.data.items[0]).toMatchObject({ open: true, currency: "USD", rates: expect.any(Array) });
    expect(all.body.data.ships.length).toBeGreaterThan(3);
    const celebrity = await as("agent.usa", "GET", "/reduced-rates/sailings?brand=C&pageSize=100");
    expect(celebrity.body.data.total).toBe(openSailings("brand = 'C'").length);
    expect(celebrity.body.data.items.every((s: { brand: string }) => s.brand === "C")).toBe(true);
    const page2 = await as("agent.usa", "GET", "/reduced-rates/sailings?pageSize=5&page=2");
    expect(page2.body.data.items[0].sailingId).toBe(openSailings()[5]!.sailing_id);
  });

  it("filters by ship and date range and sorts by nights, longest first", async () => {
    const ship = openSailings()[0]!.ship_code;
    const reply = await as("agent.usa", "GET", `/reduced-rates/sailings?ship=${ship}&sort=nights&order=desc`);
    const nights = reply.body.data.items.map((s: { nights: number }) => s.nights);
    expect(nights).toEqual([...nights].sort((a, b) => b - a));
    expect(reply.body.data.items.every((s: { shipCode: string }) => s.shipCode === ship)).toBe(true);
    const ranged = await as("agent.usa", "GET", "/reduced-rates/sailings?from=2026-06-01&to=2026-06-30");
    expect(
      ranged.body.data.items.every(
        (s: { sailDate: string }) => s.sailDate >= "2026-06-01" && s.sailDate <= "2026-06-30",
      ),
    ).toBe(true);
  });

  it("marks the caller's own requests on the page (requested, then approved; not a withdrawn one), never another agent's", async () => {
    const [first, second] = openSailings(
      "rate_interior IS NOT NULL AND few_interior = 0 AND request_deadline > '2026-03-10'",
    ).slice(0, 2) as [ReducedRateSailingRow, ReducedRateSailingRow];
    const page = async (username: string) =>
      (await as(username, "GET", "/reduced-rates/sailings?pageSize=100")).body.data.items as Array<{
        sailingId: string;
        yourRequest: null | { requestId: string; status: string; requestedAt: string; decidedAt: string | null };
      }>;
    expect((await page("agent.usa")).every((s) => s.yourRequest === null)).toBe(true);
    const made = await as("agent.usa", "POST", "/reduced-rates/requests", request(first.sailing_id));
    const withdrawn = await as("agent.usa", "POST", "/reduced-rates/requests", request(second.sailing_id));
    expect([made.status, withdrawn.status]).toEqual([201, 201]);
    await as("agent.usa", "POST", `/reduced-rates/requests/${withdrawn.body.data.requestId}/withdraw`);
    const mine = await page("agent.usa");
    expect(mine.find((s) => s.sailingId === first.sailing_id)?.yourRequest).toMatchObject({
      requestId: made.body.data.requestId,
      status: "REQUESTED",
      requestedAt: made.body.data.requestedAt,
      decidedAt: null,
    });
    expect(mine.find((s) => s.sailingId === second.sailing_id)?.yourRequest).toBeNull();
    expect((await page("agent.basic")).every((s) => s.yourRequest === null)).toBe(true);

    later(DECISION_AFTER_MS);
    const decided = (await page("agent.usa")).find((s) => s.sailingId === first.sailing_id)?.yourRequest;
    expect(decided?.status).toBe("APPROVED");
    expect(decided?.decidedAt).toEqual(expect.any(String));
  });

  it("answers 400 for a junk filter", async () => {
    expect((await as("agent.usa", "GET", "/reduced-rates/sailings?brand=X")).status).toBe(400);
    expect((await as("agent.usa", "GET", "/reduced-rates/sailings?page=0")).status).toBe(400);
  });

  it("answers one sailing, and 404 NOT_QUALIFYING for a sailing without a reduced rate", async () => {
    const sailing = plenty();
    const one = await as("agent.usa", "GET", `/reduced-rates/sailings/${sailing.sailing_id}`);
    expect(one.status).toBe(200);
    expect(one.body.data).toMatchObject({ sailingId: sailing.sailing_id, rateType: sailing.rate_type });
    const other = h.db
      .prepare(
        "SELECT sailing_id FROM catalogue_sailings WHERE sailing_id NOT IN (SELECT sailing_id FROM reduced_rate_sailings) LIMIT 1",
      )
      .get() as { sailing_id: string };
    const none = await as("agent.usa", "GET", `/reduced-rates/sailings/${other.sailing_id}`);
    expect(none.status).toBe(404);
    expect(none.body.message.errorCode).toBe("NOT_QUALIFYING");
  });
});

describe("reduced-rate requests", () => {
  it("makes a request with a companion, lists it as REQUESTED, then the line approves it after 48 hours", async () => {
    const sailing = plenty();
    const made = await as(
      "agent.usa",
      "POST",
      "/reduced-rates/requests",
      request(sailing.sailing_id, "INTERIOR", { name: "Sam Stone", relation: "PARTNER" }),
    );
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({
      status: "REQUESTED",
      cabinClass: "INTERIOR",
      ratePerGuest: sailing.rate_interior,
      companion: { name: "Sam Stone", relation: "PARTNER" },
      sailing: { sailingId: sailing.sailing_id },
    });
    const listed = await as("agent.usa", "GET", "/reduced-rates/requests");
    expect(listed.body.data.items.map((i: { status: string }) => i.status)).toEqual(["REQUESTED"]);
    expect((await as("agent.basic", "GET", "/reduced-rates/requests")).body.data.items).toEqual([]);

    later(DECISION_AFTER_MS - 1000);
    expect((await as("agent.usa", "GET", "/reduced-rates/requests")).body.data.items[0].status).toBe("REQUESTED");
    later(2000);
    const decided = await as("agent.usa", "GET", "/reduced-rates/requests");
    expect(decided.body.data.items[0]).toMatchObject({ status: "APPROVED", decidedAt: expect.any(String) });
  });

  it("is declined when the class has only a few staterooms left", async () => {
    const sailing = fewLeft();
    expect((await as("agent.usa", "POST", "/reduced-rates/requests", request(sailing.sailing_id))).status).toBe(201);
    later(DECISION_AFTER_MS);
    const decided = await as("agent.usa", "GET", "/reduced-rates/requests");
    expect(decided.body.data.items[0].status).toBe("DECLINED");
  });

  it.each([
    [
      "a sailing that does not qualify",
      () => ({ sailingId: "XX0000000", cabinClass: "INTERIOR" }),
      409,
      "NOT_QUALIFYING",
    ],
    [
      "a cabin class without the rate",
      () => {
        const s = openSailings("rate_outside IS NULL")[0]!;
        return request(s.sailing_id, "OUTSIDE");
      },
      409,
      "CLASS_NOT_OFFERED",
    ],
    ["a suite", () => request(plenty().sailing_id, "DELUXE"), 400, "INVALID_REQUEST"],
    [
      "a companion without a name",
      () => request(plenty().sailing_id, "INTERIOR", { name: " ", relation: "FRIEND" }),
      400,
      "INVALID_REQUEST",
    ],
    [
      "two companions",
      () => request(plenty().sailing_id, "INTERIOR", [{ name: "A", relation: "FRIEND" }]),
      400,
      "INVALID_REQUEST",
    ],
  ])("refuses %s (%i %s) and stores nothing", async (_what, body, status, errorCode) => {
    const reply = await as("agent.usa", "POST", "/reduced-rates/requests", body());
    expect(reply.status).toBe(status);
    expect(reply.body.message.errorCode).toBe(errorCode);
    expect((h.db.prepare("SELECT count(*) AS n FROM reduced_rate_requests").get() as { n: number }).n).toBe(0);
  });

  it("refuses a sailing whose request deadline has passed (409 DEADLINE_PASSED)", async () => {
    const sailing = plenty();
    h.clock.set(Date.parse(`${sailing.request_deadline}T00:00:00Z`) + 86_400_000);
    const reply = await as("agent.usa", "POST", "/reduced-rates/requests", request(sailing.sailing_id));
    expect(reply.status).toBe(409);
    expect(reply.body.message.errorCode).toBe("DEADLINE_PASSED");
  });

  it("takes one request per sailing (of two at once, one wins), again after a withdrawal", async () => {
    const sailing = plenty();
    const token = await h.tokenOf("agent.usa");
    const replies = await Promise.all(
      [0, 1].map(() => h.call("POST", "/reduced-rates/requests", request(sailing.sailing_id), h.bearer(token))),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(replies.find((r) => r.status === 409)?.body.message.errorCode).toBe("ALREADY_REQUESTED");
    const id = replies.find((r) => r.status === 201)!.body.data.requestId as string;

    const withdrawn = await as("agent.usa", "POST", `/reduced-rates/requests/${id}/withdraw`);
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.data.status).toBe("WITHDRAWN");
    const twice = await as("agent.usa", "POST", `/reduced-rates/requests/${id}/withdraw`);
    expect(twice.status).toBe(409);
    expect(twice.body.message.errorCode).toBe("ALREADY_DECIDED");
    expect((await as("agent.usa", "POST", "/reduced-rates/requests", request(sailing.sailing_id))).status).toBe(201);
  });

  it(`keeps at most ${MAX_OPEN_REQUESTS} requests waiting at once (409 TOO_MANY_OPEN)`, async () => {
    const sailings = openSailings("rate_interior IS NOT NULL");
    for (const s of sailings.slice(0, MAX_OPEN_REQUESTS)) {
      expect((await as("agent.usa", "POST", "/reduced-rates/requests", request(s.sailing_id))).status).toBe(201);
    }
    const more = await as(
      "agent.usa",
      "POST",
      "/reduced-rates/requests",
      request(sailings[MAX_OPEN_REQUESTS]!.sailing_id),
    );
    expect(more.status).toBe(409);
    expect(more.body.message.errorCode).toBe("TOO_MANY_OPEN");
  });

  it("answers 404 for withdrawing another agent's request, and 409 for a decided one", async () => {
    const made = await as("agent.usa", "POST", "/reduced-rates/requests", request(plenty().sailing_id));
    const id = made.body.data.requestId as string;
    const foreign = await as("agent.basic", "POST", `/reduced-rates/requests/${id}/withdraw`);
    expect(foreign.status).toBe(404);
    later(DECISION_AFTER_MS);
    const decided = await as("agent.usa", "POST", `/reduced-rates/requests/${id}/withdraw`);
    expect(decided.status).toBe(409);
  });
});

describe("POST /dev/reduced-rates/decide (demo mode)", () => {
  it("decides the open requests now by the rule, or with the outcome given", async () => {
    const a = await as("agent.usa", "POST", "/reduced-rates/requests", request(plenty().sailing_id));
    const b = await as("agent.usa", "POST", "/reduced-rates/requests", request(fewLeft().sailing_id));
    const byRule = await h.call("POST", "/dev/reduced-rates/decide", { requestId: a.body.data.requestId });
    expect(byRule.status).toBe(200);
    expect(byRule.body.data.decided).toEqual([{ requestId: a.body.data.requestId, status: "APPROVED" }]);
    const forced = await h.call("POST", "/dev/reduced-rates/decide", { username: "agent.usa", outcome: "APPROVED" });
    expect(forced.body.data.decided).toEqual([{ requestId: b.body.data.requestId, status: "APPROVED" }]);
    const list = await as("agent.usa", "GET", "/reduced-rates/requests");
    expect(list.body.data.items.map((i: { status: string }) => i.status)).toEqual(["APPROVED", "APPROVED"]);
  });

  it("requests are emptied by the demo reset", async () => {
    await as("agent.usa", "POST", "/reduced-rates/requests", request(plenty().sailing_id));
    await h.reset();
    expect((await as("agent.usa", "GET", "/reduced-rates/requests")).body.data.items).toEqual([]);
  });
});

describe("migration 11", () => {
  it("adds the tables to a database that had none; the next start selects the sailings again", () => {
    undoReducedRatesMigration(h.db);
    const { db } = openDatabase(h.dataDir);
    try {
      const result = ensureReducedRates(db, Date.now());
      expect(result.generated).toBe(true);
      expect(result.sailings).toBeGreaterThan(100);
    } finally {
      db.close();
    }
  });
});

describe("production mode", () => {
  it("has no decision endpoint", async () => {
    const production = startHarness({ mode: "production" });
    try {
      const reply = await production.call("POST", "/dev/reduced-rates/decide", {});
      expect(reply.status).toBe(404);
      expect(reply.body.message.errorCode).toBe("NOT_FOUND");
    } finally {
      production.close();
    }
  });
});
