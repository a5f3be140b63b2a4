import type { Brand } from "../catalogue/types";
import { catalogueAnchor } from "./catalogue";
import type { Db } from "./database";

/**
 * Reduced rates for travel professionals: the cruise lines' agent rates and
 * familiarisation (FAM) rates on a deterministic selection of the catalogue's sailings, and the agents'
 * requests for them. docs/decisions/026-reduced-rates.md gives the rules.
 */

export const RATE_TYPES = ["AGENT", "FAM"] as const;
export type RateType = (typeof RATE_TYPES)[number];

/** The classes a reduced rate may be offered in: never suites (the lines keep those for paying guests). */
export const RATE_CLASSES = ["INTERIOR", "OUTSIDE", "BALCONY"] as const;
export type RateClass = (typeof RATE_CLASSES)[number];

export const COMPANION_RELATIONS = ["PARTNER", "FAMILY", "FRIEND", "COLLEAGUE"] as const;
export type CompanionRelation = (typeof COMPANION_RELATIONS)[number];

export const REQUEST_STATUSES = ["REQUESTED", "APPROVED", "DECLINED", "WITHDRAWN"] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** At most this many requests of one agent wait for a decision at once. */
export const MAX_OPEN_REQUESTS = 3;
/** The cruise line decides a request this long after it was made (on the next read after that). */
export const DECISION_AFTER_MS = 48 * 60 * 60 * 1000;
/** Qualifying sailings sail between these many days after the catalogue's anchor. */
export const FIRST_DAY = 21;
export const LAST_DAY = 730;
/** One sailing in SELECT_ONE_IN qualifies (a stable hash of its id). */
export const SELECT_ONE_IN = 16;
/** The part of the catalogue's price per guest that the rate is, by type. */
const RATE_SHARE: Record<RateType, number> = { AGENT: 0.5, FAM: 0.35 };
/** Days before the sail date that requests close, by type. */
const DEADLINE_DAYS: Record<RateType, number> = { AGENT: 14, FAM: 30 };

const DAY_MS = 86_400_000;
const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** FNV-1a (32 bits) of a text: a stable hash, the same on every machine and start. */
export function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

export type ReducedRateSailingRow = {
  sailing_id: string;
  brand: Brand;
  ship_code: string;
  ship_name: string;
  destination_name: string;
  departure_port: string;
  sail_date: string;
  return_date: string;
  nights: number;
  rate_type: RateType;
  request_deadline: string;
  rate_interior: number | null;
  rate_outside: number | null;
  rate_balcony: number | null;
  /** 1 when the catalogue has only a few staterooms left in the class: the line declines requests for it. */
  few_interior: number;
  few_outside: number;
  few_balcony: number;
};

export const rateColumn = (cabinClass: RateClass) =>
  `rate_${cabinClass.toLowerCase() as Lowercase<RateClass>}` as const;
export const fewColumn = (cabinClass: RateClass) => `few_${cabinClass.toLowerCase() as Lowercase<RateClass>}` as const;

type CatalogueSailing = {
  sailing_id: string;
  brand: Brand;
  ship_code: string;
  ship_name: string;
  destination_name: string;
  departure_port: string;
  sail_date: string;
  return_date: string;
  nights: number;
  price_interior: number | null;
  price_outside: number | null;
  price_balcony: number | null;
  avail_interior: string | null;
  avail_outside: string | null;
  avail_balcony: string | null;
};

/** The qualifying sailing a catalogue sailing gives, or null when it does not qualify. */
export function qualifyingSailing(s: CatalogueSailing): ReducedRateSailingRow | null {
  const hash = stableHash(s.sailing_id);
  if (hash % SELECT_ONE_IN !== 0) return null;
  const rateType: RateType = Math.floor(hash / SELECT_ONE_IN) % 3 === 0 ? "FAM" : "AGENT";
  const rate = (price: number | null, avail: string | null) =>
    price === null || avail === null || avail === "SOLD_OUT" ? null : Math.round(price * RATE_SHARE[rateType]);
  const row: ReducedRateSailingRow = {
    sailing_id: s.sailing_id,
    brand: s.brand,
    ship_code: s.ship_code,
    ship_name: s.ship_name,
    destination_name: s.destination_name,
    departure_port: s.departure_port,
    sail_date: s.sail_date,
    return_date: s.return_date,
    nights: s.nights,
    rate_type: rateType,
    request_deadline: addDays(s.sail_date, -DEADLINE_DAYS[rateType]),
    rate_interior: rate(s.price_interior, s.avail_interior),
    rate_outside: rate(s.price_outside, s.avail_outside),
    rate_balcony: rate(s.price_balcony, s.avail_balcony),
    few_interior: s.avail_interior === "FEW_LEFT" ? 1 : 0,
    few_outside: s.avail_outside === "FEW_LEFT" ? 1 : 0,
    few_balcony: s.avail_balcony === "FEW_LEFT" ? 1 : 0,
  };
  return row.rate_interior === null && row.rate_outside === null && row.rate_balcony === null ? null : row;
}

