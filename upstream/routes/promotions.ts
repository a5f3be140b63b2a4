import { Hono } from "hono";
import { z } from "zod";
import { utcDate } from "../catalogue/generate";
import { BRAND_CODES, type CabinClass } from "../catalogue/types";
import { loadCatalogueReference } from "../db/catalogue";
import {
  countOfferSailings,
  findOffer,
  offerNamesAndResidencies,
  offerSailings,
  sailingFacts,
  searchOffers,
  type OfferRow,
  type OfferSearch,
  type Party,
} from "../db/promotions";
import { requireAuth } from "../lib/auth";
import type { AppEnv, Deps } from "../lib/context";
import { countryName } from "../lib/countries";
import { invalidRequest, ok, parseOrThrow } from "../lib/errors";
import { offerImageSvg } from "../promotions/image";
import {
  AUDIENCES,
  OFFER_FOR_CODES,
  OFFER_TYPE_CODES,
  OFFER_TYPES,
  REGIONS_BY_CODE,
  type OfferStatus,
  type OfferType,
} from "../promotions/types";
import {
  IMAGE_CACHE_CONTROL,
  isBrand,
  isoDate,
  lower,
  notFound,
  oneOf,
  querySchemas,
  readQuery,
  SAILING_PARAMETERS,
  sailingFilter,
  sailingSummary,
  upper,
  wholeNumber,
} from "./catalogue";

const brand = upper.refine(isBrand, `must be one of ${BRAND_CODES.join(", ")}`);
const flag = lower.pipe(oneOf(["true", "false"] as const));
const page = wholeNumber(1, 1_000_000);
const pageSize = wholeNumber(1, 100);
/** A country (ISO alpha-3) or a region of one, `{country}-{region}` (`USA-FL`). */
const residency = upper
  .refine((code) => /^[A-Z]{3}(-[A-Z0-9]{1,3})?$/.test(code), "must be an ISO alpha-3 country or {country}-{region}")
  .refine((code) => countryName(code.slice(0, 3)) !== "", "is not a known country");

const OFFER_PARAMETERS = [
  "brand",
  "ship",
  "destination",
  "offerName",
  "offerType",
  "offerFor",
  "sailing",
  "departureFrom",
  "status",
  "expiredWithin",
  "featured",
  "residency",
  "age55Plus",
  "lawEnforcement",
  "fireDepartmentOrEMT",
  "militaryOrForces",
  "refundable",
  "sort",
  "order",
  "page",
  "pageSize",
] as const;

/** Featured offers answered at most. */
const FEATURED_LIMIT = 12;

const imageUrl = (offerId: string) => `/promotions/offers/${offerId}/image.svg`;

const statusOn = (row: Pick<OfferRow, "book_from" | "book_to">, today: string): OfferStatus =>
  row.book_from > today ? "UPCOMING" : row.book_to < today ? "EXPIRED" : "CURRENT";

/** An offer as every list answers it (OfferSummary). */
export function offerSummary(row: OfferRow, today: string) {
  return {
    offerId: row.offer_id,
    name: row.name,
    brand: row.brand,
    offerType: row.offer_type,
    offerFor: row.offer_for,
    residency: JSON.parse(row.residency) as string[],
    headline: row.headline,
    value: { kind: row.value_kind, amount: row.value_amount },
    bookFrom: row.book_from,
    bookTo: row.book_to,
    sailFrom: row.sail_from,
    sailTo: row.sail_to,
    ships: JSON.parse(row.ships) as string[],
    destinations: JSON.parse(row.destinations) as string[],
    cabinClasses: JSON.parse(row.cabin_classes) as CabinClass[],
    refundability: row.refundability,
    codes: JSON.parse(row.codes) as string[],
    featured: row.featured === 1,
    status: statusOn(row, today),
    imageUrl: imageUrl(row.offer_id),
  };
}

const paged = <T>(items: T[], total: number, page: number, pageSize: number) => ({
  items,
  total,
  page,
  pageSize,
  pageCount: Math.ceil(total / pageSize),
});

/**
 * The cruise lines' offers (docs/promotions-contract.md): reference lists, the offer search, an offer and
 * the sailings it applies to, featured and archived offers, and the offers' pictures. Bearer token required
 * except for the pictures.
 */
