import { classBelow, fareMove, offerFare, partyFare } from "~/domain/catalogue/fares";
import { offerApplies } from "~/domain/catalogue/eligibility";
import { describeAudience, describeValue } from "~/domain/catalogue/offers";
import { isoDay } from "~/domain/dates";
import { offersQuote, quoteClass } from "~/domain/quote";
import type { Agent } from "~/server/auth/auth.server";
import { compareSelection, sailingIdSchema } from "~/server/catalogue/compare.server";
import { fareChart, sameItinerarySailings } from "~/server/catalogue/fare-chart.server";
import { itinerarySearchState } from "~/server/catalogue/itinerary-search.server";
import { offersOnSailing } from "~/server/catalogue/sailing-offers.server";
import { getSailing, type Sailing } from "~/server/clients/catalogue.server";
import type { OfferSummary } from "~/server/clients/promotions.server";
import { pageNotFound } from "~/server/infra/route-errors.server";

/**
 * /itinerary/detail?sailing=…: the day-by-day itinerary, what the party of the search would pay in
 * each cabin class in the chosen currency, the fare chart around it and the offers on it. A malformed
 * sailing id is a page not found.
 */
export async function sailingDetail(request: Request, agent: Agent) {
  const id = sailingIdSchema.safeParse(new URL(request.url).searchParams.get("sailing") ?? "");
  if (!id.success) throw pageNotFound();
  const [state, sailing, offers] = await Promise.all([
    itinerarySearchState(request, agent),
    getSailing(agent, id.data),
    // A failed offers call leaves the rest of the page: the section says offers are unavailable.
    offersOnSailing(agent, id.data),
  ]);
  const today = isoDay();
  const fares = sailing.prices.map((price) => ({
    ...price,
    move: fareMove(price.pricePerGuest, price.fareChange),
    party: partyFare(price, state.search, {
      singleSupplementPercent: sailing.singleSupplementPercent,
      finalPaymentDate: sailing.finalPaymentDate,
      today,
    }),
  }));
  // The chart is an extra: a failed call leaves the page without it, with a word.
  const around = await sameItinerarySailings(agent, sailing, today);
  return {
    sailing,
    fareChart: around && fareChart(around, sailing.sailingId, state.currency.rate),
    fares,
    search: state.search,
    currency: state.currency,
    notices: state.ratesMessage ? [...state.notices, state.ratesMessage] : state.notices,
    compare: compareSelection(agent.session),
    offers: offers && sailingOffers(offers, sailing, state.search, today),
    quote: offersQuote(agent.profile) ? quoteClassOf(sailing, state.search) : null,
  };
}

/** What "Quote this sailing" carries: the class it starts from (none when every class is sold out). */
function quoteClassOf(sailing: Sailing, search: { cabinClass: Sailing["prices"][number]["cabinClass"] | "" }) {
  return { cabinClass: quoteClass(sailing.prices, search.cabinClass) };
}

/**
 * The current offers on this sailing through the one eligibility rule, with this search's party:
 * those the guests can book, each with what the party pays in its cheapest open class, and the others
 * with why not.
 */
function sailingOffers(
  offers: OfferSummary[],
  sailing: Sailing,
  search: Parameters<typeof partyFare>[1] & Parameters<typeof offerApplies>[1]["party"],
  today: string,
) {
  const terms = {
    singleSupplementPercent: sailing.singleSupplementPercent,
    finalPaymentDate: sailing.finalPaymentDate,
    today,
  };
  const priceOf = (c: string | null) => sailing.prices.find((p) => p.cabinClass === c) ?? null;
  return offers.map((offer) => {
    const eligibility = offerApplies(offer, { sailing, party: search, today });
    const quotes = eligibility.applies
      ? eligibility.cabinClasses.flatMap((cabinClass) => {
          const price = priceOf(cabinClass);
          if (!price) return [];
          const without = partyFare(price, search, terms);
          const withOffer = offerFare(price, priceOf(classBelow(cabinClass)), search, offer.value, terms);
          return [{ cabinClass, without: without.total, with: withOffer.total, deposit: withOffer.deposit }];
        })
      : [];
    return {
      offer,
      value: describeValue(offer.value),
      audience: describeAudience(offer),
      applies: eligibility.applies,
      reasons: eligibility.reasons,
      best: quotes.sort((a, b) => a.with - b.with)[0] ?? null,
    };
  });
}
