import type { Statement } from "better-sqlite3";
import { DESTINATIONS } from "../catalogue/destinations";
import { checkDeployments, generateSailings, utcDate } from "../catalogue/generate";
import { PORTS } from "../catalogue/ports";
import { SHIPS, describeShip, shipClassOf, stateroomCounts } from "../catalogue/ships";
import {
  BRAND_CODES,
  CABIN_CLASSES,
  type Availability,
  type Brand,
  type CabinClass,
  type DestinationCode,
  type Refundability,
  type TourType,
  type VoyageType,
} from "../catalogue/types";
import type { Db } from "./database";

// -----------------------------------------------------------------------------------------------------------
// Generation

/** The anchor date (`YYYY-MM-DD`) of the catalogue in this database, or undefined before it is generated. */
export function catalogueAnchor(db: Db): string | undefined {
  const row = db.prepare("SELECT value FROM catalogue_meta WHERE key = 'anchor'").get() as
    { value: string } | undefined;
  return row?.value;
}

export type EnsureResult = { generated: boolean; anchor: string; sailings: number; ms: number };

/**
 * Generates the catalogue when the database has none, anchored on the clock's UTC date; later calls (and
 * later starts) keep it. One transaction, many rows per prepared statement.
 */
export function ensureCatalogue(db: Db, now: number): EnsureResult {
  const existing = catalogueAnchor(db);
  if (existing !== undefined) {
    const row = db.prepare("SELECT value FROM catalogue_meta WHERE key = 'sailings'").get() as { value: string };
    return { generated: false, anchor: existing, sailings: Number(row.value), ms: 0 };
  }
  const started = performance.now();
  const anchor = utcDate(now);
  const rows = catalogueRows(anchor);
  // The rows are consistent by construction, so foreign keys are not checked row by row while they are
  // written (the pragma cannot change inside a transaction).
  const foreignKeys = db.pragma("foreign_keys", { simple: true }) as number;
  db.pragma("foreign_keys = OFF");
  try {
    db.transaction(() => writeCatalogue(db, anchor, now, rows))();
  } finally {
    if (foreignKeys) db.pragma("foreign_keys = ON");
  }
  return { generated: true, anchor, sailings: rows.count, ms: Math.round(performance.now() - started) };
}

const classColumn = (cabinClass: CabinClass) => cabinClass.toLowerCase();

/** The columns of catalogue_sailings in the order catalogueRows gives them. */
const SAILING_COLUMNS = [
  "sailing_id",
  "ship_code",
  "brand",
  "ship_class",
  "destination_code",
  "sail_date",
  "return_date",
  "nights",
  "cruise_nights",
  "departure_port",
  "return_port",
  "voyage_type",
  "tour_type",
  "tour_name",
  "tour_land_nights",
  "refundability",
  "ports_of_call",
  ...CABIN_CLASSES.map((c) => `price_${classColumn(c)}`),
  ...CABIN_CLASSES.map((c) => `avail_${classColumn(c)}`),
  ...CABIN_CLASSES.map((c) => `open_${classColumn(c)}`),
  "lowest_price",
  "single_supplement_percent",
  "final_payment_date",
  "price_details",
];

export type Value = string | number | null;
type CatalogueRows = { count: number; sailings: Value[]; days: Value[]; destinationPorts: Value[] };

/**
 * The generated catalogue as flat rows for the tables. Generation is deterministic, so the last anchor's rows
 * are kept in memory: a process that opens several fresh databases (the tests) generates once.
 */
let lastRows: { anchor: string; rows: CatalogueRows } | undefined;

/** Forgets the kept rows, so the next fresh database generates its catalogue from scratch (tests). */
export function forgetGeneratedRows(): void {
  lastRows = undefined;
}

