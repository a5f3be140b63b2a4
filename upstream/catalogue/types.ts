/** Codes of the catalogue contract (docs/catalogue-contract.md). */

export const BRANDS = [
  { code: "R", name: "Royal Caribbean International" },
  { code: "C", name: "Celebrity Cruises" },
  { code: "V", name: "Silversea" },
] as const;
export type Brand = (typeof BRANDS)[number]["code"];
export const BRAND_CODES: readonly Brand[] = BRANDS.map((brand) => brand.code);

export const CABIN_CLASSES = ["INTERIOR", "OUTSIDE", "BALCONY", "DELUXE"] as const;
export type CabinClass = (typeof CABIN_CLASSES)[number];

export const AVAILABILITIES = ["OPEN", "FEW_LEFT", "SOLD_OUT"] as const;
export type Availability = (typeof AVAILABILITIES)[number];

export const REFUNDABILITIES = ["N", "R", "B"] as const;
export type Refundability = (typeof REFUNDABILITIES)[number];

export const TOUR_TYPES = ["CO", "CT"] as const;
export type TourType = (typeof TOUR_TYPES)[number];

export const VOYAGE_TYPES = ["ROUNDTRIP", "ONEWAY"] as const;
export type VoyageType = (typeof VOYAGE_TYPES)[number];

export const DESTINATION_CODES = [
  "CARIBBEAN",
  "BAHAMAS",
  "BERMUDA",
  "ALASKA",
  "MEDITERRANEAN",
  "NORTHERN_EUROPE",
  "TRANSATLANTIC",
  "HAWAII",
  "ASIA",
  "AUSTRALIA_NZ",
  "SOUTH_PACIFIC",
  "GALAPAGOS",
  "ANTARCTICA",
  "SOUTH_AMERICA",
  "CANADA_NEW_ENGLAND",
  "PACIFIC_COASTAL",
  "PANAMA_CANAL",
] as const;
export type DestinationCode = (typeof DESTINATION_CODES)[number];
