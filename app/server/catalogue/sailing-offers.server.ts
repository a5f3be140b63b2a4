import { offerApplies, type OfferParty, type SailingFacts } from "~/domain/catalogue/eligibility";
import type { Caller } from "~/server/clients/api.server";
import { searchOffers, type OfferSummary } from "~/server/clients/promotions.server";

/** The most offers read for one sailing (the catalogue has far fewer current offers on any one). */
const OFFERS_PER_SAILING = "100";

/**
 * The current offers on a sailing, as the promotions service lists them; null when the call fails, so
 * a page can say offers are unavailable and keep the rest (a failed widget never blanks a page).
 */
export function offersOnSailing(caller: Caller, sailingId: string): Promise<OfferSummary[] | null> {
  return searchOffers(caller, new URLSearchParams({ sailing: sailingId, pageSize: OFFERS_PER_SAILING })).then(
    (page) => page.items,
    () => null,
  );
}

/** The offers on a sailing that this party can book today, by the one eligibility rule (null: unavailable). */
export async function offersForParty(
  caller: Caller,
  sailing: SailingFacts & { sailingId: string },
  party: OfferParty,
  today: string,
): Promise<OfferSummary[] | null> {
  const offers = await offersOnSailing(caller, sailing.sailingId);
  return offers && offers.filter((offer) => offerApplies(offer, { sailing, party, today }).applies);
}
