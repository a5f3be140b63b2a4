import { seesAgentManagement } from "~/domain/access";
import { requireAgent, type Agent } from "~/server/auth/auth.server";
import { redirect } from "~/server/infra/responses.server";

/** User management is for ADMIN and RCCLADMIN; everyone else is sent to /home. */
export async function requireAgentManager(request: Request): Promise<Agent & { agencyId: string }> {
  const agent = await requireAgent(request);
  const agencyId = agent.profile.agencyId;
  if (!seesAgentManagement(agent.profile.roleCode) || !agencyId) throw redirect("/home");
  return Object.assign(agent, { agencyId });
}
