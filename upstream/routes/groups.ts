import { Hono } from "hono";
import { z } from "zod";
import { utcDate } from "../catalogue/generate";
import { findAgentByUsername } from "../db/agents";
import {
  GROUP_RULES,
  GROUP_SORTS,
  decideDueSpaceRequests,
  decideSpaceRequest,
  findGroup,
  findSailingForRequest,
  groupBookings,
  groupDeadlines,
  groupShips,
  groupSpaceHistory,
  insertSpaceRequest,
  listGroups,
  listSpaceRequests,
  openSpaceRequests,
  spaceVerdict,
  type GroupRow,
  type SpaceRequestRow,
} from "../db/groups";
import { branchAccess } from "../db/insight";
import { requireAuth } from "../lib/auth";
import type { AppEnv, Deps } from "../lib/context";
import { ApiError, invalidRequest, ok, parseOrThrow, readBody, readOptionalBody } from "../lib/errors";
import { callerOf } from "../lib/roles";
import { isoDate, readQuery, upper, wholeNumber } from "./catalogue";

const LIST_PARAMETERS = ["brand", "ship", "from", "to", "sort", "order", "page", "pageSize", "flaggedFirst"];

const listQuery = z.object({
  brand: upper.pipe(z.enum(["R", "C", "V"])).optional(),
  ship: upper.pipe(z.string().regex(/^[A-Z0-9]{2,5}$/, "must be a ship code")).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  sort: z
    .string()
    .refine((s) => Object.hasOwn(GROUP_SORTS, s), "must be one of sailDate, groupId, name, ship, held, booked")
    .optional(),
  order: z.enum(["asc", "desc"]).optional(),
  page: wholeNumber(1, 100_000).optional(),
  pageSize: wholeNumber(1, 100).optional(),
  flaggedFirst: z.enum(["true", "false"]).optional(),
});

const CABIN_CLASSES = ["INTERIOR", "OUTSIDE", "BALCONY", "DELUXE"] as const;

const requestBody = z.object({
  sailingId: z
    .string()
    .trim()
    .toUpperCase()
    .pipe(z.string().regex(/^[A-Z0-9]{2,5}[0-9]{8}$/, "must be a sailing id like AD20260302")),
  staterooms: z.number().int("must be a whole number"),
  cabinClass: z.enum(CABIN_CLASSES),
  groupName: z.string().trim().min(1, "is required").max(80, "must be at most 80 characters"),
  notes: z.string().trim().max(500, "must be at most 500 characters").nullish(),
});

const GROUP_ID = /^[A-Z0-9-]{1,20}$/;

const groupNotFound = () => new ApiError(404, "NOT_FOUND", "Your agency has no group with this id.");

function groupBody(row: GroupRow) {
  return {
    groupId: row.group_id,
    name: row.name,
    brand: row.brand,
    shipCode: row.ship_code,
    shipName: row.ship_name,
    sailingId: row.sailing_id,
    sailDate: row.sail_date,
    branch: row.branch_code,
    staterooms: { held: row.held, booked: row.booked, released: row.released },
    guestsNamed: row.guests_named,
    payingGuests: row.paying_guests,
    amenityPoints: row.amenity_points,
    tourConductorCredits: row.tc_credits,
    finalPaymentDate: row.final_payment_date,
    bookingsWithBalanceDue: row.unpaid_bookings,
  };
}

function requestItem(row: SpaceRequestRow) {
  return {
    requestId: `GSR-${String(row.request_id).padStart(6, "0")}`,
    sailingId: row.sailing_id,
    brand: row.brand,
    shipName: row.ship_name,
    sailDate: row.sail_date,
    staterooms: row.staterooms,
    cabinClass: row.cabin_class,
    groupName: row.group_name,
    notes: row.notes,
    status: row.status,
    createdAt: new Date(row.created_at).toISOString(),
    decidedAt: row.decided_at === null ? null : new Date(row.decided_at).toISOString(),
    reason: row.decision_reason,
  };
}

/**
 * The group travel hub (docs/booking-services-contract.md, "Groups"): the caller's agency's groups (in the branches it may
 * see) with their deadlines and bookings, and requests for new group space on a catalogue sailing. Another
 * agency's group is not found. The line decides a request 48 hours after it was made (SPACE_DECISION): on the
 * next read of the agency's requests, confirmed when the sailing's availability in the class allows the
 * staterooms, else declined with the reason. Bearer.
 */
