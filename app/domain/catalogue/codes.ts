import { BRAND_NAMES, type BrandCode } from "~/domain/navigation";

/** The catalogue's codes (the specification's enumerations and the catalogue contract, docs/catalogue-contract.md). */
export type { BrandCode };
/** The three brands (R, C, V) in that order, named as everywhere else in the portal. */
export const BRANDS = (["R", "C", "V"] as const).map((code) => ({ code, name: BRAND_NAMES[code] }));
export const BRAND_CODES = ["R", "C", "V"] as const satisfies readonly BrandCode[];
export const brandName = (code: string) => BRAND_NAMES[code as BrandCode] ?? code;

export const CABIN_CLASSES = ["INTERIOR", "OUTSIDE", "BALCONY", "DELUXE"] as const;
export type CabinClass = (typeof CABIN_CLASSES)[number];
export const CABIN_CLASS_NAMES: Record<CabinClass, string> = {
  INTERIOR: "Interior",
  OUTSIDE: "Ocean view",
  BALCONY: "Balcony",
  DELUXE: "Suite",
};

export const AVAILABILITY = ["OPEN", "FEW_LEFT", "SOLD_OUT"] as const;
export type Availability = (typeof AVAILABILITY)[number];
export const AVAILABILITY_NAMES: Record<Availability, string> = {
  OPEN: "Available",
  FEW_LEFT: "Few left",
  SOLD_OUT: "Sold out",
};

/** Refundability: N Non-Refundable, R Refundable, B Both. */
export const REFUNDABILITY = ["N", "R", "B"] as const;
export type Refundability = (typeof REFUNDABILITY)[number];
export const REFUNDABILITY_NAMES: Record<Refundability, string> = {
  N: "Non-Refundable",
  R: "Refundable",
  B: "Both",
};

/** Tour types: CO cruise only, CT cruise and tour. */
export const TOUR_TYPES = ["CO", "CT"] as const;
export type TourType = (typeof TOUR_TYPES)[number];
export const TOUR_TYPE_NAMES: Record<TourType, string> = { CO: "Cruise only", CT: "Cruise and tour" };

export const VOYAGE_TYPES = ["ROUNDTRIP", "ONEWAY"] as const;
export type VoyageType = (typeof VOYAGE_TYPES)[number];
export const VOYAGE_TYPE_NAMES: Record<VoyageType, string> = { ROUNDTRIP: "Round trip", ONEWAY: "One way" };

/** A catalogue sailing id: its ship's two letters and its sail date (`OA20261205`). */
export const CATALOGUE_SAILING_ID = /^[A-Z]{2}\d{8}$/;