const SAILING_COLUMNS = [
  "sailing_id",
  "brand",
  "ship_code",
  "ship_name",
  "destination_name",
  "departure_port",
  "sail_date",
  "return_date",
  "nights",
  "rate_type",
  "request_deadline",
  "rate_interior",
  "rate_outside",
  "rate_balcony",
  "few_interior",
  "few_outside",
  "few_balcony",
] as const satisfies ReadonlyArray<keyof ReducedRateSailingRow>;

export type EnsureReducedRatesResult = { generated: boolean; anchor: string; sailings: number; ms: number };

/**
 * Selects the qualifying sailings from the catalogue once (anchored on the catalogue's anchor) and keeps them:
 * later calls and starts only read the count. One query and one transaction: a few milliseconds.
 */
export function ensureReducedRates(db: Db, now: number): EnsureReducedRatesResult {
  void now;
  const meta = db.prepare("SELECT key, value FROM reduced_rate_meta").all() as Array<{ key: string; value: string }>;
  const kept = new Map(meta.map((r) => [r.key, r.value]));
  const existing = kept.get("anchor");
  if (existing !== undefined) {
    return { generated: false, anchor: existing, sailings: Number(kept.get("sailings")), ms: 0 };
  }
  const anchor = catalogueAnchor(db);
  if (anchor === undefined) throw new Error("the catalogue must be generated before the reduced rates");
  const started = performance.now();
  const sailings = db
    .prepare(
      `SELECT s.sailing_id, s.brand, s.ship_code, sh.name AS ship_name, d.name AS destination_name,
         p.name AS departure_port, s.sail_date, s.return_date, s.nights,
         s.price_interior, s.price_outside, s.price_balcony, s.avail_interior, s.avail_outside, s.avail_balcony
       FROM catalogue_sailings s
       JOIN catalogue_ships sh ON sh.ship_code = s.ship_code
       JOIN catalogue_destinations d ON d.destination_code = s.destination_code
       JOIN catalogue_ports p ON p.port_code = s.departure_port
       WHERE s.sail_date >= ? AND s.sail_date <= ?
       ORDER BY s.sail_date, s.sailing_id`,
    )
    .all(addDays(anchor, FIRST_DAY), addDays(anchor, LAST_DAY)) as CatalogueSailing[];
  const rows = sailings.map(qualifyingSailing).filter((r): r is ReducedRateSailingRow => r !== null);
  const insert = db.prepare(
    `INSERT INTO reduced_rate_sailings (${SAILING_COLUMNS.join(", ")}) VALUES (${SAILING_COLUMNS.map(() => "?").join(", ")})`,
  );
  db.transaction(() => {
    for (const row of rows) insert.run(...SAILING_COLUMNS.map((column) => row[column]));
    const setMeta = db.prepare("INSERT INTO reduced_rate_meta (key, value) VALUES (?, ?)");
    setMeta.run("anchor", anchor);
    setMeta.run("sailings", String(rows.length));
  })();
  return { generated: true, anchor, sailings: rows.length, ms: Math.round(performance.now() - started) };
}

// -----------------------------------------------------------------------------------------------------------
// The qualifying sailings

export type RateSearch = {
  /** Sail dates from this day (at least today: a past sailing is not listed). */
  from: string;
  to?: string;
  brand?: Brand;
  ship?: string;
  rateType?: RateType;
  /** Requests still open on this day (the deadline not passed). */
  openOn: string;
  sort: "date" | "nights" | "rate" | "deadline";
  order: "asc" | "desc";
  page: number;
  pageSize: number;
};

