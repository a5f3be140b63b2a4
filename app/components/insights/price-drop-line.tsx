import { Link } from "@remix-run/react";
import { wholeNumber } from "~/domain/money";

/** The action queue's price-drop line: how many bookings could be re-priced lower, a link to the list. */
export function PriceDropLine({ count }: { count: number | null | undefined }) {
  if (!count) return null;
  return (
    <p className="action-queue__price-drops">
      <Link to="/insights/price-drops">
        <span className="action-queue__count">{wholeNumber(count)}</span>{" "}
        {count === 1 ? "price drop: a booking's fare is" : "price drops: bookings' fares are"} lower now than booked
      </Link>
    </p>
  );
}
