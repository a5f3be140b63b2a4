import { describe, expect, it } from "vitest";
import { priceDrop, rowCountsAsDrop, type DropCheck } from "~/domain/insights/price-drop";

const booked = { cabinClass: "BALCONY", guests: 2, fare: 2400 };
const base: DropCheck = {
  booked,
  current: { ...booked, fare: 2200 },
  today: "2026-11-26",
  finalPaymentDate: "2027-01-10",
  minimum: 25,
};

describe("what counts as a price drop: same class, same party size, before final payment, at least the minimum", () => {
  it.each<[string, Partial<DropCheck>, ReturnType<typeof priceDrop>]>([
    ["a lower fare for the same class and party", {}, { drop: true, saving: 200 }],
    [
      "a lower fare for another class",
      { current: { ...booked, cabinClass: "INTERIOR", fare: 900 } },
      { drop: false, reason: "other class" },
    ],
    [
      "a lower fare for a smaller party",
      { current: { ...booked, guests: 1, fare: 1500 } },
      { drop: false, reason: "other party" },
    ],
    ["on the final payment date itself", { today: "2027-01-10" }, { drop: true, saving: 200 }],
    ["the day after the final payment date", { today: "2027-01-11" }, { drop: false, reason: "after final payment" }],
    ["the same fare", { current: { ...booked } }, { drop: false, reason: "not lower" }],
    ["a higher fare", { current: { ...booked, fare: 2500 } }, { drop: false, reason: "not lower" }],
    [
      "a saving just below the minimum",
      { current: { ...booked, fare: 2375.01 } },
      { drop: false, reason: "below minimum" },
    ],
    ["a saving of exactly the minimum", { current: { ...booked, fare: 2375 } }, { drop: true, saving: 25 }],
    [
      "any saving when the minimum is 0",
      { minimum: 0, current: { ...booked, fare: 2399.99 } },
      { drop: true, saving: 0.01 },
    ],
    [
      "cents that floating point would blur",
      { minimum: 0.3, booked: { ...booked, fare: 0.3 }, current: { ...booked, fare: 0 } },
      { drop: true, saving: 0.3 },
    ],
  ])("%s", (_name, change, verdict) => {
    expect(priceDrop({ ...base, ...change })).toEqual(verdict);
  });

  it("reads a list row as the booked and today's fare of the same class and party", () => {
    const row = {
      cabinClass: "OUTSIDE",
      guests: 3,
      bookedFare: 3000,
      currentFare: 2700,
      finalPaymentDate: "2027-01-10",
    };
    expect(rowCountsAsDrop(row, "2026-11-26", 25)).toBe(true);
    expect(rowCountsAsDrop(row, "2026-11-26", 301)).toBe(false);
    expect(rowCountsAsDrop(row, "2027-02-01", 25)).toBe(false);
  });
});
