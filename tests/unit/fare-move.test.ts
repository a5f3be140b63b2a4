import { describe, expect, it } from "vitest";
import { fareMove } from "~/domain/catalogue/fares";

const wave = { code: "WAVE26", name: "Wave Season" };

describe("fareMove: how today's fare moved from the catalogue's list fare (decision 046)", () => {
  it.each([
    // [today's per guest, list per guest, offer, expected direction, percent]
    [850, 1000, wave, "lowered", 15],
    [1050, 1000, null, "raised", 5],
    [999, 1000, wave, "lowered", 1], // under half a percent still reads as a move
    [1, 100, wave, "lowered", 99],
  ] as const)("%s against a list fare of %s is %s", (price, list, offer, direction, percent) => {
    const move = fareMove(price, { since: "2026-11-12", listPricePerGuest: list, offer });
    expect(move).toMatchObject({ direction, percent, from: list, to: price, since: "2026-11-12" });
  });

  it("names the offer only for a lowered fare", () => {
    expect(fareMove(850, { since: "2026-11-12", listPricePerGuest: 1000, offer: wave })?.offer).toEqual(wave);
    expect(fareMove(1050, { since: "2026-11-12", listPricePerGuest: 1000, offer: wave })?.offer).toBeNull();
  });

  it("is no move for the list fare itself, or without a change", () => {
    expect(fareMove(1000, null)).toBeNull();
    expect(fareMove(1000, { since: "2026-11-12", listPricePerGuest: 1000, offer: null })).toBeNull();
    expect(fareMove(0, { since: "2026-11-12", listPricePerGuest: 0, offer: null })).toBeNull();
  });
});
