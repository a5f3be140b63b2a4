import type { Context } from "hono";
import { findAgentById, isSuperUser, type AgentRow } from "../db/agents";
import type { Db } from "../db/database";
import type { AppEnv } from "./context";
import { ApiError, invalidToken } from "./errors";

/**
 * The roles as the upstream enforces them: ADMIN is its own agency's administrator; RCCLADMIN administers
 * every agency; RCCL and RCCLADMIN are super users (they may read any agency). AGENT manages nothing.
 */

export const forbidden = (message: string) => new ApiError(403, "FORBIDDEN", message);

/** The signed-in agent (after `requireAuth`). */
export function callerOf(c: Context<AppEnv>, db: Db): AgentRow {
  const caller = findAgentById(db, c.var.auth.agentId);
  if (!caller) throw invalidToken();
  return caller;
}

/** May change the agency and manage its agents: its ADMIN, or RCCLADMIN. */
export function administers(caller: AgentRow, agencyId: string): boolean {
  return caller.role_code === "RCCLADMIN" || (caller.role_code === "ADMIN" && caller.agency_id === agencyId);
}

/** May read the agency: one of its agents, or a super user. */
export function mayReadAgency(caller: AgentRow, agencyId: string): boolean {
  return isSuperUser(caller.role_code) || caller.agency_id === agencyId;
}
