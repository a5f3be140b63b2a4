import { describe, expect, it } from "vitest";
import { OFFER_URGENCY_NAMES, offerUrgency, urgentOffersFirst } from "~/domain/catalogue/offers";
import { isDefaultOrder } from "~/domain/catalogue/promotion-search";

const today = "2026-11-26";

describe("an offer whose last booking day is today or past is flagged in words", () => {
  it.each([
    ["2026-11-25", "ENDED", "Ended"],
    ["2026-01-01", "ENDED", "Ended"],
    ["2026-11-26", "ENDS_TODAY", "Ends today"],
    ["2026-11-27", null, null],
    ["2027-03-01", null, null],
  ] as const)("booking to %s (today %s): %s", (bookTo, urgency, words) => {
    expect(offerUrgency(bookTo, today)).toBe(urgency);
    if (urgency) expect(OFFER_URGENCY_NAMES[urgency]).toBe(words);
  });
});

describe("in an offer list's default order the urgent offers come first", () => {
  const offer = (offerId: string, bookTo: string) => ({ offerId, bookTo });
  it.each([
    [
      "already first (the default order is by last booking day)",
      [offer("A", "2026-11-26"), offer("B", "2026-11-27"), offer("C", "2026-12-01")],
      ["A", "B", "C"],
    ],
    [
      "an offer ending today after others moves up, the rest keep their order",
      [offer("A", "2026-12-05"), offer("B", "2026-11-30"), offer("C", "2026-11-26"), offer("D", "2026-12-01")],
      ["C", "A", "B", "D"],
    ],
    [
      "one that has ended goes before one ending today; ties keep their order",
      [offer("A", "2026-11-26"), offer("B", "2026-12-01"), offer("C", "2026-11-25"), offer("D", "2026-11-26")],
      ["C", "A", "D", "B"],
    ],
    ["nothing urgent: unchanged", [offer("A", "2027-01-01"), offer("B", "2026-12-01")], ["A", "B"]],
  ])("%s", (_, offers, order) => {
    expect(urgentOffersFirst(offers, today).map((o) => o.offerId)).toEqual(order);
  });
  it("the default order is by last booking day, soonest first", () => {
    expect(isDefaultOrder({ sort: "expires", order: "asc" })).toBe(true);
    expect(isDefaultOrder({ sort: "expires", order: "desc" })).toBe(false);
    expect(isDefaultOrder({ sort: "name", order: "asc" })).toBe(false);
  });
});
