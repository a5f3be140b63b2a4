import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Field, SelectField } from "~/components/forms";
import { DataTable, NoMatches, Notices, Pagination, pageSpan, ResultCount } from "~/components/lists";
import { wholeNumber } from "~/domain/money";
import { displayDate } from "~/domain/dates";
import { listHref, parseListSearch, widenings } from "~/domain/lists";
import { screenHeading } from "~/domain/screens";
import { titleFor } from "~/domain/titles";
import { AGENT_LIST, ROLE_NAMES, STATUS_NAMES } from "~/domain/user-management";
import { listAgencyAgents, type ManagedAgentPage } from "~/server/clients/agency.server";
import { unavailable } from "~/server/infra/route-errors.server";
import { lastPageIfPast } from "~/domain/paging";
import { requireAgentManager } from "~/server/user-management/guard.server";

const HEADING = screenHeading("/user-management") ?? "User Management";
const PAGE_SIZE = 25;

/** /user-management: the agency's agents, searched and filtered in the URL, each a link to their page. */
export async function loader({ request }: LoaderFunctionArgs) {
  const agent = await requireAgentManager(request);
  const { search, notices } = parseListSearch(AGENT_LIST, new URL(request.url).searchParams, { flexPay: false });
  let found: ManagedAgentPage | null = null;
  try {
    const paged = await lastPageIfPast(
      search.page,
      (page) => {
        const query = new URLSearchParams({
          sort: search.sort,
          order: search.order,
          page: String(page),
          pageSize: String(PAGE_SIZE),
        });
        for (const [name, value] of Object.entries(search.filters)) if (value) query.set(name, value);
        return listAgencyAgents(agent, agent.agencyId, query);
      },
      "agents",
    );
    found = paged.found;
    search.page = paged.page;
    if (paged.notice) notices.push(paged.notice);
  } catch (error) {
    // Down or failing: the page says so and keeps its filters (404 and 403 go to the route's handling).
    found = unavailable(error);
  }
  return { search, notices, found, widen: found?.total === 0 ? widenings(AGENT_LIST, search) : [] };
}

export default function UserManagement() {
  const { search, notices, found, widen } = useLoaderData<typeof loader>();
  const [q, role, status] = AGENT_LIST.filters;
  return (
    <section aria-labelledby="screen-heading" className="insights">
      <h1 id="screen-heading">{HEADING}</h1>
      <p className="actions">
        <Link to="/user-management/invite" className="button button--primary">
          Invite an agent
        </Link>
      </p>
      <Form method="get" className="panel filter-form" aria-label="Find agents">
        <div className="filter-form__grid">
          <Field
            label={q!.label}
            inputProps={{ name: "q", id: "filter-q", type: "search", defaultValue: search.filters.q, maxLength: 40 }}
          />
          <SelectField
            label={role!.label}
            options={role!.options}
            selectProps={{ name: "role", id: "filter-role", defaultValue: search.filters.role }}
          />
          <SelectField
            label={status!.label}
            options={status!.options}
            selectProps={{ name: "status", id: "filter-status", defaultValue: search.filters.status }}
          />
        </div>
        <button type="submit" className="button button--primary">
          Show agents
        </button>
      </Form>
      <Notices notices={notices} />
      {found === null ? (
        <p className="notice notice--warning" role="alert">
          Your agency's agents could not be read just now. Please try again in a few minutes.
        </p>
      ) : (
        <>
          <ResultCount>
            {found.total === 0
              ? "No agents found."
              : `${wholeNumber(found.total)} ${found.total === 1 ? "agent" : "agents"} found${pageSpan({ ...found, itemCount: found.items.length })}.`}
          </ResultCount>
          {found.total === 0 ? (
            <NoMatches
              found="No agents match every filter."
              intro="To find more, widen the search:"
              ways={widen.map((w) => (
                <Link key={w.label} to={listHref(AGENT_LIST, search, { filters: w.filters, page: 1 })}>
                  {w.label}
                </Link>
              ))}
            />
          ) : (
            <DataTable
              rows={found.items}
              rowKey={(a) => a.agentId}
              caption={`Agents, sorted by ${(AGENT_LIST.sorts[search.sort] ?? search.sort).toLowerCase()}`}
              captionId="agents-caption"
              sort={{ sort: search.sort, order: search.order }}
              sortHref={(next) => listHref(AGENT_LIST, search, { sort: next.sort, order: next.order, page: 1 })}
              columns={[
                {
                  key: "name",
                  header: "Name",
                  sort: "name",
                  rowHeader: true,
                  cell: (a) => (
                    <Link to={`/user-management/agents/${encodeURIComponent(a.agentId)}`}>
                      {a.lastName}, {a.firstName}
                    </Link>
                  ),
                },
                { key: "username", header: "Username", cell: (a) => a.username },
                { key: "role", header: "Role", cell: (a) => ROLE_NAMES[a.roleCode] ?? a.roleCode },
                { key: "status", header: "Status", sort: "status", cell: (a) => STATUS_NAMES[a.status] },
                { key: "created", header: "Registered", sort: "created", cell: (a) => displayDate(a.createdAt) },
                {
                  key: "last",
                  header: "Last sign-in",
                  cell: (a) => (a.lastSignInAt ? displayDate(a.lastSignInAt) : "Never"),
                },
              ]}
            />
          )}
          <Pagination
            page={found.page}
            pageCount={found.pageCount}
            href={(page) => listHref(AGENT_LIST, search, { page })}
          />
        </>
      )}
    </section>
  );
}

export const meta: MetaFunction = ({ location }) => [{ title: titleFor(location.pathname) }];
