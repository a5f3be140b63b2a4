import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  ensureGroups,
  GROUP_RULES,
  SPACE_DECISION,
  amenityPoints,
  spaceVerdict,
  tourConductorCredits,
} from "./db/groups";
import { DEMO_DECLINE_REASON } from "./routes/groups";
import { openDatabase } from "./db/index";
import { startHarness, TEST_START, type Harness } from "./testing/harness";
import { undoGroupsMigration } from "./testing/schema";

let h: Harness;
beforeAll(() => {
  h = startHarness();
});
afterAll(() => h.close());

beforeEach(() => h.reset());
const as = (username: string, method: string, path: string, body?: unknown) => h.as(username, method, path, body);

/** A group of the agency, in the given branch (agent.usa sees MIA, its home branch, and those granted). */
function groupOf(agencyId: string, branch?: string): { group_id: string; sailing_id: string } {
  const row = h.db
    .prepare(
      `SELECT group_id, sailing_id FROM travel_groups WHERE agency_id = ? AND (? IS NULL OR branch_code = ?)
       ORDER BY group_id LIMIT 1`,
    )
    .get(agencyId, branch ?? null, branch ?? null) as { group_id: string; sailing_id: string } | undefined;
  if (!row) throw new Error(`no group of ${agencyId}`);
  return row;
}

/** A catalogue sailing after the test clock's day (2026-03-02). */
function futureSailing(): string {
  return h.db
    .prepare("SELECT sailing_id FROM catalogue_sailings WHERE sail_date > '2026-06-01' ORDER BY sailing_id LIMIT 1")
    .pluck()
    .get() as string;
}

describe("the rules", () => {
  it.each([
    [0, 0],
    [15, 0],
    [16, 1],
    [31, 1],
    [32, 2],
  ])("%i paying guests earn %i tour-conductor credits", (guests, credits) => {
    expect(tourConductorCredits(guests)).toBe(credits);
  });

  it("earns an amenity point per four booked staterooms and needs eight staterooms for a group", () => {
    expect([amenityPoints(3), amenityPoints(4), amenityPoints(9)]).toEqual([0, 1, 2]);
    expect(GROUP_RULES.minimumStaterooms).toBe(8);
    expect(GROUP_RULES.payingGuestsPerCredit).toBe(16);
  });
});

describe("ensureGroups", () => {
  it("writes one group per group id of the insight bookings, with held space at least the minimum", () => {
    const ids = h.db
      .prepare("SELECT DISTINCT group_id FROM insight_bookings WHERE group_id IS NOT NULL ORDER BY group_id")
      .pluck()
      .all();
    const groups = h.db.prepare("SELECT group_id FROM travel_groups ORDER BY group_id").pluck().all();
    expect(groups).toEqual(ids);
    const bad = h.db
      .prepare("SELECT count(*) FROM travel_groups WHERE held < ? OR held < booked")
      .pluck()
      .get(GROUP_RULES.minimumStaterooms);
    expect(bad).toBe(0);
    expect(ensureGroups(h.db, TEST_START)).toMatchObject({ generated: false, groups: groups.length });
  });

  it("is deterministic: a migration undone and run again writes the same groups", () => {
    const before = h.db.prepare("SELECT * FROM travel_groups ORDER BY group_id").all();
    const deadlines = h.db.prepare("SELECT * FROM travel_group_deadlines ORDER BY group_id, position").all();
    undoGroupsMigration(h.db);
    const { db } = openDatabase(h.dataDir);
    try {
      expect(ensureGroups(db, TEST_START).generated).toBe(true);
      expect(db.prepare("SELECT * FROM travel_groups ORDER BY group_id").all()).toEqual(before);
      expect(db.prepare("SELECT * FROM travel_group_deadlines ORDER BY group_id, position").all()).toEqual(deadlines);
    } finally {
      db.close();
    }
  });
});

