import { DESTINATIONS } from "../catalogue/destinations";
import { SHIPS } from "../catalogue/ships";
import { BRANDS, type Brand, type CabinClass, type Refundability } from "../catalogue/types";
import { countryName } from "../lib/countries";
import { OFFER_TYPES, REGIONS_BY_CODE, type OfferFor, type OfferType, type ValueKind } from "./types";

/**
 * The words of an offer: its headline, description, terms and the short label on its picture, all made from
 * the offer's facts so they always say what the offer does.
 */

export type OfferFacts = {
  name: string;
  about: string;
  brand: Brand;
  offerType: OfferType;
  offerFor: OfferFor;
  residency: readonly string[];
  value: { kind: ValueKind; amount: number };
  bookFrom: string;
  bookTo: string;
  sailFrom: string;
  sailTo: string;
  ships: readonly string[];
  destinations: readonly string[];
  cabinClasses: readonly CabinClass[];
  refundability: Refundability;
  codes: readonly string[];
  combinableWith: readonly OfferType[];
  notCombinableWith: readonly OfferType[];
};

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** `November 24, 2026`. */
export function longDate(iso: string): string {
  return `${MONTHS[Number(iso.slice(5, 7)) - 1]} ${Number(iso.slice(8, 10))}, ${iso.slice(0, 4)}`;
}

const dollars = (amount: number) => `$${amount.toLocaleString("en-US")}`;

/** "a, b and c". */
export function list(items: readonly string[], last = "and"): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} ${last} ${items[items.length - 1]}`;
}

export const brandName = (brand: Brand) => BRANDS.find((b) => b.code === brand)?.name ?? brand;
const shipName = (code: string) => SHIPS.find((s) => s.code === code)?.name ?? code;
const destinationName = (code: string) => DESTINATIONS.find((d) => d.code === code)?.name ?? code;

const CLASS_WORDS: Record<CabinClass, string> = {
  INTERIOR: "interior",
  OUTSIDE: "ocean-view",
  BALCONY: "balcony",
  DELUXE: "suite",
};

const COUNTRY_WORDS: Record<string, string> = {
  USA: "the United States",
  CAN: "Canada",
  PRI: "Puerto Rico",
  GBR: "the United Kingdom",
  IRL: "Ireland",
  AUS: "Australia",
  NZL: "New Zealand",
  DEU: "Germany",
  AUT: "Austria",
  CHE: "Switzerland",
  MEX: "Mexico",
  BRA: "Brazil",
  SGP: "Singapore",
  MYS: "Malaysia",
};

/** "Florida", "the United States" … for a residency code. */
export function placeName(code: string): string {
  return REGIONS_BY_CODE.get(code)?.name ?? COUNTRY_WORDS[code] ?? (countryName(code) || code);
}

const typeName = (type: OfferType) => OFFER_TYPES.find((t) => t.code === type)?.name.toLowerCase() ?? type;

/** The line an agent reads out. */
export function headline(facts: Pick<OfferFacts, "value" | "cabinClasses">): string {
  const { kind, amount } = facts.value;
  switch (kind) {
    case "PERCENT_OFF":
      return `Save ${amount}% on every guest's fare`;
    case "AMOUNT_OFF":
      return `Save ${dollars(amount)} on every guest's fare`;
    case "SECOND_GUEST_PERCENT_OFF":
      return `${amount}% off the second guest's fare`;
    case "ADDITIONAL_GUESTS_FREE":
      return "Third and fourth guests sail free";
    case "UPGRADE":
      return facts.cabinClasses.length === 1 && facts.cabinClasses[0] === "BALCONY"
        ? "A balcony for the price of an ocean view"
        : "Upgrade a category for the fare of the one below";
    case "ONBOARD_CREDIT":
      return `${dollars(amount)} onboard credit per stateroom`;
    case "REDUCED_DEPOSIT":
      return `Book with a ${dollars(amount)} deposit per guest`;
    case "BONUS_COMMISSION":
      return `Earn ${amount} extra points of commission`;
  }
}

