import { data } from "@remix-run/node";
import { remoteAccessToken } from "~/server/clients/api.server";
import type { Agent } from "~/server/auth/auth.server";

/**
 * The chat widget's single sign-on: a short-lived remote token for the chat (never the session's
 * tokens) and the profile details the widget greets the agent with. Only for agents whose profile
 * says the chat assistant is available.
 */
export async function chatSignOn(agent: Agent) {
  const { profile } = agent;
  if (!profile.latteAvailable) throw data({ message: "The chat assistant is not available." }, { status: 403 });
  try {
    const token = await remoteAccessToken(agent, "chat");
    return {
      token,
      latteKey: profile.latteKey ?? null,
      firstName: profile.agentFirstName,
      agencyName: profile.agencyName,
      language: "en_us",
    };
  } catch {
    throw data({ message: "Error accessing remotely" }, { status: 503 });
  }
}