function catalogueRows(anchor: string): CatalogueRows {
  if (lastRows?.anchor === anchor) return lastRows.rows;
  checkDeployments();
  const generated = generateSailings(anchor).sort((a, b) => (a.sailingId < b.sailingId ? -1 : 1));
  const portName = new Map(PORTS.map((p) => [p.code, p.name]));
  const sailings: Value[] = [];
  const days: Value[] = [];
  const destinationPorts = new Set<string>();
  for (const s of generated) {
    const prices = CABIN_CLASSES.map((c) => s.prices.find((p) => p.cabinClass === c));
    sailings.push(
      s.sailingId,
      s.shipCode,
      s.brand,
      s.shipClass,
      s.destination,
      s.sailDate,
      s.returnDate,
      s.nights,
      s.cruiseNights,
      s.departurePort,
      s.returnPort,
      s.voyageType,
      s.tourType,
      s.tour?.name ?? null,
      s.tour?.landNights ?? null,
      s.refundability,
      JSON.stringify(s.portsOfCall.map((code) => portName.get(code) ?? code)),
      ...prices.map((p) => p?.pricePerGuest ?? null),
      ...prices.map((p) => p?.availability ?? null),
      ...prices.map((p) => (p && p.availability !== "SOLD_OUT" ? p.pricePerGuest : null)),
      s.lowestPrice,
      s.singleSupplementPercent,
      s.finalPaymentDate,
      JSON.stringify(s.prices),
    );
    for (const d of s.days) {
      days.push(s.sailingId, d.day, d.date, d.port, d.arrival, d.departure);
      if (d.port) destinationPorts.add(`${s.destination} ${d.port}`);
    }
  }
  const rows = {
    count: generated.length,
    sailings,
    days,
    destinationPorts: [...destinationPorts].sort().flatMap((pair) => pair.split(" ")),
  };
  lastRows = { anchor, rows };
  return rows;
}

function writeCatalogue(db: Db, anchor: string, now: number, rows: CatalogueRows) {
  insertMany(
    db,
    "catalogue_ports (port_code, name, country, country_code, region)",
    5,
    PORTS.flatMap((p) => [p.code, p.name, p.country, p.countryCode, p.region]),
  );
  insertMany(
    db,
    "catalogue_destinations (destination_code, name, sort_order)",
    3,
    DESTINATIONS.flatMap((d, i) => [d.code, d.name, i + 1]),
  );
  insertMany(
    db,
    `catalogue_ships (ship_code, name, brand, ship_class, year_built, year_refurbished, gross_tonnage, guests,
      crew, decks, length_metres, description, staterooms, dining, activities, sort_order)`,
    16,
    SHIPS.flatMap((ship, i) => {
      const cls = shipClassOf(ship);
      return [
        ship.code,
        ship.name,
        ship.brand,
        ship.shipClass,
        ship.yearBuilt,
        ship.yearRefurbished,
        ship.grossTonnage,
        ship.guests,
        ship.crew,
        ship.decks,
        ship.lengthMetres,
        describeShip(ship),
        JSON.stringify(stateroomCounts(ship)),
        JSON.stringify([...cls.dining, ...(ship.extraDining ?? [])]),
        JSON.stringify([...cls.activities, ...(ship.extraActivities ?? [])]),
        i + 1,
      ];
    }),
  );
  insertMany(db, `catalogue_sailings (${SAILING_COLUMNS.join(", ")})`, SAILING_COLUMNS.length, rows.sailings);
  insertMany(db, "catalogue_sailing_days (sailing_id, day, date, port_code, arrival, departure)", 6, rows.days);
  insertMany(db, "catalogue_destination_ports (destination_code, port_code)", 2, rows.destinationPorts);
  insertMany(db, "catalogue_meta (key, value)", 2, [
    "anchor",
    anchor,
    "generated_at",
    new Date(now).toISOString(),
    "sailings",
    String(rows.count),
  ]);
}

/** Inserts `values` (rows of `width` values, flattened), many rows per statement. */
export function insertMany(db: Db, into: string, width: number, values: Value[]) {
  const rowsPerStatement = Math.floor(1000 / width);
  const statement = (rows: number) =>
    db.prepare(
      `INSERT INTO ${into} VALUES ${Array.from({ length: rows }, () => `(${"?, ".repeat(width - 1)}?)`).join(", ")}`,
    );
  const full = statement(rowsPerStatement);
  const chunk = rowsPerStatement * width;
  let i = 0;
  for (; i + chunk <= values.length; i += chunk) full.run(values.slice(i, i + chunk));
  if (i < values.length) statement((values.length - i) / width).run(values.slice(i));
}

// -----------------------------------------------------------------------------------------------------------
// Reference data: small and never changed once generated, so read once per app.

