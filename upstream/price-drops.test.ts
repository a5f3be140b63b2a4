import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dayNumber, isoDate } from "./catalogue/generate";
import { catalogueInsightSailings } from "./db/insight-sailings";
import { ensurePriceWatch } from "./db/price-drops";
import { fareSchedule, movedPrice, REPRICE_EVERY, REPRICE_FROM, REPRICE_TO } from "./insight/fares";
import { sendDigests } from "./insight/digest";
import { outbox } from "./testing/codes";
import { startHarness, type Harness } from "./testing/harness";

/** The harness's anchor and today (its clock starts on 2026-03-02). */
const TODAY = "2026-03-02";
const DAY_MS = 86_400_000;

type Row = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let h: Harness;
beforeAll(() => {
  h = startHarness();
}, 120_000);
afterAll(() => h.close());

const digestDeps = () => ({
  db: h.db,
  config: h.config,
  keys: h.keys,
  clock: h.clock,
  logger: { info: () => {}, error: () => {} },
});

const drops = (query = "") => h.as("agent.usa", "GET", `/insight/price-drops?branch=MIA${query}`);

describe("the fare schedule (demo mode)", () => {
  it("is the same for the same catalogue, starts at the catalogue's fare, and moves only on repricing days before sailing", () => {
    const sailings = catalogueInsightSailings(h.db).slice(0, 300);
    const a = fareSchedule(TODAY, sailings);
    expect(fareSchedule(TODAY, sailings)).toEqual(a);
    const anchorDay = dayNumber(TODAY);
    for (const s of sailings) {
      for (const p of s.prices) {
        const rows = a.filter((r) => r.sailingId === s.sailingId && r.cabinClass === p.cabinClass);
        expect(rows[0]).toMatchObject({ pricePerGuest: p.pricePerGuest, offerCode: null });
        for (const move of rows.slice(1)) {
          const offset = dayNumber(move.effectiveOn) - anchorDay;
          expect(offset).toBeGreaterThanOrEqual(REPRICE_FROM);
          expect(offset).toBeLessThanOrEqual(REPRICE_TO);
          expect((offset - REPRICE_FROM) % REPRICE_EVERY).toBe(0);
          expect(move.effectiveOn < s.sailDate).toBe(true);
          // A drop always comes with the offer that made it.
          if (move.pricePerGuest < p.pricePerGuest) expect(move.offerCode).toMatch(/^[A-Z]+26$/);
        }
      }
    }
    // Some fares drop in the weeks before the anchor, some after it.
    const dropped = a.filter((r) => r.offerCode !== null);
    expect(dropped.some((r) => r.effectiveOn <= TODAY)).toBe(true);
    expect(dropped.some((r) => r.effectiveOn > TODAY)).toBe(true);
  });

  it("keeps whole dollars and never makes a free fare cost something", () => {
    expect(movedPrice(1000, 15)).toBe(850);
    expect(movedPrice(999, 10)).toBe(899);
    expect(movedPrice(1000, -5)).toBe(1050);
    expect(movedPrice(0, 20)).toBe(0);
  });

  it("records each booking's fare at the fare it was booked at", () => {
    const missing = h.db.prepare("SELECT count(*) FROM insight_bookings WHERE fare_cents IS NULL").pluck().get();
    expect(missing).toBe(0);
  });

  it("writes again a guest alone's booked fare that migration 16 cleared, with the single supplement", () => {
    const single = `SELECT b.booking_id AS id, b.fare_cents AS cents, f.price_per_guest AS perGuest,
        s.single_supplement_percent AS supplement
      FROM insight_bookings b JOIN catalogue_sailings s ON s.sailing_id = b.sailing_id
      JOIN insight_fares f ON f.id = (SELECT g.id FROM insight_fares g WHERE g.sailing_id = b.sailing_id
        AND g.cabin_class = b.cabin_class AND g.effective_on <= b.booked_on ORDER BY g.effective_on DESC, g.id DESC LIMIT 1)
      WHERE b.guest_count = 1 AND b.currency = 'USD' ORDER BY b.booking_id LIMIT 20`;
    const before = h.db.prepare(single).all() as Row[];
    expect(before.length).toBeGreaterThan(0);
    h.db.exec("UPDATE insight_bookings SET fare_cents = NULL WHERE guest_count = 1");
    ensurePriceWatch(h.db);
    const after = h.db.prepare(single).all() as Row[];
    expect(after).toEqual(before);
    for (const b of after) expect(b.cents).toBe(Math.round(b.perGuest * (1 + b.supplement / 100) * 100));
  });
});

