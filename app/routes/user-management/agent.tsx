import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { FormError, SelectField, StatusButton } from "~/components/forms";
import { DataTable } from "~/components/lists";
import { displayDate } from "~/domain/dates";
import { titleFor } from "~/domain/titles";
import {
  ACTION_TEXT,
  ROLE_NAMES,
  activityText,
  roleName,
  statusName,
  withName,
  type AgentActionName,
} from "~/domain/user-management";
import { requireAgentManager } from "~/server/user-management/guard.server";
import { Facts } from "~/components/facts";
import { KeptFormNotice } from "~/components/kept-forms";
import { managedAgentForm, managedAgentPage } from "~/server/user-management/agent-page.server";

const ROLE_OPTIONS = [
  { value: "AGENT", label: ROLE_NAMES.AGENT! },
  { value: "ADMIN", label: ROLE_NAMES.ADMIN! },
];

/**
 * /user-management/agents/{id}: one agent of the agency with what an administrator can do in their
 * status. Every action asks first (`?confirm=`, a page of its own without JavaScript), then posts;
 * each done change is in the activity list (who, what, when), kept by the upstream.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const manager = await requireAgentManager(request);
  return managedAgentPage(request, manager, params);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const manager = await requireAgentManager(request);
  return managedAgentForm(request, manager, params);
}

export default function ManagedAgent() {
  const { agent, actions, confirm, done, kept } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const name = `${agent.firstName} ${agent.lastName}`;
  const here = `/user-management/agents/${agent.agentId}`;
  return (
    <section aria-labelledby="screen-heading" className="profile">
      <p>
        <Link to="/user-management">Back to the agents</Link>
      </p>
      <h1 id="screen-heading">{name}</h1>
      {done ? (
        <p className="notice notice--success" role="status">
          {withName(ACTION_TEXT[done].done, name)}
        </p>
      ) : null}
      <FormError errors={result?.error ? [result.error] : null} />
      <Facts
        items={[
          ["Username", agent.username],
          ["E-mail", <BreakableEmail key="email" email={agent.email} />],
          ["Role", roleName(agent.roleCode)],
          ["Status", statusName(agent.status)],
          ["Registered", displayDate(agent.createdAt)],
          ["Last sign-in", agent.lastSignInAt ? displayDate(agent.lastSignInAt) : "Never"],
        ]}
      />

      {confirm ? (
        <ConfirmPanel action={confirm} name={name} here={here} roleCode={agent.roleCode} kept={result ? null : kept} />
      ) : actions.length ? (
        <ul className="button-row" aria-label="Changes you can make">
          {actions.map((a) => (
            <li key={a}>
              <Link to={`${here}?confirm=${a}`} className="button button--small">
                {ACTION_TEXT[a].button}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}

      <h2>Activity</h2>
      {agent.activity.length === 0 ? (
        <p>Nothing has been changed on this account yet.</p>
      ) : (
        <DataTable
          rows={agent.activity}
          rowKey={(entry) => `${entry.at}:${entry.action}`}
          caption={`Changes to ${name}'s account, newest first`}
          captionId="activity-caption"
          columns={[
            { key: "at", header: "When", rowHeader: true, cell: (e) => `${displayDate(e.at)} ${e.at.slice(11, 16)}` },
            {
              key: "who",
              header: "Who",
              cell: (e) => (e.onBehalfOf ? `${e.onBehalfOf}, acting as ${e.actorName}` : e.actorName),
            },
            { key: "what", header: "What", cell: (e) => activityText(e) },
          ]}
        />
      )}
    </section>
  );
}

/** An address that may break before its "@" in a narrow column (a `<wbr>`: nothing is added when copied). */
function BreakableEmail({ email }: { email: string }) {
  const at = email.indexOf("@");
  if (at <= 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

/**
 * The confirmation every change asks for: the question, the one choice a role change needs, and two ways
 * out.
 */
function ConfirmPanel({
  action,
  name,
  here,
  roleCode,
  kept,
}: {
  action: AgentActionName;
  name: string;
  here: string;
  roleCode: string;
  kept: { roleCode: string | null } | null;
}) {
  const text = ACTION_TEXT[action];
  return (
    <Form method="post" className="panel form" aria-labelledby="confirm-heading">
      <h2 id="confirm-heading">{withName(text.ask, name)}</h2>
      <KeptFormNotice kept={kept} />
      <input type="hidden" name="intent" value={action} />
      {action === "role" ? (
        <SelectField
          label="New role"
          options={ROLE_OPTIONS}
          selectProps={{
            name: "roleCode",
            id: "roleCode",
            defaultValue: kept?.roleCode ?? (roleCode === "ADMIN" ? "AGENT" : "ADMIN"),
          }}
        />
      ) : null}
      <div className="actions">
        <StatusButton className="button button--primary">{text.button}</StatusButton>
        <Link to={here} className="button button--secondary">
          Cancel
        </Link>
      </div>
    </Form>
  );
}

export const meta: MetaFunction = ({ location }) => [{ title: titleFor(location.pathname) }];
