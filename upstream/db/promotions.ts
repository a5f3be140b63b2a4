import { dayNumber, isoDate } from "../catalogue/generate";
import {
  BRAND_CODES,
  CABIN_CLASSES,
  type Brand,
  type CabinClass,
  type DestinationCode,
  type Refundability,
} from "../catalogue/types";
import { generateOffers, type GeneratedOffer, type OfferSailing } from "../promotions/generate";
import { classMask, type OfferFor, type OfferStatus, type OfferType, type ValueKind } from "../promotions/types";
import {
  catalogueAnchor,
  insertMany,
  prepared,
  searchFilter,
  SUMMARY_SQL,
  type SailingRow,
  type SailingSearch,
  type Value,
} from "./catalogue";
import type { Db } from "./database";

// -----------------------------------------------------------------------------------------------------------
// Generation

/** The anchor the offers in this database were generated on, or undefined before they are. */
export function promotionsAnchor(db: Db): string | undefined {
  const row = db.prepare("SELECT value FROM promotion_meta WHERE key = 'anchor'").get() as
    { value: string } | undefined;
  return row?.value;
}

export type EnsurePromotionsResult = { generated: boolean; anchor: string; offers: number; ms: number };

/** The catalogue's sailings as offer generation needs them. */
export function catalogueOfferSailings(db: Db): OfferSailing[] {
  const rows = db
    .prepare(
      `SELECT sailing_id, ship_code, brand, destination_code, sail_date, refundability,
        open_interior, open_outside, open_balcony, open_deluxe FROM catalogue_sailings ORDER BY sailing_id`,
    )
    .raw()
    .all() as Array<[string, string, Brand, DestinationCode, string, Refundability, ...Array<number | null>]>;
  return rows.map(([sailingId, shipCode, brand, destination, sailDate, refundability, ...open]) => ({
    sailingId,
    shipCode,
    brand,
    destination,
    sailDate,
    refundability,
    open: CABIN_CLASSES.filter((_, i) => open[i] !== null),
  }));
}

/** Generation is deterministic, so the last anchor's offers are kept (the tests open many fresh databases). */
let lastOffers: { anchor: string; offers: GeneratedOffer[] } | undefined;

/** Forgets the kept offers, so the next fresh database generates its own from scratch (tests). */
export function forgetGeneratedOffers(): void {
  lastOffers = undefined;
}

/**
 * Generates the offers when the database has none, anchored on the catalogue's anchor and built on its
 * sailings (call after ensureCatalogue); later calls (and later starts) keep them. One transaction.
 */
export function ensurePromotions(db: Db, now: number): EnsurePromotionsResult {
  const existing = promotionsAnchor(db);
  if (existing !== undefined) {
    const row = db.prepare("SELECT value FROM promotion_meta WHERE key = 'offers'").get() as { value: string };
    return { generated: false, anchor: existing, offers: Number(row.value), ms: 0 };
  }
  const anchor = catalogueAnchor(db);
  if (anchor === undefined) throw new Error("the catalogue must be generated before the promotions");
  const started = performance.now();
  if (lastOffers?.anchor !== anchor)
    lastOffers = { anchor, offers: generateOffers(anchor, catalogueOfferSailings(db)) };
  const offers = lastOffers.offers;
  db.transaction(() => writeOffers(db, anchor, now, offers))();
  return { generated: true, anchor, offers: offers.length, ms: Math.round(performance.now() - started) };
}

const BRAND_ORDER = new Map(BRAND_CODES.map((b, i) => [b, i + 1]));

/** The columns of promotion_offers in the order writeOffers gives them. */
const OFFER_COLUMNS = [
  "offer_id",
  "name",
  "brand",
  "brand_order",
  "offer_type",
  "offer_for",
  "value_kind",
  "value_amount",
  "book_from",
  "book_to",
  "sail_from",
  "sail_to",
  "refundability",
  "cabin_mask",
  "all_ships",
  "all_destinations",
  "any_residency",
  "featured",
  "headline",
  "description",
  "residency",
  "ships",
  "destinations",
  "cabin_classes",
  "codes",
  "terms",
  "combinable_with",
  "not_combinable_with",
];