describe("GET /insight/price-drops", () => {
  it("lists bookings whose fare for the same sailing, class and party is lower now, before final payment", async () => {
    const reply = await drops("&pageSize=100");
    expect(reply.status).toBe(200);
    const { items, total } = reply.body.data;
    expect(total).toBeGreaterThan(5);
    for (const d of items as Row[]) {
      expect(d.currentFare).toBeLessThan(d.bookedFare);
      expect(d.saving).toBeCloseTo(d.bookedFare - d.currentFare, 2);
      expect(d.finalPaymentDate >= TODAY).toBe(true);
      // An offer made it cheaper, or the fare came back down after a rise the booking was made in.
      if (d.offerCode === null) expect(d.offerName).toBeNull();
      else expect(d.offerCode).toMatch(/^[A-Z]+26$/);
      const booking = h.db
        .prepare("SELECT cabin_class, guest_count, fare_cents, status FROM insight_bookings WHERE booking_id = ?")
        .get(d.bookingId) as Row;
      expect(booking).toMatchObject({ cabin_class: d.cabinClass, guest_count: d.guests });
      expect(booking.fare_cents / 100).toBe(d.bookedFare);
      expect(["OPEN", "CONFIRMED"]).toContain(booking.status);
    }
    // Sorted by final payment date by default: the one to claim first on top.
    const dates = (items as Row[]).map((d) => d.finalPaymentDate);
    expect(dates).toEqual([...dates].sort());
  });

  it("keeps only savings of at least the minimum asked, and sorts by saving", async () => {
    const all = (await drops("&pageSize=100&sort=saving&order=desc")).body.data;
    const savings = (all.items as Row[]).map((d) => d.saving);
    expect(savings).toEqual([...savings].sort((x, y) => y - x));
    const floor = Math.floor(savings[Math.floor(savings.length / 2)]!);
    const some = (await drops(`&minSaving=${floor}&pageSize=100`)).body.data;
    expect(some.total).toBeLessThan(all.total);
    expect(some.total).toBeGreaterThan(0);
    for (const d of some.items as Row[]) expect(d.saving).toBeGreaterThanOrEqual(floor);
  });

  it("finds a booking by the start of its id", async () => {
    const first = (await drops()).body.data.items[0] as Row;
    const found = (await drops(`&q=${first.bookingId}`)).body.data;
    expect(found.items.map((d: Row) => d.bookingId)).toEqual([first.bookingId]);
  });

  it("answers 400 for a minimum that is not an amount", async () => {
    const reply = await drops("&minSaving=lots");
    expect(reply.status).toBe(400);
  });

  it("streams the same rows as NDJSON for the CSV", async () => {
    const token = (await h.login("agent.usa")).body.data.access_token;
    const response = await h.app.request("/insight/price-drops/export?branch=MIA", {
      headers: { authorization: `Bearer ${token}` },
    });
    const lines = (await response.text()).trim().split("\n");
    expect(lines.length).toBe((await drops()).body.data.total);
  });

  it("finds the drops that the schedule makes later, as the days pass", async () => {
    const before = (await drops()).body.data.total as number;
    h.clock.advance(14 * DAY_MS);
    h.forgetTokens();
    try {
      const later = (await drops()).body.data;
      expect(later.total).not.toBe(before);
      for (const d of later.items as Row[]) expect(d.finalPaymentDate >= isoDate(dayNumber(TODAY) + 14)).toBe(true);
    } finally {
      h.clock.advance(-14 * DAY_MS);
      h.forgetTokens();
    }
  });
});

describe("POST /dev/price-drops", () => {
  it("drops a booking's fare now, so it appears in the list; a reset takes the move back", async () => {
    const moved = await h.call("POST", "/dev/price-drops", { percent: 40 });
    expect(moved.status).toBe(200);
    const { bookingId, effectiveOn, offerCode } = moved.body.data;
    expect(effectiveOn).toBe(TODAY);
    const listed = (await drops("&pageSize=100&sort=saving&order=desc")).body.data.items as Row[];
    const row = listed.find((d) => d.bookingId === bookingId);
    expect(row).toMatchObject({ offerCode, fareSince: TODAY });
    expect(row!.saving).toBeGreaterThan(0);

    await h.call("POST", "/dev/reset");
    const after = (await drops("&pageSize=100&sort=saving&order=desc")).body.data.items as Row[];
    expect(after.some((d) => d.bookingId === bookingId)).toBe(false);
  });

  it("answers 400 for a booking it cannot drop", async () => {
    const reply = await h.call("POST", "/dev/price-drops", { bookingId: "NOSUCH" });
    expect(reply.status).toBe(400);
  });
});

