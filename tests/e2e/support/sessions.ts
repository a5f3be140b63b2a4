import path from "node:path";
import Database from "better-sqlite3";
import { expect } from "@playwright/test";
import { stack } from "./ports";

/**
 * Moves the server's clock for one agent's sessions: their last-activity stamp in the portal's
 * session store (SQLite under the end-to-end DATA_DIR, shared by every portal process) is set `ago`
 * milliseconds back, as if the server had heard nothing from them since. The browser's clock is the
 * test's own (page.clock).
 */
export function lastActiveOnServer(ago: number, username = "agent.usa") {
  const db = new Database(path.resolve(stack.dataDir, "sessions.sqlite"));
  try {
    db.pragma("busy_timeout = 5000");
    const changed = db
      .prepare(
        `UPDATE sessions SET data = json_set(data, '$.auth.lastActivity', ?)
         WHERE json_extract(data, '$.auth.username') = ?`,
      )
      .run(Date.now() - ago, username).changes;
    expect(changed).toBeGreaterThan(0);
  } finally {
    db.close();
  }
}
