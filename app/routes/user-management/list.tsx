import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Field, FormError, SelectField } from "~/components/forms";
import { DataTable, NoMatches, Notices, Pagination, pageSpan, ResultCount } from "~/components/lists";
import { wholeNumber } from "~/domain/money";
import { displayDate } from "~/domain/dates";
import { listHref } from "~/domain/lists";
import { screenHeading } from "~/domain/screens";
import { titleFor } from "~/domain/titles";
import { AGENT_LIST, PENDING_ACTION_TEXT, PENDING_ACTIONS, roleName, statusName } from "~/domain/user-management";
import { requireAgentManager } from "~/server/user-management/guard.server";
import {
  agentListPage,
  pendingAgentForm,
  type ManagedAgent,
  type ManagedAgentPage,
} from "~/server/user-management/list-page.server";

const HEADING = screenHeading("/user-management") ?? "User Management";

/**
 * /user-management: first the registrations waiting for approval, oldest first, each with Approve and
 * Decline right there (plain forms posting here); then the agency's agents, searched and filtered in
 * the URL, each a link to their page.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const agent = await requireAgentManager(request);
  return agentListPage(request, agent);
}

/** Approve or decline a waiting registration from the list; the list comes back with what was done. */
export async function action({ request }: ActionFunctionArgs) {
  const manager = await requireAgentManager(request);
  return pendingAgentForm(request, manager);
}

export default function UserManagement() {
  const { search, notices, found, pending, done, widen } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [q, role, status] = AGENT_LIST.filters;
  return (
    <section aria-labelledby="screen-heading" className="insights">
      <h1 id="screen-heading">{HEADING}</h1>
      <p className="actions">
        <Link to="/user-management/invite" className="button button--primary">
          Invite an agent
        </Link>
      </p>
      {done ? (
        <p className="notice notice--success" role="status">
          {done}
        </p>
      ) : null}
      <FormError errors={result?.error ? [result.error] : null} />
      {pending && pending.total > 0 ? <PendingApprovals pending={pending} /> : null}
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
                { key: "role", header: "Role", cell: (a) => roleName(a.roleCode) },
                { key: "status", header: "Status", sort: "status", cell: (a) => statusName(a.status) },
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

/**
 * The registrations waiting for the administrator, oldest first, each with its two answers as plain forms.
 */
function PendingApprovals({ pending }: { pending: ManagedAgentPage }) {
  const nameOf = (a: ManagedAgent) => `${a.firstName} ${a.lastName}`;
  return (
    <section className="panel pending-approvals" aria-labelledby="pending-heading">
      <h2 id="pending-heading">Waiting for your approval ({wholeNumber(pending.total)})</h2>
      {pending.total > pending.items.length ? (
        <p>
          The {pending.items.length} oldest of {wholeNumber(pending.total)} are here;{" "}
          <Link to="/user-management?status=PENDING">see every waiting registration</Link>.
        </p>
      ) : null}
      <DataTable
        rows={pending.items}
        rowKey={(a) => a.agentId}
        caption="Registrations waiting for approval, oldest first"
        captionId="pending-caption"
        columns={[
          {
            key: "name",
            header: "Name",
            rowHeader: true,
            cell: (a) => (
              <Link to={`/user-management/agents/${encodeURIComponent(a.agentId)}`}>
                {a.lastName}, {a.firstName}
              </Link>
            ),
          },
          { key: "email", header: "E-mail", cell: (a) => a.email },
          { key: "created", header: "Registered", cell: (a) => displayDate(a.createdAt) },
          {
            key: "actions",
            header: "Answer",
            cell: (a) => (
              <div className="button-row button-row--tight">
                {PENDING_ACTIONS.map((intent) => (
                  <Form method="post" key={intent}>
                    <input type="hidden" name="agentId" value={a.agentId} />
                    <input type="hidden" name="intent" value={intent} />
                    <button
                      type="submit"
                      className={intent === "approve" ? "button button--primary" : "button button--secondary"}
                    >
                      {PENDING_ACTION_TEXT[intent].button}
                      <span className="visually-hidden"> {nameOf(a)}</span>
                    </button>
                  </Form>
                ))}
              </div>
            ),
          },
        ]}
      />
    </section>
  );
}

export const meta: MetaFunction = ({ location }) => [{ title: titleFor(location.pathname) }];
