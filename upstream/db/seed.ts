import type { Database } from "better-sqlite3";
import { CURRENT_TERMS_OF_USE_VERSION } from "../content/legal/index";
import { clearUnknownNameFailures } from "../lib/login-failures";
import { hashPassword } from "../lib/passwords";
import { insertCertificates } from "./certificates";
import { forgetDevFares } from "./price-drops";
import {
  AGENCIES,
  AGENTS,
  CURRENCIES,
  DEMO_PASSWORD,
  SEED_LOCKED_AT,
  SEED_TERMS_ACCEPTED_AT,
  TOOLS,
  type DemoAgent,
  emailOf,
  latteKeyOf,
  photoOf,
} from "./demo-data";

export const MAX_FAILED_LOGINS = 5;

// Hashing is slow on purpose; a dev reset reuses this process's hashes (each still has its own salt).
const hashCache = new Map<string, string>();
function demoHash(username: string): string {
  let hash = hashCache.get(username);
  if (!hash) {
    hash = hashPassword(DEMO_PASSWORD);
    hashCache.set(username, hash);
  }
  return hash;
}

/**
 * Tables that hold demo data, children first. Sign-ins and used legacy tokens are not demo data. Agents
 * and agencies created by registration live in the same tables, so a reset removes them too. The digest
 * settings have no demo rows: emptying the table puts every agent back to the defaults (switched off).
 */
const DEMO_TABLES = [
  "group_space_requests",

  "reduced_rate_requests",

  "document_previews",

  "certificates",
  "agent_activity",
  "acting_audit",
  "agent_photos",
  "agency_invitations",
  "insight_digests",
  "verification_uses",
  "legal_acceptances",
  "dismissed_notifications",
  "agent_locations",
  "agent_currencies",
  "agent_tools",
  "agents",
  "agencies",
  "currencies",
  "tools",
  "settings",
  "otp_codes",
  "outbox",
];

/** Writes the demo data into empty tables. Deterministic apart from password salts. */
export function seed(db: Database): void {
  db.transaction(() => insertDemoData(db))();
}

/**
 * Deletes the demo data (accounts, counters, codes, outbox, settings) and writes it again, in one
 * transaction. Accounts created by registration are deleted, and so are their sign-ins: the next
 * registration reuses their ids, and an old token must not open the new account.
 */
export function resetDemoData(db: Database): void {
  db.transaction(() => {
    const demoIds = AGENTS.map((agent) => agent.agentId);
    db.prepare(`DELETE FROM sign_ins WHERE agent_id NOT IN (${demoIds.map(() => "?").join(", ")})`).run(...demoIds);
    for (const table of DEMO_TABLES) db.prepare(`DELETE FROM ${table}`).run();
    forgetDevFares(db);
    clearUnknownNameFailures(db);
    insertDemoData(db);
  })();
}

/**
 * Demo data for tables and columns that a migration added to a database seeded before it: the legal
 * acceptances (migration 2) of the demo accounts that exist, the phone numbers and ABTA number
 * (migration 3) of the demo agencies and agents, (migration 7) the user-management demo agents with
 * their activity and the demo accounts' creation times, and (migration 8) the welcome of every account
 * that existed before it. `ran` lists the migrations this start applied.
 */
export function backfillDemoData(db: Database, ran: readonly number[]): void {
  db.transaction(() => {
    if (ran.includes(2)) insertLegalAcceptances(db);
    if (ran.includes(3)) writeContactNumbers(db);
    if (ran.includes(7)) backfillUserManagement(db);
    if (ran.includes(9)) insertCertificates(db);
    // Migration 8 welcomed every account it found by its creation time; one without a creation time
    // (or whose time the backfill above only just wrote) existed before it too, so it has been welcomed.
    if (ran.includes(8)) {
      db.prepare("UPDATE agents SET welcomed_at = COALESCE(created_at, ?) WHERE welcomed_at IS NULL").run(Date.now());
    }
  })();
}

/** Adds the demo agents the database lacks (unless their username or e-mail is taken) and the creation times. */
function backfillUserManagement(db: Database) {
  const exists = db.prepare(
    "SELECT 1 FROM agents WHERE agent_id = ? OR username = ? COLLATE NOCASE OR email = ? COLLATE NOCASE",
  );
  const agencyExists = db.prepare("SELECT 1 FROM agencies WHERE agency_id = ?");
  const missing = AGENTS.filter(
    (agent) =>
      exists.get(agent.agentId, agent.username, emailOf(agent.username)) === undefined &&
      agencyExists.get(agent.agencyId) !== undefined,
  );
  insertAgents(db, missing);
  const created = db.prepare("UPDATE agents SET created_at = ? WHERE agent_id = ? AND created_at IS NULL");
  for (const agent of AGENTS) created.run(Date.parse(agent.createdAt), agent.agentId);
  insertLegalAcceptances(db);
}

export function isSeeded(db: Database): boolean {
  const row = db.prepare("SELECT count(*) AS n FROM agents").get() as { n: number };
  return row.n > 0;
}

