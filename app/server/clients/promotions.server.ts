import { z } from "zod";
import { BRAND_CODES, CABIN_CLASSES, REFUNDABILITY } from "~/domain/catalogue/codes";
import { AUDIENCES, OFFER_STATUSES, OFFER_TYPES, VALUE_KINDS } from "~/domain/catalogue/offers";
import type { Caller } from "~/server/clients/api.server";
import {
  catalogueImage,
  catalogueRead,
  sailingPageSchema,
  SAILING_CACHE,
  type SailingPage,
} from "~/server/clients/catalogue.server";

/**
 * The cruise lines' offers (docs/promotions-contract.md), served by the catalogue service. The only
 * module that names the promotion paths. Offers are the same for every agent: the reference data is
 * kept an hour, searches and offers a minute (a window closes at midnight, not by the second).
 */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const code = z.string().min(1).max(40);

const offerSummarySchema = z.object({
  offerId: code,
  name: z.string(),
  brand: z.enum(BRAND_CODES),
  offerType: z.enum(OFFER_TYPES),
  offerFor: z.enum(AUDIENCES),
  residency: z.array(code),
  headline: z.string(),
  value: z.object({ kind: z.enum(VALUE_KINDS), amount: z.number().nonnegative() }),
  bookFrom: day,
  bookTo: day,
  sailFrom: day,
  sailTo: day,
  ships: z.array(code),
  destinations: z.array(code),
  cabinClasses: z.array(z.enum(CABIN_CLASSES)).min(1),
  refundability: z.enum(REFUNDABILITY),
  codes: z.array(code),
  featured: z.boolean(),
  status: z.enum(OFFER_STATUSES),
  imageUrl: z.string(),
});
export type OfferSummary = z.infer<typeof offerSummarySchema>;

const offerSchema = offerSummarySchema.extend({
  description: z.string(),
  combinableWith: z.array(z.enum(OFFER_TYPES)),
  notCombinableWith: z.array(z.enum(OFFER_TYPES)),
  terms: z.array(z.string()),
  sailingCount: z.number().int().nonnegative(),
});
export type Offer = z.infer<typeof offerSchema>;

const offerPageSchema = z.object({
  items: z.array(offerSummarySchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  pageCount: z.number().int().nonnegative(),
});
export type OfferPage = z.infer<typeof offerPageSchema>;

const referenceSchema = z.object({
  offerNames: z.array(z.string()),
  offerTypes: z.array(z.object({ code: z.enum(OFFER_TYPES), name: z.string() })),
  audiences: z.array(z.object({ code: z.enum(AUDIENCES), name: z.string() })),
  regions: z.array(z.object({ code, name: z.string(), country: code })),
});
export type PromotionReference = z.infer<typeof referenceSchema>;

const idPath = (offerId: string) => `/promotions/offers/${encodeURIComponent(offerId)}`;

/** Offer names for the search form and the US states and Canadian provinces that offers name. */
export function promotionReference(caller: Caller): Promise<PromotionReference> {
  return catalogueRead(caller, "promotions:reference", "/promotions/reference", referenceSchema);
}

/** One page of offers for a query built by the promotion search (`upstreamOfferQuery`) or a page. */
export function searchOffers(caller: Caller, query: URLSearchParams): Promise<OfferPage> {
  query.sort();
  return catalogueRead(
    caller,
    `promotions:offers:${query}`,
    `/promotions/offers?${query}`,
    offerPageSchema,
    SAILING_CACHE,
  );
}

export function getOffer(caller: Caller, offerId: string): Promise<Offer> {
  return catalogueRead(caller, `promotions:offer:${offerId}`, idPath(offerId), offerSchema, SAILING_CACHE);
}

/**
 * The sailings from today that the offer applies to (the sailing half of the rule, upstream), narrowed
 * by the catalogue sailing search's filters when given.
 */
export function offerSailings(
  caller: Caller,
  offerId: string,
  options: { page: number; pageSize: number; sort: "date" | "price"; order: "asc" | "desc" },
  filters: ReadonlyArray<[string, string]> = [],
): Promise<SailingPage> {
  const query = new URLSearchParams([
    ...filters,
    ["order", options.order],
    ["page", String(options.page)],
    ["pageSize", String(options.pageSize)],
    ["sort", options.sort],
  ]);
  query.sort();
  return catalogueRead(
    caller,
    `promotions:sailings:${offerId}:${query}`,
    `${idPath(offerId)}/sailings?${query}`,
    sailingPageSchema,
    SAILING_CACHE,
  );
}

export function featuredOffers(caller: Caller, brand = ""): Promise<OfferSummary[]> {
  const query = brand ? `?${new URLSearchParams({ brand })}` : "";
  return catalogueRead(
    caller,
    `promotions:featured:${brand}`,
    `/promotions/featured${query}`,
    z.array(offerSummarySchema),
    SAILING_CACHE,
  );
}

export function archivedOffers(
  caller: Caller,
  options: { expiredRange: number; brand: string; page: number; pageSize: number },
): Promise<OfferPage> {
  const query = new URLSearchParams({
    expiredRange: String(options.expiredRange),
    page: String(options.page),
    pageSize: String(options.pageSize),
  });
  if (options.brand) query.set("brand", options.brand);
  query.sort();
  return catalogueRead(
    caller,
    `promotions:archived:${query}`,
    `/promotions/archived?${query}`,
    offerPageSchema,
    SAILING_CACHE,
  );
}

/** An offer's generated image (public in the service); null when the offer is not known. */
export async function offerImage(offerId: string): Promise<string | null> {
  return catalogueImage(`promotions:image:${offerId}`, `${idPath(offerId)}/image.svg`);
}
