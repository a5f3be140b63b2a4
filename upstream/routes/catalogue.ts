import { Hono } from "hono";
import type { Context } from "hono";
import { z } from "zod";
import { shipImageSvg } from "../catalogue/image";
import { faresInForce } from "../db/catalogue-fares";
import { utcDate } from "../catalogue/generate";
import {
  BRANDS,
  BRAND_CODES,
  CABIN_CLASSES,
  TOUR_TYPES,
  VOYAGE_TYPES,
  type Availability,
  type CabinClass,
  type DestinationCode,
} from "../catalogue/types";
import {
  departurePorts,
  destinationCounts,
  findSailing,
  loadCatalogueReference,
  sailingDays,
  searchSailings,
  shipDestinations,
  shipsSailingTo,
  type CatalogueReference,
  type Port,
  type SailingRow,
  type SailingSearch,
  type ShipRow,
} from "../db/catalogue";
import { requireAuth } from "../lib/auth";
import type { AppEnv, Deps } from "../lib/context";
import { ApiError, invalidRequest, ok, parseOrThrow } from "../lib/errors";
import { alpha2Country } from "../lib/fields";

export const IMAGE_CACHE_CONTROL = "public, max-age=86400";

export const notFound = (message: string) => new ApiError(404, "NOT_FOUND", message);

/**
 * The query of a catalogue call: only the parameters named, each at most once (a repeated or unknown one
 * answers 400 naming it). Blank values read as not given.
 */
export function readQuery(c: Context, allowed: readonly string[]): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [name, values] of Object.entries(c.req.queries())) {
    if (!allowed.includes(name)) throw invalidRequest(`The request is not valid. ${name}: unknown parameter`);
    if (values.length > 1) throw invalidRequest(`The request is not valid. ${name}: given more than once`);
    const value = (values[0] ?? "").trim();
    if (value !== "") query[name] = value;
  }
  return query;
}

export const upper = z.string().toUpperCase();
export const lower = z.string().toLowerCase();
export const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .regex(/^[0-9]{1,9}$/, "must be a whole number")
    .transform(Number)
    .refine((n) => n >= min && n <= max, `must be from ${min} to ${max}`);
export const isoDate = z
  .string()
  .regex(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/, "must be a date (YYYY-MM-DD)")
  .refine((value) => {
    const time = Date.parse(`${value}T00:00:00.000Z`);
    return !Number.isNaN(time) && utcDate(time) === value;
  }, "must be a real date");

export const isBrand = (value: string): value is (typeof BRAND_CODES)[number] =>
  (BRAND_CODES as string[]).includes(value);

export const oneOf = <T extends string>(values: readonly T[]) =>
  z.string().refine((v): v is T => (values as readonly string[]).includes(v), `must be one of ${values.join(", ")}`);

export function querySchemas(ref: CatalogueReference) {
  const brand = upper.refine(isBrand, `must be one of ${BRAND_CODES.join(", ")}`);
  const ship = upper.refine((code) => ref.shipsByCode.has(code), "is not a known ship code");
  const shipClass = z
    .string()
    .refine((name) => ref.shipClassesByName.has(name.toLowerCase()), "is not a known ship class")
    .transform((name) => ref.shipClassesByName.get(name.toLowerCase())!.name);
  const destination = upper.refine((code) => ref.destinationsByCode.has(code), "is not a known destination code");
  const port = upper.refine((code) => ref.portsByCode.has(code), "is not a known port code");

  return {
    ships: z.object({ brand: brand.optional(), shipClass: shipClass.optional(), destination: destination.optional() }),
    ports: z.object({
      destination: destination.optional(),
      country: alpha2Country.optional(),
      departure: lower.pipe(oneOf(["true", "false"] as const)).optional(),
    }),
    sailings: z.object({
      brand: brand.optional(),
      ship: ship.optional(),
      shipClass: shipClass.optional(),
      destination: destination.optional(),
      port: port.optional(),
      voyageType: upper.pipe(oneOf(VOYAGE_TYPES)).optional(),
      tourType: upper.pipe(oneOf(TOUR_TYPES)).optional(),
      departureFrom: isoDate.optional(),
      departureTo: isoDate.optional(),
      nightsMin: wholeNumber(1, 365).optional(),
      nightsMax: wholeNumber(1, 365).optional(),
      cabinClass: upper.pipe(oneOf(CABIN_CLASSES)).optional(),
      priceMin: wholeNumber(0, 999_999_999).optional(),
      priceMax: wholeNumber(0, 999_999_999).optional(),
      refundable: lower.pipe(oneOf(["true", "false"] as const)).optional(),
      sort: lower.pipe(oneOf(["date", "price", "nights"] as const)).optional(),
      order: lower.pipe(oneOf(["asc", "desc"] as const)).optional(),
      page: wholeNumber(1, 1_000_000).optional(),
      pageSize: wholeNumber(1, 100).optional(),
    }),
  };
}