export type Port = { code: string; name: string; country: string };
export type PortDetail = Port & { countryCode: string; region: string };

export type ShipRow = {
  ship_code: string;
  name: string;
  brand: Brand;
  ship_class: string;
  year_built: number;
  year_refurbished: number | null;
  gross_tonnage: number;
  guests: number;
  crew: number;
  decks: number;
  length_metres: number;
  description: string;
  staterooms: string;
  dining: string;
  activities: string;
};

export type CatalogueReference = {
  anchor: string;
  /** The last sail date in the catalogue. */
  lastSailDate: string;
  /** Brand order R, C, V, then name. */
  ships: ShipRow[];
  shipsByCode: Map<string, ShipRow>;
  /** Ship classes, brand order then name; `byName` lower-cased. */
  shipClasses: Array<{ name: string; brand: Brand }>;
  shipClassesByName: Map<string, { name: string; brand: Brand }>;
  /** By name. */
  destinations: Array<{ code: DestinationCode; name: string }>;
  destinationsByCode: Map<string, { code: DestinationCode; name: string }>;
  /** By name, then code. */
  ports: PortDetail[];
  portsByCode: Map<string, PortDetail>;
  destinationPorts: Map<string, Set<string>>;
};

const BRAND_ORDER = new Map(BRAND_CODES.map((b, i) => [b, i]));
const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, "en");

export function loadCatalogueReference(db: Db): CatalogueReference {
  const anchor = catalogueAnchor(db);
  if (anchor === undefined) throw new Error("the catalogue has not been generated");
  const last = db.prepare("SELECT max(sail_date) AS d FROM catalogue_sailings").get() as { d: string };

  const ships = (db.prepare("SELECT * FROM catalogue_ships").all() as ShipRow[]).sort(
    (a, b) => (BRAND_ORDER.get(a.brand) ?? 9) - (BRAND_ORDER.get(b.brand) ?? 9) || byName(a, b),
  );
  const classes = new Map<string, { name: string; brand: Brand }>();
  for (const ship of ships) classes.set(ship.ship_class, { name: ship.ship_class, brand: ship.brand });
  const shipClasses = [...classes.values()].sort(
    (a, b) => (BRAND_ORDER.get(a.brand) ?? 9) - (BRAND_ORDER.get(b.brand) ?? 9) || byName(a, b),
  );

  const destinations = (
    db.prepare("SELECT destination_code AS code, name FROM catalogue_destinations").all() as Array<{
      code: DestinationCode;
      name: string;
    }>
  ).sort(byName);

  const ports = (
    db
      .prepare("SELECT port_code AS code, name, country, country_code AS countryCode, region FROM catalogue_ports")
      .all() as PortDetail[]
  ).sort((a, b) => byName(a, b) || a.code.localeCompare(b.code));

  const destinationPorts = new Map<string, Set<string>>();
  for (const row of db.prepare("SELECT destination_code, port_code FROM catalogue_destination_ports").all() as Array<{
    destination_code: string;
    port_code: string;
  }>) {
    let set = destinationPorts.get(row.destination_code);
    if (!set) destinationPorts.set(row.destination_code, (set = new Set()));
    set.add(row.port_code);
  }

  return {
    anchor,
    lastSailDate: last.d,
    ships,
    shipsByCode: new Map(ships.map((s) => [s.ship_code, s])),
    shipClasses,
    shipClassesByName: new Map(shipClasses.map((c) => [c.name.toLowerCase(), c])),
    destinations,
    destinationsByCode: new Map(destinations.map((d) => [d.code, d])),
    ports,
    portsByCode: new Map(ports.map((p) => [p.code, p])),
    destinationPorts,
  };
}

// -----------------------------------------------------------------------------------------------------------
// Queries

const statements = new WeakMap<Db, Map<string, Statement>>();

/** A prepared statement, kept per database and SQL text (searches build their SQL from a few shapes). */
export function prepared(db: Db, sql: string): Statement {
  let cache = statements.get(db);
  if (!cache) statements.set(db, (cache = new Map()));
  let statement = cache.get(sql);
  if (!statement) {
    // Bounded: an unusual mix of filters makes a new shape, and there are thousands of possible mixes.
    if (cache.size >= 500) cache.clear();
    statement = db.prepare(sql);
    cache.set(sql, statement);
  }
  return statement;
}

