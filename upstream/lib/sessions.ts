import { createHash, randomBytes } from "node:crypto";
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

/** A sign-in counts as seen again at most once a minute (one write, not one per request). */
const SEEN_GRANULARITY_MS = 60_000;

/** Records that a token of the sign-in was used now (`lastSeenAt` of the sign-ins list). */
export function touchSignIn(db: Db, sid: string, now: number): void {
  db.prepare("UPDATE sign_ins SET last_seen_at = ? WHERE sid = ? AND (last_seen_at IS NULL OR last_seen_at < ?)").run(
    now,
    sid,
    now - SEEN_GRANULARITY_MS,
  );
}

/** The public handle of a sign-in: derived from the session id, which never leaves the server. */
export function signInIdOf(sid: string): string {
  return createHash("sha256").update(`sign-in:${sid}`).digest("base64url").slice(0, 22);
}

export type ActiveSignIn = {
  sid: string;
  signInId: string;
  method: string;
  createdAt: number;
  lastSeenAt: number;
};

/**
 * The agent's sign-ins that can still be used, newest first: not revoked, and started less than the
 * refresh-token life ago (after that every token of the sign-in has expired).
 */
export function activeSignIns(db: Db, agentId: string, now: number, refreshTtlSeconds: number): ActiveSignIn[] {
  const rows = db
    .prepare(
      `SELECT sid, method, created_at, last_seen_at FROM sign_ins
       WHERE agent_id = ? AND revoked_at IS NULL AND created_at > ?
       ORDER BY created_at DESC, rowid DESC`,
    )
    .all(agentId, now - refreshTtlSeconds * 1000) as Array<{
    sid: string;
    method: string;
    created_at: number;
    last_seen_at: number | null;
  }>;
  return rows.map((row) => ({
    sid: row.sid,
    signInId: signInIdOf(row.sid),
    method: row.method,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at ?? row.created_at,
  }));
}

/**
 * Ends every sign-in of the agent but `keepSid` (all when it is undefined); answers how many ended that
 * started after `startedAfter` (the ones still usable, when it is the refresh-token life ago).
 */
export function revokeSignInsOf(
  db: Db,
  agentId: string,
  now: number,
  options: { keepSid?: string; startedAfter?: number } = {},
): number {
  const { n } = db
    .prepare(
      `SELECT count(*) AS n FROM sign_ins
       WHERE agent_id = ? AND revoked_at IS NULL AND sid IS NOT ? AND created_at > ?`,
    )
    .get(agentId, options.keepSid ?? null, options.startedAfter ?? Number.MIN_SAFE_INTEGER) as { n: number };
  db.prepare("UPDATE sign_ins SET revoked_at = ? WHERE agent_id = ? AND revoked_at IS NULL AND sid IS NOT ?").run(
    now,
    agentId,
    options.keepSid ?? null,
  );
  return n;
}
