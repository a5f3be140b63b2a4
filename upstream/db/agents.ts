import type { Db } from "./database";
import type { RoleCode, StoredStatus } from "./demo-data";

export type AgentRow = {
  agent_id: string;
  username: string;
  password_hash: string;
  agency_id: string;
  role_code: RoleCode;
  first_name: string;
  last_name: string;
  email: string;
  country_code: string;
  reporting_office_code: string;
  photo_path: string | null;
  equote_acceptance_tc: number;
  latte_available: number;
  latte_key: string | null;
  mfa_required: number;
  legacy_site_visited: number;
  failed_attempts: number;
  locked_at: number | null;
  /** Normalised: '+' and digits. */
  mobile_phone: string | null;
  /** JSON of the registration fields without a column (registered agents only). */
  registration: string | null;
  created_at: number | null;
  /** PENDING, ACTIVE or DEACTIVATED; LOCKED is derived (`agentStatus`). */
  status: StoredStatus;
  /** Raised by every change of the agent's own details. */
  version: number;
  /** When the agent went on from /welcome (migration 8); NULL until then (a new account's first sign-in). */
  welcomed_at: number | null;
};

/** The statuses user management shows (docs/agency-contract.md). */
export const AGENT_STATUSES = ["PENDING", "ACTIVE", "LOCKED", "DEACTIVATED"] as const;
export type AgentStatus = (typeof AGENT_STATUSES)[number];

/** An ACTIVE account with `locked_at` set (five wrong passwords) is LOCKED. */
export function agentStatus(agent: Pick<AgentRow, "status" | "locked_at">): AgentStatus {
  return agent.status === "ACTIVE" && agent.locked_at !== null ? "LOCKED" : agent.status;
}

/** `agentStatus` in SQL, for the agents table aliased `a`. */
export const AGENT_STATUS_SQL =
  "CASE WHEN a.status = 'ACTIVE' AND a.locked_at IS NOT NULL THEN 'LOCKED' ELSE a.status END";

/** RCCL and RCCLADMIN are super users. */
export const isSuperUser = (role: RoleCode) => role === "RCCL" || role === "RCCLADMIN";

/** What the login answer carries as `user`. */
export type LoginUser = { username: string; agentId: string; firstName: string; lastName: string; email: string };

export type Profile = {
  loginUserName: string;
  countryCode: string;
  reportingOfficeCode: string;
  roleCode: RoleCode;
  currencies: Array<{ currencyCode: string; primaryCurrency: boolean }>;
  agencyId: string;
  agentId: string;
  agentFirstName: string;
  agentLastName: string;
  agentEmailAddress: string;
  agencyName: string;
  agentPhotos: Array<{ type: "AGENT_HOMEPAGE_PHOTO"; fullPath: string }>;
  allowedApplicationTools: Array<{ toolCode: string }>;
  eQuoteAcceptanceTC: boolean;
  latteAvailable: boolean;
  latteKey: string | null;
  locationData: Array<{ key: string; value: string }>;
  dismissedNotifications: Array<{ notificationId: string; start: string; end: string }>;
  legacySiteVisited: boolean;
  /** False until the agent has gone on from the portal's /welcome page (`POST /agents/{id}/welcome`). */
  welcomed: boolean;
};

export function findAgentByUsername(db: Db, username: string): AgentRow | undefined {
  return db.prepare("SELECT * FROM agents WHERE username = ?").get(username) as AgentRow | undefined;
}

export function findAgentById(db: Db, agentId: string): AgentRow | undefined {
  return db.prepare("SELECT * FROM agents WHERE agent_id = ?").get(agentId) as AgentRow | undefined;
}

/** By e-mail address, whatever its case (addresses are unique that way, migration 3). */
export function findAgentByEmail(db: Db, email: string): AgentRow | undefined {
  return db.prepare("SELECT * FROM agents WHERE email = ? COLLATE NOCASE").get(email.trim()) as AgentRow | undefined;
}

/** By username or e-mail address (both case-insensitive); a username match wins. */
export function findAgentByUsernameOrEmail(db: Db, value: string): AgentRow | undefined {
  return findAgentByUsername(db, value.trim()) ?? findAgentByEmail(db, value);
}

/** By normalised mobile phone ('+' and digits); the oldest account when several share it. */
export function findAgentByMobilePhone(db: Db, phone: string): AgentRow | undefined {
  return db
    .prepare("SELECT * FROM agents WHERE mobile_phone = ? ORDER BY CAST(agent_id AS INTEGER) LIMIT 1")
    .get(phone) as AgentRow | undefined;
}

/** Records that the agent has been to the legacy site (profile `legacySiteVisited`). */
export function markLegacySiteVisited(db: Db, agentId: string): void {
  db.prepare("UPDATE agents SET legacy_site_visited = 1 WHERE agent_id = ?").run(agentId);
}

/** Whether `toolCode` is one of the application tools (exact match, as the profile lists them). */
export function isKnownTool(db: Db, toolCode: string): boolean {
  return db.prepare("SELECT 1 FROM tools WHERE tool_code = ?").get(toolCode) !== undefined;
}

