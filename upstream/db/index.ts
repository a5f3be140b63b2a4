import Database from "better-sqlite3";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { foldLoginFailureRows } from "../lib/login-failures";
import { runMigrations } from "./migrations";
import { backfillDemoData, isSeeded, seed } from "./seed";
import type { Db } from "./database";

export const DATABASE_FILE = "upstream.sqlite";

/**
 * Opens `DATA_DIR/upstream.sqlite` (WAL), applies pending migrations, and seeds the demo data when
 * the database holds none (or the demo rows of newly added tables when it was seeded before them).
 * Data is kept across restarts.
 */
export function openDatabase(dataDir: string): { db: Db; seeded: boolean } {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, DATABASE_FILE));
  try {
    db.pragma("journal_mode = WAL");
    db.pragma("foreign_keys = ON");
    db.pragma("busy_timeout = 5000");
    db.pragma("synchronous = NORMAL");
    const ran = runMigrations(db);
    foldLoginFailureRows(db);
    const seeded = !isSeeded(db);
    if (seeded) seed(db);
    else backfillDemoData(db, ran);
    return { db, seeded };
  } catch (error) {
    db.close();
    throw error;
  }
}
