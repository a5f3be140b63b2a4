import { z } from "zod";
import { CABIN_CLASSES, CABIN_CLASS_NAMES, type CabinClass } from "~/domain/catalogue/codes";
import { hasTool } from "~/domain/access";
import { isIsoDay } from "~/domain/dates";
import { isUrgent } from "~/domain/insights/alerts";
import { BRAND_NAMES, type BrandCode } from "~/domain/navigation";

/**
 * The group programme's rules as the portal says them (decision 027). The same numbers as the upstream's
 * GROUP_RULES (upstream/db/groups.ts), which decides: a request needs at least 8 staterooms (at most 200);
 * one tour-conductor credit per 16 paying guests; one amenity point per 4 booked staterooms.
 */
export const GROUP_RULES = {
  minimumStaterooms: 8,
  maximumStaterooms: 200,
  payingGuestsPerCredit: 16,
  bookedStateroomsPerAmenityPoint: 4,
} as const;

/** The partner group tool (opened with `p` and the token as `tokenId`), by its tool code. */
export const GROUP_TOOL = "GROUP-TOOL";
export const GROUP_TOOL_HREF = `/tools/${GROUP_TOOL}`;

/** The group tool's button shows only to an agent with its tool code (/tools/… checks it too). */
export const mayOpenGroupTool = (tools: readonly { toolCode: string }[]) => hasTool(tools, GROUP_TOOL);

export const HUB_PATH = "/group-travel-hub";
export const groupHref = (groupId: string) => `${HUB_PATH}/${encodeURIComponent(groupId)}`;
export const requestHref = (sailingId?: string) =>
  sailingId ? `${HUB_PATH}/request?${new URLSearchParams({ sailingId })}` : `${HUB_PATH}/request`;

/** Tour-conductor credits earned by so many paying guests. */
export function tourConductorCredits(payingGuests: number): number {
  return Math.floor(Math.max(0, payingGuests) / GROUP_RULES.payingGuestsPerCredit);
}

/** How many more paying guests earn the next tour-conductor credit (1 to 16). */
export function guestsToNextCredit(payingGuests: number): number {
  return GROUP_RULES.payingGuestsPerCredit - (Math.max(0, payingGuests) % GROUP_RULES.payingGuestsPerCredit);
}

/** "2 credits; 5 more paying guests earn the next" — what the group page says of its credits. */
export function creditsText(credits: number, payingGuests: number): string {
  const next = guestsToNextCredit(payingGuests);
  return `${credits} ${credits === 1 ? "credit" : "credits"}; ${next} more paying ${next === 1 ? "guest earns" : "guests earn"} the next`;
}

export const brandName = (code: string) => BRAND_NAMES[code as BrandCode] ?? code;

export const BRAND_OPTIONS = [
  { value: "", label: "Every cruise line" },
  ...(Object.keys(BRAND_NAMES) as BrandCode[]).map((value) => ({ value, label: BRAND_NAMES[value] })),
];

// ---------------------------------------------------------------------------------------------------------
// The hub's list: one zod schema reads its search from the URL (junk dropped with a notice, never a 500).

export const GROUP_SORTS = {
  sailDate: "Sail date",
  groupId: "Group id",
  name: "Group name",
  ship: "Ship",
  held: "Staterooms held",
  booked: "Staterooms booked",
} as const;
export type GroupSort = keyof typeof GROUP_SORTS;

export type GroupSearch = {
  brand: string;
  ship: string;
  from: string;
  to: string;
  sort: GroupSort;
  order: "asc" | "desc";
  page: number;
};

export const DEFAULT_GROUP_SEARCH: GroupSearch = {
  brand: "",
  ship: "",
  from: "",
  to: "",
  sort: "sailDate",
  order: "asc",
  page: 1,
};

const text = (max: number) =>
  z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim().slice(0, max));

