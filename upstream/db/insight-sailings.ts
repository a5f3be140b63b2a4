import type { Brand, CabinClass, Refundability } from "../catalogue/types";
import type { InsightSailing } from "../insight/generate";
import type { Db } from "./database";

// Its own module, below both the insight data (db/insight.ts) and the price-drop watch (db/price-drops.ts),
// which each read the catalogue's sailings this way and one of which calls the other.

/** The catalogue's sailings as insight generation needs them. */
export function catalogueInsightSailings(db: Db): InsightSailing[] {
  const rows = db
    .prepare(
      `SELECT s.sailing_id, s.ship_code, sh.name AS ship_name, s.brand, s.sail_date, s.nights, s.final_payment_date,
        coalesce(p.name, s.departure_port) AS port_name, s.refundability, s.single_supplement_percent,
        s.price_details
       FROM catalogue_sailings s
       JOIN catalogue_ships sh ON sh.ship_code = s.ship_code
       LEFT JOIN catalogue_ports p ON p.port_code = s.departure_port
       ORDER BY s.sailing_id`,
    )
    .raw()
    .all() as Array<[string, string, string, Brand, string, number, string, string, Refundability, number, string]>;
  return rows.map(
    ([
      sailingId,
      shipCode,
      shipName,
      brand,
      sailDate,
      nights,
      finalPaymentDate,
      port,
      refundability,
      single,
      details,
    ]) => ({
      sailingId,
      shipCode,
      shipName,
      brand,
      sailDate,
      nights,
      finalPaymentDate,
      departurePort: port,
      refundability,
      singleSupplementPercent: single,
      prices: (
        JSON.parse(details) as Array<{
          cabinClass: CabinClass;
          pricePerGuest: number;
          additionalGuestPrice: number;
          taxesAndFees: number;
          deposit: number;
        }>
      ).map((p) => ({
        cabinClass: p.cabinClass,
        pricePerGuest: p.pricePerGuest,
        additionalGuestPrice: p.additionalGuestPrice,
        taxesAndFees: p.taxesAndFees,
        deposit: p.deposit,
      })),
    }),
  );
}
