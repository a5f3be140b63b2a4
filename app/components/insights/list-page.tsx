import { Form, Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { Field, SelectField } from "~/components/forms";
import { DataTable, NoMatches, Notices, Pagination, pageSpan, ResultCount, SortLinks } from "~/components/lists";
import { wholeNumber } from "~/domain/money";
import { LISTS, listHref, listParams, visibleFilters, type ListId } from "~/domain/insights/lists";
import type { ListPageData } from "~/server/insights/list.server";
import type { BranchView } from "~/server/insights/context.server";
import { columnsFor } from "./columns";

export const INSIGHTS_UNAVAILABLE = "Booking insights are unavailable just now. Please try again in a few minutes.";

/**
 * The branch an insights page shows, named on every page: with a way to another branch
 * for agents who may see several, and a way back to their own when they are looking at another.
 */
export function BranchLine({ branch }: { branch: BranchView | null }) {
  const location = useLocation();
  if (!branch) return null;
  const away = branch.code !== branch.home.code;
  return (
    <div className={`branch-line${away ? " branch-line--away" : ""}`}>
      <p>
        Branch: <strong>{branch.name}</strong> ({branch.code}){away ? ", not your own branch" : null}
        {branch.canSwitch ? (
          <>
            {" · "}
            <Link to="/insights/view-another-branch">View another branch</Link>
          </>
        ) : null}
      </p>
      {away ? (
        <Form method="post" action="/insights/view-another-branch">
          <input type="hidden" name="branch" value={branch.home.code} />
          <input type="hidden" name="returnTo" value={location.pathname + location.search} />
          <button type="submit" className="button button--small">
            Back to {branch.home.name}
          </button>
        </Form>
      ) : null}
    </div>
  );
}

/**
 * An insights list as a page (DESIGN "Rules every business screen keeps"): filters as a GET form
 * that mirrors the URL, the count in a status region, the CSV of the same filters, sortable headers
 * and pages as links, and an empty state that offers what to widen. `children` goes above the list
 * (tabs, totals).
 */
export function InsightListPage<L extends ListId>({
  data,
  heading,
  intro,
  children,
}: {
  data: ListPageData<L>;
  heading: string;
  intro?: ReactNode;
  children?: ReactNode;
}) {
  const spec = LISTS[data.list];
  const { search, found } = data;
  const columns = columnsFor(data.list, data.flexPay, data.today);
  const [one, many] = spec.noun;
  const filters = visibleFilters(spec, data.flexPay);
  return (
    <section aria-labelledby="screen-heading" className="insights">
      <h1 id="screen-heading">{heading}</h1>
      <BranchLine branch={data.branch} />
      {intro}
      {children}
      <Form method="get" action={spec.path} className="panel filter-form" aria-label={`Filter ${many}`}>
        {spec.view ? <input type="hidden" name="view" value={spec.view} /> : null}
        <div className="filter-form__grid">
          {filters.map((filter) =>
            filter.dynamic === "ships" ? (
              <SelectField
                key={filter.name}
                label={filter.label}
                packed={data.ships ?? ""}
                placeholder="All ships"
                selectProps={{
                  name: filter.name,
                  defaultValue: search.filters[filter.name],
                  id: `filter-${filter.name}`,
                }}
              />
            ) : filter.options ? (
              <SelectField
                key={filter.name}
                label={filter.label}
                options={filter.options}
                selectProps={{
                  name: filter.name,
                  id: `filter-${filter.name}`,
                  defaultValue: search.filters[filter.name],
                }}
              />
            ) : (
              <Field
                key={filter.name}
                label={filter.label}
                inputProps={{
                  name: filter.name,
                  id: `filter-${filter.name}`,
                  type: "search",
                  defaultValue: search.filters[filter.name],
                  maxLength: 40,
                }}
              />
            ),
          )}
        </div>
        {search.sort !== spec.defaultSort || search.order !== spec.defaultOrder ? (
          <>
            <input type="hidden" name="sort" value={search.sort} />
            <input type="hidden" name="order" value={search.order} />
          </>
        ) : null}
        <button type="submit" className="button button--primary">
          Show {many}
        </button>
      </Form>
      <Notices notices={data.notices} />
      {found === null ? (
        <p className="notice notice--warning" role="alert">
          {INSIGHTS_UNAVAILABLE}
        </p>
      ) : (
        <>
          <div className="catalogue__summary">
            <ResultCount>
              {found.total === 0
                ? `No ${many} found.`
                : `${wholeNumber(found.total)} ${found.total === 1 ? one : many} found` +
                  `${pageSpan({ ...found, itemCount: found.items.length })}.`}
            </ResultCount>
            {found.total > 0 ? (
              <p className="actions">
                <a href={`/insights/export/${spec.id}?${listParams(spec, search, { page: 1 })}`}>
                  Download {found.total === 1 ? `this ${one}` : `these ${wholeNumber(found.total)} ${many}`} as CSV
                </a>
              </p>
            ) : null}
          </div>
          {found.total > 1 ? (
            <SortLinks
              sorts={Object.keys(spec.sorts)}
              names={spec.sorts}
              current={search.sort}
              href={(sort) =>
                listHref(spec, search, {
                  sort,
                  order: sort === search.sort && search.order === "asc" ? "desc" : "asc",
                  page: 1,
                })
              }
            />
          ) : null}
          {found.total === 0 ? (
            <NoMatches
              found={`No ${many} match every filter.`}
              intro="To find more, widen one of them:"
              ways={data.widen.map((w) => (
                <Link key={w.label} to={listHref(spec, search, { filters: w.filters, page: 1 })}>
                  {w.label}
                </Link>
              ))}
            />
          ) : (
            <DataTable
              rows={found.items}
              columns={columns}
              rowKey={(row) => rowKey(row)}
              caption={`${many.charAt(0).toUpperCase()}${many.slice(1)}, sorted by ${(spec.sorts[search.sort] ?? search.sort).toLowerCase()}${search.order === "desc" ? ", descending" : ""}`}
              captionId="list-caption"
              className="data-table--work"
              sort={{ sort: search.sort, order: search.order }}
              sortHref={(next) => listHref(spec, search, { sort: next.sort, order: next.order, page: 1 })}
            />
          )}
          <Pagination page={found.page} pageCount={found.pageCount} href={(page) => listHref(spec, search, { page })} />
        </>
      )}
    </section>
  );
}

/** Each list's rows have one id field; the first that a row has is its key. */
function rowKey(row: object): string {
  const r = row as Record<string, unknown>;
  return String(
    r.alertId ?? r.creditId ?? r.applicationId ?? r.transmissionId ?? r.saleId ?? `${r.bookingId}:${r.programme ?? ""}`,
  );
}