const rawSearch = z.object({
  brand: text(5).transform((v) => v.toUpperCase()),
  ship: text(10).transform((v) => v.toUpperCase()),
  from: text(10),
  to: text(10),
  sort: text(20),
  order: text(4),
  page: text(7),
});

/**
 * The hub's search from the URL: a brand of the three, a ship code, a sail-date range (`YYYY-MM-DD`, the
 * ends swapped when reversed), a sort and order, a page from 1. A value that is not one of these is left
 * out with a notice naming it.
 */
export function parseGroupSearch(params: URLSearchParams): { search: GroupSearch; notices: string[] } {
  const raw = rawSearch.parse(Object.fromEntries([...params].filter(([key]) => key in rawSearch.shape)));
  const notices: string[] = [];
  const search: GroupSearch = { ...DEFAULT_GROUP_SEARCH };
  if (raw.brand) {
    if (Object.hasOwn(BRAND_NAMES, raw.brand)) search.brand = raw.brand;
    else notices.push(`Cruise line: “${raw.brand}” is not a choice we know, so it was left out.`);
  }
  if (raw.ship) {
    if (/^[A-Z0-9]{2,5}$/.test(raw.ship)) search.ship = raw.ship;
    else notices.push(`Ship: “${raw.ship}” is not a ship we know, so it was left out.`);
  }
  for (const [key, label] of [
    ["from", "Sailing from"],
    ["to", "Sailing to"],
  ] as const) {
    if (!raw[key]) continue;
    if (isIsoDay(raw[key])) search[key] = raw[key];
    else notices.push(`${label}: “${raw[key]}” is not a date, so it was left out.`);
  }
  if (search.from && search.to && search.from > search.to) [search.from, search.to] = [search.to, search.from];
  if (Object.hasOwn(GROUP_SORTS, raw.sort)) search.sort = raw.sort as GroupSort;
  if (raw.order === "asc" || raw.order === "desc") search.order = raw.order;
  const page = Number(raw.page);
  if (raw.page && Number.isInteger(page) && page >= 1) search.page = page;
  return { search, notices };
}

/**
 * The default order puts the groups whose final payment is overdue or due today first (then by sail date);
 * a sort the agent chooses is kept as chosen.
 */
export const flaggedFirst = (search: Pick<GroupSearch, "sort" | "order">) =>
  search.sort === DEFAULT_GROUP_SEARCH.sort && search.order === DEFAULT_GROUP_SEARCH.order;

/** The hub table's caption: what it lists and in what order. */
export function groupsCaption(search: Pick<GroupSearch, "sort" | "order">): string {
  const order = flaggedFirst(search)
    ? "final payments overdue or due today first, then by sail date"
    : `sorted by ${GROUP_SORTS[search.sort].toLowerCase()}${search.order === "desc" ? ", descending" : ""}`;
  return `Your agency's groups (staterooms held, booked and released), ${order}`;
}

/** The search as the hub's URL parameters: what differs from the defaults; `change` replaces parts. */
export function groupSearchParams(search: GroupSearch, change: Partial<GroupSearch> = {}): URLSearchParams {
  const next = { ...search, ...change };
  const params = new URLSearchParams();
  for (const key of ["brand", "ship", "from", "to"] as const) if (next[key]) params.set(key, next[key]);
  if (next.sort !== DEFAULT_GROUP_SEARCH.sort || next.order !== DEFAULT_GROUP_SEARCH.order) {
    params.set("sort", next.sort);
    params.set("order", next.order);
  }
  if (next.page > 1) params.set("page", String(next.page));
  return params;
}

export function hubHref(search: GroupSearch, change: Partial<GroupSearch> = {}): string {
  const query = groupSearchParams(search, change).toString();
  return query ? `${HUB_PATH}?${query}` : HUB_PATH;
}

