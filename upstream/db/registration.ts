import { LEGAL_PAGES } from "../content/legal/index";
import { countryName } from "../lib/countries";
import type { RoleCode, StoredStatus } from "./demo-data";
import type { Db } from "./database";
import { saveAcceptedTerms } from "./legal";

export type AgencyRow = {
  agency_id: string;
  name: string;
  country_code: string;
  reporting_office_code: string;
  city: string;
  phone: string | null;
  abta_number: string | null;
  details: string | null;
  created_at: number | null;
  /** Raised by every change of the agency. */
  version: number;
};

/** Numbering of new accounts: above the largest existing id, so the demo ids are never reused. */
const FIRST_AGENT_NUMBER = 1_000_001;
const FIRST_AGENCY_NUMBER = 100_101;

export function findAgency(db: Db, agencyId: string): AgencyRow | undefined {
  return db.prepare("SELECT * FROM agencies WHERE agency_id = ?").get(agencyId) as AgencyRow | undefined;
}

/** By normalised phone ('+' and digits); the oldest agency when several share it. */
export function findAgencyByPhone(db: Db, phone: string): AgencyRow | undefined {
  return db.prepare("SELECT * FROM agencies WHERE phone = ? ORDER BY agency_id LIMIT 1").get(phone) as
    AgencyRow | undefined;
}

/** By ABTA number, whatever its case. */
export function findAgencyByAbta(db: Db, abtaNumber: string): AgencyRow | undefined {
  return db
    .prepare("SELECT * FROM agencies WHERE abta_number = upper(?) ORDER BY agency_id LIMIT 1")
    .get(abtaNumber.trim()) as AgencyRow | undefined;
}

/** Whether an account has this e-mail address, or this address as its username (new usernames are addresses). */
export function isEmailTaken(db: Db, email: string): boolean {
  return (
    db
      .prepare("SELECT 1 FROM agents WHERE email = ? COLLATE NOCASE OR username = ? COLLATE NOCASE")
      .get(email, email) !== undefined
  );
}

export function nextAgentId(db: Db): string {
  const { top } = db.prepare("SELECT max(CAST(agent_id AS INTEGER)) AS top FROM agents").get() as {
    top: number | null;
  };
  return String(Math.max((top ?? 0) + 1, FIRST_AGENT_NUMBER));
}

export function nextAgencyId(db: Db): string {
  const { top } = db
    .prepare("SELECT max(CAST(substr(agency_id, 3) AS INTEGER)) AS top FROM agencies WHERE agency_id GLOB 'AG[0-9]*'")
    .get() as { top: number | null };
  return `AG${Math.max((top ?? 0) + 1, FIRST_AGENCY_NUMBER)}`;
}

export type LocationEntries = Array<[key: string, value: string]>;

/** A place known only by its city: no coordinates yet ("0"), so the weather widget asks for one. */
export function cityLocation(city: string, countryAlpha3: string): LocationEntries {
  return [
    ["lat", "0"],
    ["long", "0"],
    ["city", city],
    ["region", ""],
    ["country", countryName(countryAlpha3)],
  ];
}

/**
 * What a new agent of the agency starts with: the currencies and place of the agency's first agent, so
 * colleagues see the same; for an agency without agents, USD and the agency's city.
 */
export function agencyDefaults(db: Db, agency: AgencyRow): { currencies: string[]; location: LocationEntries } {
  const first = db
    .prepare("SELECT agent_id FROM agents WHERE agency_id = ? ORDER BY CAST(agent_id AS INTEGER) LIMIT 1")
    .get(agency.agency_id) as { agent_id: string } | undefined;
  if (!first) return { currencies: ["USD"], location: cityLocation(agency.city, agency.country_code) };
  const currencies = db
    .prepare("SELECT currency_code FROM agent_currencies WHERE agent_id = ? ORDER BY is_primary DESC, sort_order")
    .all(first.agent_id) as Array<{ currency_code: string }>;
  const location = db
    .prepare("SELECT key, value FROM agent_locations WHERE agent_id = ? ORDER BY sort_order")
    .all(first.agent_id) as Array<{ key: string; value: string }>;
  return {
    currencies: currencies.length > 0 ? currencies.map((c) => c.currency_code) : ["USD"],
    location:
      location.length > 0
        ? location.map((l): [string, string] => [l.key, l.value])
        : cityLocation(agency.city, agency.country_code),
  };
}

