import { z } from "zod";
import { RATE_CLASSES, RATE_TYPES, RELATIONS, STATUSES, type RateRequestInput } from "~/domain/reduced-rates";
import { authorized, enveloped, type Caller } from "~/server/clients/api.server";

/**
 * The main API's reduced-rate calls (docs/booking-services-contract.md, "Reduced rates"): the qualifying sailings, one of
 * them, and the agent's requests (make, list, withdraw). The only module that names these paths.
 */

const rateSailingSchema = z.object({
  sailingId: z.string(),
  brand: z.string(),
  shipCode: z.string(),
  shipName: z.string(),
  destination: z.string(),
  departurePort: z.string(),
  sailDate: z.string(),
  returnDate: z.string(),
  nights: z.number().int(),
  rateType: z.enum(RATE_TYPES),
  requestDeadline: z.string(),
  open: z.boolean(),
  currency: z.string(),
  rates: z.array(z.object({ cabinClass: z.enum(RATE_CLASSES), ratePerGuest: z.number() })),
});
export type RateSailing = z.infer<typeof rateSailingSchema>;

/** The caller's request on a listed sailing that is not withdrawn (it blocks a new one), or null. */
const yourRequestSchema = z.object({
  requestId: z.string(),
  status: z.enum(STATUSES),
  cabinClass: z.enum(RATE_CLASSES),
  requestedAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type YourRequest = z.infer<typeof yourRequestSchema>;

/** A sailing of the list: the sailing, and the caller's own request on it (one answer, no second call). */
const listedSailingSchema = rateSailingSchema.extend({ yourRequest: yourRequestSchema.nullable().default(null) });
export type ListedSailing = z.infer<typeof listedSailingSchema>;

const ratePageSchema = z.object({
  items: z.array(listedSailingSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
  ships: z.array(z.object({ code: z.string(), name: z.string(), brand: z.string() })),
});
export type RatePage = z.infer<typeof ratePageSchema>;

const rateRequestSchema = z.object({
  requestId: z.string(),
  status: z.enum(STATUSES),
  cabinClass: z.enum(RATE_CLASSES),
  ratePerGuest: z.number().nullable(),
  companion: z.object({ name: z.string(), relation: z.enum(RELATIONS) }).nullable(),
  requestedAt: z.string(),
  decidedAt: z.string().nullable(),
  withdrawnAt: z.string().nullable(),
  sailing: rateSailingSchema,
});
export type RateRequest = z.infer<typeof rateRequestSchema>;

/** A page of the open qualifying sailings (the query as upstreamRateQuery writes it). */
export function searchReducedRates(caller: Caller, query: URLSearchParams): Promise<RatePage> {
  return authorized(caller, { path: `/reduced-rates/sailings?${query}`, schema: enveloped(ratePageSchema) });
}

/** One qualifying sailing; 404 NOT_QUALIFYING when the sailing has no reduced rate. */
export function getReducedRateSailing(caller: Caller, sailingId: string): Promise<RateSailing> {
  return authorized(caller, {
    path: `/reduced-rates/sailings/${encodeURIComponent(sailingId)}`,
    schema: enveloped(rateSailingSchema),
  });
}

/** Makes a request; 409 with the rule's code when it is refused (NOT_QUALIFYING, DEADLINE_PASSED, …). */
export function requestReducedRate(caller: Caller, input: RateRequestInput): Promise<RateRequest> {
  return authorized(caller, {
    path: "/reduced-rates/requests",
    method: "POST",
    json: input,
    schema: enveloped(rateRequestSchema),
  });
}

/** The agent's requests, newest first, with the line's decisions so far. */
export function listRateRequests(caller: Caller): Promise<RateRequest[]> {
  return authorized(caller, {
    path: "/reduced-rates/requests",
    schema: enveloped(z.object({ items: z.array(rateRequestSchema) })),
  }).then((page) => page.items);
}

/** Withdraws a request still waiting for a decision; 409 ALREADY_DECIDED, 404 NOT_FOUND otherwise. */
export function withdrawRateRequest(caller: Caller, requestId: string): Promise<RateRequest> {
  return authorized(caller, {
    path: `/reduced-rates/requests/${encodeURIComponent(requestId)}/withdraw`,
    method: "POST",
    schema: enveloped(rateRequestSchema),
  });
}
