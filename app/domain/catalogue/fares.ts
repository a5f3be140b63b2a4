import type { Party } from "~/domain/catalogue/guests";
import { CABIN_CLASSES, type CabinClass } from "~/domain/catalogue/codes";
import type { OfferValue } from "~/domain/catalogue/offers";

/**
 * What a party pays for one cabin class of a sailing (the catalogue contract's pricing rule): the
 * first two guests pay the per-guest price, a third and a fourth the additional-guest price, a guest
 * alone pays the single supplement on top; every guest (infants too) pays taxes and fees and the
 * deposit. Guests fill the berths adults first, then children, then infants. Amounts in the
 * catalogue's currency (USD); conversion happens when shown.
 */
export type ClassFare = {
  pricePerGuest: number;
  additionalGuestPrice: number;
  taxesAndFees: number;
  deposit: number;
};

export type PartyFare = {
  /** Cruise fare for the party, before taxes. */
  fare: number;
  /**
   * The cruise fare shared evenly by the party's guests, so per guest times guests is the fare: a
   * guest alone carries the single supplement, a third and fourth guest's lower price lowers it.
   */
  perGuest: number;
  taxesAndFees: number;
  total: number;
  /** Due at booking (the whole total when the final payment date has passed). */
  deposit: number;
  /** Due by the final payment date (0 when everything is due now). */
  finalPayment: number;
  /** True when the final payment date is today or past: the booking is paid in full at once. */
  payInFull: boolean;
};

export type FareTerms = { singleSupplementPercent: number; finalPaymentDate: string; today: string };

const cents = (n: number) => Math.round(n * 100) / 100;

/** Each guest's cruise fare in berth order (the first two at the per-guest price, then the additional). */
function guestFares(price: ClassFare, guests: number, singleSupplementPercent: number): number[] {
  if (guests === 1) return [price.pricePerGuest * (1 + singleSupplementPercent / 100)];
  return Array.from({ length: guests }, (_, i) => (i < 2 ? price.pricePerGuest : price.additionalGuestPrice));
}

function total(fares: number[], price: ClassFare, guests: number, depositPerGuest: number, options: FareTerms) {
  const fare = cents(fares.reduce((sum, f) => sum + f, 0));
  const taxesAndFees = price.taxesAndFees * guests;
  const all = fare + taxesAndFees;
  const payInFull = options.finalPaymentDate <= options.today;
  const deposit = payInFull ? all : Math.min(all, depositPerGuest * guests);
  const perGuest = guests > 0 ? cents(fare / guests) : 0;
  return { fare, perGuest, taxesAndFees, total: all, deposit, finalPayment: cents(all - deposit), payInFull };
}

export function partyFare(price: ClassFare, party: Party, options: FareTerms): PartyFare {
  const guests = party.adults + party.children + party.infants;
  return total(guestFares(price, guests, options.singleSupplementPercent), price, guests, price.deposit, options);
}

/**
 * What the party pays with an offer (docs/promotions-contract.md, value.kind): savings come off the
 * cruise fare, never below nothing; taxes and fees never change; an upgrade charges the fare of the
 * class below (`lower`, null when the sailing does not price one: no saving); a reduced deposit
 * lowers the deposit, not the fare; onboard credit and bonus commission leave the fare as it is.
 */
export function offerFare(
  price: ClassFare,
  lower: ClassFare | null,
  party: Party,
  value: OfferValue,
  options: FareTerms,
): PartyFare {
  const guests = party.adults + party.children + party.infants;
  const charged = value.kind === "UPGRADE" && lower ? lower : price;
  const fares = guestFares(charged, guests, options.singleSupplementPercent).map((fare, i) => {
    switch (value.kind) {
      case "PERCENT_OFF":
        return fare * (1 - value.amount / 100);
      case "AMOUNT_OFF":
        return Math.max(0, fare - value.amount);
      case "SECOND_GUEST_PERCENT_OFF":
        return i === 1 ? fare * (1 - value.amount / 100) : fare;
      case "ADDITIONAL_GUESTS_FREE":
        return i >= 2 ? 0 : fare;
      default:
        return fare;
    }
  });
  const deposit = value.kind === "REDUCED_DEPOSIT" ? Math.min(price.deposit, value.amount) : price.deposit;
  return total(fares, price, guests, deposit, options);
}

/** The class below, whose fare an upgrade charges (none below INTERIOR). */
export function classBelow(cabinClass: CabinClass): CabinClass | null {
  const i = CABIN_CLASSES.indexOf(cabinClass);
  return i > 0 ? CABIN_CLASSES[i - 1]! : null;
}

/**
 * A sailing's per-guest price in one class with the offer, for the usual two guests sharing (what a
 * list of sailings shows): `prices` are the sailing's per-guest prices by class.
 */
export function perGuestWithOffer(
  prices: ReadonlyArray<{ cabinClass: CabinClass; pricePerGuest: number }>,
  cabinClass: CabinClass,
  value: OfferValue,
): number | null {
  const perGuest = (c: CabinClass | null) => prices.find((p) => p.cabinClass === c)?.pricePerGuest;
  const price = perGuest(cabinClass);
  if (price === undefined) return null;
  const asFare = (n: number): ClassFare => ({ pricePerGuest: n, additionalGuestPrice: n, taxesAndFees: 0, deposit: 0 });
  const lower = perGuest(classBelow(cabinClass));
  const terms = { singleSupplementPercent: 0, finalPaymentDate: "9999-12-31", today: "0000-01-01" };
  const two = offerFare(asFare(price), lower === undefined ? null : asFare(lower), TWO_ADULTS, value, terms);
  return two.fare / 2;
}

const TWO_ADULTS: Party = { adults: 2, children: 0, infants: 0 };

/** Today's fare of a class when it is not the catalogue's list fare (the fare schedule moved it). */
export type FareChange = { since: string; listPricePerGuest: number; offer: { code: string; name: string } | null };

export type FareMove = {
  direction: "lowered" | "raised";
  /** Whole percent of the list fare, always positive. */
  percent: number;
  from: number;
  to: number;
  since: string;
  offer: { code: string; name: string } | null;
};

/** How far today's per-guest fare moved from the list fare, and which way; null when it did not move. */
export function fareMove(pricePerGuest: number, change: FareChange | null): FareMove | null {
  if (change === null || change.listPricePerGuest <= 0 || pricePerGuest === change.listPricePerGuest) return null;
  const direction = pricePerGuest < change.listPricePerGuest ? "lowered" : "raised";
  return {
    direction,
    percent: Math.max(
      1,
      Math.round((Math.abs(change.listPricePerGuest - pricePerGuest) / change.listPricePerGuest) * 100),
    ),
    from: change.listPricePerGuest,
    to: pricePerGuest,
    since: change.since,
    offer: direction === "lowered" ? change.offer : null,
  };
}
