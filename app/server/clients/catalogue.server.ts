import { z } from "zod";
import {
  AVAILABILITY,
  BRAND_CODES,
  CABIN_CLASSES,
  REFUNDABILITY,
  TOUR_TYPES,
  VOYAGE_TYPES,
} from "~/domain/catalogue/codes";
import { authorized, enveloped, type Caller } from "~/server/clients/api.server";
import { cachedRead } from "~/server/infra/cache.server";
import { env } from "~/server/infra/env.server";
import { requestText, UpstreamError } from "~/server/infra/http.server";

/**
 * The cruise catalogue service (docs/catalogue-contract.md): ships, ports, destinations and sailings,
 * behind the agent's sign-in. The only module that names its paths. The catalogue is the same for
 * every agent, so answers are shared in the cache: reference data for an hour, searches and sailings
 * for a minute (fares and availability move, but not by the second).
 */
export const catalogueTarget = () => ({ service: "catalogue", baseUrl: env.CATALOGUE_API_URL });
const target = catalogueTarget;
export const REFERENCE_CACHE = { ttl: 60 * 60_000, staleWhileRevalidate: 60 * 60_000 } as const;
export const SAILING_CACHE = { ttl: 60_000, staleWhileRevalidate: 60_000 } as const;

const brand = z.enum(BRAND_CODES);
const cabinClass = z.enum(CABIN_CLASSES);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const time = z
  .string()
  .regex(/^\d{2}:\d{2}$/)
  .nullable();
type CachePolicy = { ttl: number; staleWhileRevalidate: number };
const code = z.string().min(1).max(40);
const money = z.number().nonnegative();

const portSchema = z.object({ code, name: z.string(), country: z.string() });
export type Port = z.infer<typeof portSchema>;

const referenceSchema = z.object({
  window: z.object({ from: day, to: day }),
  brands: z.array(z.object({ code: brand, name: z.string() })),
  shipClasses: z.array(z.object({ name: z.string(), brand })),
  ships: z.array(z.object({ code, name: z.string(), brand, shipClass: z.string() })),
  destinations: z.array(z.object({ code, name: z.string() })),
});
export type CatalogueReference = z.infer<typeof referenceSchema>;

const shipSummarySchema = z.object({
  code,
  name: z.string(),
  brand,
  shipClass: z.string(),
  yearBuilt: z.number().int(),
  yearRefurbished: z.number().int().nullable(),
  grossTonnage: z.number(),
  guests: z.number().int(),
  crew: z.number().int(),
  decks: z.number().int(),
  lengthMetres: z.number(),
  imageUrl: z.string(),
  destinations: z.array(code),
});
export type ShipSummary = z.infer<typeof shipSummarySchema>;

const shipSchema = shipSummarySchema.extend({
  description: z.string(),
  staterooms: z.array(z.object({ cabinClass, count: z.number().int().nonnegative() })),
  dining: z.array(z.string()),
  activities: z.array(z.string()),
  destinations: z.array(z.object({ code, name: z.string() })),
});
export type Ship = z.infer<typeof shipSchema>;

const sailingSummarySchema = z.object({
  sailingId: code,
  shipCode: code,
  shipName: z.string(),
  brand,
  sailDate: day,
  returnDate: day,
  nights: z.number().int().positive(),
  destination: z.object({ code, name: z.string() }),
  departurePort: portSchema,
  returnPort: portSchema,
  ports: z.array(z.string()),
  voyageType: z.enum(VOYAGE_TYPES),
  tourType: z.enum(TOUR_TYPES),
  refundability: z.enum(REFUNDABILITY),
  prices: z.array(z.object({ cabinClass, pricePerGuest: money, availability: z.enum(AVAILABILITY) })),
  lowestPrice: money.nullable(),
});
export type SailingSummary = z.infer<typeof sailingSummarySchema>;