/** The lowest rate of a sailing (SQL): the least of the classes it offers. */
const LOWEST_RATE = `min(coalesce(rate_interior, 1e9), coalesce(rate_outside, 1e9), coalesce(rate_balcony, 1e9))`;

export function searchReducedRates(db: Db, search: RateSearch): { rows: ReducedRateSailingRow[]; total: number } {
  const conditions = ["sail_date >= ?", "request_deadline >= ?"];
  const params: Array<string | number> = [search.from, search.openOn];
  const add = (condition: string, value: string | undefined) => {
    if (value === undefined) return;
    conditions.push(condition);
    params.push(value);
  };
  add("sail_date <= ?", search.to);
  add("brand = ?", search.brand);
  add("ship_code = ?", search.ship);
  add("rate_type = ?", search.rateType);
  const where = conditions.join(" AND ");
  const direction = search.order === "desc" ? "DESC" : "ASC";
  const order =
    search.sort === "nights"
      ? `nights ${direction}, sail_date, sailing_id`
      : search.sort === "rate"
        ? `${LOWEST_RATE} ${direction}, sail_date, sailing_id`
        : search.sort === "deadline"
          ? `request_deadline ${direction}, sailing_id`
          : `sail_date ${direction}, sailing_id`;
  const total = (
    db.prepare(`SELECT count(*) AS n FROM reduced_rate_sailings WHERE ${where}`).get(...params) as {
      n: number;
    }
  ).n;
  const rows = db
    .prepare(`SELECT * FROM reduced_rate_sailings WHERE ${where} ORDER BY ${order} LIMIT ? OFFSET ?`)
    .all(...params, search.pageSize, (search.page - 1) * search.pageSize) as ReducedRateSailingRow[];
  return { rows, total };
}

/** The ships that have qualifying sailings (the list's ship filter), brand then name. */
export function reducedRateShips(db: Db): Array<{ ship_code: string; ship_name: string; brand: Brand }> {
  return db
    .prepare(
      `SELECT ship_code, ship_name, brand FROM reduced_rate_sailings GROUP BY ship_code
       ORDER BY CASE brand WHEN 'R' THEN 0 WHEN 'C' THEN 1 ELSE 2 END, ship_name`,
    )
    .all() as Array<{ ship_code: string; ship_name: string; brand: Brand }>;
}

export function findReducedRateSailing(db: Db, sailingId: string): ReducedRateSailingRow | undefined {
  return db.prepare("SELECT * FROM reduced_rate_sailings WHERE sailing_id = ?").get(sailingId) as
    ReducedRateSailingRow | undefined;
}

// -----------------------------------------------------------------------------------------------------------
// The agents' requests

export type RateRequestRow = {
  request_id: number;
  agent_id: string;
  agency_id: string;
  sailing_id: string;
  cabin_class: RateClass;
  companion_name: string | null;
  companion_relation: CompanionRelation | null;
  status: RequestStatus;
  created_at: number;
  decided_at: number | null;
  withdrawn_at: number | null;
};

export type RateRequestWithSailing = RateRequestRow & ReducedRateSailingRow;

export function insertRequest(
  db: Db,
  request: {
    agentId: string;
    agencyId: string;
    sailingId: string;
    cabinClass: RateClass;
    companion: { name: string; relation: CompanionRelation } | null;
    at: number;
  },
): number {
  const result = db
    .prepare(
      `INSERT INTO reduced_rate_requests (agent_id, agency_id, sailing_id, cabin_class, companion_name,
         companion_relation, status, created_at)
       VALUES (?, ?, ?, ?, ?, ?, 'REQUESTED', ?)`,
    )
    .run(
      request.agentId,
      request.agencyId,
      request.sailingId,
      request.cabinClass,
      request.companion?.name ?? null,
      request.companion?.relation ?? null,
      request.at,
    );
  return Number(result.lastInsertRowid);
}

const REQUEST_SELECT = `SELECT s.*, r.* FROM reduced_rate_requests r
  JOIN reduced_rate_sailings s ON s.sailing_id = r.sailing_id`;

export function findRequest(db: Db, requestId: number): RateRequestWithSailing | undefined {
  return db.prepare(`${REQUEST_SELECT} WHERE r.request_id = ?`).get(requestId) as RateRequestWithSailing | undefined;
}

