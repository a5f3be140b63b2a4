import type { Database } from "better-sqlite3";

/** The demo agents that migration 7 (agency, profile and user management) brought. */
export const USER_MANAGEMENT_DEMO_IDS = ["0999997", "0999998", "0999999"];

/** Puts back the table of unknown names that migration 17's sketch replaced, and forgets that it ran. */
export function undoLoginFailureSketchMigration(db: Database): void {
  db.exec(`
    DROP TABLE login_failure_sketch;
    CREATE TABLE login_failures (
      username TEXT PRIMARY KEY COLLATE NOCASE,
      failed_attempts INTEGER NOT NULL,
      last_failed_at INTEGER NOT NULL
    );
  `);
  db.prepare("DELETE FROM schema_migrations WHERE version >= 17").run();
}

/** Drops what migration 15 (each sign-in's browser and address) added and forgets that it ran. */
export function undoSignInClientMigration(db: Database): void {
  undoLoginFailureSketchMigration(db);
  db.exec(`
    ALTER TABLE sign_ins DROP COLUMN user_agent;
    ALTER TABLE sign_ins DROP COLUMN client_address;
  `);
  db.prepare("DELETE FROM schema_migrations WHERE version >= 15").run();
}

/** Drops what migration 14 (the price-drop watch) added and forgets that it ran. */
export function undoPriceWatchMigration(db: Database): void {
  undoSignInClientMigration(db);
  db.exec(`
    DROP TABLE insight_fares;
    ALTER TABLE insight_bookings DROP COLUMN fare_cents;
    ALTER TABLE insight_digests DROP COLUMN price_drop_minimum;
  `);
  db.prepare("DELETE FROM schema_migrations WHERE version >= 14").run();
}

/** Drops what migrations 14 and 13 (failed sign-ins of unknown usernames) added and forgets that they ran. */
export function undoLoginFailuresMigration(db: Database): void {
  undoPriceWatchMigration(db);
  db.exec("DROP TABLE login_failures;");
  db.prepare("DELETE FROM schema_migrations WHERE version >= 13").run();
}

/** Drops what migration 12 (group travel hub) added and forgets that it ran. */
export function undoGroupsMigration(db: Database): void {
  undoLoginFailuresMigration(db);
  db.exec(`
    DROP TABLE group_space_requests;
    DROP TABLE travel_group_deadlines;
    DROP TABLE travel_groups;
  `);

  db.prepare("DELETE FROM schema_migrations WHERE version >= 12").run();
}

/** Drops what migrations 12 and 11 (reduced rates) added and forgets that they ran. */
export function undoReducedRatesMigration(db: Database): void {
  undoGroupsMigration(db);
  db.exec(`
    DROP TABLE reduced_rate_requests;
    DROP TABLE reduced_rate_sailings;
    DROP TABLE reduced_rate_meta;
  `);

  db.prepare("DELETE FROM schema_migrations WHERE version >= 11").run();
}

/** Drops what migrations 12 to 10 (travel documents) added and forgets that they ran. */
export function undoDocumentsMigration(db: Database): void {
  undoReducedRatesMigration(db);
  db.exec("DROP TABLE document_previews;");

  db.prepare("DELETE FROM schema_migrations WHERE version >= 10").run();
}

/** Drops what migration 9 (certificate redemption) added and forgets that it ran. */
export function undoCertificatesMigration(db: Database): void {
  undoDocumentsMigration(db);
  db.exec("DROP TABLE certificates;");
  db.prepare("DELETE FROM schema_migrations WHERE version >= 9").run();
}

/** Drops what migrations 9 and 8 (welcome and acting for an agency) added and forgets that they ran. */
export function undoActingMigration(db: Database): void {
  undoCertificatesMigration(db);
  db.exec(`
    DROP TABLE acting_audit;
    ALTER TABLE agents DROP COLUMN welcomed_at;
    ALTER TABLE sign_ins DROP COLUMN actor_agent_id;
    ALTER TABLE sign_ins DROP COLUMN actor_sid;
  `);
  db.prepare("DELETE FROM schema_migrations WHERE version >= 8").run();
}