export function knownCurrencies(db: Db): Set<string> {
  const rows = db.prepare("SELECT currency_code FROM currencies").all() as Array<{ currency_code: string }>;
  return new Set(rows.map((row) => row.currency_code));
}

export type NewAgency = {
  agencyId: string;
  name: string;
  countryCode: string;
  reportingOfficeCode: string;
  city: string;
  phone: string;
  abtaNumber: string | null;
  details: Record<string, unknown>;
  createdAt: number;
};

export function insertAgency(db: Db, agency: NewAgency): void {
  db.prepare(
    `INSERT INTO agencies (agency_id, name, country_code, reporting_office_code, city, phone, abta_number, details, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    agency.agencyId,
    agency.name,
    agency.countryCode,
    agency.reportingOfficeCode,
    agency.city,
    agency.phone,
    agency.abtaNumber,
    JSON.stringify(agency.details),
    agency.createdAt,
  );
}

export type NewAgent = {
  agentId: string;
  username: string;
  passwordHash: string;
  agencyId: string;
  roleCode: RoleCode;
  firstName: string;
  lastName: string;
  email: string;
  countryCode: string;
  reportingOfficeCode: string;
  mobilePhone: string | null;
  /** Never holds the password. */
  registration: Record<string, unknown>;
  /** Primary first. */
  currencies: readonly string[];
  location: LocationEntries;
  createdAt: number;
  /** ACTIVE unless given (PENDING: registered into an agency with an administrator). */
  status?: StoredStatus;
};

/**
 * Whether the agency has an administrator who can approve a registration: an ADMIN whose account is not
 * deactivated or pending. A registration into such an agency starts PENDING.
 */
export function agencyHasAdmin(db: Db, agencyId: string): boolean {
  return (
    db
      .prepare("SELECT 1 FROM agents WHERE agency_id = ? AND role_code = 'ADMIN' AND status = 'ACTIVE' LIMIT 1")
      .get(agencyId) !== undefined
  );
}

/** The policies a registration accepts (both checkboxes are required), at their current versions. */
const POLICIES_ACCEPTED_AT_REGISTRATION = ["terms-of-use", "travel-agent-guidelines"] as const;

/**
 * Inserts a registered agent with every tool, the currencies and place given, and the acceptance of the
 * terms of use and the travel-agent guidelines. Call inside the registration's transaction.
 */
export function insertAgent(db: Db, agent: NewAgent): void {
  // legacy_site_visited 1: a new account has no legacy-site history to catch up on, so it goes straight home.
  db.prepare(
    `INSERT INTO agents (
       agent_id, username, password_hash, agency_id, role_code, first_name, last_name, email, country_code,
       reporting_office_code, photo_path, equote_acceptance_tc, latte_available, latte_key, mfa_required,
       legacy_site_visited, failed_attempts, locked_at, mobile_phone, registration, created_at, status, version
     ) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, 0, 0, NULL, 0, 1, 0, NULL, ?, ?, ?, ?, 1)`,
  ).run(
    agent.agentId,
    agent.username,
    agent.passwordHash,
    agent.agencyId,
    agent.roleCode,
    agent.firstName,
    agent.lastName,
    agent.email,
    agent.countryCode,
    agent.reportingOfficeCode,
    agent.mobilePhone,
    JSON.stringify(agent.registration),
    agent.createdAt,
    agent.status ?? "ACTIVE",
  );
  db.prepare("INSERT INTO agent_tools (agent_id, tool_code) SELECT ?, tool_code FROM tools").run(agent.agentId);
  const currency = db.prepare(
    "INSERT INTO agent_currencies (agent_id, currency_code, is_primary, sort_order) VALUES (?, ?, ?, ?)",
  );
  agent.currencies.forEach((code, i) => currency.run(agent.agentId, code, i === 0 ? 1 : 0, i + 1));
  const location = db.prepare("INSERT INTO agent_locations (agent_id, key, value, sort_order) VALUES (?, ?, ?, ?)");
  agent.location.forEach(([key, value], i) => location.run(agent.agentId, key, value, i + 1));
  saveAcceptedTerms(
    db,
    agent.agentId,
    POLICIES_ACCEPTED_AT_REGISTRATION.map((policyType) => ({
      policyType,
      policyVersion: LEGAL_PAGES[policyType].version,
      policyLanguage: "en_us",
    })),
    agent.createdAt,
  );
}