describe("the digest's price drops", () => {
  it("lists the branch's price drops when the agent chose them, with the saving and the final payment date", async () => {
    const saved = await h.as("agent.usa", "PUT", "/insight/digest", {
      enabled: true,
      frequency: "DAILY",
      alertTypes: ["FINAL_PAYMENT_DUE"],
      enrolment: "ALL",
      priceDropMinimum: 10,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.priceDropMinimum).toBe(10);
    // Leaving the field out keeps the choice.
    const kept = await h.as("agent.usa", "PUT", "/insight/digest", {
      enabled: true,
      frequency: "DAILY",
      alertTypes: ["FINAL_PAYMENT_DUE"],
      enrolment: "ALL",
    });
    expect(kept.body.data.priceDropMinimum).toBe(10);
    sendDigests(digestDeps(), { frequency: "DAILY" });
    const mail = (await outbox(h, "agent.usa@example.com")).at(0) as Row | undefined;
    expect(mail?.body).toMatch(/Price drops: \d+ bookings' fares have dropped/);
    expect(mail?.body).toMatch(/saves \d+\.\d\d USD/);
    expect(mail?.body).toContain("/insights/price-drops");

    await h.as("agent.usa", "PUT", "/insight/digest", {
      enabled: true,
      frequency: "DAILY",
      alertTypes: ["FINAL_PAYMENT_DUE"],
      enrolment: "ALL",
      priceDropMinimum: null,
    });
    sendDigests(digestDeps(), { frequency: "DAILY" });
    expect(((await outbox(h, "agent.usa@example.com")).at(0) as Row).body).not.toContain("Price drops");
  });
});

describe("the catalogue follows the fare schedule", () => {
  const CLASSES = ["INTERIOR", "OUTSIDE", "BALCONY", "DELUXE"] as const;
  const inForce = (sailingId: string, cabinClass: string, day: string) =>
    h.db
      .prepare(
        `SELECT price_per_guest FROM insight_fares WHERE sailing_id = ? AND cabin_class = ? AND effective_on <= ?
         ORDER BY effective_on DESC, id DESC LIMIT 1`,
      )
      .pluck()
      .get(sailingId, cabinClass, day) as number;
  /** Sailings whose searchable price differs from the fare in force on `day`, or whose lowest price is wrong. */
  const disagreeing = (day: string) => {
    let n = 0;
    for (const c of CLASSES.map((c) => c.toLowerCase())) {
      n += h.db
        .prepare(
          `SELECT count(*) FROM catalogue_sailings s WHERE s.price_${c} IS NOT NULL AND (s.price_${c} IS NOT
             (SELECT f.price_per_guest FROM insight_fares f WHERE f.sailing_id = s.sailing_id
               AND f.cabin_class = '${c.toUpperCase()}' AND f.effective_on <= ? ORDER BY f.effective_on DESC, f.id DESC LIMIT 1)
             OR s.open_${c} IS NOT (CASE WHEN s.avail_${c} = 'SOLD_OUT' THEN NULL ELSE s.price_${c} END))`,
        )
        .pluck()
        .get(day) as number;
    }
    const lowest = h.db
      .prepare(
        `SELECT count(*) FROM catalogue_sailings WHERE lowest_price IS NOT (SELECT min(v) FROM (
           SELECT open_interior AS v UNION ALL SELECT open_outside UNION ALL SELECT open_balcony
           UNION ALL SELECT open_deluxe))`,
      )
      .pluck()
      .get() as number;
    return n + lowest;
  };
  /** A request, so the upstream brings its catalogue up to the clock's day. */
  const touch = () => h.call("GET", "/healthz");

  it("prices, searches and sorts every sailing at the fare in force today, not the list fare", async () => {
    await touch();
    expect(disagreeing(TODAY)).toBe(0);
    // Some fares did move by today, so this is not the list fare throughout.
    const moved = h.db
      .prepare(
        `SELECT f.sailing_id AS sailingId, f.cabin_class AS cabinClass FROM insight_fares f
         JOIN catalogue_sailings s ON s.sailing_id = f.sailing_id
         WHERE f.effective_on > (SELECT min(effective_on) FROM insight_fares) AND f.effective_on <= ? AND f.offer_code IS NOT NULL
           AND s.sail_date > ? ORDER BY f.sailing_id LIMIT 20`,
      )
      .all(TODAY, TODAY) as Array<{ sailingId: string; cabinClass: string }>;
    expect(moved.length).toBeGreaterThan(5);
    for (const { sailingId, cabinClass } of moved) {
      const sailing = (await h.as("agent.usa", "GET", `/catalogue/sailings/${sailingId}`)).body.data;
      const price = (sailing.prices as Row[]).find((p) => p.cabinClass === cabinClass)!;
      expect(price.pricePerGuest).toBe(inForce(sailingId, cabinClass, TODAY));
      if (price.fareChange !== null) {
        expect(price.fareChange.since <= TODAY).toBe(true);
        // A lower fare than the list's names the offer that lowered it.
        if (price.pricePerGuest < price.fareChange.listPricePerGuest)
          expect(price.fareChange.offer.code).toMatch(/26$/);
      }
    }
    // The search sorts by today's lowest price.
    const page = (await h.as("agent.usa", "GET", "/catalogue/sailings?sort=price&pageSize=50")).body.data
      .items as Row[];
    const lowest = page.map((s) => s.lowestPrice as number);
    expect(lowest).toEqual([...lowest].sort((a, b) => a - b));
  });

  it("moves with the days, either way", async () => {
    const later = isoDate(dayNumber(TODAY) + 14);
    h.clock.advance(14 * DAY_MS);
    try {
      await touch();
      expect(disagreeing(later)).toBe(0);
    } finally {
      h.clock.advance(-14 * DAY_MS);
    }
    await touch();
    expect(disagreeing(TODAY)).toBe(0);
  });

  it("shows a fare moved by hand at once on the sailing page, with its offer, and a reset takes it back", async () => {
    const moved = (await h.call("POST", "/dev/price-drops", { percent: 30 })).body.data;
    const priceOf = async () =>
      ((await h.as("agent.usa", "GET", `/catalogue/sailings/${moved.sailingId}`)).body.data.prices as Row[]).find(
        (p) => p.cabinClass === moved.cabinClass,
      )!;
    const lowered = await priceOf();
    expect(lowered.pricePerGuest).toBe(inForce(moved.sailingId, moved.cabinClass, TODAY));
    expect(lowered.fareChange).toMatchObject({ since: TODAY, offer: { code: moved.offerCode, name: "Flash sale" } });
    expect(disagreeing(TODAY)).toBe(0);

    await h.call("POST", "/dev/reset");
    const back = await priceOf();
    expect(back.pricePerGuest).toBeGreaterThan(lowered.pricePerGuest);
    expect(back.pricePerGuest).toBe(inForce(moved.sailingId, moved.cabinClass, TODAY));
    expect(disagreeing(TODAY)).toBe(0);
  });

  it("agrees with the price-drop list: a USD party's fare now is what the sailing page's rule charges it", async () => {
    const items = (await drops("&pageSize=100")).body.data.items as Row[];
    const usd = items.filter((d) => d.currency === "USD");
    // Every party size the rule prices differently: a guest alone, two, and more.
    const sizes = [1, 2, 3, 4].map((n) => usd.find((d) => d.guests === n)).filter((d) => d !== undefined);
    expect(sizes.map((d) => d.guests)).toContain(1);
    expect(sizes.length).toBeGreaterThanOrEqual(2);
    for (const d of sizes) {
      const sailingId = h.db
        .prepare("SELECT sailing_id FROM insight_bookings WHERE booking_id = ?")
        .pluck()
        .get(d.bookingId) as string;
      const sailing = (await h.as("agent.usa", "GET", `/catalogue/sailings/${sailingId}`)).body.data;
      const price = (sailing.prices as Row[]).find((p) => p.cabinClass === d.cabinClass)!;
      const fare =
        d.guests === 1
          ? price.pricePerGuest * (1 + sailing.singleSupplementPercent / 100)
          : price.pricePerGuest * 2 + price.additionalGuestPrice * (d.guests - 2);
      expect(d.currentFare, `${d.bookingId}, ${d.guests} guests`).toBeCloseTo(fare, 2);
    }
  });
});