function writeOffers(db: Db, anchor: string, now: number, offers: GeneratedOffer[]) {
  const rows: Value[] = [];
  const ships: Value[] = [];
  const destinations: Value[] = [];
  const residency: Value[] = [];
  for (const o of offers) {
    rows.push(
      o.offerId,
      o.name,
      o.brand,
      BRAND_ORDER.get(o.brand) ?? 9,
      o.offerType,
      o.offerFor,
      o.value.kind,
      o.value.amount,
      o.bookFrom,
      o.bookTo,
      o.sailFrom,
      o.sailTo,
      o.refundability,
      classMask(o.cabinClasses),
      o.ships.length === 0 ? 1 : 0,
      o.destinations.length === 0 ? 1 : 0,
      o.residency.length === 0 ? 1 : 0,
      o.featured ? 1 : 0,
      o.headline,
      o.description,
      JSON.stringify(o.residency),
      JSON.stringify(o.ships),
      JSON.stringify(o.destinations),
      JSON.stringify(o.cabinClasses),
      JSON.stringify(o.codes),
      JSON.stringify(o.terms),
      JSON.stringify(o.combinableWith),
      JSON.stringify(o.notCombinableWith),
    );
    for (const code of o.ships) ships.push(code, o.offerId);
    for (const code of o.destinations) destinations.push(code, o.offerId);
    for (const code of o.residency) residency.push(code, o.offerId);
  }
  insertMany(db, `promotion_offers (${OFFER_COLUMNS.join(", ")})`, OFFER_COLUMNS.length, rows);
  insertMany(db, "promotion_offer_ships (ship_code, offer_id)", 2, ships);
  insertMany(db, "promotion_offer_destinations (destination_code, offer_id)", 2, destinations);
  insertMany(db, "promotion_offer_residency (residency_code, offer_id)", 2, residency);
  insertMany(db, "promotion_meta (key, value)", 2, [
    "anchor",
    anchor,
    "generated_at",
    new Date(now).toISOString(),
    "offers",
    String(offers.length),
  ]);
}

// -----------------------------------------------------------------------------------------------------------
// Queries

export type OfferRow = {
  offer_id: string;
  name: string;
  brand: Brand;
  offer_type: OfferType;
  offer_for: OfferFor;
  value_kind: ValueKind;
  value_amount: number;
  book_from: string;
  book_to: string;
  sail_from: string;
  sail_to: string;
  refundability: Refundability;
  cabin_mask: number;
  featured: number;
  headline: string;
  description: string;
  residency: string;
  ships: string;
  destinations: string;
  cabin_classes: string;
  codes: string;
  terms: string;
  combinable_with: string;
  not_combinable_with: string;
};

/** What the sailing rule needs to know about a sailing. */
export type SailingFacts = {
  brand: Brand;
  shipCode: string;
  destination: string;
  sailDate: string;
  refundability: Refundability;
  /** Bits of the classes priced and not sold out. */
  openMask: number;
};

/** The party an offer must apply to; the flags are true or absent. */
export type Party = {
  residency?: string;
  age55Plus?: boolean;
  lawEnforcement?: boolean;
  fireDepartmentOrEMT?: boolean;
  militaryOrForces?: boolean;
  refundable?: boolean;
};

export type OfferSearch = {
  today: string;
  brand?: Brand;
  /** A ship and its brand. */
  ship?: { code: string; brand: Brand };
  destination?: string;
  offerName?: string;
  offerType?: OfferType;
  offerFor?: OfferFor;
  sailing?: SailingFacts;
  departureFrom?: string;
  status: OfferStatus | "ALL";
  /** Only with status EXPIRED: bookTo within the last n days. */
  expiredWithin?: number;
  featured?: boolean;
  /** Absent: the party filter is off. */
  party?: Party;
  sort: "expires" | "name" | "brand" | "starts";
  order: "asc" | "desc";
  page: number;
  pageSize: number;
};

/** The offer types of the refundabilities that go with a sailing's: B with any, N with N or B, R with R or B. */
const COMPATIBLE: Record<Refundability, readonly Refundability[]> = {
  B: ["N", "R", "B"],
  N: ["N", "B"],
  R: ["R", "B"],
};

const placeholders = (n: number) => Array.from({ length: n }, () => "?").join(", ");

/** The residency codes a party's residency matches: itself, and its country for a region (`USA-FL` → `USA`). */
export function residencyMatches(residency: string): string[] {
  const dash = residency.indexOf("-");
  return dash > 0 ? [residency, residency.slice(0, dash)] : [residency];
}