/** The hub's CSV export for the same filters and sort (every page, so no page in it). */
export function groupsCsvHref(search: GroupSearch): string {
  const query = groupSearchParams(search, { page: 1 }).toString();
  return query ? `${HUB_PATH}/groups.csv?${query}` : `${HUB_PATH}/groups.csv`;
}

/** What an empty list could widen: each filter that is set, cleared. */
export function groupWidenings(search: GroupSearch): Array<{ label: string; change: Partial<GroupSearch> }> {
  const out: Array<{ label: string; change: Partial<GroupSearch> }> = [];
  if (search.brand) out.push({ label: "Every cruise line", change: { brand: "", page: 1 } });
  if (search.ship) out.push({ label: "Every ship", change: { ship: "", page: 1 } });
  if (search.from || search.to) out.push({ label: "Any sail date", change: { from: "", to: "", page: 1 } });
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Deadlines

export type DeadlineKind = "DEPOSIT" | "SECOND_DEPOSIT" | "FINAL_PAYMENT";

export const DEADLINE_NAMES: Record<DeadlineKind, string> = {
  DEPOSIT: "Deposit",
  SECOND_DEPOSIT: "Second deposit",
  FINAL_PAYMENT: "Final payment",
};

export type DeadlineState = "past" | "urgent" | "upcoming";

/** Past before today; urgent from today up to 48 hours on (the insights' isUrgent); else upcoming. */
export function deadlineState(dueDate: string, today: string): DeadlineState {
  if (dueDate < today) return "past";
  return isUrgent(dueDate, today) ? "urgent" : "upcoming";
}

export const DEADLINE_STATE_NAMES: Record<DeadlineState, string> = {
  past: "Past",
  urgent: "Due within 48 hours",
  upcoming: "Upcoming",
};

/**
 * A group's final payment flag: "overdue" when its final payment date has passed, "today" when it falls
 * today, in both cases only while money is still due on its bookings and the ship has not sailed (a group
 * paid in full, or one that has sailed, needs nothing more). The upstream's list sorts the same groups
 * first (FINAL_PAYMENT_FLAGGED in upstream/db/groups.ts).
 */
export type PaymentFlag = "overdue" | "today";

export function finalPaymentFlag(
  group: { finalPaymentDate: string; sailDate: string; bookingsWithBalanceDue: number },
  today: string,
): PaymentFlag | null {
  if (group.sailDate < today || group.bookingsWithBalanceDue === 0) return null;
  if (group.finalPaymentDate < today) return "overdue";
  return group.finalPaymentDate === today ? "today" : null;
}

/** The flag's words (never colour alone) and its class (styles/groups.css). */
export const PAYMENT_FLAGS: Record<PaymentFlag, { text: string; className: string }> = {
  overdue: { text: "Final payment overdue", className: "group-flag group-flag--overdue" },
  today: { text: "Final payment due today", className: "group-flag group-flag--today" },
};

// ---------------------------------------------------------------------------------------------------------
// A group's space: what each count means (the hub and the group page say the same words)

export type GroupSpace = { held: number; booked: number; released: number };

export const SPACE_TERMS: ReadonlyArray<{ key: keyof GroupSpace; label: string; means: string }> = [
  {
    key: "held",
    label: "Staterooms held",
    means: "kept for the group by the cruise line, booked or not yet",
  },
  { key: "booked", label: "Staterooms booked", means: "of those held, taken by a booking in the group" },
  { key: "released", label: "Staterooms released", means: "given back to the cruise line, no longer held" },
];

/** One day of a group's space history (the upstream's spaceHistory). */
export type SpacePoint = GroupSpace & { date: string };

/**
 * What changed on a day of the space history, in words, from the day before: the first day "Space held
 * for the group"; then staterooms booked, cancelled and released; a day with no change (today's closing
 * point) "No change since".
 */
export function spaceChange(point: GroupSpace, before: GroupSpace | null): string {
  if (!before) return `${rooms(point.held)} held for the group`;
  const parts: string[] = [];
  const booked = point.booked - before.booked;
  if (booked > 0) parts.push(`${rooms(booked)} booked`);
  if (booked < 0) parts.push(`${rooms(-booked)} cancelled`);
  const released = point.released - before.released;
  if (released > 0) parts.push(`${rooms(released)} released`);
  const heldMore = point.held - before.held + Math.max(0, released);
  if (heldMore > 0) parts.push(`${rooms(heldMore)} more held`);
  return parts.length ? capitalise(parts.join("; ")) : "No change since";
}

const rooms = (n: number) => `${n} ${n === 1 ? "stateroom" : "staterooms"}`;
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Held staterooms no booking has taken yet. */
export const stateroomsFree = (space: GroupSpace) => Math.max(0, space.held - space.booked);

// ---------------------------------------------------------------------------------------------------------
// A request for new group space

export const SAILING_ID = /^[A-Z0-9]{2,5}[0-9]{8}$/;

export const MINIMUM_MESSAGE = `A group needs at least ${GROUP_RULES.minimumStaterooms} staterooms. For fewer, book them as individual reservations.`;
export const MAXIMUM_MESSAGE = `A request is for at most ${GROUP_RULES.maximumStaterooms} staterooms; for more, contact the group desk.`;

export const CABIN_CLASS_OPTIONS = CABIN_CLASSES.map((value) => ({ value, label: CABIN_CLASS_NAMES[value] }));

export const SpaceRequestSchema = z.object({
  sailingId: z
    .string()
    .trim()
    .min(1, "Enter the sailing id.")
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(SAILING_ID, "Enter the sailing id as the catalogue shows it, like AD20260302.")),
  staterooms: z
    .string()
    .trim()
    .min(1, "Enter how many staterooms the group needs.")
    .pipe(z.string().regex(/^\d{1,4}$/, "Enter the number of staterooms as a whole number."))
    .transform(Number)
    .pipe(
      z
        .number()
        .min(GROUP_RULES.minimumStaterooms, MINIMUM_MESSAGE)
        .max(GROUP_RULES.maximumStaterooms, MAXIMUM_MESSAGE),
    ),
  cabinClass: z.enum(CABIN_CLASSES, { message: "Choose a cabin class." }),
  groupName: z.string().trim().min(1, "Enter a name for the group.").max(80, "Keep the group name to 80 characters."),
  notes: z.string().trim().max(500, "Keep the notes to 500 characters."),
});
export type SpaceRequest = z.infer<typeof SpaceRequestSchema>;
export type { CabinClass };

