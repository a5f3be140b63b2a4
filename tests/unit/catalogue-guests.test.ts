import { describe, expect, it } from "vitest";
import { clampParty, describeParty, isValidParty, roomFor, type Party } from "~/domain/catalogue/guests";

const party = (adults: number, children: number, infants: number): Party => ({ adults, children, infants });

describe("group size: adults 1 to 4; children and infants 0 to 3, each at most 4 − adults; total at most 4", () => {
  it.each([
    // as asked → as kept
    [party(2, 0, 0), party(2, 0, 0)],
    [party(1, 3, 0), party(1, 3, 0)],
    [party(1, 0, 3), party(1, 0, 3)],
    [party(1, 2, 1), party(1, 2, 1)],
    [party(4, 0, 0), party(4, 0, 0)],
    [party(0, 0, 0), party(1, 0, 0)],
    [party(5, 0, 0), party(4, 0, 0)],
    [party(-1, 1, 0), party(1, 1, 0)],
    [party(2, 3, 0), party(2, 2, 0)],
    [party(2, 0, 3), party(2, 0, 2)],
    [party(2, 2, 2), party(2, 2, 0)],
    [party(3, 1, 1), party(3, 1, 0)],
    [party(4, 1, 1), party(4, 0, 0)],
    [party(1, 4, 0), party(1, 3, 0)],
    [party(1, 3, 3), party(1, 3, 0)],
    [party(Number.NaN, 1, 0), party(2, 1, 0)],
    [party(2.7, 1.2, 0), party(2, 1, 0)],
  ])("%o is kept as %o", (asked, kept) => {
    expect(clampParty(asked)).toEqual(kept);
    expect(isValidParty(kept)).toBe(true);
  });

  it("every party it answers keeps every rule, whatever it is asked", () => {
    for (let a = -1; a <= 6; a++)
      for (let c = -1; c <= 5; c++)
        for (let i = -1; i <= 5; i++) {
          const p = clampParty(party(a, c, i));
          expect(p.adults).toBeGreaterThanOrEqual(1);
          expect(p.adults).toBeLessThanOrEqual(4);
          expect(p.children).toBeLessThanOrEqual(Math.min(3, 4 - p.adults));
          expect(p.infants).toBeLessThanOrEqual(Math.min(3, 4 - p.adults));
          expect(p.adults + p.children + p.infants).toBeLessThanOrEqual(4);
          expect(Math.min(p.children, p.infants)).toBeGreaterThanOrEqual(0);
        }
  });

  it("raising the adults lowers the room for the others, which are clamped to it", () => {
    const before = party(1, 2, 1);
    expect(clampParty({ ...before, adults: 3 })).toEqual(party(3, 1, 0));
    expect(clampParty({ ...before, adults: 4 })).toEqual(party(4, 0, 0));
  });

  it.each([
    ["children", party(2, 0, 0), 2],
    ["children", party(2, 0, 1), 1],
    ["infants", party(1, 1, 0), 2],
    ["infants", party(4, 0, 0), 0],
    ["children", party(1, 0, 0), 3],
    ["adults", party(1, 3, 0), 4],
  ] as const)("the %s list of %o offers up to %i", (kind, p, max) => expect(roomFor(kind, p)).toBe(max));

  it.each([
    [party(2, 0, 0), "2 adults"],
    [party(1, 1, 0), "1 adult, 1 child"],
    [party(2, 1, 1), "2 adults, 1 child, 1 infant"],
    [party(1, 2, 2), "1 adult, 2 children, 2 infants"],
  ])("%o reads %s", (p, words) => expect(describeParty(p)).toBe(words));
});
