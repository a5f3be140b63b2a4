import { sailingRowId } from "~/domain/catalogue/itinerary-search";

/** Compare: up to four sailings side by side, in the order they were added. */
export const COMPARE_LIMIT = 4;

export type CompareChange = { intent: "add" | "remove" | "clear"; sailingId?: string };
export type CompareOutcome = { selection: string[]; refused: boolean };

/** The selection after a change; adding a fifth is refused and leaves the selection as it was. */
export function changeSelection(selection: readonly string[], change: CompareChange): CompareOutcome {
  const id = change.sailingId ?? "";
  switch (change.intent) {
    case "clear":
      return { selection: [], refused: false };
    case "remove":
      return { selection: selection.filter((s) => s !== id), refused: false };
    case "add":
      if (selection.includes(id)) return { selection: [...selection], refused: false };
      if (selection.length >= COMPARE_LIMIT) return { selection: [...selection], refused: true };
      return { selection: [...selection, id], refused: false };
  }
}

export const COMPARE_FULL_MESSAGE = `You can compare up to ${COMPARE_LIMIT} sailings. Remove one to add another.`;

/**
 * Where a compare post sends the agent back. From a list (`toRow`), to the row of the sailing they
 * pressed: without JavaScript the browser loads the page again, and would otherwise open at its top.
 */
export function compareReturnTo(returnTo: string, sailingId: string | undefined, toRow: boolean): string {
  if (!toRow || !sailingId) return returnTo;
  const hash = returnTo.indexOf("#");
  return `${hash === -1 ? returnTo : returnTo.slice(0, hash)}#${sailingRowId(sailingId)}`;
}

/**
 * Which cells of one comparison row hold its lowest price: every cell equal to the row's minimum (ties
 * are all lowest). A row where fewer than two sailings have a price marks none: there is nothing to
 * be lowest against. Unpriced cells (not offered, sold out) are null.
 */
export function lowestInRow(prices: ReadonlyArray<number | null>): boolean[] {
  const priced = prices.filter((p): p is number => p !== null);
  if (priced.length < 2) return prices.map(() => false);
  const lowest = Math.min(...priced);
  return prices.map((p) => p !== null && p === lowest);
}

/** A price spread over the sailing's nights (the compare page's per-night row). */
export const perNight = (price: number, nights: number) => (nights > 0 ? price / nights : price);

export const LOWEST_TEXT = "Lowest";
