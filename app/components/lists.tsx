import { Link } from "@remix-run/react";
import { useEffect, useState, type ReactNode } from "react";
import { useHydrated } from "~/components/use-hydrated";
import { wholeNumber } from "~/domain/money";

/**
 * The shared pieces of a server-rendered list (STYLE "As the portal grows"): pages and sort orders
 * are links, so every state can be bookmarked, shared and walked back without JavaScript.
 */

/** Page links: previous, a window of numbers around the current page, next. `href(n)` builds each. */
export function Pagination({
  page,
  pageCount,
  href,
  label = "Pages",
}: {
  page: number;
  pageCount: number;
  href: (page: number) => string;
  label?: string;
}) {
  if (pageCount <= 1) return null;
  const numbers = pageWindow(page, pageCount);
  return (
    <nav className="pagination" aria-label={label}>
      <ul>
        <li>
          {page > 1 ? (
            <Link to={href(page - 1)} rel="prev">
              Previous<span className="visually-hidden"> page</span>
            </Link>
          ) : null}
        </li>
        {numbers.map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              {n === page ? (
                <a aria-current="page" href={href(n)}>
                  <span className="visually-hidden">Page </span>
                  {n}
                </a>
              ) : (
                <Link to={href(n)}>
                  <span className="visually-hidden">Page </span>
                  {n}
                </Link>
              )}
            </li>
          ),
        )}
        <li>
          {page < pageCount ? (
            <Link to={href(page + 1)} rel="next">
              Next<span className="visually-hidden"> page</span>
            </Link>
          ) : null}
        </li>
      </ul>
    </nav>
  );
}

/** 1 … 4 5 [6] 7 8 … 20: the first, the last, and two either side of the current page. */
export function pageWindow(page: number, pageCount: number): Array<number | null> {
  const out: Array<number | null> = [];
  for (let n = 1; n <= pageCount; n++) {
    if (n === 1 || n === pageCount || Math.abs(n - page) <= 2) out.push(n);
    else if (out[out.length - 1] !== null) out.push(null);
  }
  return out;
}

export type SortState = { sort: string; order: "asc" | "desc" };

/**
 * A column header that sorts by its key: `aria-sort` on the sorted column, and a link that sorts by
 * it (ascending first, then the other way).
 */
export function SortHeader({
  column,
  state,
  href,
  children,
  className,
}: {
  column: string;
  state: SortState;
  href: (next: SortState) => string;
  children: ReactNode;
  className?: string;
}) {
  const active = state.sort === column;
  const next: SortState = { sort: column, order: active && state.order === "asc" ? "desc" : "asc" };
  return (
    <th
      scope="col"
      className={className}
      aria-sort={active ? (state.order === "asc" ? "ascending" : "descending") : undefined}
    >
      <Link to={href(next)} className="sort-link">
        {children}
        <span className="visually-hidden">
          {active ? `, sorted ${state.order === "asc" ? "ascending" : "descending"}; ` : ", "}
          sort {next.order === "asc" ? "ascending" : "descending"}
        </span>
        <span aria-hidden="true" className="sort-link__mark">
          {active ? (state.order === "asc" ? "▲" : "▼") : "↕"}
        </span>
      </Link>
    </th>
  );
}

/**
 * A search's results page: its refine form, then what it found. On a wide screen the form is a
 * column beside the results. On a phone it would fill the first screens, so it folds to its heading
 * and one control: a button with JavaScript, without it a link to the form that opens it (`:target`).
 * It starts open when the form has something to correct (`open`). The skip link, for the keyboard,
 * jumps past the form to the results.
 */