describe("GET /groups", () => {
  it("asks for a bearer", async () => {
    expect((await h.call("GET", "/groups")).status).toBe(401);
  });

  it("lists only the caller's agency's groups, sorted by sail date, with a total and pages", async () => {
    const reply = await as("agent.usa", "GET", "/groups?pageSize=5");
    expect(reply.status).toBe(200);
    const { items, total, pageCount, ships } = reply.body.data;
    expect(items).toHaveLength(5);
    expect(total).toBeGreaterThan(5);
    expect(pageCount).toBe(Math.ceil(total / 5));
    const own = new Set(
      h.db.prepare("SELECT group_id FROM travel_groups WHERE agency_id = 'AG100101'").pluck().all() as string[],
    );
    for (const item of items) expect(own.has(item.groupId)).toBe(true);
    const dates = items.map((i: { sailDate: string }) => i.sailDate);
    expect(dates).toEqual([...dates].sort());
    expect(items[0]).toMatchObject({
      staterooms: { held: expect.any(Number), booked: expect.any(Number), released: expect.any(Number) },
      tourConductorCredits: tourConductorCredits(items[0].payingGuests),
      finalPaymentDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect(ships.length).toBeGreaterThan(0);
  });

  it("filters by brand, ship and sail-date range, and sorts the other way", async () => {
    const all = (await as("agent.usa", "GET", "/groups?pageSize=100")).body.data;
    const first = all.items[0];
    const byShip = (await as("agent.usa", "GET", `/groups?ship=${first.shipCode}&pageSize=100`)).body.data;
    expect(byShip.items.every((i: { shipCode: string }) => i.shipCode === first.shipCode)).toBe(true);
    const byBrand = (await as("agent.usa", "GET", `/groups?brand=${first.brand}&pageSize=100`)).body.data;
    expect(byBrand.items.every((i: { brand: string }) => i.brand === first.brand)).toBe(true);
    const from = all.items[3].sailDate;
    const to = all.items[6].sailDate;
    const ranged = (await as("agent.usa", "GET", `/groups?from=${from}&to=${to}&pageSize=100`)).body.data;
    expect(ranged.total).toBeGreaterThanOrEqual(4);
    expect(ranged.items.every((i: { sailDate: string }) => i.sailDate >= from && i.sailDate <= to)).toBe(true);
    const desc = (await as("agent.usa", "GET", "/groups?sort=booked&order=desc&pageSize=100")).body.data;
    const booked = desc.items.map((i: { staterooms: { booked: number } }) => i.staterooms.booked);
    expect(booked).toEqual([...booked].sort((a, b) => b - a));
  });

  it("puts the groups whose final payment is overdue or due today (unpaid, not yet sailed) first when asked", async () => {
    const today = "2026-03-02"; // the harness's clock (TEST_START)
    // One group's final payment made due today, so the test holds whatever the generated dates are.
    const later = h.db
      .prepare(
        `SELECT group_id FROM travel_groups WHERE agency_id = 'AG100101' AND branch_code = 'MIA' AND sail_date > ?
         ORDER BY sail_date DESC LIMIT 1`,
      )
      .pluck()
      .get(today) as string;
    h.db
      .prepare("UPDATE travel_group_deadlines SET due_date = ? WHERE group_id = ? AND kind = 'FINAL_PAYMENT'")
      .run(today, later);
    h.db.prepare("UPDATE insight_bookings SET due_cents = 100 WHERE group_id = ? AND status != 'CANCELLED'").run(later);
    const flagged = (g: { sailDate: string; finalPaymentDate: string; bookingsWithBalanceDue: number }) =>
      g.sailDate >= today && g.finalPaymentDate <= today && g.bookingsWithBalanceDue > 0;
    const first = (await as("agent.usa", "GET", "/groups?flaggedFirst=true&pageSize=100")).body.data.items;
    const marks = first.map(flagged);
    expect(marks[0]).toBe(true);
    expect(marks).toEqual([...marks].sort((a: boolean, b: boolean) => Number(b) - Number(a)));
    const dates = first.filter(flagged).map((g: { sailDate: string }) => g.sailDate);
    expect(dates).toEqual([...dates].sort());
    const plain = (await as("agent.usa", "GET", "/groups?pageSize=100")).body.data.items;
    expect(plain.map((g: { groupId: string }) => g.groupId)).not.toEqual(
      first.map((g: { groupId: string }) => g.groupId),
    );
  });

  it.each(["brand=X", "from=2026-02-31", "sort=secret", "pageSize=1000", "other=1", "flaggedFirst=yes"])(
    "answers 400 for %s",
    async (query) => {
      const reply = await as("agent.usa", "GET", `/groups?${query}`);
      expect(reply.status).toBe(400);
      expect(reply.body.message.errorCode).toBe("INVALID_REQUEST");
    },
  );
});

describe("GET /groups/{groupId}", () => {
  it("answers a group of the agency with its deadlines and bookings", async () => {
    const group = groupOf("AG100101", "MIA");
    const reply = await as("agent.usa", "GET", `/groups/${group.group_id}`);
    expect(reply.status).toBe(200);
    const body = reply.body.data;
    expect(body.groupId).toBe(group.group_id);
    expect(body.deadlines.map((d: { kind: string }) => d.kind)).toEqual(["DEPOSIT", "SECOND_DEPOSIT", "FINAL_PAYMENT"]);
    expect(body.bookings.length).toBeGreaterThan(0);
    const ids = h.db
      .prepare("SELECT booking_id FROM insight_bookings WHERE group_id = ? ORDER BY booking_id")
      .pluck()
      .all(group.group_id);
    expect(body.bookings.map((b: { bookingId: string }) => b.bookingId)).toEqual(ids);
  });

  it("answers 404 for another agency's group, the same as for one that does not exist", async () => {
    const other = groupOf("AG100102");
    const reply = await as("agent.usa", "GET", `/groups/${other.group_id}`);
    expect(reply.status).toBe(404);
    expect(reply.body.message.errorCode).toBe("NOT_FOUND");
    const none = await as("agent.usa", "GET", "/groups/G000000");
    expect(none.status).toBe(404);
    expect((await as("admin.can", "GET", `/groups/${other.group_id}`)).status).toBe(200);
  });
});

describe("a group's space history", () => {
  type Point = { date: string; held: number; booked: number; released: number };
  it("runs from the space first held to today, day by day, and ends at the group's figures", async () => {
    const ids = h.db
      .prepare("SELECT group_id FROM travel_groups WHERE agency_id = 'AG100101' AND branch_code = 'MIA'")
      .pluck()
      .all() as string[];
    expect(ids.length).toBeGreaterThan(3);
    for (const id of ids) {
      const group = (await as("agent.usa", "GET", `/groups/${id}`)).body.data;
      const history: Point[] = group.spaceHistory;
      expect(history.length, id).toBeGreaterThan(0);
      const dates = history.map((p) => p.date);
      expect(dates, id).toEqual([...new Set(dates)].sort());
      expect(history[0]!.booked, id).toBe(0);
      expect(history.every((p) => p.held >= p.booked)).toBe(true);
      const last = history[history.length - 1]!;
      expect(last.date <= "2026-03-02" && last.date <= group.sailDate, id).toBe(true);
      if (group.sailDate >= "2026-03-02") {
        expect(last.date, id).toBe("2026-03-02");
        expect({ held: last.held, booked: last.booked, released: last.released }, id).toEqual(group.staterooms);
      }
    }
    // Deterministic: the same history on the next read.
    const again = (await as("agent.usa", "GET", `/groups/${ids[0]}`)).body.data.spaceHistory;
    expect(again).toEqual((await as("agent.usa", "GET", `/groups/${ids[0]}`)).body.data.spaceHistory);
  });
});

describe("group space requests", () => {
  const valid = () => ({
    sailingId: futureSailing(),
    staterooms: 12,
    cabinClass: "BALCONY",
    groupName: "Rotary club cruise",
    notes: "Adjoining staterooms where possible.",
  });

  it("creates a request on a future sailing and lists it for the agency only", async () => {
    const created = await as("agent.usa", "POST", "/groups/requests", valid());
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      requestId: expect.stringMatching(/^GSR-\d{6}$/),
      staterooms: 12,
      cabinClass: "BALCONY",
      status: "REQUESTED",
      groupName: "Rotary club cruise",
    });
    const list = await as("agent.usa", "GET", "/groups/requests");
    expect(list.body.data.items).toHaveLength(1);
    expect((await as("admin.can", "GET", "/groups/requests")).body.data.items).toEqual([]);
  });

  it.each([
    [7, 422, "BELOW_MINIMUM"],
    [0, 422, "BELOW_MINIMUM"],
    [201, 422, "ABOVE_MAXIMUM"],
  ])("refuses %i staterooms with %i %s", async (staterooms, status, code) => {
    const reply = await as("agent.usa", "POST", "/groups/requests", { ...valid(), staterooms });
    expect(reply.status).toBe(status);
    expect(reply.body.message.errorCode).toBe(code);
  });

  it("refuses a sailing that does not exist (404) and one that has sailed (409)", async () => {
    const none = await as("agent.usa", "POST", "/groups/requests", { ...valid(), sailingId: "ZZ20990101" });
    expect(none.status).toBe(404);
    expect(none.body.message.errorCode).toBe("SAILING_NOT_FOUND");
    const sailed = h.db
      .prepare("SELECT sailing_id FROM catalogue_sailings WHERE sail_date <= '2026-03-02' LIMIT 1")
      .pluck()
      .get() as string;
    const past = await as("agent.usa", "POST", "/groups/requests", { ...valid(), sailingId: sailed });
    expect(past.status).toBe(409);
    expect(past.body.message.errorCode).toBe("SAILING_DEPARTED");
  });

  it("answers 400 for a malformed body and keeps nothing", async () => {
    for (const body of [
      { ...valid(), cabinClass: "PENTHOUSE" },
      { ...valid(), groupName: "" },
      { ...valid(), sailingId: "x" },
    ]) {
      expect((await as("agent.usa", "POST", "/groups/requests", body)).status).toBe(400);
    }
    expect((await as("agent.usa", "GET", "/groups/requests")).body.data.items).toEqual([]);
  });

  it("is emptied by /dev/reset", async () => {
    expect((await as("agent.usa", "POST", "/groups/requests", valid())).status).toBe(201);
    await h.reset();
    expect((await as("agent.usa", "GET", "/groups/requests")).body.data.items).toEqual([]);
  });
});

