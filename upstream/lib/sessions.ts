import { createHash, randomBytes } from "node:crypto";
import type { Db } from "../db/database";

export type SignInMethod = "password" | "otp" | "legacy" | "act-for";

/**
 * The browser behind a sign-in, as the portal forwards it (`x-client-user-agent`, `x-client-address`:
 * the portal is the upstream's only caller, and it signs in on the browser's behalf). Either may be
 * missing (an older portal, a test); both are cut to a sane length.
 */
export type SignInClient = { userAgent: string | null; address: string | null };

export function signInClientOf(header: (name: string) => string | undefined): SignInClient {
  const clean = (value: string | undefined, max: number) => {
    // Control characters (a header cannot carry line breaks, but a tab or NUL would still reach a page).
    const text = [...(value ?? "")]
      .filter((ch) => ch >= " " && ch !== "\u007f")
      .join("")
      .trim();
    return text ? text.slice(0, max) : null;
  };
  return { userAgent: clean(header("x-client-user-agent"), 400), address: clean(header("x-client-address"), 64) };
}

/** The real user behind a sign-in made to act for an agency, and their own sign-in. */
export type SignInActor = { agentId: string; sid: string };

/**
 * A new sign-in: a random 128-bit session id that every token of this sign-in carries as `sid`.
 * `actor`: the super user acting for the agent's agency (method `act-for`).
 */
export function createSignIn(
  db: Db,
  agentId: string,
  method: SignInMethod,
  now: number,
  actor?: SignInActor,
  client?: SignInClient,
): string {
  const sid = randomBytes(16).toString("base64url");
  db.prepare(
    `INSERT INTO sign_ins (sid, agent_id, method, created_at, actor_agent_id, actor_sid, user_agent, client_address)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    sid,
    agentId,
    method,
    now,
    actor?.agentId ?? null,
    actor?.sid ?? null,
    client?.userAgent ?? null,
    client?.address ?? null,
  );
  return sid;
}

/**
 * True while the sign-in exists, belongs to the agent and has not been revoked; a sign-in acting for
 * an agency also needs the real user's own sign-in to be active (acting ends with it).
 */
export function isSignInActive(db: Db, sid: string, agentId: string): boolean {
  const row = db
    .prepare(
      `SELECT s.agent_id, s.revoked_at, s.actor_sid, a.revoked_at AS actor_revoked_at, a.sid AS actor_found
       FROM sign_ins s LEFT JOIN sign_ins a ON a.sid = s.actor_sid WHERE s.sid = ?`,
    )
    .get(sid) as
    | {
        agent_id: string;
        revoked_at: number | null;
        actor_sid: string | null;
        actor_revoked_at: number | null;
        actor_found: string | null;
      }
    | undefined;
  if (row === undefined || row.agent_id !== agentId || row.revoked_at !== null) return false;
  return row.actor_sid === null || (row.actor_found !== null && row.actor_revoked_at === null);
}

/** The real user of a sign-in acting for an agency, or null for an agent's own sign-in. */
export function signInActor(db: Db, sid: string): SignInActor | null {
  const row = db.prepare("SELECT actor_agent_id, actor_sid FROM sign_ins WHERE sid = ?").get(sid) as
    { actor_agent_id: string | null; actor_sid: string | null } | undefined;
  return row?.actor_agent_id && row.actor_sid ? { agentId: row.actor_agent_id, sid: row.actor_sid } : null;
}

export function revokeSignIn(db: Db, sid: string, now: number): void {
  db.prepare("UPDATE sign_ins SET revoked_at = ? WHERE sid = ? AND revoked_at IS NULL").run(now, sid);
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
  userAgent: string | null;
  clientAddress: string | null;
};

/**
 * The agent's sign-ins that can still be used, newest first: not revoked, and started less than the
 * refresh-token life ago (after that every token of the sign-in has expired).
 */
export function activeSignIns(db: Db, agentId: string, now: number, refreshTtlSeconds: number): ActiveSignIn[] {
  const rows = db
    .prepare(
      `SELECT sid, method, created_at, last_seen_at, user_agent, client_address FROM sign_ins
       WHERE agent_id = ? AND revoked_at IS NULL AND created_at > ?
       ORDER BY created_at DESC, rowid DESC`,
    )
    .all(agentId, now - refreshTtlSeconds * 1000) as Array<{
    sid: string;
    method: string;
    created_at: number;
    last_seen_at: number | null;
    user_agent: string | null;
    client_address: string | null;
  }>;
  return rows.map((row) => ({
    sid: row.sid,
    signInId: signInIdOf(row.sid),
    method: row.method,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at ?? row.created_at,
    userAgent: row.user_agent,
    clientAddress: row.client_address,
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
