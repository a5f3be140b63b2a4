import { Link, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { fill } from "~/domain/alerts";
import type { Shell } from "~/server/shell/shell.server";

/**
 * The alert bar: the active alerts as a carousel ('n of m', previous and next) when there is
 * more than one; every alert links to /alerts. The server draws the same carousel (no layout shift
 * when JavaScript arrives); without JavaScript, previous and next are links (?alert=n).
 */
export function AlertBar({ alerts, counterTemplate }: { alerts: Shell["alerts"]; counterTemplate: string }) {
  const [searchParams] = useSearchParams();
  const requested = Number.parseInt(searchParams.get("alert") ?? "1", 10);
  const [index, setIndex] = useState(Number.isFinite(requested) && requested >= 1 ? requested - 1 : 0);
  if (alerts.length === 0) return null;
  const current = ((index % alerts.length) + alerts.length) % alerts.length;
  const alert = alerts[current]!;
  const step = (delta: number) => {
    const next = (current + delta + alerts.length) % alerts.length;
    const params = new URLSearchParams(searchParams);
    params.set("alert", String(next + 1));
    return { next, href: `?${params}` };
  };
  const previous = step(-1);
  const following = step(1);
  return (
    <section className="alert-bar" aria-label="Current alerts">
      {alerts.length > 1 ? (
        <Link
          to={previous.href}
          preventScrollReset
          className="alert-bar__nav"
          onClick={(event) => {
            event.preventDefault();
            setIndex(previous.next);
          }}
        >
          <span aria-hidden="true">‹</span>
          <span className="visually-hidden">Previous alert</span>
        </Link>
      ) : null}
      <p className="alert-bar__list" aria-live="polite">
        <Link to="/alerts" className="alert-bar__link">
          {alert.text}
        </Link>
      </p>
      {alerts.length > 1 ? (
        <>
          <span className="alert-bar__counter">
            {fill(counterTemplate, String(current + 1), String(alerts.length))}
          </span>
          <Link
            to={following.href}
            preventScrollReset
            className="alert-bar__nav"
            onClick={(event) => {
              event.preventDefault();
              setIndex(following.next);
            }}
          >
            <span aria-hidden="true">›</span>
            <span className="visually-hidden">Next alert</span>
          </Link>
        </>
      ) : null}
    </section>
  );
}