/**
 * Turns a database back into what migration 6 left (after undoing migration 8): deletes the user-management demo agents, drops what
 * migration 7 (agency, profile and user management) added and forgets that it ran.
 */
export function undoManagementMigration(db: Database): void {
  undoActingMigration(db);
  const ids = USER_MANAGEMENT_DEMO_IDS.map(() => "?").join(", ");
  db.prepare(`DELETE FROM agents WHERE agent_id IN (${ids})`).run(...USER_MANAGEMENT_DEMO_IDS);
  db.exec(`
    DROP TABLE agency_invitations;
    DROP TABLE agent_activity;
    DROP TABLE agent_photos;
    DROP INDEX agents_agency;
    ALTER TABLE agents DROP COLUMN status;
    ALTER TABLE agents DROP COLUMN version;
    ALTER TABLE agencies DROP COLUMN version;
    ALTER TABLE sign_ins DROP COLUMN last_seen_at;
  `);
  db.prepare("UPDATE agents SET created_at = NULL WHERE registration IS NULL").run();
  db.prepare("DELETE FROM schema_migrations WHERE version >= 7").run();
}

/** Drops what migrations 7 and 6 (the partner insight) added and forgets that they ran. */
export function undoInsightMigration(db: Database): void {
  undoManagementMigration(db);
  db.exec(`
    DROP TABLE insight_digests;
    DROP TABLE insight_casino;
    DROP TABLE insight_onboard_sales;
    DROP TABLE insight_transmissions;
    DROP TABLE insight_coupons;
    DROP TABLE insight_credits;
    DROP TABLE insight_alerts;
    DROP TABLE insight_notes;
    DROP TABLE insight_payments;
    DROP TABLE insight_guests;
    DROP TABLE insight_bookings;
    DROP TABLE insight_branch_grants;
    DROP TABLE insight_branches;
    DROP TABLE insight_meta;
  `);
  db.prepare("DELETE FROM schema_migrations WHERE version >= 6").run();
}

/** Drops what migrations 6 (the partner insight) and 5 (the promotions) added and forgets that they ran. */
export function undoPromotionsMigration(db: Database): void {
  undoInsightMigration(db);
  db.exec(`
    DROP TABLE promotion_offer_residency;
    DROP TABLE promotion_offer_destinations;
    DROP TABLE promotion_offer_ships;
    DROP TABLE promotion_offers;
    DROP TABLE promotion_meta;
  `);
  db.prepare("DELETE FROM schema_migrations WHERE version >= 5").run();
}

/** Drops what migrations 6 (the partner insight), 5 (the promotions) and 4 (the cruise catalogue) added and forgets that they ran. */
export function undoCatalogueMigration(db: Database): void {
  undoPromotionsMigration(db);
  db.exec(`
    DROP TABLE catalogue_sailing_days;
    DROP TABLE catalogue_sailings;
    DROP TABLE catalogue_ships;
    DROP TABLE catalogue_destination_ports;
    DROP TABLE catalogue_destinations;
    DROP TABLE catalogue_ports;
    DROP TABLE catalogue_meta;
  `);
  db.prepare("DELETE FROM schema_migrations WHERE version >= 4").run();
}

/**
 * Turns a database back into what migration 2 left: drops what migrations 6 (the partner insight), 5 (the promotions), 4 (the
 * catalogue) and 3 (registration and recovery) added and forgets that they ran, so a reopen applies them again (tests of the
 * backfills).
 */
export function undoRegistrationMigration(db: Database): void {
  undoCatalogueMigration(db);
  db.exec(`
    DROP INDEX agents_email;
    DROP INDEX agents_mobile_phone;
    DROP INDEX agencies_phone;
    DROP INDEX agencies_abta_number;
    ALTER TABLE agents DROP COLUMN mobile_phone;
    ALTER TABLE agents DROP COLUMN registration;
    ALTER TABLE agents DROP COLUMN created_at;
    ALTER TABLE agencies DROP COLUMN phone;
    ALTER TABLE agencies DROP COLUMN abta_number;
    ALTER TABLE agencies DROP COLUMN details;
    ALTER TABLE agencies DROP COLUMN created_at;
    DROP TABLE verification_uses;
  `);
  db.prepare("DELETE FROM schema_migrations WHERE version >= 3").run();
}