function insertDemoData(db: Database) {
  const insertTool = db.prepare("INSERT INTO tools (tool_code, name, sort_order) VALUES (?, ?, ?)");
  TOOLS.forEach((tool, i) => insertTool.run(tool.code, tool.name, i + 1));

  const insertCurrency = db.prepare("INSERT INTO currencies (currency_code, name) VALUES (?, ?)");
  for (const currency of CURRENCIES) insertCurrency.run(currency.code, currency.name);

  const insertAgency = db.prepare(
    "INSERT INTO agencies (agency_id, name, country_code, reporting_office_code, city) VALUES (?, ?, ?, ?, ?)",
  );
  for (const a of AGENCIES) insertAgency.run(a.id, a.name, a.countryCode, a.reportingOfficeCode, a.city);

  insertAgents(db, AGENTS);
  insertCertificates(db);

  writeContactNumbers(db);
  insertLegalAcceptances(db);
  db.prepare("INSERT INTO settings (key, value) VALUES ('qa_mode', 'false')").run();
}

/** Inserts demo agents with their tools, currencies, place, mobile and user-management activity. */
function insertAgents(db: Database, agents: readonly DemoAgent[]) {
  const insertAgent = db.prepare(`INSERT INTO agents (
      agent_id, username, password_hash, agency_id, role_code, first_name, last_name, email, country_code,
      reporting_office_code, photo_path, equote_acceptance_tc, latte_available, latte_key, mfa_required,
      legacy_site_visited, failed_attempts, locked_at, mobile_phone, registration, created_at, status, version,
      welcomed_at
    ) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?)`);
  const insertAgentTool = db.prepare("INSERT INTO agent_tools (agent_id, tool_code) VALUES (?, ?)");
  const insertAgentCurrency = db.prepare(
    "INSERT INTO agent_currencies (agent_id, currency_code, is_primary, sort_order) VALUES (?, ?, ?, ?)",
  );
  const insertLocation = db.prepare(
    "INSERT INTO agent_locations (agent_id, key, value, sort_order) VALUES (?, ?, ?, ?)",
  );
  const insertActivity = db.prepare(
    `INSERT INTO agent_activity (agent_id, at, actor_agent_id, actor_name, actor_username, on_behalf_of, action, detail)
     VALUES (?, ?, ?, ?, ?, NULL, ?, ?)`,
  );

  for (const agent of agents) {
    insertAgent.run(
      agent.agentId,
      agent.username,
      demoHash(agent.username),
      agent.agencyId,
      agent.roleCode,
      agent.firstName,
      agent.lastName,
      emailOf(agent.username),
      agent.countryCode,
      agent.reportingOfficeCode,
      agent.hasPhoto ? photoOf(agent.username) : null,
      agent.eQuoteAcceptanceTC ? 1 : 0,
      agent.latteAvailable ? 1 : 0,
      agent.latteAvailable ? latteKeyOf(agent.agentId) : null,
      agent.mfaRequired ? 1 : 0,
      agent.legacySiteVisited ? 1 : 0,
      agent.locked ? MAX_FAILED_LOGINS : 0,
      agent.locked ? SEED_LOCKED_AT : null,
      agent.mobilePhone,
      agent.registration ? JSON.stringify(agent.registration) : null,
      Date.parse(agent.createdAt),
      agent.status,
      // Every demo account has been welcomed (its first sign-in was long ago): sign-in goes to /home.
      Date.parse(agent.createdAt),
    );
    for (const tool of agent.tools) insertAgentTool.run(agent.agentId, tool);
    agent.currencies.forEach((code, i) => insertAgentCurrency.run(agent.agentId, code, i === 0 ? 1 : 0, i + 1));
    const location: Array<[string, string]> = [
      ["lat", agent.place.lat],
      ["long", agent.place.long],
      ["city", agent.place.city],
      ["region", agent.place.region],
      ["country", agent.place.country],
    ];
    location.forEach(([key, value], i) => insertLocation.run(agent.agentId, key, value, i + 1));
    for (const entry of agent.activity ?? []) {
      const actor = AGENTS.find((a) => a.username === entry.actorUsername);
      if (!actor) throw new Error(`demo activity by unknown account ${entry.actorUsername}`);
      insertActivity.run(
        agent.agentId,
        Date.parse(entry.at),
        actor.agentId,
        `${actor.firstName} ${actor.lastName}`,
        actor.username,
        entry.action,
        entry.detail,
      );
    }
  }
}

/** The demo agencies' phones and ABTA number and the demo agents' mobiles (the rows must exist). */
function writeContactNumbers(db: Database) {
  const agency = db.prepare("UPDATE agencies SET phone = ?, abta_number = ? WHERE agency_id = ?");
  for (const a of AGENCIES) agency.run(a.phone, a.abtaNumber ?? null, a.id);
  const agent = db.prepare("UPDATE agents SET mobile_phone = ? WHERE agent_id = ?");
  for (const a of AGENTS) agent.run(a.mobilePhone, a.agentId);
}

/** Every demo account but agent.terms has accepted the current terms of use, in English. */
function insertLegalAcceptances(db: Database) {
  const insert = db.prepare(
    `INSERT INTO legal_acceptances (agent_id, policy_type, policy_version, policy_language, accepted_at)
     SELECT agent_id, 'terms-of-use', ?, 'en_us', ? FROM agents WHERE agent_id = ?
     ON CONFLICT (agent_id, policy_type) DO NOTHING`,
  );
  for (const agent of AGENTS) {
    if (agent.termsAccepted) insert.run(CURRENT_TERMS_OF_USE_VERSION, SEED_TERMS_ACCEPTED_AT, agent.agentId);
  }
}
