import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { actionsFor, isAgentAction } from "~/domain/user-management";
import { getAgencyAgent } from "~/server/clients/agency.server";
import { readFormData } from "~/server/infra/forms.server";
import { redirect } from "~/server/infra/responses.server";
import { pageNotFound, withUpstreamErrors } from "~/server/infra/route-errors.server";
import { changeAgent } from "~/server/user-management/agent-actions.server";
import { asFormData, takeKeptForm } from "~/server/kept-forms/kept-forms.server";
import type { Agent } from "~/server/auth/auth.server";

const AGENT_ID = /^\d{1,12}$/;

function agentIdOf(params: { agentId?: string }) {
  const agentId = params.agentId ?? "";
  if (!AGENT_ID.test(agentId)) throw pageNotFound();
  return agentId;
}

/**
 * One agent of the agency, what may be done in their status, the change asked to confirm or just done, and
 * one kept over a sign-out.
 */
export async function managedAgentPage(
  request: Request,
  manager: Agent & { agencyId: string },
  params: LoaderFunctionArgs["params"],
) {
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

/** Makes the change asked for (post/redirect/get with what was done in the URL). */
export async function managedAgentForm(
  request: Request,
  manager: Agent & { agencyId: string },
  params: LoaderFunctionArgs["params"],
) {
  const agentId = agentIdOf(params);
  const result = await changeAgent(manager, agentId, await readFormData(request));
  if (!result.ok) return data({ error: result.error }, { status: result.status });
  return redirect(`/user-management/agents/${agentId}?done=${result.intent}`);
}
