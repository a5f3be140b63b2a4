import { randomBytes } from "node:crypto";
import type { Db } from "../db/index";
import { loginUser, type AgentRow, type LoginUser } from "../db/agents";
import type { Deps } from "./context";

export type SignInMethod = "password" | "otp" | "legacy";

export type TokenSet = { access_token: string; refresh_token: string; id_token: string };
export type LoginAnswer = TokenSet & { user: LoginUser };

/** A new sign-in: a random 128-bit session id that every token of this sign-in carries as `sid`. */
export function createSignIn(db: Db, agentId: string, method: SignInMethod, now: number): string {
  const sid = randomBytes(16).toString("base64url");
  db.prepare("INSERT INTO sign_ins (sid, agent_id, method, created_at) VALUES (?, ?, ?, ?)").run(
    sid,
    agentId,
    method,
    now,
  );
  return sid;
}

/** True while the sign-in exists, belongs to the agent and has not been revoked. */
export function isSignInActive(db: Db, sid: string, agentId: string): boolean {
  const row = db.prepare("SELECT agent_id, revoked_at FROM sign_ins WHERE sid = ?").get(sid) as
    { agent_id: string; revoked_at: number | null } | undefined;
  return row !== undefined && row.agent_id === agentId && row.revoked_at === null;
}

export function revokeSignIn(db: Db, sid: string, now: number): void {
  db.prepare("UPDATE sign_ins SET revoked_at = ? WHERE sid = ? AND revoked_at IS NULL").run(now, sid);
}

/** Starts a sign-in for the agent and answers what a successful login answers. */
export async function signIn(deps: Deps, agent: AgentRow, method: SignInMethod): Promise<LoginAnswer> {
  const sid = createSignIn(deps.db, agent.agent_id, method, deps.clock());
  const tokens = await deps.tokens.issueSignInTokens(agent, sid);
  return { ...tokens, user: loginUser(agent) };
}
