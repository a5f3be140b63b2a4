import type { CabinClass } from "../catalogue/types";
import { fareSchedule, movedPrice, offerCodeOn, type FareRow } from "../insight/fares";
import { AGENCY_CURRENCY } from "../insight/types";
import { resyncCatalogueFares, syncCatalogueFares } from "./catalogue-fares";
import { catalogueAnchor, insertMany, prepared, type Value } from "./catalogue";
import type { Db } from "./database";
import { catalogueInsightSailings } from "./insight-sailings";
import type { ListDef } from "./list-def";

/**
 * The price-drop watch's data: each sailing's fares over time (the demo's schedule, insight/fares.ts), each
 * booking's booked fare, and the list of bookings whose fare for the same sailing, class and party is now
 * lower than the booked one, before the sailing's final payment date.
 */

/** US dollars to the booking's currency, as the insight data prices bookings (AGENCY_CURRENCY). */
const RATE_SQL = `CASE currency ${Object.values(AGENCY_CURRENCY)
  .map((c) => `WHEN '${c.currency}' THEN ${c.perUsd}`)
  .join(" ")} ELSE 1 END`;

/**
 * A party's fare in cents of its currency from a fare row `f` and a booking `b` of a sailing with the single
 * supplement `supplement` (SQL), by the catalogue's pricing rule (as bookings are priced when generated): a
 * guest alone pays the per-guest price and the supplement, two to four guests the per-guest price for the
 * first two and the additional-guest price for the others.
 */
const partyFareSql = (f: string, b: string, supplement: string) =>
  `CAST(round((CASE WHEN ${b}.guest_count = 1 THEN ${f}.price_per_guest * (1 + ${supplement} / 100.0)
      ELSE ${f}.price_per_guest * 2 + ${f}.additional_guest_price * (${b}.guest_count - 2) END)
    * (${RATE_SQL.replaceAll("currency", `${b}.currency`)}) * 100) AS INTEGER)`;
/** The single supplement of a booking `b`'s sailing, where the catalogue is not joined. */
const supplementOf = (b: string) =>
  `(SELECT single_supplement_percent FROM catalogue_sailings WHERE sailing_id = ${b}.sailing_id)`;

/** The fare row in force on a day (`@today`, or `?` when given) for a booking `b`'s sailing and class. */
const currentFareId = (b: string, day = "@today") =>
  `(SELECT g.id FROM insight_fares g WHERE g.sailing_id = ${b}.sailing_id AND g.cabin_class = ${b}.cabin_class
     AND g.effective_on <= ${day} ORDER BY g.effective_on DESC, g.id DESC LIMIT 1)`;

let lastSchedule: { anchor: string; rows: FareRow[] } | undefined;

/**
 * Writes the fare schedule when the table is empty (a fresh database, or one made before the watch), and fills
 * in each booking's booked fare, where it has none, from the fare it was priced at. Called by ensureInsights.
 */
export function ensurePriceWatch(db: Db): { fares: number } {
  let fares = prepared(db, "SELECT count(*) FROM insight_fares").pluck().get() as number;
  db.transaction(() => {
    if (fares === 0) fares = writeFareSchedule(db);
    db.prepare(
      `UPDATE insight_bookings AS b SET fare_cents = (SELECT ${partyFareSql("f", "b", supplementOf("b"))}
         FROM insight_fares f WHERE f.id = ${currentFareId("b", "b.booked_on")})
       WHERE b.fare_cents IS NULL`,
    ).run();
  })();
  return { fares };
}

function writeFareSchedule(db: Db): number {
  const anchor = catalogueAnchor(db);
  if (anchor === undefined) throw new Error("the catalogue must be generated before the fare schedule");
  // Deterministic, so kept for the anchor: the tests open many fresh databases on the same one.
  if (lastSchedule?.anchor !== anchor)
    lastSchedule = { anchor, rows: fareSchedule(anchor, catalogueInsightSailings(db)) };
  const rows = lastSchedule.rows;
  insertMany(
    db,
    `insight_fares (sailing_id, cabin_class, effective_on, price_per_guest, additional_guest_price, offer_code,
      offer_name, source)`,
    8,
    rows.flatMap((r: FareRow): Value[] => [
      r.sailingId,
      r.cabinClass,
      r.effectiveOn,
      r.pricePerGuest,
      r.additionalGuestPrice,
      r.offerCode,
      r.offerName,
      "schedule",
    ]),
  );
  return rows.length;
}

/**
 * The price drops as a list (the partner-insight list machinery reads it like a table): every open or
 * confirmed booking with its booked fare, the fare for the same sailing, class and party today, the saving,
 * and the offer that set today's fare, while the sailing's final payment date has not passed and the fare
 * changed after the booking was made. The route adds `saving_cents >= ?` (at least the asked minimum, and
 * more than nothing).
 */
const DROPS_TABLE = `(SELECT b.booking_id, b.agency_id, b.branch_code, b.group_id, b.brand, b.ship_code, b.ship_name,
    b.sail_date, b.cabin_class, b.guest_count, b.lead_guest, b.currency, b.booked_on, s.final_payment_date,
    b.fare_cents AS booked_cents, ${partyFareSql("f", "b", "s.single_supplement_percent")} AS current_cents,
    b.fare_cents - ${partyFareSql("f", "b", "s.single_supplement_percent")} AS saving_cents,
    f.offer_code, f.offer_name, f.effective_on AS fare_since
  FROM insight_bookings b
  JOIN catalogue_sailings s ON s.sailing_id = b.sailing_id
  JOIN insight_fares f ON f.id = ${currentFareId("b")}
  WHERE b.status IN ('OPEN', 'CONFIRMED') AND s.final_payment_date >= @today AND f.effective_on >= b.booked_on)`;

