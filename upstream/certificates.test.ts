import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEMO_CERTIFICATES } from "./db/certificates";
import { openDatabase } from "./db/index";
import { startHarness, type Harness } from "./testing/harness";
import { undoCertificatesMigration } from "./testing/schema";

let h: Harness;
beforeAll(() => {
  h = startHarness();
});
afterAll(() => h.close());

beforeEach(() => h.reset());
const as = (username: string, method: string, path: string, body?: unknown) => h.as(username, method, path, body);

/** A booking of AG100101 (agent.usa's agency) of the brand, not cancelled. */
function bookingOf(brand: "R" | "C" | "V", agencyId = "AG100101"): { booking_id: string; sailing_id: string } {
  const row = h.db
    .prepare(
      `SELECT booking_id, sailing_id FROM insight_bookings WHERE agency_id = ? AND brand = ? AND status != 'CANCELLED'
       ORDER BY booking_id LIMIT 1`,
    )
    .get(agencyId, brand) as { booking_id: string; sailing_id: string } | undefined;
  if (!row) throw new Error(`no ${brand} booking of ${agencyId}`);
  return row;
}

describe("GET /certificates/{code}", () => {
  it("asks for a bearer", async () => {
    const reply = await h.call("GET", "/certificates/RC-DEMO-0100");
    expect(reply.status).toBe(401);
  });

  it.each([
    ["RC-DEMO-0100", "VALID", 100, "R"],
    ["rc-demo-0250", "VALID", 250, "R"],
    ["CE-DEMO-0150", "VALID", 150, "C"],
    ["RC-EXPD-0050", "EXPIRED", 50, "R"],
    ["RC-USED-0075", "REDEEMED", 75, "R"],
  ])("%s is %s", async (code, state, value, brand) => {
    const reply = await as("agent.usa", "GET", `/certificates/${code}`);
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({ code: code.toUpperCase(), state, value, brand, currency: "USD" });
    expect(reply.body.data.conditions).toMatch(/no cash value/);
    // Another agency's redemption does not show its booking.
    expect(reply.body.data.redeemedBookingId).toBeNull();
  });

  it.each(["RC-DEMO", "RCDEMO0100", "R1-DEMO-0100", "RC-DEMO-01000", "'; DROP TABLE certificates"])(
    "answers 400 INVALID_CODE for the malformed %j",
    async (code) => {
      const reply = await as("agent.usa", "GET", `/certificates/${encodeURIComponent(code)}`);
      expect(reply.status).toBe(400);
      expect(reply.body.message.errorCode).toBe("INVALID_CODE");
    },
  );

  it("answers 404 UNKNOWN_CODE for a code of the right format that does not exist", async () => {
    const reply = await as("agent.usa", "GET", "/certificates/RC-NONE-0000");
    expect(reply.status).toBe(404);
    expect(reply.body.message.errorCode).toBe("UNKNOWN_CODE");
  });
});