export function RefineLayout({
  form,
  open = false,
  children,
}: {
  form: ReactNode;
  open?: boolean;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  const [shown, setShown] = useState(open);
  // Opened by the link before the script ran: the button then says it is open.
  useEffect(() => {
    if (window.location.hash === `#${REFINE_ID}`) setShown(true);
  }, []);
  return (
    <>
      <a href={`#${RESULTS_ID}`} className="skip-to-results">
        Skip to the results
      </a>
      <div className="catalogue__layout">
        <aside
          id={REFINE_ID}
          className={`panel catalogue__filters${shown ? " is-open" : ""}`}
          aria-labelledby="refine-heading"
        >
          <h2 id="refine-heading">Refine your search</h2>
          {hydrated ? (
            <button
              type="button"
              className="button button--secondary button--small refine-toggle"
              aria-expanded={shown}
              aria-controls={REFINE_FORM_ID}
              onClick={() => setShown(!shown)}
            >
              {shown ? "Hide the search form" : "Show the search form"}
            </button>
          ) : (
            <a href={`#${REFINE_ID}`} className="button button--secondary button--small refine-toggle">
              Show the search form
            </a>
          )}
          <div id={REFINE_FORM_ID} className="catalogue__refine">
            {form}
          </div>
        </aside>
        <div className="catalogue__main" id={RESULTS_ID} tabIndex={-1}>
          {children}
        </div>
      </div>
    </>
  );
}
const REFINE_ID = "refine";
const REFINE_FORM_ID = "refine-form";
const RESULTS_ID = "results";

/** A results page's own sort and page links land on the results, not above the refine form again. */
export const atResults = (href: string) => `${href}#${RESULTS_ID}`;

/**
 * The sort orders as links, for narrow screens, where a list's rows become cards and its column
 * headers are hidden. `href(sort)` builds each; the current one is marked.
 */
export function SortLinks<S extends string>({
  sorts,
  names,
  current,
  href,
}: {
  sorts: readonly S[];
  names: Record<S, string>;
  current: string;
  href: (sort: S) => string;
}) {
  return (
    <p className="sort-links">
      Sort by:{" "}
      {sorts.map((sort) => (
        <Link key={sort} to={href(sort)} aria-current={current === sort ? "true" : undefined}>
          {names[sort]}
        </Link>
      ))}
    </p>
  );
}

/** An empty search's ways to widen it, as links (each the same search with one filter widened). */
export function widenLinks(
  hints: ReadonlyArray<{ text: string; href: string }>,
  to: (href: string) => string = (href) => href,
): ReactNode[] {
  return hints.map((hint) => (
    <Link key={hint.href} to={to(hint.href)}>
      {hint.text}
    </Link>
  ));
}

/** A search that found nothing: what happened, and the ways to widen it (STYLE: an empty list says what to widen). */
export function NoMatches({
  found,
  intro,
  ways,
  children,
}: {
  found: string;
  intro: string;
  ways: ReactNode[];
  children?: ReactNode;
}) {
  return (
    <div className="notice">
      <p>{found}</p>
      {ways.length ? (
        <>
          <p>{intro}</p>
          <ul>
            {ways.map((way, i) => (
              <li key={i}>{way}</li>
            ))}
          </ul>
        </>
      ) : null}
      {children}
    </div>
  );
}

/** The number found, in a status region so a screen reader hears it when the list changes. */
export function ResultCount({ children }: { children: ReactNode }) {
  return (
    <p className="result-count" role="status">
      {children}
    </p>
  );
}

/** What a page of a list says about itself, for its count line. */
export type FoundPage = { total: number; page: number; pageSize: number; pageCount: number; items: readonly unknown[] };

/**
 * A list's count line: `none` when nothing was found, else "12 sailings found; showing 1 to 10…".
 * `noun` is the one and the many ("qualifying sailing", "qualifying sailings").
 */
export function FoundCount({ found, noun, none }: { found: FoundPage; noun: readonly [string, string]; none: string }) {
  return (
    <ResultCount>
      {found.total === 0
        ? none
        : `${wholeNumber(found.total)} ${found.total === 1 ? noun[0] : noun[1]} found` +
          `${pageSpan({ ...found, itemCount: found.items.length })}.`}
    </ResultCount>
  );
}

/** The link to a list's CSV export, when it found something: "Download these 12 groups as CSV". */
export function CsvLink({ href, total, noun }: { href: string; total: number; noun: readonly [string, string] }) {
  if (total <= 0) return null;
  return (
    <p className="actions">
      <a href={href}>Download {total === 1 ? `this ${noun[0]}` : `these ${wholeNumber(total)} ${noun[1]}`} as CSV</a>
    </p>
  );
}

/** One column of a DataTable: its header, the sort key it sorts by (if any), and its cell. */
export type Column<Row> = {
  key: string;
  header: string;
  sort?: string;
  /** Figures right-aligned (and left-aligned again when rows become cards). */
  num?: boolean;
  /** The cell that names its row (a `th scope="row"`): what a screen reader announces for the row. */
  rowHeader?: boolean;
  /** A class on the column's header and cells (e.g. a list's column priority, for narrower screens). */
  className?: string;
  cell: (row: Row) => ReactNode;
};

/**
 * A server-rendered table of rows (STYLE "As the portal grows": the shared `DataTable`): a caption,
 * `scope` headers, sortable headers as links with `aria-sort`, and rows that become labelled cards
 * on a narrow screen inside a labelled scroll region.
 */
export function DataTable<Row>({
  rows,
  columns,
  rowKey,
  caption,
  captionId,
  sort,
  sortHref,
  className,
}: {
  rows: readonly Row[];
  columns: ReadonlyArray<Column<Row>>;
  rowKey: (row: Row) => string;
  caption: string;
  captionId: string;
  sort?: SortState;
  sortHref?: (next: SortState) => string;
  className?: string;
}) {
  return (
    <div className="table-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className={`data-table data-table--stack${className ? ` ${className}` : ""}`}>
        <caption id={captionId}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) =>
              column.sort && sort && sortHref ? (
                <SortHeader
                  key={column.key}
                  column={column.sort}
                  state={sort}
                  href={sortHref}
                  className={cellClass(column)}
                >
                  {column.header}
                </SortHeader>
              ) : (
                <th key={column.key} scope="col" className={cellClass(column)}>
                  {column.header}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) =>
                column.rowHeader ? (
                  <th key={column.key} scope="row" data-label={column.header} className={column.className}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.key} data-label={column.header} className={cellClass(column)}>
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const cellClass = (column: { num?: boolean; className?: string }) =>
  [column.num ? "num" : "", column.className ?? ""].filter(Boolean).join(" ") || undefined;

/** Notices about the search itself (a value left out, the last page shown), above a list. */
export function Notices({ notices }: { notices: readonly string[] }) {
  return (
    <>
      {notices.map((notice) => (
        <p key={notice} className="notice notice--warning">
          {notice}
        </p>
      ))}
    </>
  );
}

/** "3 to 25 of 1,204": what a page of a list shows, for its count line. */
export function pageSpan(found: { page: number; pageSize: number; pageCount: number; itemCount: number }): string {
  if (found.pageCount <= 1) return "";
  const first = (found.page - 1) * found.pageSize + 1;
  return `; showing ${first} to ${first + found.itemCount - 1}, page ${found.page} of ${found.pageCount}`;
}