/** The few words on the picture's badge. */
export function badge(value: OfferFacts["value"]): string {
  const { kind, amount } = value;
  switch (kind) {
    case "PERCENT_OFF":
      return `${amount}% OFF`;
    case "AMOUNT_OFF":
      return `${dollars(amount)} OFF`;
    case "SECOND_GUEST_PERCENT_OFF":
      return `${amount}% OFF 2ND GUEST`;
    case "ADDITIONAL_GUESTS_FREE":
      return "KIDS SAIL FREE";
    case "UPGRADE":
      return "FREE UPGRADE";
    case "ONBOARD_CREDIT":
      return `${dollars(amount)} TO SPEND`;
    case "REDUCED_DEPOSIT":
      return `${dollars(amount)} DEPOSIT`;
    case "BONUS_COMMISSION":
      return `+${amount} PTS COMMISSION`;
  }
}

function audienceWords(offerFor: OfferFor): string {
  switch (offerFor) {
    case "EVERYONE":
    case "RESIDENTS":
      return "guests";
    case "SENIORS":
      return "guests 55 and over";
    case "MILITARY":
      return "serving and retired members of the armed forces";
    case "LAW_ENFORCEMENT":
      return "serving and retired law enforcement officers";
    case "FIRE_EMT":
      return "firefighters and emergency medical technicians";
  }
}

/** "on Celebrity Cruises Mediterranean sailings", "aboard Celebrity Apex" … */
function scopeWords(facts: Pick<OfferFacts, "brand" | "ships" | "destinations">): string {
  const destinations = list(facts.destinations.map(destinationName));
  const ships = list(facts.ships.map(shipName), "or");
  if (ships === "" && destinations === "") return `on every ${brandName(facts.brand)} sailing`;
  if (ships === "") return `on ${brandName(facts.brand)} ${destinations} sailings`;
  if (destinations === "") return `aboard ${ships}`;
  return `on ${destinations} sailings aboard ${ships}`;
}

/** One or two sentences. */
export function description(facts: OfferFacts): string {
  const who =
    facts.residency.length > 0
      ? `${audienceWords(facts.offerFor)} living in ${list(facts.residency.map(placeName), "or")}`
      : audienceWords(facts.offerFor);
  const forWhom = facts.offerType === "BONUS_COMMISSION" ? "travel partners booking" : who;
  return `${facts.about} For ${forWhom} ${scopeWords(facts)} departing ${longDate(facts.sailFrom)} to ${longDate(facts.sailTo)}.`;
}

function valueTerms(facts: OfferFacts): string {
  const { kind, amount } = facts.value;
  const fareOnly = "Taxes, fees and port expenses are not discounted and are payable by every guest.";
  switch (kind) {
    case "PERCENT_OFF":
      return `The cruise fare of every guest in the stateroom is reduced by ${amount}%. ${fareOnly}`;
    case "AMOUNT_OFF":
      return `The cruise fare of every guest in the stateroom is reduced by ${dollars(amount)}, never below zero. ${fareOnly}`;
    case "SECOND_GUEST_PERCENT_OFF":
      return `The first guest pays the full cruise fare and the second guest's cruise fare is reduced by ${amount}%; a single guest alone receives no saving. ${fareOnly}`;
    case "ADDITIONAL_GUESTS_FREE":
      return `The third and fourth guests in a stateroom booked for at least three guests pay no cruise fare; the first two guests pay the full fare. ${fareOnly}`;
    case "UPGRADE":
      return `The party pays the cruise fare of the next stateroom category down (interior, then ocean view, then balcony, then suite) where the sailing offers it; the offer does not apply to interior staterooms. ${fareOnly}`;
    case "ONBOARD_CREDIT":
      return `${dollars(amount)} of onboard credit per stateroom is added to the onboard account before embarkation. It has no cash value, cannot be used at the casino and any balance left at the end of the voyage is forfeited. The cruise fare is unchanged.`;
    case "REDUCED_DEPOSIT":
      return `The deposit is reduced to ${dollars(amount)} per guest; the balance is due on the usual final payment date. The cruise fare is unchanged, and a booking that misses its final payment is cancelled under the usual cancellation terms.`;
    case "BONUS_COMMISSION":
      return `Travel partners earn ${amount} percentage points of commission on the cruise fare on top of their contracted rate, paid after final payment. The bonus is recalled if the booking is cancelled; the guests' fare is unchanged.`;
  }
}

