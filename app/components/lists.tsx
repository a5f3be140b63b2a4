import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

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

/** The number found, in a status region so a screen reader hears it when the list changes. */
export function ResultCount({ children }: { children: ReactNode }) {
  return (
    <p className="result-count" role="status">
      {children}
    </p>
  );
}