export function promotionRoutes(deps: Deps) {
  const { db } = deps;
  const ref = loadCatalogueReference(db);
  const auth = requireAuth(deps);
  const today = () => utcDate(deps.clock());

  const ship = upper.refine((code) => ref.shipsByCode.has(code), "is not a known ship code");
  const destination = upper.refine((code) => ref.destinationsByCode.has(code), "is not a known destination code");
  const offersSchema = z.object({
    brand: brand.optional(),
    ship: ship.optional(),
    destination: destination.optional(),
    offerName: z.string().max(200, "must be at most 200 characters").optional(),
    offerType: upper.pipe(oneOf(OFFER_TYPE_CODES)).optional(),
    offerFor: upper.pipe(oneOf(OFFER_FOR_CODES)).optional(),
    sailing: upper.optional(),
    departureFrom: isoDate.optional(),
    status: upper.pipe(oneOf(["CURRENT", "UPCOMING", "EXPIRED", "ALL"] as const)).optional(),
    expiredWithin: wholeNumber(1, 365).optional(),
    featured: flag.optional(),
    residency: residency.optional(),
    age55Plus: flag.optional(),
    lawEnforcement: flag.optional(),
    fireDepartmentOrEMT: flag.optional(),
    militaryOrForces: flag.optional(),
    refundable: flag.optional(),
    sort: lower.pipe(oneOf(["expires", "name", "brand", "starts"] as const)).optional(),
    order: lower.pipe(oneOf(["asc", "desc"] as const)).optional(),
    page: page.optional(),
    pageSize: pageSize.optional(),
  });
  const featuredSchema = z.object({ brand: brand.optional() });
  const archivedSchema = z.object({
    expiredRange: wholeNumber(1, 365).optional(),
    brand: brand.optional(),
    page: page.optional(),
    pageSize: pageSize.optional(),
  });
  // An offer's sailings take the catalogue sailing search's filters too, so an agent can narrow a long list.
  const sailingsSchema = querySchemas(ref).sailings.extend({
    sort: lower.pipe(oneOf(["date", "price"] as const)).optional(),
    order: lower.pipe(oneOf(["asc", "desc"] as const)).optional(),
    page: page.optional(),
    pageSize: pageSize.optional(),
  });

  const offerOr404 = (id: string) => {
    const row = findOffer(db, id.toUpperCase());
    if (!row) throw notFound("There is no offer with this id.");
    return row;
  };

  const images = new Map<string, string>();
  const r = new Hono<AppEnv>();

  r.get("/offers/:id/image.svg", (c) => {
    const row = offerOr404(c.req.param("id"));
    let svg = images.get(row.offer_id);
    if (!svg) {
      svg = offerImageSvg({
        offerId: row.offer_id,
        name: row.name,
        brand: row.brand,
        headline: row.headline,
        value: { kind: row.value_kind, amount: row.value_amount },
      });
      images.set(row.offer_id, svg);
    }
    return c.body(svg, 200, { "content-type": "image/svg+xml", "cache-control": IMAGE_CACHE_CONTROL });
  });

  r.get("/reference", auth, (c) => {
    readQuery(c, []);
    const { names, residencies } = offerNamesAndResidencies(db);
    return ok(c, {
      offerNames: names,
      offerTypes: OFFER_TYPES.map((t) => ({ code: t.code, name: t.name })),
      audiences: AUDIENCES.map((a) => ({ code: a.code, name: a.name })),
      regions: residencies.flatMap((code) => {
        const region = REGIONS_BY_CODE.get(code);
        return region ? [{ code: region.code, name: region.name, country: region.country }] : [];
      }),
    });
  });

  r.get("/offers", auth, (c) => {
    const query = parseOrThrow(offersSchema, readQuery(c, OFFER_PARAMETERS));
    const status = query.status ?? "CURRENT";
    if (query.expiredWithin !== undefined && status !== "EXPIRED") {
      throw invalidRequest("The request is not valid. expiredWithin: only with status EXPIRED");
    }
    let sailing: OfferSearch["sailing"];
    if (query.sailing !== undefined) {
      sailing = sailingFacts(db, query.sailing);
      if (!sailing) throw notFound("There is no sailing with this id.");
    }
    const flags = {
      age55Plus: query.age55Plus === "true",
      lawEnforcement: query.lawEnforcement === "true",
      fireDepartmentOrEMT: query.fireDepartmentOrEMT === "true",
      militaryOrForces: query.militaryOrForces === "true",
      refundable: query.refundable === "true",
    };
    // The party filter is on when a residency or a true flag is given.
    const party: Party | undefined =
      query.residency !== undefined || Object.values(flags).some(Boolean)
        ? { residency: query.residency, ...flags }
        : undefined;
    const day = today();
    const pageNumber = query.page ?? 1;
    const size = query.pageSize ?? 20;
    const shipRow = query.ship === undefined ? undefined : ref.shipsByCode.get(query.ship);
    const { rows, total } = searchOffers(db, {
      today: day,
      brand: query.brand,
      ship: shipRow ? { code: shipRow.ship_code, brand: shipRow.brand } : undefined,
      destination: query.destination,
      offerName: query.offerName,
      offerType: query.offerType as OfferType | undefined,
      offerFor: query.offerFor,
      sailing,
      departureFrom: query.departureFrom,
      status,
      expiredWithin: query.expiredWithin,
      featured: query.featured === "true" ? true : undefined,
      party,
      sort: query.sort ?? "expires",
      order: query.order ?? "asc",
      page: pageNumber,
      pageSize: size,
    });
    return ok(
      c,
      paged(
        rows.map((row) => offerSummary(row, day)),
        total,
        pageNumber,
        size,
      ),
    );
  });

  r.get("/offers/:id", auth, (c) => {
    readQuery(c, []);
    const row = offerOr404(c.req.param("id"));
    const day = today();
    return ok(c, {
      ...offerSummary(row, day),
      description: row.description,
      combinableWith: JSON.parse(row.combinable_with) as OfferType[],
      notCombinableWith: JSON.parse(row.not_combinable_with) as OfferType[],
      terms: JSON.parse(row.terms) as string[],
      sailingCount: countOfferSailings(db, row, day),
    });
  });

  r.get("/offers/:id/sailings", auth, (c) => {
    const query = parseOrThrow(sailingsSchema, readQuery(c, SAILING_PARAMETERS));
    const row = offerOr404(c.req.param("id"));
    const pageNumber = query.page ?? 1;
    const size = query.pageSize ?? 20;
    const day = today();
    const { rows, total } = offerSailings(db, row, {
      today: day,
      filter: sailingFilter(query, day),
      sort: query.sort ?? "date",
      order: query.order ?? "asc",
      page: pageNumber,
      pageSize: size,
    });
    return ok(
      c,
      paged(
        rows.map((sailing) => sailingSummary(sailing, ref)),
        total,
        pageNumber,
        size,
      ),
    );
  });

  r.get("/featured", auth, (c) => {
    const query = parseOrThrow(featuredSchema, readQuery(c, ["brand"]));
    const day = today();
    const { rows } = searchOffers(db, {
      today: day,
      brand: query.brand,
      status: "CURRENT",
      featured: true,
      sort: "expires",
      order: "asc",
      page: 1,
      pageSize: FEATURED_LIMIT,
    });
    return ok(
      c,
      rows.map((row) => offerSummary(row, day)),
    );
  });

  r.get("/archived", auth, (c) => {
    const query = parseOrThrow(archivedSchema, readQuery(c, ["expiredRange", "brand", "page", "pageSize"]));
    const day = today();
    const pageNumber = query.page ?? 1;
    const size = query.pageSize ?? 20;
    const { rows, total } = searchOffers(db, {
      today: day,
      brand: query.brand,
      status: "EXPIRED",
      expiredWithin: query.expiredRange ?? 30,
      sort: "expires",
      order: "desc",
      page: pageNumber,
      pageSize: size,
    });
    return ok(
      c,
      paged(
        rows.map((row) => offerSummary(row, day)),
        total,
        pageNumber,
        size,
      ),
    );
  });

  return r;
}
