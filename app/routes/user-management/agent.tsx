import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { FormError, SelectField, StatusButton } from "~/components/forms";
import { DataTable } from "~/components/lists";
import { displayDate } from "~/domain/dates";
import { titleFor } from "~/domain/titles";
import {
  ACTION_TEXT,
  actionsFor,
  activityText,
  isAgentAction,
  ROLE_NAMES,
  STATUS_NAMES,
  withName,
  type AgentActionName,
} from "~/domain/user-management";
import { actOnAgent, getAgencyAgent } from "~/server/clients/agency.server";
import { SignedOutError } from "~/server/infra/errors.server";
import { readFormData } from "~/server/infra/forms.server";
import { UpstreamError } from "~/server/infra/http.server";
import { redirect } from "~/server/infra/responses.server";
import { pageNotFound, routeErrorOf, withUpstreamErrors } from "~/server/infra/route-errors.server";
import { requireAgentManager } from "~/server/user-management/guard.server";
import { Facts } from "~/components/facts";
import { KeptFormNotice } from "~/components/kept-forms";
import { asFormData, takeKeptForm } from "~/server/kept-forms/kept-forms.server";

const AGENT_ID = /^\d{1,12}$/;
const ROLE_OPTIONS = [
  { value: "AGENT", label: ROLE_NAMES.AGENT! },
  { value: "ADMIN", label: ROLE_NAMES.ADMIN! },
];
const REFUSED: Record<string, string> = {
  INVALID_STATUS: "That change does not fit the agent's status any more: the page shows it as it is now.",
  SELF_CHANGE: "You cannot deactivate your own account or change your own role.",
};

function agentIdOf(params: { agentId?: string }) {
  const agentId = params.agentId ?? "";
  if (!AGENT_ID.test(agentId)) throw pageNotFound();
  return agentId;
}

/**
 * /user-management/agents/{id}: one agent of the agency with what an administrator can do in their
 * status. Every action asks first (`?confirm=`, a page of its own without JavaScript), then posts;
 * each done change is in the activity list (who, what, when), kept by the upstream.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const manager = await requireAgentManager(request);
  const agentId = agentIdOf(params);
  const url = new URL(request.url);
  const kept = await takeKeptForm(manager, request);
  return withUpstreamErrors(async () => {
    const agent = await getAgencyAgent(manager, manager.agencyId, agentId);
    const self = agent.agentId === manager.profile.agentId;
    const actions = actionsFor(agent.status, self);
    const asked = url.searchParams.get("confirm") ?? "";
    const done = url.searchParams.get("done") ?? "";
    const confirm = isAgentAction(asked) && actions.includes(asked) ? asked : null;
    // The change asked for before a sign-out, asked again as it was chosen (nothing done).
    const keptForm = kept?.forms[0] ? asFormData(kept.forms[0]) : null;
    const keptIntent = String(keptForm?.get("intent") ?? "");
    const keptRole = String(keptForm?.get("roleCode") ?? "");
    return {
      agent,
      actions,
      confirm,
      done: isAgentAction(done) ? done : null,
      kept:
        confirm && keptIntent === confirm
          ? { roleCode: keptRole === "AGENT" || keptRole === "ADMIN" ? keptRole : null }
          : null,
    };
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const manager = await requireAgentManager(request);
  const agentId = agentIdOf(params);
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  const here = `/user-management/agents/${agentId}`;
  if (!isAgentAction(intent)) return data({ error: "Choose a change from the page." }, { status: 400 });
  const roleCode = form.get("roleCode");
  if (intent === "role" && roleCode !== "AGENT" && roleCode !== "ADMIN") {
    return data({ error: "Choose the new role." }, { status: 400 });
  }
  try {
    await actOnAgent(
      manager,
      manager.agencyId,
      agentId,
      intent,
      intent === "role" ? { roleCode: roleCode as "AGENT" | "ADMIN" } : {},
    );
    return redirect(`${here}?done=${intent}`);
  } catch (error) {
    if (error instanceof SignedOutError) throw routeErrorOf(error);
    if (error instanceof UpstreamError && error.status === 409) {
      return data({ error: REFUSED[error.body.errorCode ?? ""] ?? REFUSED.INVALID_STATUS! }, { status: 409 });
    }
    if (error instanceof UpstreamError && (error.status === 404 || error.status === 403)) throw routeErrorOf(error);
    return data({ error: "That change could not be saved just now. Please try again." }, { status: 502 });
  }
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
          ["E-mail", agent.email],
          ["Role", ROLE_NAMES[agent.roleCode] ?? agent.roleCode],
          ["Status", STATUS_NAMES[agent.status]],
          ["Registered", displayDate(agent.createdAt)],
          ["Last sign-in", agent.lastSignInAt ? displayDate(agent.lastSignInAt) : "Never"],
        ]}
      />

      {confirm ? (
        <ConfirmPanel action={confirm} name={name} here={here} roleCode={agent.roleCode} kept={result ? null : kept} />
      ) : actions.length ? (
        <ul className="link-row" aria-label="Changes you can make">
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

/** The confirmation every change asks for: the question, the one choice a role change needs, and two ways out. */
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
