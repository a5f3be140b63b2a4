// Itinerary search over the full demo catalogue, p95 ≤ 100 ms (DESIGN "Budgets"): the results page
// for a filtered search sorted by price, as an agent runs it. The results page at its defaults
// (req/s ≥ 0.4 × the bare route, p95 ≤ 100 ms) is a row of run.mjs's VS_BARE. The portal keeps a
// search's answer for a minute (server/clients/catalogue.server.ts), so after the warm-up this is the
// warm path: portal, session, cache; the catalogue's own search is indexed (upstream/catalogue.test.ts).
import { measure } from "./load.mjs";

export const ITINERARY_SEARCH_BUILT = true;
export const ITINERARY_QUERY =
  "/itinerary/results?destination=CARIBBEAN&nights=6-9&cabinClass=BALCONY&adults=2&children=1&sort=price&order=asc";

/** Returns { p95, p50, rps, requests } with signed-in agents. */
export async function measureItinerarySearch({ cookies, seconds }) {
  if (!ITINERARY_SEARCH_BUILT) return null;
  return measure(ITINERARY_QUERY, { connections: cookies.length, seconds, cookies });
}
