import { CABIN_CLASSES, type CabinClass, type Refundability } from "~/domain/catalogue/codes";
import type { EligibilityFlag } from "~/domain/catalogue/itinerary-search";
import type { Audience, OfferStatus, OfferTerms } from "~/domain/catalogue/offers";

/**
 * Whether an offer applies: the portal's one rule (docs/promotions-contract.md "Whether an
 * offer applies"). The promotion pages, the offer's eligible sailings and the itinerary detail's
 * offers all ask here. Three questions, each answered with the reasons it fails, so a page can say
 * why an offer does not apply rather than only that it does not:
 * - the sailing: brand, ship, destination, sail-date window, a cabin class of the offer that is
 *   priced and not sold out, refundability;
 * - the party: who the offer is for (the four flags), the residency, a refundable fare;
 * - the day: the booking window.
 */

export type SailingFacts = {
  brand: string;
  shipCode: string;
  destination: { code: string };
  sailDate: string;
  refundability: Refundability;
  prices: ReadonlyArray<{ cabinClass: CabinClass; availability: string }>;
};

/** Who is travelling, as the itinerary and promotion searches hold it (the cruise search's filter fields). */
export type OfferParty = Record<EligibilityFlag, boolean> & {
  /** Alpha-3 country or `{country}-{region}` ("USA-FL"); "" when none is given. */
  residency: string;
  refundable: boolean;
  /** The stateroom the party wants; "" for any. */
  cabinClass?: CabinClass | "";
};

export const INELIGIBILITY = [
  "BRAND",
  "SHIP",
  "DESTINATION",
  "SAIL_DATE",
  "CABIN_CLASS",
  "REFUNDABILITY",
  "AUDIENCE",
  "RESIDENCY",
  "REFUNDABLE_FARE",
  "NOT_YET_BOOKABLE",
  "EXPIRED",
] as const;
export type Ineligibility = (typeof INELIGIBILITY)[number];

/** The flag a party must have ticked for an offer of each restricted audience. */
export const AUDIENCE_FLAG: Record<Exclude<Audience, "EVERYONE" | "RESIDENTS">, EligibilityFlag> = {
  SENIORS: "age55Plus",
  MILITARY: "militaryOrForces",
  LAW_ENFORCEMENT: "lawEnforcement",
  FIRE_EMT: "fireDepartmentOrEMT",
};

/** Offer refundability against the fares a sailing offers: B takes any; N and R need that fare. */
export function refundabilityFits(offer: Refundability, sailing: Refundability): boolean {
  return offer === "B" || sailing === "B" || offer === sailing;
}

/** A region's resident is also a resident of its country (USA-FL lives in USA); not the other way. */
export function residencyMatches(offerResidency: readonly string[], partyResidency: string): boolean {
  if (offerResidency.length === 0) return true;
  if (!partyResidency) return false;
  const country = partyResidency.split("-")[0]!;
  return offerResidency.includes(partyResidency) || offerResidency.includes(country);
}

/** The offer's cabin classes that the sailing prices and has not sold out (and the party wants). */
export function openClasses(
  offer: Pick<OfferTerms, "cabinClasses">,
  sailing: SailingFacts,
  wanted: CabinClass | "" = "",
) {
  return CABIN_CLASSES.filter(
    (c) =>
      offer.cabinClasses.includes(c) &&
      (wanted === "" || wanted === c) &&
      sailing.prices.some((p) => p.cabinClass === c && p.availability !== "SOLD_OUT"),
  );
}

/** Why the offer does not apply to the sailing (empty when it does). */
export function sailingReasons(
  offer: OfferTerms,
  sailing: SailingFacts,
  wanted: CabinClass | "" = "",
): Ineligibility[] {
  const reasons: Ineligibility[] = [];
  if (offer.brand !== sailing.brand) reasons.push("BRAND");
  if (offer.ships.length > 0 && !offer.ships.includes(sailing.shipCode)) reasons.push("SHIP");
  if (offer.destinations.length > 0 && !offer.destinations.includes(sailing.destination.code)) {
    reasons.push("DESTINATION");
  }
  if (sailing.sailDate < offer.sailFrom || sailing.sailDate > offer.sailTo) reasons.push("SAIL_DATE");
  if (openClasses(offer, sailing, wanted).length === 0) reasons.push("CABIN_CLASS");
  if (!refundabilityFits(offer.refundability, sailing.refundability)) reasons.push("REFUNDABILITY");
  return reasons;
}