describe("POST /certificates/{code}/redeem", () => {
  it("redeems on a booking of the agency, then refuses the second time; the redemption is listed", async () => {
    const booking = bookingOf("R");
    const first = await as("agent.usa", "POST", "/certificates/RC-DEMO-0100/redeem", { bookingId: booking.booking_id });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ state: "REDEEMED", redeemedBookingId: booking.booking_id });

    const again = await as("agent.usa", "POST", "/certificates/RC-DEMO-0100/redeem", { bookingId: booking.booking_id });
    expect(again.status).toBe(409);
    expect(again.body.message.errorCode).toBe("ALREADY_REDEEMED");

    const list = await as("agent.usa", "GET", "/certificates/redemptions");
    expect(list.status).toBe(200);
    expect(list.body.data.items).toHaveLength(1);
    expect(list.body.data.items[0]).toMatchObject({ code: "RC-DEMO-0100", bookingId: booking.booking_id, value: 100 });
    expect(list.body.data.items[0].shipName).toEqual(expect.any(String));
  });

  it("lists the agency's redemptions newest first, and only its own", async () => {
    const booking = bookingOf("R");
    expect(
      (await as("agent.usa", "POST", "/certificates/RC-DEMO-0100/redeem", { bookingId: booking.booking_id })).status,
    ).toBe(200);
    h.clock.advance(60_000);
    expect(
      (await as("agent.usa", "POST", "/certificates/RC-DEMO-0250/redeem", { bookingId: booking.booking_id })).status,
    ).toBe(200);
    const list = await as("agent.usa", "GET", "/certificates/redemptions");
    expect(list.body.data.items.map((i: { code: string }) => i.code)).toEqual(["RC-DEMO-0250", "RC-DEMO-0100"]);
    const other = await as("agent.basic", "GET", "/certificates/redemptions");
    expect(other.body.data.items).toEqual([]);
  });

  it("lists only one booking's redemptions when asked for a booking, and refuses a malformed booking id", async () => {
    const booking = bookingOf("R");
    expect(
      (await as("agent.usa", "POST", "/certificates/RC-DEMO-0100/redeem", { bookingId: booking.booking_id })).status,
    ).toBe(200);
    const mine = await as(
      "agent.usa",
      "GET",
      `/certificates/redemptions?bookingId=${booking.booking_id.toLowerCase()}`,
    );
    expect(mine.body.data.items.map((i: { code: string }) => i.code)).toEqual(["RC-DEMO-0100"]);
    const none = await as("agent.usa", "GET", "/certificates/redemptions?bookingId=NO-SUCH-1");
    expect(none.body.data.items).toEqual([]);
    expect((await as("agent.usa", "GET", "/certificates/redemptions?bookingId=%3Cscript%3E")).status).toBe(400);
  });

  it("has exactly one winner when two redemptions come at once", async () => {
    const booking = bookingOf("R");
    const token = await h.tokenOf("agent.usa");
    const replies = await Promise.all(
      [0, 1].map(() =>
        h.call("POST", "/certificates/RC-DEMO-0250/redeem", { bookingId: booking.booking_id }, h.bearer(token)),
      ),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(replies.find((r) => r.status === 409)?.body.message.errorCode).toBe("ALREADY_REDEEMED");
    const list = await as("agent.usa", "GET", "/certificates/redemptions");
    expect(list.body.data.items).toHaveLength(1);
  });

  it.each([
    ["CE-DEMO-0150", "R", "BRAND_MISMATCH"],
    ["RC-SAIL-0200", "R", "SAILING_MISMATCH"],
    ["RC-EXPD-0050", "R", "EXPIRED"],
    ["RC-USED-0075", "R", "ALREADY_REDEEMED"],
  ] as const)("refuses %s on a %s booking with 409 %s and changes nothing", async (code, brand, errorCode) => {
    const before = h.db.prepare("SELECT * FROM certificates WHERE code = ?").get(code);
    const reply = await as("agent.usa", "POST", `/certificates/${code}/redeem`, {
      bookingId: bookingOf(brand).booking_id,
    });
    expect(reply.status).toBe(409);
    expect(reply.body.message.errorCode).toBe(errorCode);
    expect(h.db.prepare("SELECT * FROM certificates WHERE code = ?").get(code)).toEqual(before);
  });

  it("answers 404 for a booking of another agency, and for an unknown code", async () => {
    const foreign = h.db
      .prepare("SELECT booking_id FROM insight_bookings WHERE agency_id != 'AG100101' LIMIT 1")
      .get() as { booking_id: string } | undefined;
    const bookingId = foreign?.booking_id ?? "9999999";
    const reply = await as("agent.usa", "POST", "/certificates/RC-DEMO-0100/redeem", { bookingId });
    expect(reply.status).toBe(404);
    expect(reply.body.message.errorCode).toBe("NOT_FOUND");
    const unknown = await as("agent.usa", "POST", "/certificates/RC-NONE-0000/redeem", { bookingId });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message.errorCode).toBe("UNKNOWN_CODE");
  });

  it("answers 400 for a malformed code or a missing booking id", async () => {
    expect((await as("agent.usa", "POST", "/certificates/BAD/redeem", { bookingId: "1" })).status).toBe(400);
    expect((await as("agent.usa", "POST", "/certificates/RC-DEMO-0100/redeem", {})).status).toBe(400);
  });

  it("is undone by the demo reset", async () => {
    const booking = bookingOf("R");
    await as("agent.usa", "POST", "/certificates/RC-DEMO-0100/redeem", { bookingId: booking.booking_id });
    await h.reset();
    const reply = await as("agent.usa", "GET", "/certificates/RC-DEMO-0100");
    expect(reply.body.data.state).toBe("VALID");
  });
});

describe("migration 9", () => {
  it("brings the demo certificates to a database seeded before it", () => {
    undoCertificatesMigration(h.db);
    const { db } = openDatabase(h.dataDir);
    try {
      const count = db.prepare("SELECT count(*) AS n FROM certificates").get() as { n: number };
      expect(count.n).toBe(DEMO_CERTIFICATES.length);
    } finally {
      db.close();
    }
  });
});
