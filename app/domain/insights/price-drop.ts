/**
 * The price-drop watch's rule: a booked party is owed the lower fare when the fare for the same sailing, the
 * same stateroom class and the same party size is now lower than the one booked, before the sailing's final
 * payment date has passed, by at least the configured minimum (PRICE_DROP_MINIMUM, whole units of the
 * booking's currency; 0 counts any drop). The partner-insight API lists by the same rule (its query asks for
 * the minimum); the portal holds it too, so a row the rule refuses is never shown as a saving.
 */
export type Fare = {
  cabinClass: string;
  /** Guests in the stateroom. */
  guests: number;
  /** The fare for the whole party (taxes and fees apart), in the booking's currency. */
  fare: number;
};

export type DropCheck = {
  booked: Fare;
  current: Fare;
  /** `YYYY-MM-DD`, the agent's today and the sailing's final payment date. */
  today: string;
  finalPaymentDate: string;
  minimum: number;
};

export type DropVerdict =
  | { drop: true; saving: number }
  | { drop: false; reason: "other class" | "other party" | "after final payment" | "not lower" | "below minimum" };

/** Cents, so 0.1 + 0.2 never decides a drop. */
const cents = (amount: number) => Math.round(amount * 100);

export function priceDrop({ booked, current, today, finalPaymentDate, minimum }: DropCheck): DropVerdict {
  if (booked.cabinClass !== current.cabinClass) return { drop: false, reason: "other class" };
  if (booked.guests !== current.guests) return { drop: false, reason: "other party" };
  if (today > finalPaymentDate) return { drop: false, reason: "after final payment" };
  const saving = cents(booked.fare) - cents(current.fare);
  if (saving <= 0) return { drop: false, reason: "not lower" };
  if (saving < cents(minimum)) return { drop: false, reason: "below minimum" };
  return { drop: true, saving: saving / 100 };
}

/** A row of the price-drops list as the rule reads it: the booked and today's fare of the same booking. */
export function rowCountsAsDrop(
  row: { cabinClass: string; guests: number; bookedFare: number; currentFare: number; finalPaymentDate: string },
  today: string,
  minimum: number,
): boolean {
  const party = { cabinClass: row.cabinClass, guests: row.guests };
  return priceDrop({
    booked: { ...party, fare: row.bookedFare },
    current: { ...party, fare: row.currentFare },
    today,
    finalPaymentDate: row.finalPaymentDate,
    minimum,
  }).drop;
}
