import { Link, useSearchParams } from "@remix-run/react";
import { useEffect, useState } from "react";
import { fill } from "~/domain/alerts";
import type { Shell } from "~/server/shell/shell.server";

/** Where the browser remembers that the agent opened the alert bar on a phone. */
const OPEN_KEY = "portal.alertBarOpen";

/**
 * The alert bar: the active alerts as a carousel ('n of m', previous and next) when there is
 * more than one; every alert links to /alerts. The server draws the same carousel (no layout shift
 * when JavaScript arrives); without JavaScript, previous and next are links (?alert=n).
 * On a phone the alert is one line until the agent opens it ("More", a `<details>`: no JavaScript
 * needed; with it the choice is remembered in this browser). The whole text is always in the link.
 */
export function AlertBar({ alerts, counterTemplate }: { alerts: Shell["alerts"]; counterTemplate: string }) {
  const [searchParams] = useSearchParams();
  const requested = Number.parseInt(searchParams.get("alert") ?? "1", 10);
  const [index, setIndex] = useState(Number.isFinite(requested) && requested >= 1 ? requested - 1 : 0);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    try {
      setOpen(window.localStorage.getItem(OPEN_KEY) === "1");
    } catch {
      // Storage refused (private mode): the bar starts closed, as without JavaScript.
    }
  }, []);
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
      {/* Only drawn on a phone (CSS); open, it lets the alert's text run to every line it needs. */}
      <details
        className="alert-bar__toggle"
        open={open}
        onToggle={(event) => {
          const now = event.currentTarget.open;
          setOpen(now);
          try {
            window.localStorage.setItem(OPEN_KEY, now ? "1" : "0");
          } catch {
            // Not remembered: the choice holds for this page.
          }
        }}
      >
        <summary>
          <span className="alert-bar__more">More</span>
          <span className="alert-bar__less">Less</span>
          <span className="visually-hidden"> of the alert</span>
        </summary>
      </details>
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
