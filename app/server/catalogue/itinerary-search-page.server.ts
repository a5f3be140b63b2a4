import type { Agent } from "~/server/auth/auth.server";
import { itinerarySearchState } from "~/server/catalogue/itinerary-search.server";
import { screenIntro } from "~/server/shell/intro.server";
import { pageLocale } from "~/server/shell/preferences.server";

/** /itinerary/search: the cruise search's form at its defaults (or the URL's), its notices and introduction. */
export async function itinerarySearchPage(request: Request, agent: Agent) {
  const [state, intro] = await Promise.all([
    itinerarySearchState(request, agent),
    screenIntro(new URL(request.url).pathname, await pageLocale(request)),
  ]);
  const { search, errors, typed, notices, options, ratesMessage, priceMaxDefault } = state;
  return { search, errors, typed, notices, options, ratesMessage, priceMaxDefault, intro: intro?.html ?? null };
}
