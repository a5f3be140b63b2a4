import { z } from "zod";
import { BRAND_CODES, CABIN_CLASS_NAMES, brandName } from "~/domain/catalogue/codes";
import { addDaysIso, displayDate, monthName } from "~/domain/dates";
import { formatMoney } from "~/domain/money";

/**
 * Reduced rates for travel professionals (docs/decisions/026-reduced-rates.md): the cruise
 * lines' agent and familiarisation rates, who qualifies, the list's search parameters, the request form and
 * the upstream's refusals in words. Pure: the routes and tests share it.
 */

export const RATE_TYPES = ["AGENT", "FAM"] as const;
export type RateType = (typeof RATE_TYPES)[number];
export const RATE_TYPE_NAMES: Record<RateType, string> = {
  AGENT: "Agent rate",
  FAM: "Familiarisation (FAM) rate",
};

/** The cabin classes a reduced rate is offered in (never suites). */
export const RATE_CLASSES = ["INTERIOR", "OUTSIDE", "BALCONY"] as const;
export type RateClass = (typeof RATE_CLASSES)[number];
export const rateClassName = (cabinClass: string) => CABIN_CLASS_NAMES[cabinClass as RateClass] ?? cabinClass;

export const RELATIONS = ["PARTNER", "FAMILY", "FRIEND", "COLLEAGUE"] as const;
export type Relation = (typeof RELATIONS)[number];
export const RELATION_NAMES: Record<Relation, string> = {
  PARTNER: "Spouse or partner",
  FAMILY: "Family member",
  FRIEND: "Friend",
  COLLEAGUE: "Colleague",
};
export const relationName = (relation: string) => RELATION_NAMES[relation as Relation] ?? relation;

export const STATUSES = ["REQUESTED", "APPROVED", "DECLINED", "WITHDRAWN"] as const;
export type RequestStatus = (typeof STATUSES)[number];
export const STATUS_NAMES: Record<RequestStatus, string> = {
  REQUESTED: "Requested",
  APPROVED: "Approved",
  DECLINED: "Declined",
  WITHDRAWN: "Withdrawn",
};

/** A rate per guest is a price (the portal's money rule): "$367". */
export const rateMoney = (amount: number, currency: string): string => formatMoney(amount, currency, "price");

/** The agent's primary currency for an estimate beside the dollar rate: units per US dollar, and its day. */
export type RateEstimate = { code: string; rate: number; rateDate: string | null };

/** A dollar rate as an estimate in the agent's currency: "about £294". */
export function estimateMoney(usd: number, estimate: RateEstimate): string {
  return `about ${rateMoney(usd * estimate.rate, estimate.code)}`;
}

/** What the estimate is, said once beside the figures. */
export function estimateNote(estimate: RateEstimate): string {
  const day = estimate.rateDate?.slice(0, 10) ?? "";
  const at = /^\d{4}-\d{2}-\d{2}$/.test(day) ? `the exchange rate of ${displayDate(day)}` : "today's exchange rate";
  return (
    `Amounts in ${estimate.code} are estimates at ${at}; ` +
    "the cruise line quotes and charges the rate in US dollars."
  );
}

/** At most this many requests wait for a decision at once (the upstream's rule, said on the page). */
export const MAX_OPEN_REQUESTS = 3;

/** Who qualifies, as the pages say it (the upstream enforces the same rules). */
export const QUALIFY_RULES: readonly string[] = [
  "You, the travel professional signed in, and at most one companion sharing your stateroom.",
  "One request per sailing; you can withdraw a request while it waits for a decision and request again.",
  `At most ${MAX_OPEN_REQUESTS} requests waiting for a decision at once.`,
  "Requests close on the sailing's request deadline; the rate is per guest, in interior, ocean-view or balcony staterooms.",
  "The cruise line approves or declines a request within 48 hours; a class with only a few staterooms left is declined.",
];

/** A withdrawal is possible only while the request waits for a decision. */
export const canWithdraw = (status: string) => status === "REQUESTED";

/**
 * What the list says instead of the request link when the agent has a request on the sailing (not withdrawn):
 * "Requested 24NOV2026", "Approved", "Declined". `requestedAt` is the upstream's ISO timestamp (UTC day).
 */
export function yourRequestLabel(request: { status: string; requestedAt: string }): string {
  if (request.status === "REQUESTED") {
    const day = request.requestedAt.slice(0, 10);
    return /^\d{4}-\d{2}-\d{2}$/.test(day) ? `Requested ${displayDate(day)}` : "Requested";
  }
  return STATUS_NAMES[request.status as RequestStatus] ?? request.status;
}

// ---------------------------------------------------------------------------------------------------------
// The list's search parameters (GET, in the URL)