/** The WHERE clause and its parameters of an offer search. */
export function offerFilter(search: OfferSearch): { where: string; params: Array<string | number> } {
  const conditions: string[] = [];
  const params: Array<string | number> = [];
  const add = (condition: string, ...values: Array<string | number>) => {
    conditions.push(condition);
    params.push(...values);
  };
  const { today } = search;
  if (search.status === "CURRENT") add("book_from <= ? AND book_to >= ?", today, today);
  if (search.status === "UPCOMING") add("book_from > ?", today);
  if (search.status === "EXPIRED") {
    add("book_to < ?", today);
    if (search.expiredWithin !== undefined) add("book_to >= ?", isoDate(dayNumber(today) - search.expiredWithin));
  }
  if (search.brand !== undefined) add("brand = ?", search.brand);
  if (search.ship !== undefined) {
    add(
      "brand = ? AND (all_ships = 1 OR EXISTS (SELECT 1 FROM promotion_offer_ships s WHERE s.ship_code = ? AND s.offer_id = o.offer_id))",
      search.ship.brand,
      search.ship.code,
    );
  }
  if (search.destination !== undefined) {
    add(
      "(all_destinations = 1 OR EXISTS (SELECT 1 FROM promotion_offer_destinations d WHERE d.destination_code = ? AND d.offer_id = o.offer_id))",
      search.destination,
    );
  }
  if (search.offerName !== undefined) add("name = ?", search.offerName);
  if (search.offerType !== undefined) add("offer_type = ?", search.offerType);
  if (search.offerFor !== undefined) add("offer_for = ?", search.offerFor);
  if (search.sailing !== undefined) {
    const s = search.sailing;
    const refundabilities = COMPATIBLE[s.refundability];
    add(
      `brand = ? AND sail_from <= ? AND sail_to >= ? AND (cabin_mask & ?) != 0
       AND refundability IN (${placeholders(refundabilities.length)})
       AND (all_ships = 1 OR EXISTS (SELECT 1 FROM promotion_offer_ships s WHERE s.ship_code = ? AND s.offer_id = o.offer_id))
       AND (all_destinations = 1 OR EXISTS (SELECT 1 FROM promotion_offer_destinations d WHERE d.destination_code = ? AND d.offer_id = o.offer_id))`,
      s.brand,
      s.sailDate,
      s.sailDate,
      s.openMask,
      ...refundabilities,
      s.shipCode,
      s.destination,
    );
  }
  if (search.departureFrom !== undefined) add("sail_to >= ?", search.departureFrom);
  if (search.featured === true) add("featured = 1");
  if (search.party !== undefined) {
    const party = search.party;
    const audiences = ["EVERYONE", "RESIDENTS"];
    if (party.age55Plus) audiences.push("SENIORS");
    if (party.militaryOrForces) audiences.push("MILITARY");
    if (party.lawEnforcement) audiences.push("LAW_ENFORCEMENT");
    if (party.fireDepartmentOrEMT) audiences.push("FIRE_EMT");
    add(`offer_for IN (${placeholders(audiences.length)})`, ...audiences);
    if (party.residency === undefined) {
      add("any_residency = 1");
    } else {
      const codes = residencyMatches(party.residency);
      add(
        `(any_residency = 1 OR EXISTS (SELECT 1 FROM promotion_offer_residency r
          WHERE r.residency_code IN (${placeholders(codes.length)}) AND r.offer_id = o.offer_id))`,
        ...codes,
      );
    }
    if (party.refundable) add("refundability IN ('R', 'B')");
  }
  return { where: conditions.length > 0 ? conditions.join(" AND ") : "1", params };
}

export function offerOrder(search: Pick<OfferSearch, "sort" | "order">): string {
  const direction = search.order === "desc" ? "DESC" : "ASC";
  const key = { expires: "book_to", starts: "book_from", name: "name", brand: "brand_order" }[search.sort];
  return `${key} ${direction}, offer_id`;
}

export function offerSearchSql(search: OfferSearch) {
  const { where, params } = offerFilter(search);
  return {
    count: `SELECT count(*) AS n FROM promotion_offers o WHERE ${where}`,
    page: `SELECT * FROM promotion_offers o WHERE ${where} ORDER BY ${offerOrder(search)} LIMIT ? OFFSET ?`,
    params,
  };
}

export function searchOffers(db: Db, search: OfferSearch): { rows: OfferRow[]; total: number } {
  const sql = offerSearchSql(search);
  const total = (prepared(db, sql.count).get(...sql.params) as { n: number }).n;
  const offset = (search.page - 1) * search.pageSize;
  if (offset >= total) return { rows: [], total };
  const rows = prepared(db, sql.page).all(...sql.params, search.pageSize, offset) as OfferRow[];
  return { rows, total };
}

export function findOffer(db: Db, offerId: string): OfferRow | undefined {
  return prepared(db, "SELECT * FROM promotion_offers WHERE offer_id = ?").get(offerId) as OfferRow | undefined;
}

