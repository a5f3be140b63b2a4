import type { AgentRow } from "./agents";
import type { Db } from "./database";
import type { AgencyRow } from "./registration";

/**
 * What the super-user pages need from the database (docs/agency-contract.md, "Super users"): the
 * agencies matching a phone or ABTA number, the administrator a super user acts as, and the record of
 * every change made while acting.
 */

/** The agencies with this phone number (normalised, '+' and digits) or ABTA number, by id. */
export function searchAgencies(db: Db, query: { phone?: string; abta?: string }): AgencyRow[] {
  return db
    .prepare(
      `SELECT * FROM agencies
       WHERE (? IS NOT NULL AND phone = ?) OR (? IS NOT NULL AND abta_number = upper(?))
       ORDER BY agency_id LIMIT 20`,
    )
    .all(query.phone ?? null, query.phone ?? null, query.abta ?? null, query.abta ?? null) as AgencyRow[];
}

/**
 * The agency's administrator a super user acts as: its longest-standing ADMIN who can sign in (active,
 * not locked), or undefined when it has none.
 */
export function actingAdministrator(db: Db, agencyId: string): AgentRow | undefined {
  return db
    .prepare(
      `SELECT * FROM agents
       WHERE agency_id = ? AND role_code = 'ADMIN' AND status = 'ACTIVE' AND locked_at IS NULL
       ORDER BY CAST(agent_id AS INTEGER) LIMIT 1`,
    )
    .get(agencyId) as AgentRow | undefined;
}

export type ActingChange = {
  at: string;
  agentName: string;
  actorName: string;
  method: string;
  path: string;
  status: number;
};

const fullName = (agent: Pick<AgentRow, "first_name" | "last_name">) => `${agent.first_name} ${agent.last_name}`;

/** One change (a non-GET request) made with a sign-in acting for an agency. */
export function recordActingChange(
  db: Db,
  entry: { agent: AgentRow; actor: AgentRow; method: string; path: string; status: number; at: number },
): void {
  db.prepare(
    `INSERT INTO acting_audit (agency_id, at, agent_id, agent_name, actor_agent_id, actor_name, method, path, status)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    entry.agent.agency_id,
    entry.at,
    entry.agent.agent_id,
    fullName(entry.agent),
    entry.actor.agent_id,
    fullName(entry.actor),
    entry.method,
    entry.path.slice(0, 300),
    entry.status,
  );
}

/** The latest changes made while acting for the agency, newest first. */
export function actingChanges(db: Db, agencyId: string, limit = 50): ActingChange[] {
  const rows = db
    .prepare(
      `SELECT at, agent_name, actor_name, method, path, status FROM acting_audit
       WHERE agency_id = ? ORDER BY at DESC, id DESC LIMIT ?`,
    )
    .all(agencyId, limit) as Array<{
    at: number;
    agent_name: string;
    actor_name: string;
    method: string;
    path: string;
    status: number;
  }>;
  return rows.map((row) => ({
    at: new Date(row.at).toISOString(),
    agentName: row.agent_name,
    actorName: row.actor_name,
    method: row.method,
    path: row.path,
    status: row.status,
  }));
}

export { fullName };