/** Per ship, the destinations it sails to on or after `from`, in destination order (by name). */
export function shipDestinations(db: Db, ref: CatalogueReference, from: string): Map<string, DestinationCode[]> {
  const rows = prepared(
    db,
    "SELECT DISTINCT ship_code, destination_code FROM catalogue_sailings WHERE sail_date >= ?",
  ).all(from) as Array<{ ship_code: string; destination_code: DestinationCode }>;
  const order = new Map(ref.destinations.map((d, i) => [d.code, i]));
  const result = new Map<string, DestinationCode[]>();
  for (const row of rows) {
    let list = result.get(row.ship_code);
    if (!list) result.set(row.ship_code, (list = []));
    list.push(row.destination_code);
  }
  for (const list of result.values()) list.sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
  return result;
}

/** Sailings per destination on or after `from`. */
export function destinationCounts(db: Db, from: string): Map<string, number> {
  const rows = prepared(
    db,
    `SELECT destination_code, count(*) AS n FROM catalogue_sailings INDEXED BY catalogue_sailings_destination
     WHERE sail_date >= ? GROUP BY destination_code`,
  ).all(from) as Array<{ destination_code: string; n: number }>;
  return new Map(rows.map((r) => [r.destination_code, r.n]));
}

export type SailingSearch = {
  from: string;
  to?: string;
  brand?: Brand;
  ship?: string;
  shipClass?: string;
  destination?: string;
  port?: string;
  voyageType?: VoyageType;
  tourType?: TourType;
  nightsMin?: number;
  nightsMax?: number;
  cabinClass?: CabinClass;
  priceMin?: number;
  priceMax?: number;
  refundable?: boolean;
  sort: "date" | "price" | "nights";
  order: "asc" | "desc";
  page: number;
  pageSize: number;
};

/** The columns a summary needs. */
const SUMMARY_COLUMNS = `sailing_id, ship_code, brand, destination_code, sail_date, return_date, nights,
  departure_port, return_port, voyage_type, tour_type, refundability, ports_of_call,
  price_interior, price_outside, price_balcony, price_deluxe,
  avail_interior, avail_outside, avail_balcony, avail_deluxe, lowest_price`;

export type SailingRow = {
  sailing_id: string;
  ship_code: string;
  brand: Brand;
  destination_code: string;
  sail_date: string;
  return_date: string;
  nights: number;
  departure_port: string;
  return_port: string;
  voyage_type: VoyageType;
  tour_type: TourType;
  refundability: Refundability;
  ports_of_call: string;
  price_interior: number | null;
  price_outside: number | null;
  price_balcony: number | null;
  price_deluxe: number | null;
  avail_interior: Availability | null;
  avail_outside: Availability | null;
  avail_balcony: Availability | null;
  avail_deluxe: Availability | null;
  lowest_price: number | null;
};

export type SailingDetailRow = SailingRow & {
  cruise_nights: number;
  tour_name: string | null;
  tour_land_nights: number | null;
  single_supplement_percent: number;
  final_payment_date: string;
  price_details: string;
};

/** The WHERE clause and its parameters of a search. */
export function searchFilter(search: Omit<SailingSearch, "sort" | "order" | "page" | "pageSize">): {
  where: string;
  params: Array<string | number>;
} {
  const conditions = ["sail_date >= ?"];
  const params: Array<string | number> = [search.from];
  const add = (condition: string, ...values: Array<string | number>) => {
    conditions.push(condition);
    params.push(...values);
  };
  if (search.to !== undefined) add("sail_date <= ?", search.to);
  if (search.brand !== undefined) add("brand = ?", search.brand);
  if (search.ship !== undefined) add("ship_code = ?", search.ship);
  if (search.shipClass !== undefined) add("ship_class = ?", search.shipClass);
  if (search.destination !== undefined) add("destination_code = ?", search.destination);
  if (search.port !== undefined) add("departure_port = ?", search.port);
  if (search.voyageType !== undefined) add("voyage_type = ?", search.voyageType);
  if (search.tourType !== undefined) add("tour_type = ?", search.tourType);
  if (search.nightsMin !== undefined) add("nights >= ?", search.nightsMin);
  if (search.nightsMax !== undefined) add("nights <= ?", search.nightsMax);
  const price = priceColumn(search);
  // A class price bound implies the class is offered (open_* is NULL otherwise).
  const bounded = search.priceMin !== undefined || search.priceMax !== undefined;
  if (search.cabinClass !== undefined && !bounded) add(`price_${classColumn(search.cabinClass)} IS NOT NULL`);
  if (search.priceMin !== undefined) add(`${price} >= ?`, search.priceMin);
  if (search.priceMax !== undefined) add(`${price} <= ?`, search.priceMax);
  if (search.refundable === true) add("refundability IN ('R', 'B')");
  if (search.refundable === false) add("refundability = 'N'");
  return { where: conditions.join(" AND "), params };
}

