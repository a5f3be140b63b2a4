import type { Party } from "~/domain/catalogue/guests";

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
  taxesAndFees: number;
  total: number;
  /** Due at booking (the whole total when the final payment date has passed). */
  deposit: number;
  /** Due by the final payment date (0 when everything is due now). */
  finalPayment: number;
  /** True when the final payment date is today or past: the booking is paid in full at once. */
  payInFull: boolean;
};

export function partyFare(
  price: ClassFare,
  party: Party,
  options: { singleSupplementPercent: number; finalPaymentDate: string; today: string },
): PartyFare {
  const guests = party.adults + party.children + party.infants;
  let fare = 0;
  if (guests === 1) fare = price.pricePerGuest * (1 + options.singleSupplementPercent / 100);
  else fare = Math.min(guests, 2) * price.pricePerGuest + Math.max(0, guests - 2) * price.additionalGuestPrice;
  fare = Math.round(fare * 100) / 100;
  const taxesAndFees = price.taxesAndFees * guests;
  const total = fare + taxesAndFees;
  const payInFull = options.finalPaymentDate <= options.today;
  const deposit = payInFull ? total : Math.min(total, price.deposit * guests);
  return { fare, taxesAndFees, total, deposit, finalPayment: Math.round((total - deposit) * 100) / 100, payInFull };
}
