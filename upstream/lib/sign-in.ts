import { loginUser, type AgentRow, type LoginUser } from "../db/agents";
import type { Deps } from "./context";
import { createSignIn, type SignInActor, type SignInClient, type SignInMethod } from "./sessions";
import type { TokenSet } from "./tokens";

// Above both the sign-ins (sessions.ts) and the tokens (tokens.ts, which asks sessions.ts whether a
// sign-in is still active): starting a sign-in needs the two, and the app's Deps.

export type LoginAnswer = TokenSet & { user: LoginUser };

/** Starts a sign-in for the agent and answers what a successful login answers. */
export async function signIn(
  deps: Deps,
  agent: AgentRow,
  method: SignInMethod,
  actor?: SignInActor,
  client?: SignInClient,
): Promise<LoginAnswer> {
  const sid = createSignIn(deps.db, agent.agent_id, method, deps.clock(), actor, client);
  const tokens = await deps.tokens.issueSignInTokens(agent, sid);
  return { ...tokens, user: loginUser(agent) };
}
