import { dayNumber, isoDate } from "../catalogue/generate";
import type { Brand } from "../catalogue/types";
import { prepared } from "./catalogue";
import type { Db } from "./database";

/**
 * The group programme's rules, in ONE place (docs/decisions/027-group-travel-hub.md; the portal's
 * app/domain/groups.ts holds the same numbers): a group space request needs at least 8 staterooms
 * (at most 200); a group earns one tour-conductor credit per 16 paying guests (guests on bookings that
 * are not cancelled) and one amenity point per 4 booked staterooms.
 */
export const GROUP_RULES = {
  minimumStaterooms: 8,
  maximumStaterooms: 200,
  payingGuestsPerCredit: 16,
  bookedStateroomsPerAmenityPoint: 4,
} as const;

/** Tour-conductor credits earned by so many paying guests. */
export const tourConductorCredits = (payingGuests: number) =>
  Math.floor(payingGuests / GROUP_RULES.payingGuestsPerCredit);

/** Amenity points earned by so many booked staterooms. */
export const amenityPoints = (bookedStaterooms: number) =>
  Math.floor(bookedStaterooms / GROUP_RULES.bookedStateroomsPerAmenityPoint);

/** A group's deadlines, days before its sail date (the final payment is the sailing's own date). */
export const DEPOSIT_DAYS_BEFORE_SAILING = { DEPOSIT: 180, SECOND_DEPOSIT: 120 } as const;

export type DeadlineKind = "DEPOSIT" | "SECOND_DEPOSIT" | "FINAL_PAYMENT";

const GROUP_NAMES = [
  "Family reunion",
  "Alumni cruise",
  "Wellness retreat",
  "Wedding party",
  "Golf club getaway",
  "Book club at sea",
  "Choir tour",
  "Company incentive trip",
  "Photography workshop",
  "Anniversary celebration",
  "Food and wine tour",
  "Friends of the museum",
] as const;

export type GroupRow = {
  group_id: string;
  agency_id: string;
  branch_code: string;
  name: string;
  brand: Brand;
  ship_code: string;
  ship_name: string;
  sailing_id: string;
  sail_date: string;
  held: number;
  booked: number;
  released: number;
  guests_named: number;
  paying_guests: number;
  amenity_points: number;
  tc_credits: number;
  final_payment_date: string;
  unpaid_bookings: number;
};

export type EnsureGroupsResult = { generated: boolean; groups: number; ms: number };

/**
 * Writes the agencies' groups when the database has none: one per group id of the insight bookings (call
 * after ensureInsights, which is anchored on the catalogue's anchor), with its space held and released, its
 * counts and its deadlines. Deterministic (every number derives from the bookings and the group id); later
 * calls (and later starts) keep what is there. One transaction; about a hundred rows.
 */
