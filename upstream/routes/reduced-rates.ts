import { Hono } from "hono";
import { z } from "zod";
import { utcDate } from "../catalogue/generate";
import { BRAND_CODES } from "../catalogue/types";
import { findAgentByUsername } from "../db/agents";
import {
  COMPANION_RELATIONS,
  MAX_OPEN_REQUESTS,
  RATE_CLASSES,
  RATE_TYPES,
  activeRequestFor,
  activeRequestsOn,
  decideDueRequests,
  decideRequest,
  findReducedRateSailing,
  findRequest,
  insertRequest,
  listRequests,
  openRequestCount,
  openRequests,
  rateColumn,
  reducedRateShips,
  searchReducedRates,
  verdictOf,
  withdrawRequest,
  type RateRequestRow,
  type RateRequestWithSailing,
  type ReducedRateSailingRow,
} from "../db/reduced-rates";
import { requireAuth } from "../lib/auth";
import type { AppEnv, Deps } from "../lib/context";
import { ApiError, invalidRequest, ok, parseOrThrow, readBody, readOptionalBody } from "../lib/errors";
import { callerOf } from "../lib/roles";

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date YYYY-MM-DD");
const SAILING_ID = /^[A-Z0-9-]{1,40}$/i;

const searchQuery = z.object({
  from: day.optional(),
  to: day.optional(),
  brand: z.enum(BRAND_CODES as unknown as ["R", "C", "V"]).optional(),
  ship: z
    .string()
    .regex(/^[A-Z0-9]{1,10}$/i)
    .transform((v) => v.toUpperCase())
    .optional(),
  rateType: z.enum(RATE_TYPES).optional(),
  sort: z.enum(["date", "nights", "rate", "deadline"]).default("date"),
  order: z.enum(["asc", "desc"]).default("asc"),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

const requestBody = z.object({
  sailingId: z.string().trim().regex(SAILING_ID, "must be a sailing id"),
  cabinClass: z.enum(RATE_CLASSES),
  companion: z
    .object({
      name: z.string().trim().min(1, "must not be empty").max(80),
      relation: z.enum(COMPANION_RELATIONS),
    })
    .nullable()
    .default(null),
});

const conflict = (errorCode: string, message: string) => new ApiError(409, errorCode, message);
const notQualifying = (status: 404 | 409, sailingId: string) =>
  new ApiError(status, "NOT_QUALIFYING", `The sailing ${sailingId} has no reduced rate for travel professionals.`);

/** A qualifying sailing as the API answers it; `open`: requests are taken on `today`. */
function sailingBody(row: ReducedRateSailingRow, today: string) {
  return {
    sailingId: row.sailing_id,
    brand: row.brand,
    shipCode: row.ship_code,
    shipName: row.ship_name,
    destination: row.destination_name,
    departurePort: row.departure_port,
    sailDate: row.sail_date,
    returnDate: row.return_date,
    nights: row.nights,
    rateType: row.rate_type,
    requestDeadline: row.request_deadline,
    open: row.request_deadline >= today && row.sail_date > today,
    currency: "USD",
    rates: RATE_CLASSES.flatMap((cabinClass) => {
      const ratePerGuest = row[rateColumn(cabinClass)];
      return ratePerGuest === null ? [] : [{ cabinClass, ratePerGuest }];
    }),
  };
}

/** The caller's request on a listed sailing that is not withdrawn, or null: the list marks it instead of a link. */
function yourRequest(row: RateRequestRow | undefined) {
  if (!row) return null;
  const iso = (at: number | null) => (at === null ? null : new Date(at).toISOString());
  return {
    requestId: String(row.request_id),
    status: row.status,
    cabinClass: row.cabin_class,
    requestedAt: iso(row.created_at),
    decidedAt: iso(row.decided_at),
  };
}

function requestOut(row: RateRequestWithSailing, today: string) {
  const iso = (at: number | null) => (at === null ? null : new Date(at).toISOString());
  return {
    requestId: String(row.request_id),
    status: row.status,
    cabinClass: row.cabin_class,
    ratePerGuest: row[rateColumn(row.cabin_class)],
    companion:
      row.companion_name === null ? null : { name: row.companion_name, relation: row.companion_relation ?? "FRIEND" },
    requestedAt: iso(row.created_at),
    decidedAt: iso(row.decided_at),
    withdrawnAt: iso(row.withdrawn_at),
    sailing: sailingBody(row, today),
  };
}

/**
 * Reduced rates for travel professionals (docs/booking-services-contract.md, "Reduced rates"): the qualifying sailings, one
 * of them, and the caller's requests (make, list, withdraw). The cruise line decides a request 48 hours after
 * it was made (db/reduced-rates.ts, verdictOf). Bearer.
 */
export function reducedRateRoutes(deps: Deps) {
  const { db } = deps;
  const r = new Hono<AppEnv>();
  const today = () => utcDate(deps.clock());

  r.get("/sailings", requireAuth(deps), (c) => {
    const caller = callerOf(c, db);
    const query = parseOrThrow(searchQuery, c.req.query());
    const from = query.from !== undefined && query.from > today() ? query.from : today();
    const search = { ...query, from, openOn: today() };
    const { rows, total } = searchReducedRates(db, search);
    // The caller's own requests on this page, decided first so the status is today's (one indexed query).
    decideDueRequests(db, deps.clock(), caller.agent_id);
    const active = activeRequestsOn(
      db,
      caller.agent_id,
      rows.map((row) => row.sailing_id),
    );
    return ok(c, {
      items: rows.map((row) => ({
        ...sailingBody(row, today()),
        yourRequest: yourRequest(active.get(row.sailing_id)),
      })),
      total,
      page: query.page,
      pageSize: query.pageSize,
      pageCount: Math.ceil(total / query.pageSize),
      ships: reducedRateShips(db).map((s) => ({ code: s.ship_code, name: s.ship_name, brand: s.brand })),
    });
  });

  r.get("/sailings/:sailingId", requireAuth(deps), (c) => {
    callerOf(c, db);
    const sailingId = c.req.param("sailingId").toUpperCase();
    const row = SAILING_ID.test(sailingId) ? findReducedRateSailing(db, sailingId) : undefined;
    if (!row) throw notQualifying(404, sailingId);
    return ok(c, sailingBody(row, today()));
  });

  r.get("/requests", requireAuth(deps), (c) => {
    const caller = callerOf(c, db);
    decideDueRequests(db, deps.clock(), caller.agent_id);
    return ok(c, { items: listRequests(db, caller.agent_id).map((row) => requestOut(row, today())) });
  });

  r.post("/requests", requireAuth(deps), async (c) => {
    const caller = callerOf(c, db);
    const body = await readBody(c, requestBody);
    const sailingId = body.sailingId.toUpperCase();
    const sailing = findReducedRateSailing(db, sailingId);
    if (!sailing) throw notQualifying(409, sailingId);
    const sailingNow = sailingBody(sailing, today());
    if (!sailingNow.open) {
      throw conflict("DEADLINE_PASSED", `Requests for this sailing closed on ${sailing.request_deadline}.`);
    }
    if (sailing[rateColumn(body.cabinClass)] === null) {
      throw conflict("CLASS_NOT_OFFERED", "This sailing has no reduced rate in that cabin class.");
    }
    decideDueRequests(db, deps.clock(), caller.agent_id);
    if (activeRequestFor(db, caller.agent_id, sailingId)) {
      throw conflict("ALREADY_REQUESTED", "You have already requested a reduced rate on this sailing.");
    }
    if (openRequestCount(db, caller.agent_id) >= MAX_OPEN_REQUESTS) {
      throw conflict(
        "TOO_MANY_OPEN",
        `You have ${MAX_OPEN_REQUESTS} requests waiting for a decision; withdraw one or wait for the decisions.`,
      );
    }
    let requestId: number;
    try {
      requestId = insertRequest(db, {
        agentId: caller.agent_id,
        agencyId: caller.agency_id,
        sailingId,
        cabinClass: body.cabinClass,
        companion: body.companion,
        at: deps.clock(),
      });
    } catch (error) {
      // The unique index: another request for the sailing came in at the same moment and won.
      if (error instanceof Error && /UNIQUE/.test(error.message)) {
        throw conflict("ALREADY_REQUESTED", "You have already requested a reduced rate on this sailing.");
      }
      throw error;
    }
    const row = findRequest(db, requestId);
    if (!row) throw invalidRequest("The request is gone.");
    return ok(c, requestOut(row, today()), 201);
  });

  r.post("/requests/:requestId/withdraw", requireAuth(deps), (c) => {
    const caller = callerOf(c, db);
    const raw = c.req.param("requestId");
    const row = /^\d{1,12}$/.test(raw) ? findRequest(db, Number(raw)) : undefined;
    if (!row || row.agent_id !== caller.agent_id) {
      throw new ApiError(404, "NOT_FOUND", `You have no reduced-rate request ${raw}.`);
    }
    decideDueRequests(db, deps.clock(), caller.agent_id);
    if (!withdrawRequest(db, row.request_id, deps.clock())) {
      throw conflict("ALREADY_DECIDED", "This request has been decided or withdrawn already.");
    }
    const withdrawn = findRequest(db, row.request_id);
    if (!withdrawn) throw invalidRequest("The request is gone.");
    return ok(c, requestOut(withdrawn, today()));
  });

  return r;
}

const decideBody = z.object({
  requestId: z.union([z.string().regex(/^\d{1,12}$/), z.number().int().positive()]).optional(),
  username: z.string().trim().min(1).max(200).optional(),
  outcome: z.enum(["APPROVED", "DECLINED"]).optional(),
});

/**
 * Demo mode only (mounted at /dev/reduced-rates): `POST /decide` decides the open requests now, as the line
 * would after 48 hours (verdictOf), or with the `outcome` given; narrowed to one `requestId` or `username`.
 * Answers `{data: {decided: [{requestId, status}]}}`.
 */
export function reducedRateDevRoutes(deps: Deps) {
  const { db } = deps;
  const r = new Hono<AppEnv>();
  r.post("/decide", async (c) => {
    const body = await readOptionalBody(c, decideBody);
    let agentId: string | undefined;
    if (body.username !== undefined) {
      const agent = findAgentByUsername(db, body.username);
      if (!agent) throw invalidRequest(`There is no account named ${body.username}.`);
      agentId = agent.agent_id;
    }
    const at = deps.clock();
    const decided = openRequests(db, agentId)
      .filter((row) => body.requestId === undefined || String(row.request_id) === String(body.requestId))
      .flatMap((row) => {
        const status = body.outcome ?? verdictOf(row);
        return decideRequest(db, row.request_id, status, at) ? [{ requestId: String(row.request_id), status }] : [];
      });
    return c.json({ data: { decided } });
  });
  return r;
}
