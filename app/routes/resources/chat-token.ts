import { data, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { authorized } from "~/server/api.server";
import { requireAgent } from "~/server/auth.server";

/**
 * The chat widget's single sign-on: a short-lived remote token for the chat (never the session's
 * tokens) and the profile details the widget greets the agent with. Only for agents whose profile
 * says the chat assistant is available.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { auth, profile } = await requireAgent(request);
  if (!profile.latteAvailable) throw data({ message: "The chat assistant is not available." }, { status: 403 });
  try {
    const { remote_token } = await authorized(auth, {
      path: "/auth/remoteCPAccess?target=chat",
      schema: z.object({ data: z.object({ remote_token: z.string().min(1) }) }).transform((b) => b.data),
    });
    return {
      token: remote_token,
      latteKey: profile.latteKey ?? null,
      firstName: profile.agentFirstName,
      agencyName: profile.agencyName,
      language: "en_us",
    };
  } catch {
    throw data({ message: "Error accessing remotely" }, { status: 503 });
  }
}