const money = (cents: unknown) => (cents as number) / 100;
const str = (value: unknown) => value as string;
const strOrNull = (value: unknown) => (value as string | null) ?? null;

export const priceDropItem = (r: Record<string, unknown>) => ({
  bookingId: str(r.booking_id),
  groupId: strOrNull(r.group_id),
  brand: str(r.brand),
  shipCode: str(r.ship_code),
  shipName: str(r.ship_name),
  sailDate: str(r.sail_date),
  cabinClass: str(r.cabin_class),
  guests: r.guest_count as number,
  leadGuest: str(r.lead_guest),
  currency: str(r.currency),
  bookedOn: str(r.booked_on),
  finalPaymentDate: str(r.final_payment_date),
  bookedFare: money(r.booked_cents),
  currentFare: money(r.current_cents),
  saving: money(r.saving_cents),
  offerCode: strOrNull(r.offer_code),
  offerName: strOrNull(r.offer_name),
  fareSince: str(r.fare_since),
});
export type PriceDropItem = ReturnType<typeof priceDropItem>;

export const PRICE_DROPS_LIST = {
  table: DROPS_TABLE,
  columns: `booking_id, group_id, brand, ship_code, ship_name, sail_date, cabin_class, guest_count, lead_guest,
    currency, booked_on, final_payment_date, booked_cents, current_cents, saving_cents, offer_code, offer_name,
    fare_since`,
  sorts: {
    finalPaymentDate: "final_payment_date",
    saving: "saving_cents",
    sailDate: "sail_date",
    bookingId: "booking_id",
  },
  ties: ["final_payment_date", "booking_id"],
  toItem: priceDropItem,
} satisfies ListDef<PriceDropItem>;

/** Conditions every price-drop query adds: a saving of at least `minimum` (whole units), and more than nothing. */
export const savingCondition = (minimumUnits: number) => ({
  sql: "saving_cents > 0 AND saving_cents >= ?",
  param: Math.round(minimumUnits * 100),
});

export type DevDrop = {
  bookingId: string;
  sailingId: string;
  cabinClass: string;
  effectiveOn: string;
  percent: number;
  offerCode: string;
};

/**
 * Moves a fare now (`POST /dev/price-drops`): the fare of the booking's sailing and class drops `percent`
 * from what it is today, effective today, with a flash-sale offer, so the booking shows up as a price drop.
 * Without a booking id: the first open or confirmed booking of the branch (by id) whose final payment date
 * has not passed and which is not a drop already. Undefined when there is none (or the booking is not such).
 */
export function moveFareNow(
  db: Db,
  today: string,
  options: { bookingId?: string; branch: string; percent: number },
): DevDrop | undefined {
  const candidates = `SELECT b.booking_id, b.sailing_id, b.cabin_class, f.price_per_guest, f.additional_guest_price
    FROM insight_bookings b
    JOIN catalogue_sailings s ON s.sailing_id = b.sailing_id
    JOIN insight_fares f ON f.id = ${currentFareId("b")}
    WHERE b.status IN ('OPEN', 'CONFIRMED') AND s.final_payment_date >= @today`;
  const row = (
    options.bookingId
      ? db.prepare(`${candidates} AND b.booking_id = ?`).get(options.bookingId, { today })
      : db
          .prepare(
            `${candidates} AND b.branch_code = ? AND NOT (f.effective_on >= b.booked_on
               AND b.fare_cents > ${partyFareSql("f", "b", "s.single_supplement_percent")}) ORDER BY b.booking_id LIMIT 1`,
          )
          .get(options.branch, { today })
  ) as
    | {
        booking_id: string;
        sailing_id: string;
        cabin_class: string;
        price_per_guest: number;
        additional_guest_price: number;
      }
    | undefined;
  if (!row) return undefined;
  const offerCode = offerCodeOn("FLASH", today);
  db.prepare(
    `INSERT INTO insight_fares (sailing_id, cabin_class, effective_on, price_per_guest, additional_guest_price,
       offer_code, offer_name, source) VALUES (?, ?, ?, ?, ?, ?, ?, 'dev')`,
  ).run(
    row.sailing_id,
    row.cabin_class,
    today,
    movedPrice(row.price_per_guest, options.percent),
    movedPrice(row.additional_guest_price, options.percent),
    offerCode,
    "Flash sale",
  );
  // The catalogue's search and sailing page show the moved fare at once.
  syncCatalogueFares(db, today, [{ sailingId: row.sailing_id, cabinClass: row.cabin_class as CabinClass }]);
  return {
    bookingId: row.booking_id,
    sailingId: row.sailing_id,
    cabinClass: row.cabin_class,
    effectiveOn: today,
    percent: options.percent,
    offerCode,
  };
}

/** Takes back every fare moved with the dev endpoint (part of `POST /dev/reset`). */
export function forgetDevFares(db: Db): void {
  const moved = db
    .prepare(
      "SELECT DISTINCT sailing_id AS sailingId, cabin_class AS cabinClass FROM insight_fares WHERE source = 'dev'",
    )
    .all() as Array<{ sailingId: string; cabinClass: CabinClass }>;
  db.prepare("DELETE FROM insight_fares WHERE source = 'dev'").run();
  resyncCatalogueFares(db, moved);
}
