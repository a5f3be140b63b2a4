import type { CabinClass, Refundability } from "~/domain/catalogue/codes";
import { placeList } from "~/domain/places";
import { formatMoney } from "~/domain/money";

/**
 * The codes of the cruise lines' offers (docs/promotions-contract.md) and how the portal names them.
 * Whether an offer applies is eligibility.ts; what it does to a fare is fares.ts.
 */

export const OFFER_TYPES = [
  "INSTANT_SAVINGS",
  "SECOND_GUEST_SAVINGS",
  "KIDS_SAIL_FREE",
  "ONBOARD_CREDIT",
  "REDUCED_DEPOSIT",
  "UPGRADE",
  "BONUS_COMMISSION",
] as const;
export type OfferType = (typeof OFFER_TYPES)[number];
export const OFFER_TYPE_NAMES: Record<OfferType, string> = {
  INSTANT_SAVINGS: "Instant savings",
  SECOND_GUEST_SAVINGS: "Second guest savings",
  KIDS_SAIL_FREE: "Kids sail free",
  ONBOARD_CREDIT: "Onboard credit",
  REDUCED_DEPOSIT: "Reduced deposit",
  UPGRADE: "Stateroom upgrade",
  BONUS_COMMISSION: "Bonus commission",
};

/** Who an offer is for (the offer's `offerFor`). */
export const AUDIENCES = ["EVERYONE", "RESIDENTS", "SENIORS", "MILITARY", "LAW_ENFORCEMENT", "FIRE_EMT"] as const;
export type Audience = (typeof AUDIENCES)[number];
export const AUDIENCE_NAMES: Record<Audience, string> = {
  EVERYONE: "Every guest",
  RESIDENTS: "Residents only",
  SENIORS: "Guests 55 and over",
  MILITARY: "Military and armed forces",
  LAW_ENFORCEMENT: "Law enforcement",
  FIRE_EMT: "Fire department and EMT",
};

/** The search filters' "offerFor the all-offers value": the search's default, every audience. */
export const ALL_OFFERS = "ALL_OFFERS";
export type OfferFor = Audience | typeof ALL_OFFERS;

/** The North-American list: the residencies of offers for North-American residents. */
export const NORTH_AMERICA = ["USA", "CAN", "PRI"] as const;

/** The default expired range for archived offers, in days, and the range an agent may choose. */
export const EXPIRED_RANGE = { default: 30, min: 1, max: 365 } as const;

export const VALUE_KINDS = [
  "PERCENT_OFF",
  "AMOUNT_OFF",
  "SECOND_GUEST_PERCENT_OFF",
  "ADDITIONAL_GUESTS_FREE",
  "UPGRADE",
  "ONBOARD_CREDIT",
  "REDUCED_DEPOSIT",
  "BONUS_COMMISSION",
] as const;
export type ValueKind = (typeof VALUE_KINDS)[number];
export type OfferValue = { kind: ValueKind; amount: number };

export const OFFER_STATUSES = ["UPCOMING", "CURRENT", "EXPIRED"] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/** What the eligibility rule and the fare rule read of an offer. */
export type OfferTerms = {
  brand: string;
  ships: readonly string[];
  destinations: readonly string[];
  sailFrom: string;
  sailTo: string;
  bookFrom: string;
  bookTo: string;
  cabinClasses: readonly CabinClass[];
  refundability: Refundability;
  offerFor: Audience;
  residency: readonly string[];
  value: OfferValue;
};

/** The offer's worth in words (US dollars, as the offers are written). */
export function describeValue(value: OfferValue): string {
  // Offer values are US dollar prices (the catalogue's currency): the portal's one money formatter.
  const usd = (n: number) => formatMoney(n, "USD", "price");
  switch (value.kind) {
    case "PERCENT_OFF":
      return `${value.amount}% off every guest's cruise fare`;
    case "AMOUNT_OFF":
      return `${usd(value.amount)} off each guest's cruise fare`;
    case "SECOND_GUEST_PERCENT_OFF":
      return `${value.amount}% off the second guest's cruise fare`;
    case "ADDITIONAL_GUESTS_FREE":
      return "Third and fourth guests sail free (taxes and fees apply)";
    case "UPGRADE":
      return "One stateroom category up for the fare of the one below";
    case "ONBOARD_CREDIT":
      return `${usd(value.amount)} onboard credit per stateroom`;
    case "REDUCED_DEPOSIT":
      return `Deposit of ${usd(value.amount)} per guest`;
    case "BONUS_COMMISSION":
      return `${value.amount} extra commission points for the agency`;
  }
}

/** Whether the offer changes what the guests pay for the cruise (the others add value or commission). */
export const changesFare = (value: OfferValue) =>
  value.kind !== "ONBOARD_CREDIT" && value.kind !== "REDUCED_DEPOSIT" && value.kind !== "BONUS_COMMISSION";

/** Who the offer is for, in words: "Guests 55 and over; residents of United States of America, Canada and Puerto Rico". */
export function describeAudience(offer: Pick<OfferTerms, "offerFor" | "residency">): string {
  const places = offer.residency.length ? `residents of ${placeList(offer.residency)}` : "";
  if (offer.offerFor === "RESIDENTS") return places ? places[0]!.toUpperCase() + places.slice(1) : "Residents only";
  return places ? `${AUDIENCE_NAMES[offer.offerFor]}; ${places}` : AUDIENCE_NAMES[offer.offerFor];
}

/**
 * How urgent booking an offer is: its last booking day is today, or has passed (a page read at
 * midnight, an upstream a day behind). Null while there is time.
 */
export type OfferUrgency = "ENDED" | "ENDS_TODAY";
export const OFFER_URGENCY_NAMES: Record<OfferUrgency, string> = { ENDED: "Ended", ENDS_TODAY: "Ends today" };

export function offerUrgency(bookTo: string, today: string): OfferUrgency | null {
  if (bookTo < today) return "ENDED";
  return bookTo === today ? "ENDS_TODAY" : null;
}

/**
 * Offers that end today (or have ended) first, each group keeping the order it came in: the
 * default order of an offer list, so the agent sees what must be booked now before the rest.
 */
export function urgentOffersFirst<T extends { bookTo: string }>(offers: readonly T[], today: string): T[] {
  const rank = (o: T) => ({ ENDED: 0, ENDS_TODAY: 1, none: 2 })[offerUrgency(o.bookTo, today) ?? "none"];
  return offers
    .map((offer, i) => ({ offer, i, rank: rank(offer) }))
    .sort((a, b) => a.rank - b.rank || a.i - b.i)
    .map((x) => x.offer);
}