/** The price a search filters and sorts by: the class's unless sold out, else the lowest open price. */
function priceColumn(search: Pick<SailingSearch, "cabinClass">): string {
  return search.cabinClass ? `open_${classColumn(search.cabinClass)}` : "lowest_price";
}

export function searchOrder(search: SailingSearch): string {
  const direction = search.order === "desc" ? "DESC" : "ASC";
  if (search.sort === "price") {
    const price = priceColumn(search);
    return `${price} IS NULL, ${price} ${direction}, sail_date, sailing_id`;
  }
  if (search.sort === "nights") return `nights ${direction}, sail_date, sailing_id`;
  return `sail_date ${direction}, sailing_id`;
}

/**
 * The SQL of a search: the count, and the page as sailing ids (read from the index alone where the filters
 * allow, so sorting by price or nights sorts small index entries, not whole rows).
 */
export function searchSql(search: SailingSearch) {
  const { where, params } = searchFilter(search);
  return {
    count: `SELECT count(*) AS n FROM catalogue_sailings WHERE ${where}`,
    ids: `SELECT sailing_id FROM catalogue_sailings WHERE ${where} ORDER BY ${searchOrder(search)} LIMIT ? OFFSET ?`,
    params,
  };
}

export const SUMMARY_SQL = `SELECT ${SUMMARY_COLUMNS} FROM catalogue_sailings WHERE sailing_id = ?`;

export function searchSailings(db: Db, search: SailingSearch): { rows: SailingRow[]; total: number } {
  const sql = searchSql(search);
  const total = (prepared(db, sql.count).get(...sql.params) as { n: number }).n;
  const offset = (search.page - 1) * search.pageSize;
  if (offset >= total) return { rows: [], total };
  const ids = prepared(db, sql.ids)
    .pluck()
    .all(...sql.params, search.pageSize, offset) as string[];
  const summary = prepared(db, SUMMARY_SQL);
  return { rows: ids.map((id) => summary.get(id) as SailingRow), total };
}

export function findSailing(db: Db, sailingId: string): SailingDetailRow | undefined {
  return prepared(db, "SELECT * FROM catalogue_sailings WHERE sailing_id = ?").get(sailingId) as
    SailingDetailRow | undefined;
}

export type DayRow = {
  day: number;
  date: string;
  port_code: string | null;
  arrival: string | null;
  departure: string | null;
};

export function sailingDays(db: Db, sailingId: string): DayRow[] {
  return prepared(
    db,
    "SELECT day, date, port_code, arrival, departure FROM catalogue_sailing_days WHERE sailing_id = ? ORDER BY day",
  ).all(sailingId) as DayRow[];
}

/** Ship codes with at least one sailing to `destination` on or after `from`. */
export function shipsSailingTo(db: Db, destination: string, from: string): Set<string> {
  const rows = prepared(
    db,
    "SELECT DISTINCT ship_code FROM catalogue_sailings WHERE destination_code = ? AND sail_date >= ?",
  ).all(destination, from) as Array<{ ship_code: string }>;
  return new Set(rows.map((r) => r.ship_code));
}

/** The ports sailings leave from, from a day on (the itinerary search's departure-port choices). */
export function departurePorts(db: Db, from: string): Set<string> {
  const rows = prepared(db, "SELECT DISTINCT departure_port FROM catalogue_sailings WHERE sail_date >= ?").all(
    from,
  ) as Array<{ departure_port: string }>;
  return new Set(rows.map((r) => r.departure_port));
}