export function ensureGroups(db: Db, now: number): EnsureGroupsResult {
  void now;
  const existing = db.prepare("SELECT count(*) FROM travel_groups").pluck().get() as number;
  if (existing > 0) return { generated: false, groups: existing, ms: 0 };
  const started = performance.now();
  const rows = db
    .prepare(
      `SELECT b.group_id, b.agency_id, min(b.branch_code) AS branch_code, min(b.brand) AS brand,
         min(b.ship_code) AS ship_code, min(b.ship_name) AS ship_name, min(b.sailing_id) AS sailing_id,
         min(b.sail_date) AS sail_date,
         sum(CASE WHEN b.status != 'CANCELLED' THEN b.total_rooms ELSE 0 END) AS booked,
         sum(CASE WHEN b.status != 'CANCELLED' THEN b.guest_count ELSE 0 END) AS guests,
         coalesce(s.final_payment_date, min(b.sail_date)) AS final_payment_date
       FROM insight_bookings b LEFT JOIN catalogue_sailings s ON s.sailing_id = b.sailing_id
       WHERE b.group_id IS NOT NULL GROUP BY b.group_id, b.agency_id ORDER BY b.group_id`,
    )
    .all() as Array<{
    group_id: string;
    agency_id: string;
    branch_code: string;
    brand: Brand;
    ship_code: string;
    ship_name: string;
    sailing_id: string;
    sail_date: string;
    booked: number;
    guests: number;
    final_payment_date: string;
  }>;
  const insertGroup = db.prepare(
    `INSERT INTO travel_groups (group_id, agency_id, branch_code, name, brand, ship_code, ship_name, sailing_id,
       sail_date, held, booked, released, guests_named, paying_guests, amenity_points, tc_credits)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertDeadline = db.prepare(
    "INSERT INTO travel_group_deadlines (group_id, position, kind, due_date) VALUES (?, ?, ?, ?)",
  );
  db.transaction(() => {
    for (const g of rows) {
      const n = Number(g.group_id.replace(/\D/g, "")) || 0;
      const year = g.sail_date.slice(0, 4);
      const name = `${GROUP_NAMES[n % GROUP_NAMES.length]} ${year}`;
      // Space still held beyond what is booked (2 to 6 staterooms), never below the programme's minimum;
      // some space given back to the line earlier (0 to 3).
      const held = Math.max(GROUP_RULES.minimumStaterooms, g.booked + 2 + (n % 5));
      const released = n % 4;
      insertGroup.run(
        g.group_id,
        g.agency_id,
        g.branch_code,
        name,
        g.brand,
        g.ship_code,
        g.ship_name,
        g.sailing_id,
        g.sail_date,
        held,
        g.booked,
        released,
        g.guests,
        g.guests,
        amenityPoints(g.booked),
        tourConductorCredits(g.guests),
      );
      const sail = dayNumber(g.sail_date);
      insertDeadline.run(g.group_id, 1, "DEPOSIT", isoDate(sail - DEPOSIT_DAYS_BEFORE_SAILING.DEPOSIT));
      insertDeadline.run(g.group_id, 2, "SECOND_DEPOSIT", isoDate(sail - DEPOSIT_DAYS_BEFORE_SAILING.SECOND_DEPOSIT));
      insertDeadline.run(g.group_id, 3, "FINAL_PAYMENT", g.final_payment_date);
    }
  })();
  return { generated: true, groups: rows.length, ms: Math.round(performance.now() - started) };
}

// -----------------------------------------------------------------------------------------------------------
// Reading

export const GROUP_SORTS: Readonly<Record<string, string>> = {
  sailDate: "g.sail_date",
  groupId: "g.group_id",
  name: "g.name",
  ship: "g.ship_name",
  held: "g.held",
  booked: "g.booked",
};

export type GroupSearch = {
  agencyId: string;
  branches: readonly string[];
  brand?: string;
  ship?: string;
  from?: string;
  to?: string;
  sort: string;
  order: "asc" | "desc";
  page: number;
  pageSize: number;
  /** Today (`YYYY-MM-DD`) to put the groups whose final payment is due or overdue first; else none. */
  flaggedFirstOn?: string;
};

const FINAL_PAYMENT_DATE = `(SELECT due_date FROM travel_group_deadlines d WHERE d.group_id = g.group_id AND
  d.kind = 'FINAL_PAYMENT')`;
/** The group's bookings (not cancelled) with money still due (a group's bookings are all in its branch). */
const UNPAID_BOOKINGS = `(SELECT count(*) FROM insight_bookings b WHERE b.agency_id = g.agency_id AND
  b.branch_code = g.branch_code AND b.group_id = g.group_id AND b.status != 'CANCELLED' AND b.due_cents > 0)`;
const GROUP_COLUMNS = `g.*, ${FINAL_PAYMENT_DATE} AS final_payment_date, ${UNPAID_BOOKINGS} AS unpaid_bookings`;

/**
 * A group the portal flags (finalPaymentFlag in app/domain/groups.ts): its final payment date is today or
 * has passed, it has not sailed, and money is still due on its bookings. 0 for those, so they sort first;
 * both marks take today.
 */
const FINAL_PAYMENT_FLAGGED = `CASE WHEN g.sail_date >= ? AND ${FINAL_PAYMENT_DATE} <= ? AND ${UNPAID_BOOKINGS} > 0
  THEN 0 ELSE 1 END`;

function scopeOf(search: Pick<GroupSearch, "agencyId" | "branches">) {
  const marks = search.branches.map(() => "?").join(", ");
  return {
    conditions: [`g.agency_id = ?`, `g.branch_code IN (${marks || "NULL"})`],
    params: [search.agencyId, ...search.branches] as Array<string | number>,
  };
}

/** A page of the agency's groups (in the branches the caller may see), filtered and sorted. */
export function listGroups(db: Db, search: GroupSearch): { rows: GroupRow[]; total: number } {
  const { conditions, params } = scopeOf(search);
  const add = (condition: string, value: string | undefined) => {
    if (value === undefined) return;
    conditions.push(condition);
    params.push(value);
  };
  add("g.brand = ?", search.brand);
  add("g.ship_code = ?", search.ship);
  add("g.sail_date >= ?", search.from);
  add("g.sail_date <= ?", search.to);
  const where = conditions.join(" AND ");
  const total = db
    .prepare(`SELECT count(*) FROM travel_groups g WHERE ${where}`)
    .pluck()
    .get(...params) as number;
  const column = GROUP_SORTS[search.sort] ?? GROUP_SORTS.sailDate!;
  const direction = search.order === "desc" ? "DESC" : "ASC";
  const flagged = search.flaggedFirstOn === undefined ? "" : `${FINAL_PAYMENT_FLAGGED}, `;
  const rows = db
    .prepare(
      `SELECT ${GROUP_COLUMNS} FROM travel_groups g WHERE ${where}
       ORDER BY ${flagged}${column} ${direction}, g.group_id ASC LIMIT ? OFFSET ?`,
    )
    .all(
      ...params,
      ...(search.flaggedFirstOn === undefined ? [] : [search.flaggedFirstOn, search.flaggedFirstOn]),
      search.pageSize,
      (search.page - 1) * search.pageSize,
    ) as GroupRow[];
  return { rows, total };
}

/** The ships the agency's groups sail on (the list's ship filter), by name. */
export function groupShips(db: Db, scope: Pick<GroupSearch, "agencyId" | "branches">) {
  const { conditions, params } = scopeOf(scope);
  return db
    .prepare(
      `SELECT DISTINCT g.ship_code AS code, g.ship_name AS name FROM travel_groups g WHERE ${conditions.join(" AND ")}
       ORDER BY g.ship_name`,
    )
    .all(...params) as Array<{ code: string; name: string }>;
}

/** One group of the agency (in a branch the caller may see), or undefined. */
export function findGroup(
  db: Db,
  groupId: string,
  scope: Pick<GroupSearch, "agencyId" | "branches">,
): GroupRow | undefined {
  const { conditions, params } = scopeOf(scope);
  return db
    .prepare(`SELECT ${GROUP_COLUMNS} FROM travel_groups g WHERE g.group_id = ? AND ${conditions.join(" AND ")}`)
    .get(groupId, ...params) as GroupRow | undefined;
}

export function groupDeadlines(db: Db, groupId: string) {
  return prepared(
    db,
    "SELECT kind, due_date FROM travel_group_deadlines WHERE group_id = ? ORDER BY due_date, position",
  ).all(groupId) as Array<{ kind: DeadlineKind; due_date: string }>;
}

export type GroupBookingRow = {
  booking_id: string;
  status: string;
  lead_guest: string;
  guest_count: number;
  total_rooms: number;
  cabin_class: string;
  currency: string;
  total_cents: number;
  paid_cents: number;
  due_cents: number;
  balance_due_date: string | null;
};

export function groupBookings(db: Db, groupId: string, agencyId: string): GroupBookingRow[] {
  return prepared(
    db,
    `SELECT booking_id, status, lead_guest, guest_count, total_rooms, cabin_class, currency, total_cents, paid_cents,
       due_cents, balance_due_date
     FROM insight_bookings WHERE group_id = ? AND agency_id = ? ORDER BY booking_id`,
  ).all(groupId, agencyId) as GroupBookingRow[];
}

// -----------------------------------------------------------------------------------------------------------
// A group's space over time

export type SpacePoint = { date: string; held: number; booked: number; released: number };

/**
 * A group's space over time, up to today (or its sail date), one point per day something changed:
 * - the line held the space (held plus released) 7 to 27 days (by the id) before the first booking or the
 *   deposit date, whichever is earlier;
 * - each booking of the group adds its staterooms on the day it was made, and takes them away on the day it
 *   was cancelled (held grows with them when a booking takes more than was held: the line held that too);
 * - the released staterooms were given back on the second deposit date, or, when that is still to come,
 *   halfway from the start to today;
 * - the last point is today's (the group's figures now).
 * Deterministic: everything derives from the group row and its insight bookings.
 */
export function groupSpaceHistory(db: Db, row: GroupRow, today: string): SpacePoint[] {
  const bookings = prepared(
    db,
    `SELECT booked_on, cancelled_on, total_rooms FROM insight_bookings
     WHERE group_id = ? AND agency_id = ? ORDER BY booked_on, booking_id`,
  ).all(row.group_id, row.agency_id) as Array<{ booked_on: string; cancelled_on: string | null; total_rooms: number }>;
  const n = Number(row.group_id.replace(/\D/g, "")) || 0;
  const sail = dayNumber(row.sail_date);
  const end = Math.min(dayNumber(today), sail);
  const firstBooking = bookings.length ? dayNumber(bookings[0]!.booked_on.slice(0, 10)) : sail;
  const start = Math.min(firstBooking, sail - DEPOSIT_DAYS_BEFORE_SAILING.DEPOSIT) - (7 + (n % 21));
  if (end < start) return [];
  const secondDeposit = sail - DEPOSIT_DAYS_BEFORE_SAILING.SECOND_DEPOSIT;
  const releaseDay = secondDeposit <= end ? secondDeposit : start + Math.floor((end - start) / 2);

  // Each day's change: staterooms booked (+) or cancelled (−), and whether the release falls on it.
  const changes = new Map<number, { booked: number; release: boolean }>();
  const change = (day: number) => {
    let entry = changes.get(day);
    if (!entry) changes.set(day, (entry = { booked: 0, release: false }));
    return entry;
  };
  for (const b of bookings) {
    const bookedDay = dayNumber(b.booked_on.slice(0, 10));
    if (bookedDay <= end) change(bookedDay).booked += b.total_rooms;
    if (b.cancelled_on) {
      const cancelledDay = dayNumber(b.cancelled_on.slice(0, 10));
      if (cancelledDay <= end) change(cancelledDay).booked -= b.total_rooms;
    }
  }
  if (row.released > 0 && releaseDay > start) change(releaseDay).release = true;

  let held = row.held + row.released;
  let booked = 0;
  let released = 0;
  const points: SpacePoint[] = [{ date: isoDate(start), held, booked, released }];
  for (const day of [...changes.keys()].sort((a, b) => a - b)) {
    const c = changes.get(day)!;
    if (day < start) continue;
    booked = Math.max(0, booked + c.booked);
    if (c.release) {
      held -= row.released;
      released = row.released;
    }
    held = Math.max(held, booked);
    const point = { date: isoDate(day), held, booked, released };
    if (day === start) points[0] = point;
    else points.push(point);
  }
  if (points[points.length - 1]!.date !== isoDate(end)) points.push({ date: isoDate(end), held, booked, released });
  return points;
}

// -----------------------------------------------------------------------------------------------------------
// Requests for new group space

export type SpaceRequestRow = {
  request_id: number;
  agency_id: string;
  agent_id: string;
  sailing_id: string;
  brand: string;
  ship_name: string;
  sail_date: string;
  staterooms: number;
  cabin_class: string;
  group_name: string;
  notes: string | null;
  status: "REQUESTED" | "CONFIRMED" | "DECLINED";
  created_at: number;
  decided_at: number | null;
  decision_reason: string | null;
};

export type SailingForRequest = { sailing_id: string; brand: string; ship_name: string; sail_date: string };

export function findSailingForRequest(db: Db, sailingId: string): SailingForRequest | undefined {
  return prepared(
    db,
    `SELECT s.sailing_id, s.brand, sh.name AS ship_name, s.sail_date FROM catalogue_sailings s
     JOIN catalogue_ships sh ON sh.ship_code = s.ship_code WHERE s.sailing_id = ?`,
  ).get(sailingId) as SailingForRequest | undefined;
}

export function insertSpaceRequest(
  db: Db,
  request: Omit<SpaceRequestRow, "request_id" | "status" | "decided_at" | "decision_reason"> & {
    status?: SpaceRequestRow["status"];
  },
): SpaceRequestRow {
  const result = prepared(
    db,
    `INSERT INTO group_space_requests (agency_id, agent_id, sailing_id, brand, ship_name, sail_date, staterooms,
       cabin_class, group_name, notes, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    request.agency_id,
    request.agent_id,
    request.sailing_id,
    request.brand,
    request.ship_name,
    request.sail_date,
    request.staterooms,
    request.cabin_class,
    request.group_name,
    request.notes,
    request.status ?? "REQUESTED",
    request.created_at,
  );
  return prepared(db, "SELECT * FROM group_space_requests WHERE request_id = ?").get(
    Number(result.lastInsertRowid),
  ) as SpaceRequestRow;
}

/** The agency's requests, newest first. */
export function listSpaceRequests(db: Db, agencyId: string): SpaceRequestRow[] {
  return prepared(
    db,
    "SELECT * FROM group_space_requests WHERE agency_id = ? ORDER BY created_at DESC, request_id DESC",
  ).all(agencyId) as SpaceRequestRow[];
}

// -----------------------------------------------------------------------------------------------------------
// The cruise line's decision on a request for group space

/**
 * How the line decides a request for group space (decision 027), in ONE place: 48 hours after it was made
 * (on the next read after that), CONFIRMED when the sailing's availability in the requested cabin class
 * allows that many staterooms for one group, else DECLINED with the reason. A class the catalogue shows
 * OPEN gives a group up to 40 staterooms, FEW_LEFT up to 10, SOLD_OUT (or a class the ship does not
 * have) none.
 */
export const SPACE_DECISION = {
  afterMs: 48 * 60 * 60 * 1000,
  staterooms: { OPEN: 40, FEW_LEFT: 10, SOLD_OUT: 0 },
} as const;

export type SpaceDecision = { status: "CONFIRMED" | "DECLINED"; reason: string | null };
type Availability = keyof typeof SPACE_DECISION.staterooms;

const CLASS_NAMES: Record<string, string> = {
  INTERIOR: "interior",
  OUTSIDE: "ocean view",
  BALCONY: "balcony",
  DELUXE: "suite",
};

/** The line's verdict on so many staterooms of a class whose catalogue availability is this (null: not offered). */
export function spaceVerdict(
  request: Pick<SpaceRequestRow, "staterooms" | "cabin_class">,
  availability: Availability | null,
): SpaceDecision {
  const className = CLASS_NAMES[request.cabin_class] ?? request.cabin_class.toLowerCase();
  if (availability === null) {
    return { status: "DECLINED", reason: `The ship has no ${className} staterooms.` };
  }
  const allowed = SPACE_DECISION.staterooms[availability];
  if (allowed === 0) {
    return { status: "DECLINED", reason: `The ${className} staterooms on this sailing are sold out.` };
  }
  if (request.staterooms > allowed) {
    return {
      status: "DECLINED",
      reason: `Only ${allowed} ${className} staterooms can be held for one group on this sailing; ${request.staterooms} were asked for.`,
    };
  }
  return { status: "CONFIRMED", reason: null };
}

const AVAILABILITY_OF_CLASS = `CASE r.cabin_class WHEN 'INTERIOR' THEN s.avail_interior WHEN 'OUTSIDE' THEN s.avail_outside
  WHEN 'BALCONY' THEN s.avail_balcony WHEN 'DELUXE' THEN s.avail_deluxe END`;

type OpenRequest = SpaceRequestRow & { availability: Availability | null };

/** The open requests (of one agency, or everyone's; one request, or all), oldest first, with their class's availability. */
export function openSpaceRequests(
  db: Db,
  filter: { agencyId?: string; requestId?: number; madeBy?: number } = {},
): OpenRequest[] {
  return db
    .prepare(
      `SELECT r.*, ${AVAILABILITY_OF_CLASS} AS availability FROM group_space_requests r
       LEFT JOIN catalogue_sailings s ON s.sailing_id = r.sailing_id
       WHERE r.status = 'REQUESTED' AND (:agencyId IS NULL OR r.agency_id = :agencyId)
         AND (:requestId IS NULL OR r.request_id = :requestId) AND (:madeBy IS NULL OR r.created_at <= :madeBy)
       ORDER BY r.request_id`,
    )
    .all({
      agencyId: filter.agencyId ?? null,
      requestId: filter.requestId ?? null,
      madeBy: filter.madeBy ?? null,
    }) as OpenRequest[];
}

/** Sets the decision of a request still waiting for one (a conditional UPDATE); true when it changed. */
export function decideSpaceRequest(db: Db, requestId: number, decision: SpaceDecision, at: number): boolean {
  return (
    prepared(
      db,
      `UPDATE group_space_requests SET status = ?, decision_reason = ?, decided_at = ?
       WHERE request_id = ? AND status = 'REQUESTED'`,
    ).run(decision.status, decision.reason, at, requestId).changes === 1
  );
}

/**
 * Decides the agency's (or, without one, everyone's) requests that have waited SPACE_DECISION.afterMs by
 * `now`, each by spaceVerdict, as of the moment it became due. Runs before every read of requests.
 */
export function decideDueSpaceRequests(db: Db, now: number, agencyId?: string): number {
  const due = openSpaceRequests(db, { agencyId, madeBy: now - SPACE_DECISION.afterMs });
  for (const row of due) {
    decideSpaceRequest(
      db,
      row.request_id,
      spaceVerdict(row, row.availability),
      row.created_at + SPACE_DECISION.afterMs,
    );
  }
  return due.length;
}
