import { z } from "zod";
import { flaggedFirst, groupSearchParams, type GroupSearch, type SpaceRequest } from "~/domain/groups";
import { authorized, enveloped, type Caller } from "~/server/clients/api.server";

/**
 * The main API's group calls (docs/booking-services-contract.md, "Groups"): the agency's groups, one group with its
 * deadlines and bookings, and requests for new group space. The only module that names these paths.
 */

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

const groupSchema = z.object({
  groupId: z.string(),
  name: z.string(),
  brand: z.string(),
  shipCode: z.string(),
  shipName: z.string(),
  sailingId: z.string(),
  sailDate: day,
  branch: z.string(),
  staterooms: z.object({
    held: z.number().int().nonnegative(),
    booked: z.number().int().nonnegative(),
    released: z.number().int().nonnegative(),
  }),
  guestsNamed: z.number().int().nonnegative(),
  payingGuests: z.number().int().nonnegative(),
  amenityPoints: z.number().int().nonnegative(),
  tourConductorCredits: z.number().int().nonnegative(),
  finalPaymentDate: day,
  bookingsWithBalanceDue: z.number().int().nonnegative(),
});
export type Group = z.infer<typeof groupSchema>;

const groupPageSchema = z.object({
  items: z.array(groupSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  pageCount: z.number().int().nonnegative(),
  ships: z.array(z.object({ code: z.string(), name: z.string() })),
});
export type GroupPage = z.infer<typeof groupPageSchema>;

const groupBookingSchema = z.object({
  bookingId: z.string(),
  status: z.string(),
  leadGuest: z.string(),
  guests: z.number().int().nonnegative(),
  staterooms: z.number().int().nonnegative(),
  cabinClass: z.string(),
  currency: z.string(),
  totalPrice: z.number(),
  amountPaid: z.number(),
  amountDue: z.number(),
  balanceDueDate: day.nullable(),
});
export type GroupBooking = z.infer<typeof groupBookingSchema>;

const groupDetailSchema = groupSchema.extend({
  deadlines: z.array(z.object({ kind: z.enum(["DEPOSIT", "SECOND_DEPOSIT", "FINAL_PAYMENT"]), dueDate: day })),
  bookings: z.array(groupBookingSchema),
  spaceHistory: z.array(
    z.object({
      date: day,
      held: z.number().int().nonnegative(),
      booked: z.number().int().nonnegative(),
      released: z.number().int().nonnegative(),
    }),
  ),
});
export type GroupDetail = z.infer<typeof groupDetailSchema>;

const spaceRequestSchema = z.object({
  requestId: z.string(),
  sailingId: z.string(),
  brand: z.string(),
  shipName: z.string(),
  sailDate: day,
  staterooms: z.number().int(),
  cabinClass: z.string(),
  groupName: z.string(),
  notes: z.string().nullable(),
  status: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  reason: z.string().nullable(),
});
export type SpaceRequestItem = z.infer<typeof spaceRequestSchema>;

/** One page of the agency's groups for the hub's search. */
export function listGroups(
  caller: Caller,
  search: GroupSearch,
  pageSize: number,
  page = search.page,
): Promise<GroupPage> {
  const query = groupSearchParams(search, { page: 1 });
  query.set("sort", search.sort);
  query.set("order", search.order);
  query.set("page", String(page));
  query.set("pageSize", String(pageSize));
  if (flaggedFirst(search)) query.set("flaggedFirst", "true");
  return authorized(caller, { path: `/groups?${query}`, schema: enveloped(groupPageSchema) });
}

/** One group of the agency with its deadlines and bookings; 404 for any other. */
export function getGroup(caller: Caller, groupId: string): Promise<GroupDetail> {
  return authorized(caller, {
    path: `/groups/${encodeURIComponent(groupId)}`,
    schema: enveloped(groupDetailSchema),
  });
}

/** The agency's requests for group space, newest first, each as the line has decided it (48 hours on). */
export function listSpaceRequests(caller: Caller): Promise<SpaceRequestItem[]> {
  return authorized(caller, {
    path: "/groups/requests",
    schema: enveloped(z.object({ items: z.array(spaceRequestSchema) })),
  }).then((page) => page.items);
}

/** Sends a request; 422 BELOW_MINIMUM / ABOVE_MAXIMUM, 404 SAILING_NOT_FOUND, 409 SAILING_DEPARTED. */
export function requestSpace(caller: Caller, request: SpaceRequest): Promise<SpaceRequestItem> {
  return authorized(caller, {
    path: "/groups/requests",
    method: "POST",
    json: { ...request, notes: request.notes || null },
    schema: enveloped(spaceRequestSchema),
  });
}
