import type { ActionFunctionArgs } from "@remix-run/node";
import { requireAgent } from "~/server/auth/auth.server";
import { chatSignOn } from "~/server/shell/chat.server";

/** POST /chat/token: the chat widget's single sign-on (a remote token and the greeting's details). */
export async function action({ request }: ActionFunctionArgs) {
  const agent = await requireAgent(request);
  return chatSignOn(agent);
}
