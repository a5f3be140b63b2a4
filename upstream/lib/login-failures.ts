import { createHash } from "node:crypto";
import type { Database } from "better-sqlite3";

/**
 * Failed sign-ins of usernames no account has (decision 051). A known account counts its own in
 * `agents.failed_attempts`; an unknown name counts here, in a count-min sketch of a fixed size: a few
 * counters per name, picked by hashes, in pre-allocated chunks that never grow however many names are
 * tried. A name's count is the least of its counters, so a collision can only raise it (lock a name that
 * no account has sooner), never lower it, and nothing is ever forgotten: a locked name stays locked, as a
 * known account's lock does, so waiting tells a stranger nothing.
 */
export const SKETCH_ROWS = 4;
/** Counters per row (one byte each): 4 × 65,536 = 256 KB in all, stored as 64 chunks of 4 KB. */
export const SKETCH_WIDTH = 65_536;
export const SKETCH_CHUNK_BYTES = 4_096;
export const SKETCH_CHUNKS = (SKETCH_ROWS * SKETCH_WIDTH) / SKETCH_CHUNK_BYTES;

/** The SQL that creates the sketch, every chunk zero (migration 17). */
export const CREATE_SKETCH_SQL = `
  CREATE TABLE login_failure_sketch (chunk INTEGER PRIMARY KEY, cells BLOB NOT NULL);
  WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ${SKETCH_CHUNKS})
  INSERT INTO login_failure_sketch (chunk, cells) SELECT i, zeroblob(${SKETCH_CHUNK_BYTES}) FROM n;
`;

/** The counters of a name (matched as an account's username is: trimmed, any case). */
function cellsOf(username: string): number[] {
  const digest = createHash("sha256").update(`login-failure\n${username.trim().toLowerCase()}`).digest();
  return Array.from({ length: SKETCH_ROWS }, (_, row) => row * SKETCH_WIDTH + digest.readUInt16BE(row * 2));
}

function readCells(db: Database, cells: number[]): { chunks: Map<number, Buffer>; values: number[] } {
  const select = db.prepare<[number], { cells: Buffer }>("SELECT cells FROM login_failure_sketch WHERE chunk = ?");
  const chunks = new Map<number, Buffer>();
  for (const cell of cells) {
    const chunk = Math.floor(cell / SKETCH_CHUNK_BYTES);
    if (!chunks.has(chunk))
      chunks.set(chunk, Buffer.from(select.get(chunk)?.cells ?? Buffer.alloc(SKETCH_CHUNK_BYTES)));
  }
  const values = cells.map((cell) => chunks.get(Math.floor(cell / SKETCH_CHUNK_BYTES))![cell % SKETCH_CHUNK_BYTES]!);
  return { chunks, values };
}

/** The failures counted against an unknown name. */
export function unknownNameFailures(db: Database, username: string): number {
  return Math.min(...readCells(db, cellsOf(username)).values);
}

/**
 * Counts one more failure against an unknown name and answers its count. Conservative update: only the
 * counters at the name's least value rise, which keeps collisions' over-counting small.
 */
export function countUnknownNameFailure(db: Database, username: string, by = 1): number {
  return db.transaction(() => {
    const cells = cellsOf(username);
    const { chunks, values } = readCells(db, cells);
    const next = Math.min(255, Math.min(...values) + by);
    cells.forEach((cell, i) => {
      if (values[i]! < next) chunks.get(Math.floor(cell / SKETCH_CHUNK_BYTES))![cell % SKETCH_CHUNK_BYTES] = next;
    });
    const update = db.prepare("UPDATE login_failure_sketch SET cells = ? WHERE chunk = ?");
    for (const [chunk, bytes] of chunks) update.run(bytes, chunk);
    return next;
  })();
}

/** Every counter back to zero (the demo reset). */
export function clearUnknownNameFailures(db: Database): void {
  db.prepare(`UPDATE login_failure_sketch SET cells = zeroblob(${SKETCH_CHUNK_BYTES})`).run();
}

/** The rows of the table the sketch replaced, folded in once (migration 17), then the table dropped. */
export function foldLoginFailureRows(db: Database): void {
  const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'login_failures'").get();
  if (!exists) return;
  const rows = db.prepare("SELECT username, failed_attempts FROM login_failures").all() as Array<{
    username: string;
    failed_attempts: number;
  }>;
  for (const row of rows) countUnknownNameFailure(db, row.username, row.failed_attempts);
  db.exec("DROP TABLE login_failures");
}