export const SORTS = ["date", "nights", "rate", "deadline"] as const;
export type RateSort = (typeof SORTS)[number];
export const SORT_NAMES: Record<RateSort, string> = {
  date: "Sail date",
  nights: "Nights",
  rate: "Lowest rate",
  deadline: "Request deadline",
};

export type RateSearch = {
  brand: (typeof BRAND_CODES)[number] | null;
  ship: string | null;
  /** `YYYY-MM`: sailings of that month. */
  month: string | null;
  rateType: RateType | null;
  sort: RateSort;
  order: "asc" | "desc";
  page: number;
};

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const optional = <T extends z.ZodType>(schema: T) => schema.nullable().catch(null);

/** The URL's parameters as a search: anything that does not fit is left out (never an error). */
export const RateSearchSchema = z.object({
  brand: optional(z.enum(BRAND_CODES)),
  ship: optional(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{1,10}$/)
      .transform((v) => v.toUpperCase()),
  ),
  month: optional(z.string().trim().regex(MONTH)),
  rateType: optional(z.enum(RATE_TYPES)),
  sort: z.enum(SORTS).catch("date"),
  order: z.enum(["asc", "desc"]).catch("asc"),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});

export function parseRateSearch(params: URLSearchParams): RateSearch {
  const raw: Record<string, string | undefined> = {};
  for (const key of ["brand", "ship", "month", "rateType", "sort", "order", "page"]) {
    const value = params.get(key);
    raw[key] = value === null || value.trim() === "" ? undefined : value;
  }
  return RateSearchSchema.parse(raw) as RateSearch;
}

/** The search as URL parameters, in one order, defaults left out; `change` overrides. */
export function rateSearchParams(search: RateSearch, change: Partial<RateSearch> = {}): string {
  const s = { ...search, ...change };
  const out = new URLSearchParams();
  if (s.brand) out.set("brand", s.brand);
  if (s.ship) out.set("ship", s.ship);
  if (s.month) out.set("month", s.month);
  if (s.rateType) out.set("rateType", s.rateType);
  if (s.sort !== "date") out.set("sort", s.sort);
  if (s.order !== "asc") out.set("order", s.order);
  if (s.page > 1) out.set("page", String(s.page));
  return out.toString();
}

/** The first and last day of a `YYYY-MM` month. */
export function monthRange(month: string): { from: string; to: string } {
  const from = `${month}-01`;
  const [year, m] = month.split("-").map(Number) as [number, number];
  const next = m === 12 ? `${year + 1}-01-01` : `${year}-${String(m + 1).padStart(2, "0")}-01`;
  return { from, to: addDaysIso(next, -1) };
}

/** The months a qualifying sailing may sail in: this one and the next 24. */
export function monthOptions(today: string): Array<{ value: string; label: string }> {
  const [year, month] = today.split("-").map(Number) as [number, number];
  return Array.from({ length: 25 }, (_, i) => {
    const y = year + Math.floor((month - 1 + i) / 12);
    const m = ((month - 1 + i) % 12) + 1;
    const value = `${y}-${String(m).padStart(2, "0")}`;
    return { value, label: monthName(value) };
  });
}

/** The upstream query of a search page (page size fixed). */
export function upstreamRateQuery(search: RateSearch, pageSize: number): URLSearchParams {
  const query = new URLSearchParams({ sort: search.sort, order: search.order, page: String(search.page) });
  query.set("pageSize", String(pageSize));
  if (search.brand) query.set("brand", search.brand);
  if (search.ship) query.set("ship", search.ship);
  if (search.rateType) query.set("rateType", search.rateType);
  if (search.month) {
    const { from, to } = monthRange(search.month);
    query.set("from", from);
    query.set("to", to);
  }
  return query;
}

/**
 * What to widen when nothing is found: each filter that is set, in words, with a link to the same
 * search without that filter, from the first page.
 */
export function widenHints(search: RateSearch, shipName?: string): Array<{ text: string; href: string }> {
  const hints: Array<{ text: string; href: string }> = [];
  const way = (text: string, change: Partial<RateSearch>) => {
    const query = rateSearchParams(search, { ...change, page: 1 });
    hints.push({ text, href: query ? `${RATES_PATH}?${query}` : RATES_PATH });
  };
  if (search.brand) way(`search every cruise line, not only ${brandName(search.brand)}`, { brand: null });
  if (search.ship) way(`search every ship, not only ${shipName ?? search.ship}`, { ship: null });
  if (search.month) way(`search every month, not only ${monthName(search.month)}`, { month: null });
  if (search.rateType)
    way(`include every rate type, not only the ${RATE_TYPE_NAMES[search.rateType].toLowerCase()}`, { rateType: null });
  return hints;
}
const RATES_PATH = "/reduced-rates";

// ---------------------------------------------------------------------------------------------------------
// The request form (POST)