export const SAILING_PARAMETERS = [
  "brand",
  "ship",
  "shipClass",
  "destination",
  "port",
  "voyageType",
  "tourType",
  "departureFrom",
  "departureTo",
  "nightsMin",
  "nightsMax",
  "cabinClass",
  "priceMin",
  "priceMax",
  "refundable",
  "sort",
  "order",
  "page",
  "pageSize",
] as const;

type SailingQuery = z.infer<ReturnType<typeof querySchemas>["sailings"]>;

/**
 * The sailing search's filters from its parsed query (the catalogue's search, and an offer's eligible
 * sailings narrowed by the same filters): sailings from today at the earliest; a range the wrong way
 * round is refused.
 */
export function sailingFilter(
  query: SailingQuery,
  day: string,
): Omit<SailingSearch, "sort" | "order" | "page" | "pageSize"> {
  const inOrder = <T extends string | number>(low: string, a: T | undefined, high: string, b: T | undefined) => {
    if (a !== undefined && b !== undefined && a > b) {
      throw invalidRequest(`The request is not valid. ${low}: must not be greater than ${high}`);
    }
  };
  inOrder("departureFrom", query.departureFrom, "departureTo", query.departureTo);
  inOrder("nightsMin", query.nightsMin, "nightsMax", query.nightsMax);
  inOrder("priceMin", query.priceMin, "priceMax", query.priceMax);
  return {
    from: query.departureFrom && query.departureFrom > day ? query.departureFrom : day,
    to: query.departureTo,
    brand: query.brand,
    ship: query.ship,
    shipClass: query.shipClass,
    destination: query.destination,
    port: query.port,
    voyageType: query.voyageType,
    tourType: query.tourType,
    nightsMin: query.nightsMin,
    nightsMax: query.nightsMax,
    cabinClass: query.cabinClass,
    priceMin: query.priceMin,
    priceMax: query.priceMax,
    refundable: query.refundable === undefined ? undefined : query.refundable === "true",
  };
}

const imageUrl = (code: string) => `/catalogue/ships/${code}/image.svg`;

function shipSummary(ship: ShipRow, destinations: DestinationCode[]) {
  return {
    code: ship.ship_code,
    name: ship.name,
    brand: ship.brand,
    shipClass: ship.ship_class,
    yearBuilt: ship.year_built,
    yearRefurbished: ship.year_refurbished,
    grossTonnage: ship.gross_tonnage,
    guests: ship.guests,
    crew: ship.crew,
    decks: ship.decks,
    lengthMetres: ship.length_metres,
    imageUrl: imageUrl(ship.ship_code),
    destinations,
  };
}

const PRICE_COLUMNS = {
  INTERIOR: ["price_interior", "avail_interior"],
  OUTSIDE: ["price_outside", "avail_outside"],
  BALCONY: ["price_balcony", "avail_balcony"],
  DELUXE: ["price_deluxe", "avail_deluxe"],
} as const satisfies Record<CabinClass, readonly [keyof SailingRow, keyof SailingRow]>;

