import { seesAgentManagement } from "~/domain/access";
import { requireAgent, type Agent } from "~/server/auth/auth.server";
import { refusal } from "~/server/infra/route-errors.server";

/**
 * User management is for ADMIN and RCCLADMIN: anyone else visiting it is sent to /home, and a change
 * they post anyway is refused with the reason (route-errors' refusal).
 */
export async function requireAgentManager(request: Request): Promise<Agent & { agencyId: string }> {
  const agent = await requireAgent(request);
  const agencyId = agent.profile.agencyId;
  if (!seesAgentManagement(agent.profile.roleCode) || !agencyId) {
    throw refusal(
      request,
      "Changing your agency's agents",
      "only an agency administrator can approve, deactivate or change agents, and your account is not one.",
    );
  }
  return Object.assign(agent, { agencyId });
}