export const SailingIdSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{1,40}$/)
  .transform((v) => v.toUpperCase());

export const CABIN_CLASS_MESSAGE = "Choose a cabin class.";
export const COMPANION_MESSAGE = "Say whether a companion travels with you.";
export const COMPANION_NAME_MESSAGE = "Enter your companion's full name.";
export const COMPANION_RELATION_MESSAGE = "Choose how your companion is related to you.";

export type RequestFields = {
  sailingId: string;
  cabinClass: string;
  companion: string;
  companionName: string;
  companionRelation: string;
};

const oneOf = <T extends string>(values: readonly T[], value: string): value is T =>
  (values as readonly string[]).includes(value);

/**
 * The request form. Every field is read as text first and each rule checked in one pass, so every message
 * shows at once (no cabin class and no companion name: both are said).
 */
export const RequestFormSchema = z
  .object({
    sailingId: z.string().trim(),
    cabinClass: z.string().trim(),
    companion: z.string().trim(),
    companionName: z.string().trim(),
    companionRelation: z.string().trim(),
  })
  .superRefine((form, ctx) => {
    const issue = (path: keyof RequestFields, message: string) =>
      ctx.addIssue({ code: "custom", path: [path], message });
    if (!SailingIdSchema.safeParse(form.sailingId).success) issue("sailingId", "Choose a qualifying sailing.");
    if (!oneOf(RATE_CLASSES, form.cabinClass)) issue("cabinClass", CABIN_CLASS_MESSAGE);
    if (form.companion !== "yes" && form.companion !== "no") issue("companion", COMPANION_MESSAGE);
    if (form.companion !== "yes") return;
    if (form.companionName.length < 2) issue("companionName", COMPANION_NAME_MESSAGE);
    else if (form.companionName.length > 80) issue("companionName", "Keep the name to 80 characters.");
    if (!oneOf(RELATIONS, form.companionRelation)) issue("companionRelation", COMPANION_RELATION_MESSAGE);
  })
  .transform((form) => ({
    sailingId: form.sailingId.toUpperCase(),
    cabinClass: form.cabinClass as RateClass,
    companion:
      form.companion === "yes" ? { name: form.companionName, relation: form.companionRelation as Relation } : null,
  }));
export type RateRequestInput = z.output<typeof RequestFormSchema>;

/** The form's fields as typed (each cut to a sane length), to keep them when it is shown again. */
export function typedRequest(form: FormData | URLSearchParams): RequestFields {
  const read = (name: string, max: number) => String(form.get(name) ?? "").slice(0, max);
  return {
    sailingId: read("sailingId", 40),
    cabinClass: read("cabinClass", 20),
    companion: read("companion", 5),
    companionName: read("companionName", 120),
    companionRelation: read("companionRelation", 20),
  };
}

export type RequestParse =
  | { success: true; data: RateRequestInput }
  | { success: false; fieldErrors: Partial<Record<keyof RequestFields, string[]>> };

export function parseRequest(fields: RequestFields): RequestParse {
  const parsed = RequestFormSchema.safeParse(fields);
  if (parsed.success) return { success: true, data: parsed.data };
  const fieldErrors: Partial<Record<keyof RequestFields, string[]>> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof RequestFields;
    (fieldErrors[key] ??= []).push(issue.message);
  }
  return { success: false, fieldErrors };
}

// ---------------------------------------------------------------------------------------------------------
// The upstream's refusals

export const REQUEST_FAILED = "Your request could not be sent just now. Please try again.";
export const WITHDRAW_FAILED = "The request could not be withdrawn just now. Please try again.";

export const REFUSALS: Record<string, string> = {
  NOT_QUALIFYING:
    "This sailing has no reduced rate for travel professionals. Choose one of the qualifying sailings listed.",
  DEADLINE_PASSED: "Requests for this sailing have closed: its request deadline has passed.",
  CLASS_NOT_OFFERED: "This sailing has no reduced rate in that cabin class. Choose another class.",
  ALREADY_REQUESTED:
    "You have already requested a reduced rate on this sailing. See your requests; withdraw it to request again.",
  TOO_MANY_OPEN: `You already have ${MAX_OPEN_REQUESTS} requests waiting for a decision. Withdraw one, or wait for the decisions.`,
  ALREADY_DECIDED: "This request has already been decided or withdrawn, so it cannot be withdrawn.",
  NOT_FOUND: "You have no such reduced-rate request.",
};

/** The message for an upstream refusal code, or `fallback`. */
export function refusalMessage(errorCode: string | undefined, fallback = REQUEST_FAILED): string {
  return (errorCode && REFUSALS[errorCode]) || fallback;
}

/** The refusal of a request without a sailing of the list (the page and the form field both say it). */
export const NO_SAILING = "Choose a sailing from the qualifying sailings to request its reduced rate.";
