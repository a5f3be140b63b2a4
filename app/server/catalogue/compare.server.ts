import { z } from "zod";
import { CATALOGUE_SAILING_ID } from "~/domain/catalogue/codes";
import { COMPARE_LIMIT } from "~/domain/catalogue/compare";
import { sessionSlice, type PortalSession } from "~/server/infra/session-slice.server";

/** Sailing ids look like the catalogue's (`OA20261205`); anything else is not kept. */
export const sailingIdSchema = z.string().trim().regex(CATALOGUE_SAILING_ID);

const selectionSchema = z.array(sailingIdSchema).max(COMPARE_LIMIT);

/** Sailing ids the agent set side by side on /itineraries/compare (at most four). */
export const compareList = sessionSlice<string[]>("compare", import.meta.url, { perIdentity: true });

/** The agent's compare selection as kept in the session (a bad value reads as none). */
export function compareSelection(session: PortalSession): string[] {
  const parsed = selectionSchema.safeParse(compareList.read(session) ?? []);
  return parsed.success ? parsed.data : [];
}
