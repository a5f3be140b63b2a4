import { seesSuperUserLogin } from "~/domain/access";
import { requireAgent, type Agent } from "~/server/auth/auth.server";
import { refusal } from "~/server/infra/route-errors.server";

/**
 * The super-user pages are for RCCL and RCCLADMIN (the super-user roles); everyone else is sent to /home. While
 * acting for an agency the portal is that agency's administrator's: stop acting (the banner) first. An
 * action posted anyway is refused with the reason (route-errors' refusal).
 */
export async function requireSuperUser(request: Request): Promise<Agent> {
  const agent = await requireAgent(request);
  if (agent.auth.actingFor) {
    throw refusal(request, "That super-user action", "you are acting for an agency; stop acting first (the banner).");
  }
  if (!seesSuperUserLogin(agent.profile.roleCode)) {
    throw refusal(request, "That super-user action", "only Royal Caribbean staff can find and act for an agency.");
  }
  return agent;
}
