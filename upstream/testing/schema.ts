import type { Database } from "better-sqlite3";

/**
 * Turns a database back into what migration 2 left: drops what migration 3 (registration and recovery)
 * added and forgets that it ran, so a reopen applies it again (tests of the backfills).
 */
export function undoRegistrationMigration(db: Database): void {
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
