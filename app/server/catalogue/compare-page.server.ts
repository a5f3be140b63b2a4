import { z } from "zod";
import { changeSelection, COMPARE_FULL_MESSAGE, compareReturnTo } from "~/domain/catalogue/compare";
import { isoDay } from "~/domain/dates";
import { offersQuote, quoteClass } from "~/domain/quote";
import { safeRedirect } from "~/domain/redirect";
import type { Agent } from "~/server/auth/auth.server";
import { compareList, compareSelection, sailingIdSchema } from "~/server/catalogue/compare.server";
import { itinerarySearchState } from "~/server/catalogue/itinerary-search.server";
import { offersForParty } from "~/server/catalogue/sailing-offers.server";
import { getSailing, listShips, type Sailing, type ShipSummary } from "~/server/clients/catalogue.server";
import { authState } from "~/server/infra/auth-state.server";
import { readFormData } from "~/server/infra/forms.server";
import { UpstreamError } from "~/server/infra/http.server";
import { redirect } from "~/server/infra/responses.server";
import { sessionStorage } from "~/server/infra/session.server";

/** The compare page's work (app/routes/itinerary/compare): change the selection, show it side by side. */

export type { ShipSummary };

const changeSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), sailing: sailingIdSchema }),
  z.object({ intent: z.literal("remove"), sailing: sailingIdSchema }),
  z.object({ intent: z.literal("clear") }),
]);

/**
 * Adds, removes or clears the compare selection (kept in the session, so it survives a reload and
 * needs no JavaScript), then goes back where the agent was. A fifth sailing is refused: the compare
 * page says why.
 */
export async function changeCompare(request: Request, agent: Agent) {
  const form = await readFormData(request);
  const returnTo = safeRedirect(form.get("returnTo"), "/itineraries/compare");
  // A list's one form names the change on the pressed button (`toggle=add:ID`); a single form in fields.
  const [intent, sailing] = String(form.get("toggle") ?? "").split(":");
  const parsed = changeSchema.safeParse(
    sailing ? { intent, sailing } : { intent: form.get("intent"), sailing: form.get("sailing") ?? undefined },
  );
  if (!parsed.success) return redirect(returnTo);
  const change = { intent: parsed.data.intent, sailingId: "sailing" in parsed.data ? parsed.data.sailing : undefined };
  const outcome = changeSelection(compareSelection(agent.session), change);
  compareList.write(agent.session, outcome.selection);
  authState.write(agent.session, agent.auth);
  await sessionStorage.commitSession(agent.session);
  if (outcome.refused) return redirect(`/itineraries/compare?${new URLSearchParams({ full: "1" })}`);
  return redirect(compareReturnTo(returnTo, change.sailingId, form.get("toRow") === "1"));
}

/** The chosen sailings with their offers for the search's party and their ships' facts. */
export async function comparePage(request: Request, agent: Agent) {
  const state = await itinerarySearchState(request, agent);
  const selection = compareSelection(agent.session);
  const notices = [...state.notices];
  if (new URL(request.url).searchParams.get("full")) notices.unshift(COMPARE_FULL_MESSAGE);
  if (state.ratesMessage) notices.push(state.ratesMessage);
  // A sailing the catalogue no longer has drops out of the comparison with a word, not an error.
  const sailings = await Promise.all(
    selection.map((id) =>
      getSailing(agent, id).catch((error: unknown) => {
        if (error instanceof UpstreamError && error.status === 404) return null;
        throw error;
      }),
    ),
  );
  const missing = selection.filter((_, i) => sailings[i] === null);
  if (missing.length) notices.push(`${missing.join(", ")} is no longer in the catalogue.`);
  const found = sailings.filter((s): s is Sailing => s !== null);
  const today = isoDay();
  // The offers and the ships' facts are extras: a failed call says so in its row, never fails the page.
  const [offers, ships] = await Promise.all([
    Promise.all(found.map((s) => offersForParty(agent, s, state.search, today))),
    found.length ? listShips(agent, {}).catch(() => null) : null,
  ]);
  const shipByCode = new Map((ships ?? []).map((ship) => [ship.code, ship]));
  return {
    search: state.search,
    currency: state.currency,
    notices,
    sailings: found.map((s, i) => ({
      ...s,
      offers: offers[i]?.map((o) => ({ offerId: o.offerId, name: o.name })) ?? null,
      ship: shipByCode.get(s.shipCode) ?? null,
      quoteClass: quoteClass(s.prices, state.search.cabinClass),
    })),
    quote: offersQuote(agent.profile),
  };
}
