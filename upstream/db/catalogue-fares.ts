import { CABIN_CLASSES, type CabinClass } from "../catalogue/types";
import { prepared } from "./catalogue";
import type { Db } from "./database";

/**
 * The catalogue's prices follow the fare schedule (decision 046). `insight_fares` says what each sailing's
 * class costs on each day; the searchable columns of `catalogue_sailings` (price_*, open_*, lowest_price) hold
 * the fare in force on the day they were last brought up to (`catalogue_meta.fares_on`), so a search filters
 * and sorts on today's fares with its indexes as before. `price_details` keeps the catalogue's list fares,
 * which the schedule and the insight data were built from. The sailing page reads its fares from the schedule
 * itself (faresInForce).
 */

export type FareInForce = {
  pricePerGuest: number;
  additionalGuestPrice: number;
  /** The day this fare took effect. */
  since: string;
  /** The offer that set it, when an offer did. */
  offer: { code: string; name: string } | null;
};

type FareRow = {
  cabin_class: CabinClass;
  effective_on: string;
  price_per_guest: number;
  additional_guest_price: number;
  offer_code: string | null;
  offer_name: string | null;
};

const fareInForce = (row: FareRow): FareInForce => ({
  pricePerGuest: row.price_per_guest,
  additionalGuestPrice: row.additional_guest_price,
  since: row.effective_on,
  offer: row.offer_code !== null ? { code: row.offer_code, name: row.offer_name ?? row.offer_code } : null,
});

/** Each class's fare in force on `day` for a sailing (classes the schedule does not price are absent). */
export function faresInForce(db: Db, sailingId: string, day: string): Map<CabinClass, FareInForce> {
  const rows = prepared(
    db,
    `SELECT cabin_class, effective_on, price_per_guest, additional_guest_price, offer_code, offer_name
     FROM insight_fares WHERE sailing_id = ? AND effective_on <= ? ORDER BY cabin_class, effective_on, id`,
  ).all(sailingId, day) as FareRow[];
  // Ordered oldest first, so the last row of each class is the one in force.
  return new Map(rows.map((row) => [row.cabin_class, fareInForce(row)]));
}

type Pair = { sailingId: string; cabinClass: CabinClass };

/** The day the catalogue's columns were last brought up to, per database (saves a read on every request). */
const broughtUpTo = new WeakMap<Db, string>();

const readFaresOn = (db: Db) =>
  prepared(db, "SELECT value FROM catalogue_meta WHERE key = 'fares_on'").pluck().get() as string | undefined;

/**
 * Brings the catalogue's searchable prices up to `today`: on a new day, every sailing and class whose fare
 * moved between the last day brought up to and today (either way: a test's clock may go back); with `pairs`,
 * those (after a fare is moved or taken back by hand). Cheap when nothing is due: one map look-up.
 */
export function syncCatalogueFares(db: Db, today: string, pairs?: readonly Pair[]): number {
  if (pairs === undefined) {
    const last = broughtUpTo.get(db) ?? readFaresOn(db);
    if (last === today) {
      broughtUpTo.set(db, today);
      return 0;
    }
    // Never brought up: from the list fares (the schedule's first rows, all on one day).
    const from = last ?? (prepared(db, "SELECT min(effective_on) FROM insight_fares").pluck().get() as string | null);
    if (from === null) return 0; // no schedule (yet)
    const [low, high] = from < today ? [from, today] : [today, from];
    pairs = prepared(
      db,
      `SELECT DISTINCT sailing_id AS sailingId, cabin_class AS cabinClass FROM insight_fares
       WHERE effective_on > ? AND effective_on <= ?`,
    ).all(low, high) as Pair[];
  }
  const moved = pairs;
  db.transaction(() => {
    for (const pair of moved) bringUp(db, pair, today);
    prepared(db, "INSERT OR REPLACE INTO catalogue_meta (key, value) VALUES ('fares_on', ?)").run(today);
  })();
  broughtUpTo.set(db, today);
  return moved.length;
}

/** Brings `pairs` back to the day the catalogue is at (after their hand-moved fares are taken back). */
export function resyncCatalogueFares(db: Db, pairs: readonly Pair[]): void {
  const day = readFaresOn(db);
  if (day !== undefined && pairs.length > 0) syncCatalogueFares(db, day, pairs);
}

const NONE = Number.MAX_SAFE_INTEGER;
/** The lowest open price (NULL when every class is sold out or unpriced); SQLite's min() of NULL is NULL. */
const LOWEST = `nullif(min(${CABIN_CLASSES.map((c) => `coalesce(open_${c.toLowerCase()}, ${NONE})`).join(", ")}), ${NONE})`;

function bringUp(db: Db, pair: Pair, today: string) {
  const fare = prepared(
    db,
    `SELECT price_per_guest FROM insight_fares WHERE sailing_id = ? AND cabin_class = ? AND effective_on <= ?
     ORDER BY effective_on DESC, id DESC LIMIT 1`,
  )
    .pluck()
    .get(pair.sailingId, pair.cabinClass, today) as number | undefined;
  if (fare === undefined || !CABIN_CLASSES.includes(pair.cabinClass)) return;
  const c = pair.cabinClass.toLowerCase();
  prepared(
    db,
    `UPDATE catalogue_sailings SET price_${c} = @fare,
       open_${c} = CASE WHEN avail_${c} = 'SOLD_OUT' THEN NULL ELSE @fare END WHERE sailing_id = @sailingId`,
  ).run({ fare, sailingId: pair.sailingId });
  prepared(db, `UPDATE catalogue_sailings SET lowest_price = ${LOWEST} WHERE sailing_id = ?`).run(pair.sailingId);
}
