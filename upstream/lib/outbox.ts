import { appendFileSync } from "node:fs";
import path from "node:path";
import type { Config } from "../config";
import type { Db } from "../db/database";
import type { Clock } from "./clock";
import { oneLine, type Logger } from "./logger";

/** One message the upstream "sends": every e-mail and SMS lands here instead. */
export type OutboxMessage = {
  recipient: string;
  channel: string;
  purpose: string;
  subject: string;
  body: string;
  code: string | null;
  link: string | null;
};

export type OutboxEntry = OutboxMessage & { sentAt: string };

/** The demo outbox's own log: one line per message, under DATA_DIR, never the request log's stream. */
export const outboxLogPath = (config: Pick<Config, "dataDir">) => path.join(config.dataDir, "outbox.log");

/**
 * Writes the message to the outbox table; in demo mode also as one line to DATA_DIR/outbox.log. Not
 * to stdout: the embedded upstream shares the portal's stdout, the request log, and a code or a
 * sign-in link has no place in a log that is shipped and kept (issue 38).
 */
export function sendToOutbox(
  deps: { db: Db; config: Config; clock: Clock; logger: Logger },
  message: OutboxMessage,
): void {
  const sentAt = deps.clock();
  deps.db
    .prepare(
      `INSERT INTO outbox (recipient, channel, purpose, subject, body, code, link, sent_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      message.recipient,
      message.channel,
      message.purpose,
      message.subject,
      message.body,
      message.code,
      message.link,
      sentAt,
    );
  if (deps.config.mode === "demo") {
    // The body always holds the code or the link.
    const line = oneLine(
      `${new Date(sentAt).toISOString()} [outbox] ${message.channel} to ${message.recipient} (${message.purpose}): ${message.subject} | ${message.body}`,
      2000,
    );
    try {
      appendFileSync(outboxLogPath(deps.config), `${line}\n`);
    } catch (error) {
      deps.logger.error(`[outbox] could not write ${outboxLogPath(deps.config)}: ${(error as Error).message}`);
    }
  }
}

type OutboxRow = {
  recipient: string;
  channel: string;
  purpose: string;
  subject: string;
  body: string;
  code: string | null;
  link: string | null;
  sent_at: number;
};

/** The outbox newest first, for one recipient (case-insensitive) or all. */
export function listOutbox(db: Db, recipient?: string): OutboxEntry[] {
  const rows = (
    recipient === undefined
      ? db.prepare("SELECT * FROM outbox ORDER BY id DESC").all()
      : db.prepare("SELECT * FROM outbox WHERE recipient = ? COLLATE NOCASE ORDER BY id DESC").all(recipient.trim())
  ) as OutboxRow[];
  return rows.map((r) => ({
    recipient: r.recipient,
    channel: r.channel,
    purpose: r.purpose,
    subject: r.subject,
    body: r.body,
    code: r.code,
    link: r.link,
    sentAt: new Date(r.sent_at).toISOString(),
  }));
}