/** Why the party does not qualify (empty when it does). */
export function partyReasons(offer: OfferTerms, party: OfferParty): Ineligibility[] {
  const reasons: Ineligibility[] = [];
  if (offer.offerFor !== "EVERYONE" && offer.offerFor !== "RESIDENTS" && !party[AUDIENCE_FLAG[offer.offerFor]]) {
    reasons.push("AUDIENCE");
  }
  if (!residencyMatches(offer.residency, party.residency)) reasons.push("RESIDENCY");
  if (party.refundable && offer.refundability === "N") reasons.push("REFUNDABLE_FARE");
  return reasons;
}

/** The offer's status on a day, from its booking window. */
export function offerStatus(offer: Pick<OfferTerms, "bookFrom" | "bookTo">, today: string): OfferStatus {
  if (today < offer.bookFrom) return "UPCOMING";
  return today > offer.bookTo ? "EXPIRED" : "CURRENT";
}

/** Why the offer cannot be booked today (empty when it can). */
export function bookingReasons(offer: OfferTerms, today: string): Ineligibility[] {
  const status = offerStatus(offer, today);
  return status === "UPCOMING" ? ["NOT_YET_BOOKABLE"] : status === "EXPIRED" ? ["EXPIRED"] : [];
}

export type Eligibility = {
  applies: boolean;
  reasons: Ineligibility[];
  /** The cabin classes the offer can be booked in on the sailing (every class of the offer without one). */
  cabinClasses: CabinClass[];
};

/** The whole rule: sailing (when given), party and today. */
export function offerApplies(
  offer: OfferTerms,
  { sailing, party, today }: { sailing?: SailingFacts; party: OfferParty; today: string },
): Eligibility {
  const wanted = party.cabinClass ?? "";
  const reasons = [
    ...(sailing ? sailingReasons(offer, sailing, wanted) : []),
    ...partyReasons(offer, party),
    ...bookingReasons(offer, today),
  ];
  const cabinClasses = sailing
    ? openClasses(offer, sailing, wanted)
    : offer.cabinClasses.filter((c) => wanted === "" || c === wanted);
  return { applies: reasons.length === 0, reasons, cabinClasses };
}

/**
 * Whether the search says anything about the party. When it does not (no residency, no flag ticked)
 * a search of offers shows every offer, restricted ones too, each labelled with who it is for; once
 * the agent says who travels, only offers that party qualifies for (the contract's party filter).
 */
export function partyGiven(party: OfferParty): boolean {
  return (
    party.residency !== "" ||
    party.refundable ||
    party.age55Plus ||
    party.lawEnforcement ||
    party.fireDepartmentOrEMT ||
    party.militaryOrForces
  );
}

/** Why an offer does not apply, in the words a page shows beside it. */
export const INELIGIBILITY_TEXT: Record<Ineligibility, string> = {
  BRAND: "It is for another cruise line.",
  SHIP: "It is not for this ship.",
  DESTINATION: "It is not for this destination.",
  SAIL_DATE: "This sail date is outside its sailing window.",
  CABIN_CLASS: "None of its staterooms is open on this sailing.",
  REFUNDABILITY: "It is not for the fares this sailing offers.",
  AUDIENCE: "It is for a restricted rate this party has not claimed.",
  RESIDENCY: "It is for residents of other places.",
  REFUNDABLE_FARE: "It is for non-refundable fares only.",
  NOT_YET_BOOKABLE: "It cannot be booked yet.",
  EXPIRED: "Its booking window has closed.",
};
