import { AGENT_STATUS_SQL, agentStatus, type AgentRow, type AgentStatus } from "./agents";
import type { RoleCode } from "./demo-data";
import type { Db } from "./database";

/** One agent as user management lists it (docs/agency-contract.md). */
export type AgencyUser = {
  agentId: string;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  roleCode: RoleCode;
  status: AgentStatus;
  createdAt: string | null;
  lastSignInAt: string | null;
};

export type ActivityEntry = {
  at: string;
  actorName: string;
  actorUsername: string;
  onBehalfOf: string | null;
  action: string;
  detail: string;
};

export const USER_SORTS = ["name", "created", "status"] as const;
export type UserSort = (typeof USER_SORTS)[number];

export type UserQuery = {
  q?: string;
  role?: RoleCode;
  status?: AgentStatus;
  sort: UserSort;
  order: "asc" | "desc";
  page: number;
  pageSize: number;
};

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

type UserRow = AgentRow & { last_sign_in_at: number | null };

const LAST_SIGN_IN_SQL = "(SELECT max(s.created_at) FROM sign_ins s WHERE s.agent_id = a.agent_id)";

function toUser(row: UserRow): AgencyUser {
  return {
    agentId: row.agent_id,
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    roleCode: row.role_code,
    status: agentStatus(row),
    createdAt: iso(row.created_at),
    lastSignInAt: iso(row.last_sign_in_at),
  };
}

/** `status` sorts in the order an administrator works through them: pending first, deactivated last. */
const STATUS_ORDER_SQL = `CASE ${AGENT_STATUS_SQL} WHEN 'PENDING' THEN 1 WHEN 'LOCKED' THEN 2 WHEN 'ACTIVE' THEN 3 ELSE 4 END`;

/** Escapes LIKE's wildcards so `q` matches literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A page of the agency's agents. `q` matches first name, last name, "first last", username or e-mail
 * (contains, case-insensitive). Ties break on the agent id, so pages never overlap.
 */
export function listAgencyUsers(db: Db, agencyId: string, query: UserQuery): { items: AgencyUser[]; total: number } {
  const where = ["a.agency_id = ?"];
  const params: unknown[] = [agencyId];
  if (query.q !== undefined) {
    where.push(
      `(a.first_name LIKE ? ESCAPE '\\' OR a.last_name LIKE ? ESCAPE '\\' OR (a.first_name || ' ' || a.last_name) LIKE ? ESCAPE '\\'
        OR a.username LIKE ? ESCAPE '\\' OR a.email LIKE ? ESCAPE '\\')`,
    );
    const pattern = likePattern(query.q);
    params.push(pattern, pattern, pattern, pattern, pattern);
  }
  if (query.role !== undefined) {
    where.push("a.role_code = ?");
    params.push(query.role);
  }
  if (query.status !== undefined) {
    where.push(`${AGENT_STATUS_SQL} = ?`);
    params.push(query.status);
  }
  const direction = query.order === "desc" ? "DESC" : "ASC";
  const orderBy = {
    name: `a.last_name COLLATE NOCASE ${direction}, a.first_name COLLATE NOCASE ${direction}`,
    created: `coalesce(a.created_at, 0) ${direction}`,
    status: `${STATUS_ORDER_SQL} ${direction}, a.last_name COLLATE NOCASE ASC, a.first_name COLLATE NOCASE ASC`,
  }[query.sort];
  const whereSql = where.join(" AND ");
  const { total } = db.prepare(`SELECT count(*) AS total FROM agents a WHERE ${whereSql}`).get(...params) as {
    total: number;
  };
  const rows = db
    .prepare(
      `SELECT a.*, ${LAST_SIGN_IN_SQL} AS last_sign_in_at FROM agents a WHERE ${whereSql}
       ORDER BY ${orderBy}, CAST(a.agent_id AS INTEGER) ${direction}
       LIMIT ? OFFSET ?`,
    )
    .all(...params, query.pageSize, (query.page - 1) * query.pageSize) as UserRow[];
  return { items: rows.map(toUser), total };
}

/** One agent of the agency as listed, or undefined when the agency has no such agent. */
export function findAgencyUser(db: Db, agencyId: string, agentId: string): AgencyUser | undefined {
  const row = db
    .prepare(
      `SELECT a.*, ${LAST_SIGN_IN_SQL} AS last_sign_in_at FROM agents a WHERE a.agent_id = ? AND a.agency_id = ?`,
    )
    .get(agentId, agencyId) as UserRow | undefined;
  return row ? toUser(row) : undefined;
}

/** The agent's user-management activity, newest first. */
export function listActivity(db: Db, agentId: string): ActivityEntry[] {
  const rows = db
    .prepare(
      `SELECT at, actor_name, actor_username, on_behalf_of, action, detail FROM agent_activity
       WHERE agent_id = ? ORDER BY at DESC, id DESC`,
    )
    .all(agentId) as Array<{
    at: number;
    actor_name: string;
    actor_username: string;
    on_behalf_of: string | null;
    action: string;
    detail: string;
  }>;
  return rows.map((r) => ({
    at: new Date(r.at).toISOString(),
    actorName: r.actor_name,
    actorUsername: r.actor_username,
    onBehalfOf: r.on_behalf_of,
    action: r.action,
    detail: r.detail,
  }));
}

/** Records one user-management action on `agentId` by `actor` (`onBehalfOf`: the real user when a super user acts for the agency). */
export function recordActivity(
  db: Db,
  entry: { agentId: string; actor: AgentRow; action: string; detail: string; at: number; onBehalfOf?: string | null },
): void {
  db.prepare(
    `INSERT INTO agent_activity (agent_id, at, actor_agent_id, actor_name, actor_username, on_behalf_of, action, detail)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    entry.agentId,
    entry.at,
    entry.actor.agent_id,
    `${entry.actor.first_name} ${entry.actor.last_name}`.trim(),
    entry.actor.username,
    entry.onBehalfOf ?? null,
    entry.action,
    entry.detail,
  );
}

export type InvitationRow = {
  token_hash: string;
  agency_id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  invited_by: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  used_by: string | null;
};

export function insertInvitation(db: Db, invitation: Omit<InvitationRow, "used_at" | "used_by">): void {
  db.prepare(
    `INSERT INTO agency_invitations (token_hash, agency_id, email, first_name, last_name, invited_by, created_at, expires_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    invitation.token_hash,
    invitation.agency_id,
    invitation.email,
    invitation.first_name,
    invitation.last_name,
    invitation.invited_by,
    invitation.created_at,
    invitation.expires_at,
  );
}

/** An invitation that can still be used: known, unexpired and not used for a registration yet. */
export function findOpenInvitation(db: Db, tokenHash: string, now: number): InvitationRow | undefined {
  const row = db.prepare("SELECT * FROM agency_invitations WHERE token_hash = ?").get(tokenHash) as
    InvitationRow | undefined;
  return row && row.used_at === null && now < row.expires_at ? row : undefined;
}

/** Marks the invitation used by the agent; false when it was used meanwhile. */
export function takeInvitation(db: Db, tokenHash: string, agentId: string, now: number): boolean {
  return (
    db
      .prepare("UPDATE agency_invitations SET used_at = ?, used_by = ? WHERE token_hash = ? AND used_at IS NULL")
      .run(now, agentId, tokenHash).changes === 1
  );
}
