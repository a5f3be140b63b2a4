import { CABIN_CLASSES, CATALOGUE_SAILING_ID, type CabinClass } from "./catalogue/codes";
import { clampParty, DEFAULT_PARTY, type Party } from "./catalogue/guests";
import { QUOTE_TOOL, quoteToolState } from "./profile";

/**
 * "Quote this sailing": the quote tool opened by the same single sign-on as the sidebar's entry
 * (`/tools/EQUOTE`), carrying the sailing, the stateroom class and the party. The portal address
 * and the partner tool's address use the same parameter names.
 */
export type QuoteContext = { sailingId: string; cabinClass: CabinClass | null; party: Party };

/**
 * Whether the agent is offered "Quote this sailing": by the sidebar's own rule for the quote tool
 * (hasEquoteAccess; without the quote terms the tool's address explains instead of opening).
 */
export const offersQuote = (profile: { hasEquoteAccess: boolean; eQuoteAcceptanceTC: boolean }) =>
  quoteToolState(profile) !== "unavailable";

/** The portal address that opens the quote tool for this sailing, class and party. */
export function quoteSailingHref(context: QuoteContext): string {
  return `/tools/${QUOTE_TOOL}?${new URLSearchParams(quoteContextParams(context))}`;
}

/** The context as query parameters, in a fixed order (the class only when there is one). */
export function quoteContextParams({ sailingId, cabinClass, party }: QuoteContext): Array<[string, string]> {
  const out: Array<[string, string]> = [["sailing", sailingId]];
  if (cabinClass) out.push(["cabinClass", cabinClass]);
  out.push(["adults", String(party.adults)], ["children", String(party.children)], ["infants", String(party.infants)]);
  return out;
}

/**
 * The context read back from a hand-editable address: null without a well-formed sailing (the tool then
 * opens plainly, as from the sidebar); a class the catalogue does not know is dropped; the party is
 * held to the group size rules (two adults when none is given).
 */
export function readQuoteContext(params: URLSearchParams): QuoteContext | null {
  const sailingId = (params.get("sailing") ?? "").trim();
  if (!CATALOGUE_SAILING_ID.test(sailingId)) return null;
  const wanted = (params.get("cabinClass") ?? "").trim().toUpperCase();
  const cabinClass = CABIN_CLASSES.find((c) => c === wanted) ?? null;
  const count = (key: keyof Party) => {
    const value = params.get(key);
    return value === null || value.trim() === "" ? DEFAULT_PARTY[key] : Number(value);
  };
  return {
    sailingId,
    cabinClass,
    party: clampParty({ adults: count("adults"), children: count("children"), infants: count("infants") }),
  };
}

/**
 * The stateroom class a quote starts from: the class the agent searched for when it is bookable on
 * the sailing, else the cheapest bookable one; null when every class is sold out.
 */
export function quoteClass(
  prices: ReadonlyArray<{ cabinClass: CabinClass; pricePerGuest: number; availability: string }>,
  chosen: CabinClass | "" | null,
): CabinClass | null {
  const open = prices.filter((p) => p.availability !== "SOLD_OUT");
  if (chosen && open.some((p) => p.cabinClass === chosen)) return chosen;
  return [...open].sort((a, b) => a.pricePerGuest - b.pricePerGuest)[0]?.cabinClass ?? null;
}
