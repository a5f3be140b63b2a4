import type { Config } from "../config";
import type { Db } from "../db/index";
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

/** Writes the message to the outbox table; in demo mode also prints it as one log line. */
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
    deps.logger.info(
      // The body always holds the code or the link.
      oneLine(
        `[outbox] ${message.channel} to ${message.recipient} (${message.purpose}): ${message.subject} | ${message.body}`,
        2000,
      ),
    );
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
