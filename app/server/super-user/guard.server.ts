import { seesSuperUserLogin } from "~/domain/access";
import { requireAgent, type Agent } from "~/server/auth/auth.server";
import { redirect } from "~/server/infra/responses.server";

/**
 * The super-user pages are for RCCL and RCCLADMIN (the super-user roles); everyone else is sent to /home. While
 * acting for an agency the portal is that agency's administrator's: stop acting (the banner) first.
 */
export async function requireSuperUser(request: Request): Promise<Agent> {
  const agent = await requireAgent(request);
  if (agent.auth.actingFor || !seesSuperUserLogin(agent.profile.roleCode)) throw redirect("/home");
  return agent;
}
