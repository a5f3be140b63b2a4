import { data } from "@remix-run/node";
import { screenHeading } from "~/domain/screens";
import { FindSchema, READY_PAGE_SIZE, readyPageOf } from "~/domain/travel-docs";
import {
  findBooking,
  listReadyBookings,
  type DocumentBooking,
  type ReadyPage,
} from "~/server/clients/travel-docs.server";
import { UpstreamError } from "~/server/infra/http.server";
import { pageLocale } from "~/server/shell/preferences.server";
import { unavailable } from "~/server/infra/route-errors.server";
import { lastPageIfPast } from "~/domain/paging";
import { screenIntro } from "~/server/shell/intro.server";
import type { Agent } from "~/server/auth/auth.server";

export type { DocumentBooking, ReadyBooking, ReadyPage } from "~/server/clients/travel-docs.server";

const PATH = "/travel-docs";

type Lookup =
  | { kind: "none" }
  | { kind: "invalid"; fieldErrors: Record<string, string[]> }
  | { kind: "not-found" }
  | { kind: "unavailable" }
  | { kind: "found"; booking: DocumentBooking };

/**
 * The find page's data: the agency's bookings with every document ready (paged), and the look-up of one
 * booking when asked for (its status: 400 invalid, 404 not found).
 */
export async function findPage(request: Request, agent: Agent) {
  const url = new URL(request.url);
  const typed = {
    bookingId: (url.searchParams.get("bookingId") ?? "").slice(0, 40),
    surname: (url.searchParams.get("surname") ?? "").slice(0, 80),
    sailDate: (url.searchParams.get("sailDate") ?? "").slice(0, 20),
  };
  let lookup: Lookup = { kind: "none" };
  if (url.searchParams.has("bookingId") || url.searchParams.has("surname") || url.searchParams.has("sailDate")) {
    const parsed = FindSchema.safeParse(typed);
    if (!parsed.success) {
      const fieldErrors: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? "form");
        (fieldErrors[key] ??= []).push(issue.message);
      }
      lookup = { kind: "invalid", fieldErrors };
    } else {
      try {
        lookup = { kind: "found", booking: await findBooking(agent, parsed.data) };
      } catch (error) {
        if (error instanceof UpstreamError && error.failure === "http" && error.status === 404) {
          lookup = { kind: "not-found" };
        } else if (unavailable(error) === null) lookup = { kind: "unavailable" };
      }
    }
  }
  const [intro, ready] = await Promise.all([
    screenIntro(PATH, await pageLocale(request)).catch(() => null),
    lastPageIfPast(
      readyPageOf(url.searchParams),
      (page) => listReadyBookings(agent, page, READY_PAGE_SIZE),
      "bookings with documents ready",
    )
      .then((paged) => paged.found)
      .catch((error: unknown): ReadyPage | null => unavailable(error)),
  ]);
  const status = lookup.kind === "invalid" ? 400 : lookup.kind === "not-found" ? 404 : 200;
  return data(
    { heading: screenHeading(PATH) ?? "Travel documents", intro: intro?.html ?? null, typed, lookup, ready },
    { status },
  );
}