export function sailingSummary(row: SailingRow, ref: CatalogueReference) {
  const port = (code: string): Port => {
    const found = ref.portsByCode.get(code);
    return { code, name: found?.name ?? code, country: found?.country ?? "" };
  };
  const prices = CABIN_CLASSES.flatMap((cabinClass) => {
    const [priceColumn, availColumn] = PRICE_COLUMNS[cabinClass];
    const pricePerGuest = row[priceColumn] as number | null;
    if (pricePerGuest === null) return [];
    return [{ cabinClass, pricePerGuest, availability: row[availColumn] as Availability }];
  });
  const destination = ref.destinationsByCode.get(row.destination_code);
  return {
    sailingId: row.sailing_id,
    shipCode: row.ship_code,
    shipName: ref.shipsByCode.get(row.ship_code)?.name ?? row.ship_code,
    brand: row.brand,
    sailDate: row.sail_date,
    returnDate: row.return_date,
    nights: row.nights,
    destination: { code: row.destination_code, name: destination?.name ?? row.destination_code },
    departurePort: port(row.departure_port),
    returnPort: port(row.return_port),
    ports: JSON.parse(row.ports_of_call) as string[],
    voyageType: row.voyage_type,
    tourType: row.tour_type,
    refundability: row.refundability,
    prices,
    lowestPrice: row.lowest_price,
  };
}

/**
 * The cruise catalogue (docs/catalogue-contract.md): reference data, destinations, ports, ships and their
 * pictures, and the sailing search. Bearer token required except for the ship pictures.
 */