export function groupRoutes(deps: Deps) {
  const { db } = deps;
  const r = new Hono<AppEnv>();
  const auth = requireAuth(deps);
  const today = () => utcDate(deps.clock());

  const scopeOf = (c: Parameters<typeof callerOf>[0]) => {
    const access = branchAccess(db, callerOf(c, db));
    return { agencyId: access.agencyId, branches: access.visible.map((b) => b.code) };
  };

  r.get("/", auth, (c) => {
    const query = parseOrThrow(listQuery, readQuery(c, LIST_PARAMETERS));
    const scope = scopeOf(c);
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? 25;
    const { rows, total } = listGroups(db, {
      ...scope,
      brand: query.brand,
      ship: query.ship,
      from: query.from,
      to: query.to,
      sort: query.sort ?? "sailDate",
      order: query.order ?? "asc",
      page,
      pageSize,
      flaggedFirstOn: query.flaggedFirst === "true" ? today() : undefined,
    });
    return ok(c, {
      items: rows.map(groupBody),
      total,
      page,
      pageSize,
      pageCount: Math.ceil(total / pageSize),
      ships: groupShips(db, scope),
    });
  });

  r.get("/requests", auth, (c) => {
    const caller = callerOf(c, db);
    decideDueSpaceRequests(db, deps.clock(), caller.agency_id);
    return ok(c, { items: listSpaceRequests(db, caller.agency_id).map(requestItem) });
  });

  r.post("/requests", auth, async (c) => {
    const caller = callerOf(c, db);
    const body = await readBody(c, requestBody);
    if (body.staterooms < GROUP_RULES.minimumStaterooms) {
      throw new ApiError(
        422,
        "BELOW_MINIMUM",
        `A group needs at least ${GROUP_RULES.minimumStaterooms} staterooms; ${body.staterooms} were asked for.`,
      );
    }
    if (body.staterooms > GROUP_RULES.maximumStaterooms) {
      throw new ApiError(
        422,
        "ABOVE_MAXIMUM",
        `A group request is for at most ${GROUP_RULES.maximumStaterooms} staterooms; ask the group desk for more.`,
      );
    }
    const sailing = findSailingForRequest(db, body.sailingId);
    if (!sailing) throw new ApiError(404, "SAILING_NOT_FOUND", `There is no sailing ${body.sailingId}.`);
    if (sailing.sail_date <= today()) {
      throw new ApiError(409, "SAILING_DEPARTED", `Sailing ${body.sailingId} has already sailed.`);
    }
    const row = insertSpaceRequest(db, {
      agency_id: caller.agency_id,
      agent_id: caller.agent_id,
      sailing_id: sailing.sailing_id,
      brand: sailing.brand,
      ship_name: sailing.ship_name,
      sail_date: sailing.sail_date,
      staterooms: body.staterooms,
      cabin_class: body.cabinClass,
      group_name: body.groupName,
      notes: body.notes ? body.notes : null,
      created_at: deps.clock(),
    });
    return ok(c, requestItem(row), 201);
  });

  r.get("/:groupId", auth, (c) => {
    const groupId = c.req.param("groupId").trim().toUpperCase();
    if (!GROUP_ID.test(groupId)) throw groupNotFound();
    const scope = scopeOf(c);
    const row = findGroup(db, groupId, scope);
    // Another agency's group, or one of a branch the caller may not see, is not found: no hint it exists.
    if (!row) throw groupNotFound();
    return ok(c, {
      ...groupBody(row),
      deadlines: groupDeadlines(db, row.group_id).map((d) => ({ kind: d.kind, dueDate: d.due_date })),
      spaceHistory: groupSpaceHistory(db, row, today()),
      bookings: groupBookings(db, row.group_id, scope.agencyId).map((b) => ({
        bookingId: b.booking_id,
        status: b.status,
        leadGuest: b.lead_guest,
        guests: b.guest_count,
        staterooms: b.total_rooms,
        cabinClass: b.cabin_class,
        currency: b.currency,
        totalPrice: b.total_cents / 100,
        amountPaid: b.paid_cents / 100,
        amountDue: b.due_cents / 100,
        balanceDueDate: b.balance_due_date,
      })),
    });
  });

  return r;
}

const GSR_ID = /^(?:GSR-)?(\d{1,12})$/;

const decideBody = z.object({
  requestId: z
    .union([
      z.string().trim().toUpperCase().regex(GSR_ID, "must be a request id like GSR-000001"),
      z.number().int().positive(),
    ])
    .transform((id) => Number(typeof id === "number" ? id : GSR_ID.exec(id)![1]))
    .optional(),
  username: z.string().trim().min(1).max(200).optional(),
  outcome: z.enum(["CONFIRMED", "DECLINED"]).optional(),
});

/** The reason a declined request carries when a tester declines one the line would have confirmed. */
export const DEMO_DECLINE_REASON = "The group desk has no more group space on this sailing.";

/**
 * Demo mode only (mounted at /dev/groups): `POST /decide` decides the open group space requests now, as
 * the line would after 48 hours (spaceVerdict), or with the `outcome` given; narrowed to one `requestId`
 * (GSR-000001 or 1) or the agency of one `username`. Answers `{data: {decided: [{requestId, status, reason}]}}`.
 */
export function groupDevRoutes(deps: Deps) {
  const { db } = deps;
  const r = new Hono<AppEnv>();
  r.post("/decide", async (c) => {
    const body = await readOptionalBody(c, decideBody);
    let agencyId: string | undefined;
    if (body.username !== undefined) {
      const agent = findAgentByUsername(db, body.username);
      if (!agent) throw invalidRequest(`There is no account named ${body.username}.`);
      agencyId = agent.agency_id;
    }
    const at = deps.clock();
    const decided = openSpaceRequests(db, { agencyId, requestId: body.requestId }).flatMap((row) => {
      const verdict = spaceVerdict(row, row.availability);
      const decision =
        body.outcome === undefined || body.outcome === verdict.status
          ? verdict
          : body.outcome === "CONFIRMED"
            ? { status: "CONFIRMED" as const, reason: null }
            : { status: "DECLINED" as const, reason: DEMO_DECLINE_REASON };
      return decideSpaceRequest(db, row.request_id, decision, at)
        ? [
            {
              requestId: requestItem({ ...row, ...decision }).requestId,
              status: decision.status,
              reason: decision.reason,
            },
          ]
        : [];
    });
    return c.json({ data: { decided } });
  });
  return r;
}