/** The upstream's refusal codes as the page says them, with the field they belong to. */
export const REQUEST_REFUSALS: Record<string, { field: "sailingId" | "staterooms" | null; text: string }> = {
  BELOW_MINIMUM: { field: "staterooms", text: MINIMUM_MESSAGE },
  ABOVE_MAXIMUM: { field: "staterooms", text: MAXIMUM_MESSAGE },
  SAILING_NOT_FOUND: {
    field: "sailingId",
    text: "There is no sailing with this id in the catalogue. Check the id on the sailing's page.",
  },
  SAILING_DEPARTED: { field: "sailingId", text: "This sailing has already sailed; choose a later one." },
};

export const REQUEST_FAILED = "The request could not be sent just now. Your entries are kept; please try again.";

export const REQUEST_STATUS_NAMES: Record<string, string> = {
  REQUESTED: "Requested",
  CONFIRMED: "Confirmed",
  DECLINED: "Declined",
};

/** The cruise line decides a request this many hours after it is sent (the upstream's SPACE_DECISION). */
export const DECISION_HOURS = 48;

/** A request's status as the list says it: the name, and for a declined one the line's reason. */
export function requestStatusText(request: { status: string; reason: string | null }): string {
  const name = REQUEST_STATUS_NAMES[request.status] ?? request.status;
  return request.status === "DECLINED" && request.reason ? `${name}: ${request.reason}` : name;
}
