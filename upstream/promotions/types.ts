import type { CabinClass } from "../catalogue/types";

/** Codes of the promotions contract (docs/promotions-contract.md). */

export const OFFER_TYPES = [
  { code: "INSTANT_SAVINGS", name: "Instant Savings" },
  { code: "SECOND_GUEST_SAVINGS", name: "Second Guest Savings" },
  { code: "KIDS_SAIL_FREE", name: "Kids Sail Free" },
  { code: "ONBOARD_CREDIT", name: "Onboard Credit" },
  { code: "REDUCED_DEPOSIT", name: "Reduced Deposit" },
  { code: "UPGRADE", name: "Upgrade" },
  { code: "BONUS_COMMISSION", name: "Bonus Commission" },
] as const;
export type OfferType = (typeof OFFER_TYPES)[number]["code"];
export const OFFER_TYPE_CODES: readonly OfferType[] = OFFER_TYPES.map((t) => t.code);

export const AUDIENCES = [
  { code: "EVERYONE", name: "Everyone" },
  { code: "RESIDENTS", name: "Residents" },
  { code: "SENIORS", name: "Seniors (55 and over)" },
  { code: "MILITARY", name: "Military and armed forces" },
  { code: "LAW_ENFORCEMENT", name: "Law enforcement" },
  { code: "FIRE_EMT", name: "Fire department and EMT" },
] as const;
export type OfferFor = (typeof AUDIENCES)[number]["code"];
export const OFFER_FOR_CODES: readonly OfferFor[] = AUDIENCES.map((a) => a.code);

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

/** The value kinds each offer type may have. */
export const KINDS_OF_TYPE: Record<OfferType, readonly ValueKind[]> = {
  INSTANT_SAVINGS: ["PERCENT_OFF", "AMOUNT_OFF"],
  SECOND_GUEST_SAVINGS: ["SECOND_GUEST_PERCENT_OFF"],
  KIDS_SAIL_FREE: ["ADDITIONAL_GUESTS_FREE"],
  ONBOARD_CREDIT: ["ONBOARD_CREDIT"],
  REDUCED_DEPOSIT: ["REDUCED_DEPOSIT"],
  UPGRADE: ["UPGRADE"],
  BONUS_COMMISSION: ["BONUS_COMMISSION"],
};

export const OFFER_STATUSES = ["CURRENT", "UPCOMING", "EXPIRED"] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/** The North-American residency list of the specification. */
export const NORTH_AMERICA = ["USA", "CAN", "PRI"] as const;

/** The US states and Canadian provinces offers may list, `{country}-{region}`. */
export const REGIONS = [
  { code: "USA-AZ", name: "Arizona", country: "USA" },
  { code: "USA-CA", name: "California", country: "USA" },
  { code: "USA-FL", name: "Florida", country: "USA" },
  { code: "USA-GA", name: "Georgia", country: "USA" },
  { code: "USA-NY", name: "New York", country: "USA" },
  { code: "USA-TX", name: "Texas", country: "USA" },
  { code: "USA-WA", name: "Washington", country: "USA" },
  { code: "CAN-AB", name: "Alberta", country: "CAN" },
  { code: "CAN-BC", name: "British Columbia", country: "CAN" },
  { code: "CAN-ON", name: "Ontario", country: "CAN" },
  { code: "CAN-QC", name: "Quebec", country: "CAN" },
] as const;
export const REGIONS_BY_CODE: ReadonlyMap<string, (typeof REGIONS)[number]> = new Map(REGIONS.map((r) => [r.code, r]));

/** The cabin classes in order (the next class down of each is the one before it). */
export const CLASS_ORDER: readonly CabinClass[] = ["INTERIOR", "OUTSIDE", "BALCONY", "DELUXE"];
/** One bit per cabin class, so "at least one class in common" is a bitwise and. */
export const CLASS_BIT: Record<CabinClass, number> = { INTERIOR: 1, OUTSIDE: 2, BALCONY: 4, DELUXE: 8 };
export const classMask = (classes: readonly CabinClass[]) => classes.reduce((mask, c) => mask | CLASS_BIT[c], 0);