/** Whether the agent has this application tool (the services behind a tool check it too). */
export function agentHasTool(db: Db, agentId: string, toolCode: string): boolean {
  return (
    db.prepare("SELECT 1 FROM agent_tools WHERE agent_id = ? AND tool_code = ?").get(agentId, toolCode) !== undefined
  );
}

export function loginUser(agent: AgentRow): LoginUser {
  return {
    username: agent.username,
    agentId: agent.agent_id,
    firstName: agent.first_name,
    lastName: agent.last_name,
    email: agent.email,
  };
}

export function buildProfile(db: Db, agent: AgentRow): Profile {
  const agency = db.prepare("SELECT name FROM agencies WHERE agency_id = ?").get(agent.agency_id) as
    { name: string } | undefined;
  const currencies = db
    .prepare("SELECT currency_code, is_primary FROM agent_currencies WHERE agent_id = ? ORDER BY sort_order")
    .all(agent.agent_id) as Array<{ currency_code: string; is_primary: number }>;
  const tools = db
    .prepare(
      `SELECT t.tool_code FROM agent_tools a JOIN tools t ON t.tool_code = a.tool_code
       WHERE a.agent_id = ? ORDER BY t.sort_order`,
    )
    .all(agent.agent_id) as Array<{ tool_code: string }>;
  const location = db
    .prepare("SELECT key, value FROM agent_locations WHERE agent_id = ? ORDER BY sort_order")
    .all(agent.agent_id) as Array<{ key: string; value: string }>;
  const dismissed = db
    .prepare(
      `SELECT notification_id, start_iso, end_iso FROM dismissed_notifications
       WHERE agent_id = ? ORDER BY dismissed_at, notification_id`,
    )
    .all(agent.agent_id) as Array<{ notification_id: string; start_iso: string; end_iso: string }>;

  return {
    loginUserName: agent.username,
    countryCode: agent.country_code,
    reportingOfficeCode: agent.reporting_office_code,
    roleCode: agent.role_code,
    currencies: currencies.map((c) => ({ currencyCode: c.currency_code, primaryCurrency: c.is_primary === 1 })),
    agencyId: agent.agency_id,
    agentId: agent.agent_id,
    agentFirstName: agent.first_name,
    agentLastName: agent.last_name,
    agentEmailAddress: agent.email,
    agencyName: agency?.name ?? "",
    agentPhotos: agent.photo_path ? [{ type: "AGENT_HOMEPAGE_PHOTO", fullPath: agent.photo_path }] : [],
    allowedApplicationTools: tools.map((t) => ({ toolCode: t.tool_code })),
    eQuoteAcceptanceTC: agent.equote_acceptance_tc === 1,
    latteAvailable: agent.latte_available === 1,
    latteKey: agent.latte_key,
    locationData: location.map((l) => ({ key: l.key, value: l.value })),
    dismissedNotifications: dismissed.map((d) => ({
      notificationId: d.notification_id,
      start: d.start_iso,
      end: d.end_iso,
    })),
    legacySiteVisited: agent.legacy_site_visited === 1,
    welcomed: agent.welcomed_at !== null,
  };
}

/** Records that the agent has been welcomed (the first time only; later calls keep that time). */
export function markWelcomed(db: Db, agentId: string, at: number): number {
  db.prepare("UPDATE agents SET welcomed_at = ? WHERE agent_id = ? AND welcomed_at IS NULL").run(at, agentId);
  const row = db.prepare("SELECT welcomed_at FROM agents WHERE agent_id = ?").get(agentId) as
    { welcomed_at: number | null } | undefined;
  return row?.welcomed_at ?? at;
}

/** What `PUT /userProfile/location` stores: the place the agent chose in the weather widget. */
export type AgentLocation = { name: string; region: string; country: string; lat: number; long: number };

/**
 * Replaces the agent's locationData with the chosen place: keys `lat`, `long`, `name`, `city` (the same
 * as `name`; the demo data's key), `region`, `country`, values as strings.
 */
export function setAgentLocation(db: Db, agentId: string, location: AgentLocation): void {
  const entries: Array<[string, string]> = [
    ["lat", String(location.lat)],
    ["long", String(location.long)],
    ["name", location.name],
    ["city", location.name],
    ["region", location.region],
    ["country", location.country],
  ];
  db.transaction(() => {
    db.prepare("DELETE FROM agent_locations WHERE agent_id = ?").run(agentId);
    const insert = db.prepare("INSERT INTO agent_locations (agent_id, key, value, sort_order) VALUES (?, ?, ?, ?)");
    entries.forEach(([key, value], i) => insert.run(agentId, key, value, i + 1));
  })();
}

export function getSetting(db: Db, key: string): string | undefined {
  const row = db.prepare("SELECT value FROM settings WHERE key = ?").get(key) as { value: string } | undefined;
  return row?.value;
}

export function setSetting(db: Db, key: string, value: string): void {
  db.prepare(
    "INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
  ).run(key, value);
}

export const isQaMode = (db: Db) => getSetting(db, "qa_mode") === "true";
