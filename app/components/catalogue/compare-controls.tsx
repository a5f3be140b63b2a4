import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { COMPARE_LIMIT } from "~/domain/catalogue/compare";
import { searchParams, type ItinerarySearch } from "~/domain/catalogue/itinerary-search";

/**
 * The compare selection is changed by plain form posts (it lives in the session, so this works
 * without JavaScript); the action sends the agent back to `returnTo`. A list puts one form around
 * all its rows, each row's button naming its sailing (`toggle=add:ID` or `remove:ID`); `toRow` sends
 * the agent back to that row (the rows carry `sailingRowId` ids).
 */
export function CompareForm({
  returnTo,
  toRow = false,
  children,
}: {
  returnTo: string;
  toRow?: boolean;
  children: ReactNode;
}) {
  return (
    <Form method="post" action="/itineraries/compare" preventScrollReset className="compare-form">
      <input type="hidden" name="returnTo" value={returnTo} />
      {toRow ? <input type="hidden" name="toRow" value="1" /> : null}
      {children}
    </Form>
  );
}

/** Add a sailing to the comparison or take it out (a toggle button: pressed while it is in). */
export function CompareButton({
  sailingId,
  selection,
  label,
}: {
  sailingId: string;
  selection: readonly string[];
  /** What the sailing is called for a screen reader ("Oasis of the Seas, 05DEC2026"). */
  label?: string;
}) {
  const chosen = selection.includes(sailingId);
  return (
    <button
      type="submit"
      name="toggle"
      value={`${chosen ? "remove" : "add"}:${sailingId}`}
      className="button button--small"
      aria-pressed={chosen}
    >
      {chosen ? <span aria-hidden="true">✓ </span> : null}
      Compare
      {label ? <span className="visually-hidden"> {label}</span> : null}
    </button>
  );
}

/** One sailing's compare button in a form of its own (the sailing's page). */
export function CompareToggle(props: {
  sailingId: string;
  selection: readonly string[];
  returnTo: string;
  label?: string;
}) {
  return (
    <CompareForm returnTo={props.returnTo}>
      <CompareButton sailingId={props.sailingId} selection={props.selection} label={props.label} />
    </CompareForm>
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