/** The sailing rule's facts of a sailing, or undefined for an unknown id. */
export function sailingFacts(db: Db, sailingId: string): SailingFacts | undefined {
  const row = prepared(
    db,
    `SELECT brand, ship_code, destination_code, sail_date, refundability,
      open_interior, open_outside, open_balcony, open_deluxe FROM catalogue_sailings WHERE sailing_id = ?`,
  ).get(sailingId) as
    | (Pick<SailingRow, "brand" | "ship_code" | "destination_code" | "sail_date" | "refundability"> &
        Record<`open_${Lowercase<CabinClass>}`, number | null>)
    | undefined;
  if (!row) return undefined;
  const open = CABIN_CLASSES.filter((c) => row[`open_${c.toLowerCase() as Lowercase<CabinClass>}`] !== null);
  return {
    brand: row.brand,
    shipCode: row.ship_code,
    destination: row.destination_code,
    sailDate: row.sail_date,
    refundability: row.refundability,
    openMask: classMask(open),
  };
}

/** Offer names, sorted; and the residency codes any offer lists. */
export function offerNamesAndResidencies(db: Db): { names: string[]; residencies: string[] } {
  const names = db.prepare("SELECT DISTINCT name FROM promotion_offers ORDER BY name").pluck().all() as string[];
  const residencies = db
    .prepare("SELECT DISTINCT residency_code FROM promotion_offer_residency ORDER BY residency_code")
    .pluck()
    .all() as string[];
  return { names, residencies };
}

export type OfferSailingSearch = {
  today: string;
  sort: "date" | "price";
  order: "asc" | "desc";
  page: number;
  pageSize: number;
  /** The itinerary search's own filters, narrowing the offer's sailings (its `from` is the later of the two). */
  filter?: Omit<SailingSearch, "sort" | "order" | "page" | "pageSize">;
};

/**
 * The sailings from today an offer applies to (the sailing rule): the count and the page's ids come from
 * the catalogue's indexes (brand or ship or destination, then the sail date).
 */
export function offerSailingsSql(
  offer: OfferRow,
  search: Pick<OfferSailingSearch, "today" | "sort" | "order" | "filter">,
) {
  const from = offer.sail_from > search.today ? offer.sail_from : search.today;
  const conditions = ["brand = ?", "sail_date >= ?", "sail_date <= ?"];
  const params: Array<string | number> = [offer.brand, from, offer.sail_to];
  const ships = JSON.parse(offer.ships) as string[];
  const destinations = JSON.parse(offer.destinations) as string[];
  if (ships.length > 0) {
    conditions.push(`ship_code IN (${placeholders(ships.length)})`);
    params.push(...ships);
  }
  if (destinations.length > 0) {
    conditions.push(`destination_code IN (${placeholders(destinations.length)})`);
    params.push(...destinations);
  }
  const classes = CABIN_CLASSES.filter((c) => (offer.cabin_mask & classMask([c])) !== 0);
  conditions.push(`(${classes.map((c) => `open_${c.toLowerCase()} IS NOT NULL`).join(" OR ")})`);
  // Offer N goes with sailings N or B, R with R or B, B with any.
  if (offer.refundability !== "B") {
    conditions.push("refundability IN (?, 'B')");
    params.push(offer.refundability);
  }
  if (search.filter) {
    const narrowed = searchFilter(search.filter);
    conditions.push(`(${narrowed.where})`);
    params.push(...narrowed.params);
  }
  const where = conditions.join(" AND ");
  const direction = search.order === "desc" ? "DESC" : "ASC";
  const order =
    search.sort === "price"
      ? `lowest_price IS NULL, lowest_price ${direction}, sail_date, sailing_id`
      : `sail_date ${direction}, sailing_id`;
  return {
    count: `SELECT count(*) AS n FROM catalogue_sailings WHERE ${where}`,
    ids: `SELECT sailing_id FROM catalogue_sailings WHERE ${where} ORDER BY ${order} LIMIT ? OFFSET ?`,
    params,
  };
}

export function countOfferSailings(db: Db, offer: OfferRow, today: string): number {
  const sql = offerSailingsSql(offer, { today, sort: "date", order: "asc" });
  return (prepared(db, sql.count).get(...sql.params) as { n: number }).n;
}

export function offerSailings(
  db: Db,
  offer: OfferRow,
  search: OfferSailingSearch,
): { rows: SailingRow[]; total: number } {
  const sql = offerSailingsSql(offer, search);
  const total = (prepared(db, sql.count).get(...sql.params) as { n: number }).n;
  const offset = (search.page - 1) * search.pageSize;
  if (offset >= total) return { rows: [], total };
  const ids = prepared(db, sql.ids)
    .pluck()
    .all(...sql.params, search.pageSize, offset) as string[];
  const summary = prepared(db, SUMMARY_SQL);
  return { rows: ids.map((id) => summary.get(id) as SailingRow), total };
}
