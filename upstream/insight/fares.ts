import { dayNumber, isoDate } from "../catalogue/generate";
import { seededRng } from "../catalogue/random";
import type { CabinClass } from "../catalogue/types";
import type { InsightSailing } from "./generate";

/**
 * The demo's fare schedule: each sailing's fare per stateroom class over time, so prices drop (and rise)
 * and the price-drop watch has something to find. A fare is the catalogue's price (US dollars per guest for
 * the first two guests, and per additional guest) from the day bookings open; then, on each repricing day
 * (every 14 days from 28 days before the anchor to 84 after, while the sailing has not sailed), a class's fare
 * may move: an offer takes 5–20 % off (and may later end, the fare going back), or the fare rises 3–8 %.
 * Seeded with the anchor, the sailing and the class, so the same catalogue gives the same schedule.
 */
export type FareRow = {
  sailingId: string;
  cabinClass: CabinClass;
  effectiveOn: string;
  pricePerGuest: number;
  additionalGuestPrice: number;
  /** The offer that set this fare, when an offer did. */
  offerCode: string | null;
  offerName: string | null;
};

/** Repricing days, as days from the anchor. */
export const REPRICE_FROM = -28;
export const REPRICE_TO = 84;
export const REPRICE_EVERY = 14;
/** The catalogue fare applies from this many days before the anchor (before any booking was made). */
export const BASE_FROM = -600;

/** The offers a fare drop comes with; the code gets the year's two digits (`WAVE26`). */
export const FARE_OFFERS = [
  { code: "WAVE", name: "Wave Season" },
  { code: "FLASH", name: "Flash sale" },
  { code: "BLACKFRI", name: "Black Friday" },
  { code: "LASTCALL", name: "Last call" },
] as const;

export const offerCodeOn = (code: string, day: string) => `${code}${day.slice(2, 4)}`;

/** A fare `percent` below (negative: above) the given one, in whole dollars. */
export const movedPrice = (price: number, percent: number) =>
  price <= 0 ? 0 : Math.max(1, Math.round(price * (1 - percent / 100)));

export function fareSchedule(anchor: string, sailings: readonly InsightSailing[]): FareRow[] {
  const anchorDay = dayNumber(anchor);
  const rows: FareRow[] = [];
  for (const sailing of sailings) {
    const sailDay = dayNumber(sailing.sailDate);
    for (const price of sailing.prices) {
      const base = { sailingId: sailing.sailingId, cabinClass: price.cabinClass };
      rows.push({
        ...base,
        effectiveOn: isoDate(anchorDay + BASE_FROM),
        pricePerGuest: price.pricePerGuest,
        additionalGuestPrice: price.additionalGuestPrice,
        offerCode: null,
        offerName: null,
      });
      const rng = seededRng(`fares:${anchor}:${sailing.sailingId}:${price.cabinClass}`);
      let state: "base" | "offer" | "rise" = "base";
      for (let offset = REPRICE_FROM; offset <= REPRICE_TO; offset += REPRICE_EVERY) {
        const day = anchorDay + offset;
        if (day >= sailDay) break;
        const roll = rng.next();
        let percent: number | null = null;
        let offer: (typeof FARE_OFFERS)[number] | null = null;
        if (state === "base" && roll < 0.14) {
          percent = rng.int(5, 20);
          offer = rng.pick(FARE_OFFERS);
          state = "offer";
        } else if (state === "base" && roll < 0.2) {
          percent = -rng.int(3, 8);
          state = "rise";
        } else if (state !== "base" && roll < 0.3) {
          percent = 0;
          state = "base";
        }
        if (percent === null) continue;
        rows.push({
          ...base,
          effectiveOn: isoDate(day),
          pricePerGuest: movedPrice(price.pricePerGuest, percent),
          additionalGuestPrice: movedPrice(price.additionalGuestPrice, percent),
          offerCode: offer ? offerCodeOn(offer.code, isoDate(day)) : null,
          offerName: offer?.name ?? null,
        });
      }
    }
  }
  return rows;
}
