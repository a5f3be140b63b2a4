// Itinerary search over the full demo catalogue, p95 ≤ 100 ms. The search does not exist yet:
// measureItinerarySearch answers null and the row reads "not built yet". When /itinerary/results
// lands, set ITINERARY_SEARCH_BUILT to true and fill in the query (and check it covers the whole
// demo catalogue); the row and its budget are already wired in run.mjs. The results page at its
// defaults (req/s ≥ 0.4 × the bare route, p95 ≤ 100 ms) is one more line in run.mjs's VS_BARE.
import { measure } from "./load.mjs";

export const ITINERARY_SEARCH_BUILT = false;
/** A query that matches the whole demo catalogue (to be settled with the feature). */
export const ITINERARY_QUERY = "/itinerary/results?";

/** Returns { p95, p50, rps, requests } with signed-in agents, or null while the feature is missing. */
export async function measureItinerarySearch({ cookies, seconds }) {
  if (!ITINERARY_SEARCH_BUILT) return null;
  return measure(ITINERARY_QUERY, { connections: cookies.length, seconds, cookies });
}