/** The agent's requests, newest first. */
export function listRequests(db: Db, agentId: string): RateRequestWithSailing[] {
  return db
    .prepare(`${REQUEST_SELECT} WHERE r.agent_id = ? ORDER BY r.created_at DESC, r.request_id DESC`)
    .all(agentId) as RateRequestWithSailing[];
}

/** The agent's request for the sailing that is not withdrawn (one at most: a unique index holds it). */
export function activeRequestFor(db: Db, agentId: string, sailingId: string): RateRequestRow | undefined {
  return db
    .prepare("SELECT * FROM reduced_rate_requests WHERE agent_id = ? AND sailing_id = ? AND status != 'WITHDRAWN'")
    .get(agentId, sailingId) as RateRequestRow | undefined;
}

export function openRequestCount(db: Db, agentId: string): number {
  return (
    db
      .prepare("SELECT count(*) AS n FROM reduced_rate_requests WHERE agent_id = ? AND status = 'REQUESTED'")
      .get(agentId) as { n: number }
  ).n;
}

/** The line's verdict on a request: declined when the class has only a few staterooms left, else approved. */
export function verdictOf(
  row: Pick<RateRequestWithSailing, "cabin_class"> & ReducedRateSailingRow,
): "APPROVED" | "DECLINED" {
  return row[fewColumn(row.cabin_class)] === 1 ? "DECLINED" : "APPROVED";
}

/**
 * Decides the agent's (or, without one, everyone's) requests that have waited DECISION_AFTER_MS by `now`,
 * each by verdictOf, as of the moment it became due. Runs before every read of requests.
 */
export function decideDueRequests(db: Db, now: number, agentId?: string): number {
  const due = db
    .prepare(
      `${REQUEST_SELECT} WHERE r.status = 'REQUESTED' AND r.created_at <= ?${agentId === undefined ? "" : " AND r.agent_id = ?"}`,
    )
    .all(
      ...(agentId === undefined ? [now - DECISION_AFTER_MS] : [now - DECISION_AFTER_MS, agentId]),
    ) as RateRequestWithSailing[];
  for (const row of due) decideRequest(db, row.request_id, verdictOf(row), row.created_at + DECISION_AFTER_MS);
  return due.length;
}

/** Sets the decision of a request still waiting for one (a conditional UPDATE); true when it changed. */
export function decideRequest(db: Db, requestId: number, status: "APPROVED" | "DECLINED", at: number): boolean {
  return (
    db
      .prepare(
        "UPDATE reduced_rate_requests SET status = ?, decided_at = ? WHERE request_id = ? AND status = 'REQUESTED'",
      )
      .run(status, at, requestId).changes === 1
  );
}

/** Withdraws the request if it still waits for a decision; true when this call withdrew it. */
export function withdrawRequest(db: Db, requestId: number, at: number): boolean {
  return (
    db
      .prepare(
        "UPDATE reduced_rate_requests SET status = 'WITHDRAWN', withdrawn_at = ? WHERE request_id = ? AND status = 'REQUESTED'",
      )
      .run(at, requestId).changes === 1
  );
}

/**
 * The agent's requests on these sailings that are not withdrawn (requested, approved or declined: each blocks a
 * new request on its sailing), one query over the unique index.
 */
export function activeRequestsOn(db: Db, agentId: string, sailingIds: readonly string[]): Map<string, RateRequestRow> {
  if (sailingIds.length === 0) return new Map();
  const rows = db
    .prepare(
      `SELECT * FROM reduced_rate_requests WHERE agent_id = ? AND status != 'WITHDRAWN'
       AND sailing_id IN (${sailingIds.map(() => "?").join(", ")})`,
    )
    .all(agentId, ...sailingIds) as RateRequestRow[];
  return new Map(rows.map((row) => [row.sailing_id, row]));
}

/** The open requests (of one agent, or everyone's), oldest first: what the demo decision endpoint decides. */
export function openRequests(db: Db, agentId?: string): RateRequestWithSailing[] {
  return db
    .prepare(
      `${REQUEST_SELECT} WHERE r.status = 'REQUESTED'${agentId === undefined ? "" : " AND r.agent_id = ?"} ORDER BY r.request_id`,
    )
    .all(...(agentId === undefined ? [] : [agentId])) as RateRequestWithSailing[];
}
