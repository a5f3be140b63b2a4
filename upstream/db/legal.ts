import type { PolicyType } from "../content/legal/index";
import type { Db } from "./database";

export type AcceptedTerm = { policyType: PolicyType; policyVersion: string; policyLanguage: string };

/** Order of the answer: terms of use, travel-agent guidelines, privacy policy. */
const ORDER = "CASE policy_type WHEN 'terms-of-use' THEN 1 WHEN 'travel-agent-guidelines' THEN 2 ELSE 3 END";

export function listAcceptedTerms(db: Db, agentId: string): AcceptedTerm[] {
  const rows = db
    .prepare(
      `SELECT policy_type, policy_version, policy_language FROM legal_acceptances
       WHERE agent_id = ? ORDER BY ${ORDER}`,
    )
    .all(agentId) as Array<{ policy_type: PolicyType; policy_version: string; policy_language: string }>;
  return rows.map((row) => ({
    policyType: row.policy_type,
    policyVersion: row.policy_version,
    policyLanguage: row.policy_language,
  }));
}

/** Stores each acceptance, replacing the agent's earlier one for the same policy; one transaction. */
export function saveAcceptedTerms(db: Db, agentId: string, terms: readonly AcceptedTerm[], acceptedAt: number): void {
  const upsert = db.prepare(
    `INSERT INTO legal_acceptances (agent_id, policy_type, policy_version, policy_language, accepted_at)
     VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (agent_id, policy_type) DO UPDATE SET
       policy_version = excluded.policy_version,
       policy_language = excluded.policy_language,
       accepted_at = excluded.accepted_at`,
  );
  db.transaction(() => {
    for (const term of terms) upsert.run(agentId, term.policyType, term.policyVersion, term.policyLanguage, acceptedAt);
  })();
}