/** A future sailing whose class has this availability (the catalogue's avail_* column). */
function sailingWith(column: string, availability: string): string {
  const id = h.db
    .prepare(
      `SELECT sailing_id FROM catalogue_sailings WHERE sail_date > '2026-06-01' AND ${column} = ? ORDER BY sailing_id LIMIT 1`,
    )
    .pluck()
    .get(availability) as string | undefined;
  if (!id) throw new Error(`no sailing with ${column} ${availability}`);
  return id;
}

describe("the line's decision on a request for group space", () => {
  const request = (sailingId: string, staterooms: number, cabinClass = "BALCONY") => ({
    sailingId,
    staterooms,
    cabinClass,
    groupName: "Garden club",
  });
  // A fresh sign-in each time: the clock moves on past a token's life.
  const requests = async (username = "agent.usa") => {
    h.forgetTokens();
    return (await as(username, "GET", "/groups/requests")).body.data.items as Array<Record<string, unknown>>;
  };

  it.each([
    [12, "OPEN", "CONFIRMED", null],
    [40, "OPEN", "CONFIRMED", null],
    [41, "OPEN", "DECLINED", /Only 40 balcony staterooms can be held for one group on this sailing; 41 were asked for/],
    [10, "FEW_LEFT", "CONFIRMED", null],
    [11, "FEW_LEFT", "DECLINED", /Only 10 balcony staterooms/],
    [8, "SOLD_OUT", "DECLINED", /balcony staterooms on this sailing are sold out/],
    [8, null, "DECLINED", /ship has no balcony staterooms/],
  ] as const)("%i staterooms of a class that is %s: %s", (staterooms, availability, status, reason) => {
    const verdict = spaceVerdict({ staterooms, cabin_class: "BALCONY" }, availability);
    expect(verdict.status).toBe(status);
    if (reason) expect(verdict.reason).toMatch(reason);
    else expect(verdict.reason).toBeNull();
  });

  it("stays requested for 48 hours, then is confirmed when the class's availability allows the staterooms", async () => {
    const sailingId = sailingWith("avail_balcony", "OPEN");
    expect((await as("agent.usa", "POST", "/groups/requests", request(sailingId, 12))).status).toBe(201);
    h.clock.advance(SPACE_DECISION.afterMs - 1000);
    expect(await requests()).toMatchObject([{ status: "REQUESTED", decidedAt: null, reason: null }]);
    h.clock.advance(1000);
    expect(await requests()).toMatchObject([
      { status: "CONFIRMED", reason: null, decidedAt: new Date(TEST_START + SPACE_DECISION.afterMs).toISOString() },
    ]);
  });

  it("is declined with the reason when the class cannot give the staterooms, and each agency's only on its read", async () => {
    const open = sailingWith("avail_balcony", "OPEN");
    const soldOut = sailingWith("avail_interior", "SOLD_OUT");
    await as("agent.usa", "POST", "/groups/requests", request(open, 41));
    await as("agent.usa", "POST", "/groups/requests", request(soldOut, 8, "INTERIOR"));
    h.clock.advance(SPACE_DECISION.afterMs);
    const items = await requests();
    expect(items.map((i) => [i.sailingId, i.status])).toEqual([
      [soldOut, "DECLINED"],
      [open, "DECLINED"],
    ]);
    expect(items[0]?.reason).toMatch(/interior staterooms on this sailing are sold out/);
    expect(items[1]?.reason).toMatch(/Only 40 balcony staterooms/);
  });

  it("POST /dev/groups/decide decides now, as the line would or with the outcome given, one request or an agency's", async () => {
    const open = sailingWith("avail_balcony", "OPEN");
    const first = (await as("agent.usa", "POST", "/groups/requests", request(open, 12))).body.data.requestId;
    const second = (await as("agent.usa", "POST", "/groups/requests", request(open, 60))).body.data.requestId;
    const third = (await as("agent.usa", "POST", "/groups/requests", request(open, 20))).body.data.requestId;
    const other = (await as("admin.can", "POST", "/groups/requests", request(open, 12))).body.data.requestId;

    const one = await h.call("POST", "/dev/groups/decide", { requestId: first });
    expect(one.body.data.decided).toEqual([{ requestId: first, status: "CONFIRMED", reason: null }]);
    const forced = await h.call("POST", "/dev/groups/decide", { requestId: third, outcome: "DECLINED" });
    expect(forced.body.data.decided).toEqual([{ requestId: third, status: "DECLINED", reason: DEMO_DECLINE_REASON }]);
    const agency = await h.call("POST", "/dev/groups/decide", { username: "agent.usa" });
    expect(agency.body.data.decided).toEqual([
      { requestId: second, status: "DECLINED", reason: expect.stringMatching(/Only 40 balcony/) },
    ]);
    // Decided once: deciding again changes nothing; the other agency's request still waits.
    expect((await h.call("POST", "/dev/groups/decide", { requestId: first })).body.data.decided).toEqual([]);
    expect((await requests("admin.can")).map((i) => [i.requestId, i.status])).toEqual([[other, "REQUESTED"]]);
    expect((await requests()).map((i) => i.status)).toEqual(["DECLINED", "DECLINED", "CONFIRMED"]);

    expect((await h.call("POST", "/dev/groups/decide", { requestId: "nope" })).status).toBe(400);
    expect((await h.call("POST", "/dev/groups/decide", { username: "nobody" })).status).toBe(400);
  });

  it("the decision endpoint is not there in production mode", async () => {
    const production = startHarness({ mode: "production" });
    try {
      expect((await production.call("POST", "/dev/groups/decide", {})).status).toBe(404);
    } finally {
      production.close();
    }
  });
});
