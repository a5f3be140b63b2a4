import { hasTool, TOOL } from "~/domain/access";
import { isoDay } from "~/domain/dates";
import type { Agent } from "~/server/auth/auth.server";
import { listRedemptions } from "~/server/clients/certificates.server";
import { getBooking } from "~/server/clients/insight.server";
import { pageNotFound, unavailable } from "~/server/infra/route-errors.server";
import { flexPayFor } from "~/server/insights/context.server";

export type { Redemption } from "~/server/clients/certificates.server";
export type { Booking } from "~/server/clients/insight.server";

/** Booking ids as the insight API writes them; anything else is not a booking (404, no call made). */
const BOOKING_ID = /^[A-Za-z0-9-]{1,24}$/;

/**
 * One booking of the agent's agency with the certificates applied to it. A booking of another agency,
 * or of a branch the agent may not see, is not found (the insight API answers 404).
 */
export async function bookingPage(agent: Agent, bookingId: string) {
  if (!BOOKING_ID.test(bookingId)) throw pageNotFound();
  const id = bookingId.toUpperCase();
  // The certificates come from the main API: when it cannot answer, the booking still shows.
  const [booking, certificates] = await Promise.all([
    getBooking(agent, id),
    listRedemptions(agent, id).catch((error: unknown) => unavailable(error)),
  ]);
  const guestDocs = hasTool(agent.profile.allowedApplicationTools, TOOL.guestDocs);
  return { booking, certificates, guestDocs, flexPay: flexPayFor(agent), today: isoDay() };
}
