import { Link } from "@remix-run/react";
import { analyticsAttributes } from "~/domain/analytics";
import { wholeNumber } from "~/domain/money";
import { addDaysIso, displayDate } from "~/domain/dates";
import { ALERT_TYPE_NAMES } from "~/domain/insights/alerts";
import { alertCentreHref } from "~/domain/insights/summary";
import { URGENT_DAYS } from "~/domain/insights/urgency";
import type { ActionQueue } from "~/server/insights/action-queue.server";
import { PriceDropLine } from "./price-drop-line";

const alerts = (n: number) => `${wholeNumber(n)} ${n === 1 ? "alert" : "alerts"}`;

/**
 * The home page's queue of what is due in the next ten days, each type a link into the alert centre.
 * Every figure names its window: the ten-day total is the sum of the types below, and the 48-hour
 * figure is "of them", with its own link to exactly those alerts.
 */
export function ActionQueuePanel({ queue }: { queue: ActionQueue }) {
  return (
    <section className="panel action-queue" aria-labelledby="queue-heading">
      <h2 id="queue-heading">Due in the next 10 days</h2>
      {queue.state === "unavailable" ? (
        <p>Your booking alerts are unavailable just now. The rest of the portal works as usual.</p>
      ) : queue.items.length === 0 ? (
        <p>Nothing is due in the next 10 days at {queue.branch}.</p>
      ) : (
        <>
          <p className="action-queue__summary">
            {queue.branch}:{" "}
            <Link to={alertCentreHref(null, "NEXT_10_DAYS")} data-figure="due-10-days">
              {alerts(queue.total)} due in the next 10 days
            </Link>{" "}
            (to {displayDate(addDaysIso(queue.today, 10))})
            {queue.urgentTotal > 0 ? (
              <>
                , of them{" "}
                <Link to={alertCentreHref(null, "DUE_WITHIN_48_HS")} data-figure="due-48-hours">
                  {wholeNumber(queue.urgentTotal)} due within 48 hours
                </Link>{" "}
                (to {displayDate(addDaysIso(queue.today, URGENT_DAYS))}).
              </>
            ) : (
              "; none within 48 hours."
            )}
          </p>
          <ul className="action-queue__list" aria-label="Due in the next 10 days, by alert type">
            {queue.items.map((item) => (
              <li key={item.type}>
                <Link to={item.href} {...analyticsAttributes({ name: "alert_queue_click", alertType: item.type })}>
                  <span className="action-queue__count">{wholeNumber(item.count)}</span> {ALERT_TYPE_NAMES[item.type]}
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
      {queue.state === "ready" ? <PriceDropLine count={queue.priceDrops} /> : null}
      <p>
        <Link to="/insights/alert-centre">Open the alert centre</Link>
      </p>
    </section>
  );
}