function eligibilityTerms(facts: OfferFacts): string {
  const parts: string[] = [];
  switch (facts.offerFor) {
    case "SENIORS":
      parts.push(
        "At least one guest in the stateroom must be 55 or over on the sail date; proof of age is required at booking and at embarkation.",
      );
      break;
    case "MILITARY":
      parts.push(
        "Open to active duty and retired members of the armed forces, veterans, and their spouses sailing in the same stateroom; service is verified before sailing.",
      );
      break;
    case "LAW_ENFORCEMENT":
      parts.push(
        "Open to active and retired law enforcement officers and their spouses sailing in the same stateroom; a badge or identification card is required at embarkation.",
      );
      break;
    case "FIRE_EMT":
      parts.push(
        "Open to active and retired firefighters and emergency medical technicians and their spouses sailing in the same stateroom; proof of service is required at embarkation.",
      );
      break;
    default:
      break;
  }
  if (facts.residency.length > 0) {
    parts.push(
      `The first guest must reside in ${list(facts.residency.map(placeName), "or")} and show proof of residency at embarkation; a booking without it is re-priced at the fare of the day.`,
    );
  } else if (facts.offerFor === "EVERYONE") {
    parts.push("Open to guests of every residency.");
  }
  parts.push(
    facts.refundability === "N"
      ? "Applies to non-refundable deposit fares only."
      : facts.refundability === "R"
        ? "Applies to refundable deposit fares only."
        : "Applies to both refundable and non-refundable deposit fares.",
  );
  return parts.join(" ");
}

/** Three to five paragraphs of terms and conditions. */
export function terms(facts: OfferFacts): string[] {
  const classes = list(facts.cabinClasses.map((c) => `${CLASS_WORDS[c]}`)) + " staterooms";
  const windows =
    `Offer valid on new bookings made from ${longDate(facts.bookFrom)} through ${longDate(facts.bookTo)} ` +
    `for sailings departing from ${longDate(facts.sailFrom)} through ${longDate(facts.sailTo)} ${scopeWords(facts)}, ` +
    `in ${classes}.`;
  const codes =
    facts.codes.length > 0
      ? `Quote promotion code ${list(facts.codes, "or")} at the time of booking; the code cannot be added after the deposit has been paid.`
      : "The offer is applied automatically to eligible bookings; no promotion code is needed.";
  const capacity = `The offer is capacity controlled, may not be available on every sailing or in every stateroom, and may be changed or withdrawn at any time without notice. ${brandName(facts.brand)} reserves the right to correct errors.`;
  const combinable =
    facts.combinableWith.length > 0
      ? `Combinable with ${list(facts.combinableWith.map(typeName))} offers. `
      : "Not combinable with any other offer. ";
  const notCombinable =
    facts.notCombinableWith.length > 0
      ? `Not combinable with ${list(facts.notCombinableWith.map(typeName), "or")} offers, group fares, interline or travel-partner reduced rates.`
      : "Not combinable with group fares, interline or travel-partner reduced rates.";
  const paragraphs = [windows, valueTerms(facts), eligibilityTerms(facts), `${codes} ${capacity}`];
  paragraphs.push(combinable + notCombinable);
  return paragraphs;
}
