/**
 * A server-rendered list described once (DESIGN "Rules every business screen keeps"): the page it
 * is on, its filters with their defaults and its sort keys. One parser reads any such list's search
 * from a URL (junk normalised with a notice, never an error), one writer puts a search back in a URL,
 * and an empty list offers what to widen: the page, its CSV and its links all agree. The insights
 * lists (insights/lists.ts) and user management use it.
 */
export type Option = { value: string; label: string };

export type FilterSpec = {
  /** The URL parameter, and the upstream's unless `upstream` maps it. */
  name: string;
  label: string;
  /** A select of these values ("" is "any"), or free text (a search box) when absent. */
  options?: readonly Option[];
  /** Taken when the URL has none or junk. */
  fallback: string;
  /** Shown only to agents with flex pay (the derived hasFlexPayAccess). */
  flexPayOnly?: boolean;
  /** Options come from the catalogue (ships) at request time. */
  dynamic?: "ships";
};

export type ListSpec<I extends string = string> = {
  id: I;
  /** The portal page (and the `view` that picks this list on a page of two). */
  path: string;
  view?: string;
  endpoint: string;
  /** "booking alert" / "booking alerts". */
  noun: readonly [string, string];
  filters: readonly FilterSpec[];
  sorts: Readonly<Record<string, string>>;
  defaultSort: string;
  defaultOrder: "asc" | "desc";
};

export type ListSearch = {
  filters: Record<string, string>;
  sort: string;
  order: "asc" | "desc";
  page: number;
};

/** The filters an agent is offered: flex pay only where the derived hasFlexPayAccess holds. */
export function visibleFilters(spec: ListSpec<string>, flexPay: boolean): FilterSpec[] {
  return spec.filters.filter((f) => flexPay || !f.flexPayOnly);
}

const MAX_TEXT = 40;
const MAX_PAGE = 100_000;

/**
 * Reads a list's search from the URL. Missing values take their defaults; a value that is not one of
 * the filter's options (or a ship not in `ships`) is dropped with a notice naming it; the page is a
 * whole number from 1; text is trimmed and cut to 40 characters.
 */
export function parseListSearch(
  spec: ListSpec<string>,
  params: URLSearchParams,
  context: { flexPay: boolean; ships?: readonly string[] },
): { search: ListSearch; notices: string[] } {
  const notices: string[] = [];
  const filters: Record<string, string> = {};
  for (const filter of visibleFilters(spec, context.flexPay)) {
    const raw = (params.get(filter.name) ?? "").trim();
    const allowed =
      filter.dynamic === "ships"
        ? (value: string) => value === "" || (context.ships ?? []).includes(value)
        : filter.options
          ? (value: string) => filter.options!.some((o) => o.value === value)
          : () => true;
    if (raw === "") filters[filter.name] = filter.fallback;
    else if (filter.options || filter.dynamic) {
      const value = filter.dynamic === "ships" ? raw.toUpperCase() : raw;
      if (allowed(value)) filters[filter.name] = value;
      else {
        filters[filter.name] = filter.fallback;
        notices.push(`${filter.label}: “${raw.slice(0, MAX_TEXT)}” is not a choice we know, so it was left out.`);
      }
    } else filters[filter.name] = raw.slice(0, MAX_TEXT);
  }
  const sortParam = params.get("sort") ?? "";
  const sort = Object.hasOwn(spec.sorts, sortParam) ? sortParam : spec.defaultSort;
  const orderParam = params.get("order");
  const order = orderParam === "asc" || orderParam === "desc" ? orderParam : spec.defaultOrder;
  const pageParam = Number(params.get("page") ?? "1");
  const page = Number.isInteger(pageParam) && pageParam >= 1 ? Math.min(pageParam, MAX_PAGE) : 1;
  return { search: { filters, sort, order, page }, notices };
}

/**
 * A list's search as URL parameters for its own page (or its CSV): filters that differ from their
 * defaults, the sort and order when not the list's own, the page from 2. `change` replaces parts.
 */
export function listParams(
  spec: ListSpec<string>,
  search: ListSearch,
  change: Partial<Omit<ListSearch, "filters">> & { filters?: Record<string, string> } = {},
): string {
  const next = { ...search, ...change, filters: { ...search.filters, ...change.filters } };
  const params = new URLSearchParams();
  if (spec.view) params.set("view", spec.view);
  for (const filter of spec.filters) {
    const value = next.filters[filter.name];
    if (value !== undefined && value !== filter.fallback) params.set(filter.name, value);
  }
  if (next.sort !== spec.defaultSort || next.order !== spec.defaultOrder) {
    params.set("sort", next.sort);
    params.set("order", next.order);
  }
  if (next.page > 1) params.set("page", String(next.page));
  return params.toString();
}

export const listHref = (spec: ListSpec<string>, search: ListSearch, change?: Parameters<typeof listParams>[2]) => {
  const query = listParams(spec, search, change);
  return query ? `${spec.path}?${query}` : spec.path;
};

/**
 * What an empty list could widen: each filter away from its widest value, as a change that widens
 * it ("any" where it has one, else its last option, the widest timeframe).
 */
export function widenings(
  spec: ListSpec,
  search: ListSearch,
): Array<{ label: string; filters: Record<string, string> }> {
  const out: Array<{ label: string; filters: Record<string, string> }> = [];
  for (const filter of spec.filters) {
    const value = search.filters[filter.name];
    if (value === undefined) continue;
    const widest = !filter.options ? "" : filter.options.some((o) => o.value === "") ? "" : widestOption(filter);
    if (value === widest) continue;
    const label = filter.options?.find((o) => o.value === widest)?.label ?? "any";
    out.push({
      label: filter.options ? `${filter.label}: ${label}` : `Clear “${value}”`,
      filters: { [filter.name]: widest },
    });
  }
  return out;
}

/** The option that takes in the most: ALL where a filter has it (timeframes, reservation types). */
function widestOption(filter: FilterSpec): string {
  return filter.options?.find((o) => o.value === "ALL")?.value ?? filter.fallback;
}

/** A code as a label: "NET_RATE" → "Net rate". */
export const codeLabel = (code: string) => code.charAt(0) + code.slice(1).toLowerCase().replace(/_/g, " ");