export const sailingPageSchema = z.object({
  items: z.array(sailingSummarySchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  pageCount: z.number().int().nonnegative(),
});
export type SailingPage = z.infer<typeof sailingPageSchema>;

const sailingSchema = sailingSummarySchema.extend({
  prices: z.array(
    z.object({
      cabinClass,
      pricePerGuest: money,
      additionalGuestPrice: money,
      taxesAndFees: money,
      deposit: money,
      availability: z.enum(AVAILABILITY),
      // Today's fare when it is not the list fare: since when, the list fare, and the offer that lowered it.
      fareChange: z
        .object({
          since: day,
          listPricePerGuest: money,
          offer: z.object({ code: z.string(), name: z.string() }).nullable(),
        })
        .nullable()
        .default(null),
    }),
  ),
  singleSupplementPercent: z.number().nonnegative(),
  finalPaymentDate: day,
  tour: z.object({ name: z.string(), landNights: z.number().int().nonnegative() }).nullable(),
  days: z.array(
    z.object({
      day: z.number().int().positive(),
      date: day,
      port: portSchema.nullable(),
      seaDay: z.boolean(),
      arrival: time,
      departure: time,
    }),
  ),
});
export type Sailing = z.infer<typeof sailingSchema>;

/** A cached read of the catalogue service (the promotions client reads through it too). */
export function catalogueRead<T>(
  caller: Caller,
  key: string,
  path: string,
  schema: z.ZodType<T>,
  cache: CachePolicy = REFERENCE_CACHE,
) {
  return cachedRead({
    key: `catalogue:${key}`,
    ...cache,
    schema,
    getFreshValue: () => authorized(caller, { path, schema: enveloped(schema) }, target()),
  });
}

/** The codes and names the search form offers, and the catalogue's window of sail dates. */
export function catalogueReference(caller: Caller): Promise<CatalogueReference> {
  return catalogueRead(caller, "reference", "/catalogue/reference", referenceSchema);
}

const portListSchema = z.array(portSchema);
/** The ports sailings leave from (the search's departure ports), by name. */
export function departurePorts(caller: Caller): Promise<Port[]> {
  return catalogueRead(caller, "ports:departure", "/catalogue/ports?departure=true", portListSchema);
}

const shipListSchema = z.array(shipSummarySchema);
export function listShips(
  caller: Caller,
  filters: { brand?: string; shipClass?: string; destination?: string },
): Promise<ShipSummary[]> {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) query.set(key, value);
  return catalogueRead(caller, `ships:${query}`, `/catalogue/ships?${query}`, shipListSchema);
}

export function getShip(caller: Caller, shipCode: string): Promise<Ship> {
  return catalogueRead(caller, `ship:${shipCode}`, `/catalogue/ships/${encodeURIComponent(shipCode)}`, shipSchema);
}

/** One page of sailings for a query built by the itinerary search (`upstreamQuery`). */
export function searchSailings(caller: Caller, query: URLSearchParams): Promise<SailingPage> {
  query.sort();
  return catalogueRead(caller, `sailings:${query}`, `/catalogue/sailings?${query}`, sailingPageSchema, SAILING_CACHE);
}

export function getSailing(caller: Caller, sailingId: string): Promise<Sailing> {
  const path = `/catalogue/sailings/${encodeURIComponent(sailingId)}`;
  return catalogueRead(caller, `sailing:${sailingId}`, path, sailingSchema, SAILING_CACHE);
}

/** A ship's generated image (public in the catalogue); null when the ship is not known. */
export async function shipImage(shipCode: string): Promise<string | null> {
  return catalogueImage(`catalogue:image:${shipCode}`, `/catalogue/ships/${encodeURIComponent(shipCode)}/image.svg`);
}

/**
 * A public SVG the catalogue service draws (a ship's, an offer's), kept a day under `key`; null when
 * the service does not know it (404).
 */
export async function catalogueImage(key: string, path: string): Promise<string | null> {
  try {
    return await cachedRead({
      key,
      ttl: 24 * 60 * 60_000,
      staleWhileRevalidate: 24 * 60 * 60_000,
      schema: z.string(),
      getFreshValue: () => requestText({ ...target(), path, contentType: "image/svg+xml" }),
    });
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) return null;
    throw error;
  }
}
