import { isAgentAction, type AgentActionName } from "~/domain/user-management";
import { actOnAgent } from "~/server/clients/agency.server";
import type { Agent } from "~/server/auth/auth.server";
import { SignedOutError } from "~/server/infra/errors.server";
import { UpstreamError } from "~/server/infra/http.server";
import { routeErrorOf } from "~/server/infra/route-errors.server";

const AGENT_ID = /^\d{1,12}$/;
const REFUSED: Record<string, string> = {
  INVALID_STATUS: "That change does not fit the agent's status any more: the page shows it as it is now.",
  SELF_CHANGE: "You cannot deactivate your own account or change your own role.",
};
const REFUSED_BY_UPSTREAM =
  "That change was refused: the agent is not one of your agency's, or your account may not make it.";

export type AgentActionResult =
  { ok: true; intent: AgentActionName } | { ok: false; error: string; status: 400 | 403 | 409 | 502 };

/**
 * One change an administrator makes to an agent, from the agent's page or right on the list (the
 * pending approvals): the form's intent and role are checked, the upstream asked, and every refusal
 * comes back as words for the page (never a silent redirect). A sign-out still goes to /login and a
 * missing agent is still "Page not found".
 */
export async function changeAgent(
  manager: Agent & { agencyId: string },
  agentId: string,
  form: FormData,
): Promise<AgentActionResult> {
  const intent = String(form.get("intent") ?? "");
  if (!AGENT_ID.test(agentId)) return { ok: false, error: "Choose an agent from the list.", status: 400 };
  if (!isAgentAction(intent)) return { ok: false, error: "Choose a change from the page.", status: 400 };
  const roleCode = form.get("roleCode");
  if (intent === "role" && roleCode !== "AGENT" && roleCode !== "ADMIN") {
    return { ok: false, error: "Choose the new role.", status: 400 };
  }
  try {
    await actOnAgent(
      manager,
      manager.agencyId,
      agentId,
      intent,
      intent === "role" ? { roleCode: roleCode as "AGENT" | "ADMIN" } : {},
    );
    return { ok: true, intent };
  } catch (error) {
    if (error instanceof SignedOutError) throw routeErrorOf(error);
    if (error instanceof UpstreamError && error.status === 409) {
      return { ok: false, error: REFUSED[error.body.errorCode ?? ""] ?? REFUSED.INVALID_STATUS!, status: 409 };
    }
    if (error instanceof UpstreamError && error.status === 403) {
      return { ok: false, error: REFUSED_BY_UPSTREAM, status: 403 };
    }
    if (error instanceof UpstreamError && error.status === 404) throw routeErrorOf(error);
    return { ok: false, error: "That change could not be saved just now. Please try again.", status: 502 };
  }
}
