import { Link } from "@remix-run/react";
import { analyticsAttributes } from "~/domain/analytics";
import { wholeNumber } from "~/domain/catalogue/money";
import { ALERT_TYPE_NAMES } from "~/domain/insights/alerts";
import type { ActionQueue } from "~/server/insights/action-queue.server";
import { PriceDropLine } from "./price-drop-line";

/** The home page's queue of what is due in the next ten days, each type a link into the alert centre. */
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
          <p>
            {queue.branch}
            {queue.urgentTotal > 0
              ? `: ${wholeNumber(queue.urgentTotal)} ${queue.urgentTotal === 1 ? "alert" : "alerts"} due within 48 hours.`
              : "."}
          </p>
          <ul className="action-queue__list">
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
