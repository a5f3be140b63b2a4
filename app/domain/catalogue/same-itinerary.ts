import { addDaysIso } from "~/domain/dates";

/**
 * The sailing page's fare chart sets a sailing against the other sailings of the same itinerary: the
 * same ship, destination, departure port, voyage and tour type and length, departing around it.
 */
export const SAME_ITINERARY = {
  /** How far before the sailing the catalogue is asked from (the sailings are from today in any case). */
  daysBefore: 182,
  /** How many sailings the catalogue is asked for, and how many the chart shows (this one among them). */
  asked: 40,
  shown: 8,
} as const;

export type ItineraryFacts = {
  shipCode: string;
  destination: { code: string };
  departurePort: { code: string };
  voyageType: string;
  tourType: string;
  nights: number;
  sailDate: string;
};

/** The catalogue sailing search for the sailings of the same itinerary, by sail date. */
export function sameItineraryQuery(sailing: ItineraryFacts, today: string): URLSearchParams {
  const from = addDaysIso(sailing.sailDate, -SAME_ITINERARY.daysBefore);
  return new URLSearchParams({
    ship: sailing.shipCode,
    destination: sailing.destination.code,
    port: sailing.departurePort.code,
    voyageType: sailing.voyageType,
    tourType: sailing.tourType,
    nightsMin: String(sailing.nights),
    nightsMax: String(sailing.nights),
    departureFrom: from > today ? from : today,
    sort: "date",
    order: "asc",
    page: "1",
    pageSize: String(SAME_ITINERARY.asked),
  });
}

/**
 * The sailings the chart shows: this one and those nearest to it in sail date (an earlier one first on
 * a tie), at most `shown`, by sail date. This sailing is added when the search did not return it.
 */
export function nearestSailings<S extends { sailingId: string; sailDate: string }>(
  found: readonly S[],
  current: S,
  shown: number = SAME_ITINERARY.shown,
): S[] {
  const others = found.filter((s) => s.sailingId !== current.sailingId);
  const distance = (s: S) => Math.abs(Date.parse(s.sailDate) - Date.parse(current.sailDate));
  const nearest = [...others]
    .sort((a, b) => distance(a) - distance(b) || a.sailDate.localeCompare(b.sailDate))
    .slice(0, Math.max(0, shown - 1));
  return [current, ...nearest].sort(
    (a, b) => a.sailDate.localeCompare(b.sailDate) || a.sailingId.localeCompare(b.sailingId),
  );
}
