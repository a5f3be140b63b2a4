import { Form, Link } from "@remix-run/react";
import { COMPARE_LIMIT } from "~/domain/catalogue/compare";
import { searchParams, type ItinerarySearch } from "~/domain/catalogue/itinerary-search";

/**
 * Add a sailing to the compare selection or take it out: a plain form post (the selection lives in
 * the session, so it works without JavaScript); the action sends the agent back to `returnTo`.
 */
export function CompareToggle({
  sailingId,
  selection,
  returnTo,
  label,
}: {
  sailingId: string;
  selection: readonly string[];
  returnTo: string;
  /** What the sailing is called for a screen reader ("Oasis of the Seas, 05DEC2026"). */
  label?: string;
}) {
  const chosen = selection.includes(sailingId);
  return (
    <Form method="post" action="/itineraries/compare" preventScrollReset className="compare-toggle">
      <input type="hidden" name="intent" value={chosen ? "remove" : "add"} />
      <input type="hidden" name="sailing" value={sailingId} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <button type="submit" className="button button--small" aria-pressed={chosen}>
        {chosen ? <span aria-hidden="true">✓ </span> : null}
        Compare
        {label ? <span className="visually-hidden"> {label}</span> : null}
      </button>
    </Form>
  );
}

/** The way to the compare page, with how many sailings are chosen; the search travels along. */
export function CompareLink({ count, search }: { count: number; search: ItinerarySearch }) {
  return (
    <Link className="compare-link" to={`/itineraries/compare?${searchParams(search, { page: 1 })}`}>
      Compare sailings ({count} of {COMPARE_LIMIT})
    </Link>
  );
}