export function catalogueRoutes(deps: Deps) {
  const { db } = deps;
  const ref = loadCatalogueReference(db);
  const schemas = querySchemas(ref);
  const auth = requireAuth(deps);
  const today = () => utcDate(deps.clock());

  // Per-ship destinations change only with the date: kept for the day asked.
  let destinationsCache: { day: string; byShip: Map<string, DestinationCode[]> } | undefined;
  const destinationsByShip = (day: string) => {
    if (destinationsCache?.day !== day) destinationsCache = { day, byShip: shipDestinations(db, ref, day) };
    return destinationsCache.byShip;
  };

  const images = new Map<string, string>();

  const r = new Hono<AppEnv>();

  r.get("/ships/:code/image.svg", (c) => {
    const code = c.req.param("code").toUpperCase();
    const ship = ref.shipsByCode.get(code);
    if (!ship) throw notFound("There is no ship with this code.");
    let svg = images.get(code);
    if (!svg) {
      svg = shipImageSvg({
        code,
        name: ship.name,
        brand: ship.brand,
        shipClass: ship.ship_class,
        decks: ship.decks,
        lengthMetres: ship.length_metres,
      });
      images.set(code, svg);
    }
    return c.body(svg, 200, { "content-type": "image/svg+xml", "cache-control": IMAGE_CACHE_CONTROL });
  });

  r.get("/reference", auth, (c) => {
    readQuery(c, []);
    return ok(c, {
      window: { from: today(), to: ref.lastSailDate },
      brands: BRANDS.map((b) => ({ code: b.code, name: b.name })),
      shipClasses: ref.shipClasses,
      ships: ref.ships.map((s) => ({ code: s.ship_code, name: s.name, brand: s.brand, shipClass: s.ship_class })),
      destinations: ref.destinations,
      voyageTypes: [...VOYAGE_TYPES],
      tourTypes: [...TOUR_TYPES],
      cabinClasses: [...CABIN_CLASSES],
    });
  });

  r.get("/destinations", auth, (c) => {
    readQuery(c, []);
    const counts = destinationCounts(db, today());
    return ok(
      c,
      ref.destinations.map((d) => ({ code: d.code, name: d.name, sailingCount: counts.get(d.code) ?? 0 })),
    );
  });

  r.get("/ports", auth, (c) => {
    const query = parseOrThrow(schemas.ports, readQuery(c, ["destination", "country", "departure"]));
    const inDestination = query.destination ? ref.destinationPorts.get(query.destination) : undefined;
    const leavingFrom = query.departure === "true" ? departurePorts(db, today()) : undefined;
    const ports = ref.ports.filter(
      (p) =>
        (!query.destination || inDestination?.has(p.code)) &&
        (!query.country || p.countryCode === query.country) &&
        (!leavingFrom || leavingFrom.has(p.code)),
    );
    return ok(c, ports);
  });

  r.get("/ships", auth, (c) => {
    const query = parseOrThrow(schemas.ships, readQuery(c, ["brand", "shipClass", "destination"]));
    const day = today();
    const byShip = destinationsByShip(day);
    const sailingThere = query.destination ? shipsSailingTo(db, query.destination, day) : undefined;
    const ships = ref.ships.filter(
      (s) =>
        (!query.brand || s.brand === query.brand) &&
        (!query.shipClass || s.ship_class === query.shipClass) &&
        (!sailingThere || sailingThere.has(s.ship_code)),
    );
    return ok(
      c,
      ships.map((s) => shipSummary(s, byShip.get(s.ship_code) ?? [])),
    );
  });

  r.get("/ships/:code", auth, (c) => {
    readQuery(c, []);
    const ship = ref.shipsByCode.get(c.req.param("code").toUpperCase());
    if (!ship) throw notFound("There is no ship with this code.");
    const destinations = destinationsByShip(today()).get(ship.ship_code) ?? [];
    return ok(c, {
      ...shipSummary(ship, destinations),
      description: ship.description,
      staterooms: JSON.parse(ship.staterooms) as Array<{ cabinClass: CabinClass; count: number }>,
      dining: JSON.parse(ship.dining) as string[],
      activities: JSON.parse(ship.activities) as string[],
      destinations: destinations.map((code) => ({ code, name: ref.destinationsByCode.get(code)?.name ?? code })),
    });
  });

  r.get("/sailings", auth, (c) => {
    const query = parseOrThrow(schemas.sailings, readQuery(c, SAILING_PARAMETERS));
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? 20;
    const { rows, total } = searchSailings(db, {
      ...sailingFilter(query, today()),
      sort: query.sort ?? "date",
      order: query.order ?? "asc",
      page,
      pageSize,
    });
    return ok(c, {
      items: rows.map((row) => sailingSummary(row, ref)),
      total,
      page,
      pageSize,
      pageCount: Math.ceil(total / pageSize),
    });
  });

  r.get("/sailings/:id", auth, (c) => {
    readQuery(c, []);
    const row = findSailing(db, c.req.param("id").toUpperCase());
    if (!row) throw notFound("There is no sailing with this id.");
    const summary = sailingSummary(row, ref);
    const inForce = faresInForce(db, row.sailing_id, today());
    const details = JSON.parse(row.price_details) as Array<{
      cabinClass: CabinClass;
      pricePerGuest: number;
      additionalGuestPrice: number;
      taxesAndFees: number;
      deposit: number;
      availability: Availability;
    }>;
    const port = (code: string | null): Port | null => {
      if (code === null) return null;
      const found = ref.portsByCode.get(code);
      return { code, name: found?.name ?? code, country: found?.country ?? "" };
    };
    return ok(c, {
      ...summary,
      prices: details.map((p) => {
        // price_details holds the list fare; today's may differ (the fare schedule, decision 046).
        const now = inForce.get(p.cabinClass);
        const moved =
          now !== undefined &&
          (now.pricePerGuest !== p.pricePerGuest || now.additionalGuestPrice !== p.additionalGuestPrice);
        return {
          cabinClass: p.cabinClass,
          pricePerGuest: moved ? now.pricePerGuest : p.pricePerGuest,
          additionalGuestPrice: moved ? now.additionalGuestPrice : p.additionalGuestPrice,
          taxesAndFees: p.taxesAndFees,
          deposit: p.deposit,
          availability: p.availability,
          fareChange: moved ? { since: now.since, listPricePerGuest: p.pricePerGuest, offer: now.offer } : null,
        };
      }),
      singleSupplementPercent: row.single_supplement_percent,
      finalPaymentDate: row.final_payment_date,
      tour:
        row.tour_type === "CT" && row.tour_name !== null
          ? { name: row.tour_name, landNights: row.tour_land_nights ?? 0 }
          : null,
      days: sailingDays(db, row.sailing_id).map((d) => ({
        day: d.day,
        date: d.date,
        port: port(d.port_code),
        seaDay: d.port_code === null,
        arrival: d.arrival,
        departure: d.departure,
      })),
    });
  });

  return r;
}
