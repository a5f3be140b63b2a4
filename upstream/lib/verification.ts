import type { Db } from "../db/database";
import type { Clock } from "./clock";
import { hashToken, normalizeRecipient, type OtpChannel, type OtpPurpose, type OtpRow } from "./otp";

/** How long after `/otp/validate` a code may create an account. */
export const VERIFIED_CODE_MAX_AGE_MS = 60 * 60_000;
/** How long after `/otp/validate` a forgot_password code may reset the password. */
export const RESET_CODE_MAX_AGE_MS = 30 * 60_000;

export const EMAIL_CHANNELS: readonly OtpChannel[] = ["email_otp", "email_magic_link"];

export type VerifiedCodeRule = {
  purposes: readonly OtpPurpose[];
  channels: readonly OtpChannel[];
  /** The address the code must have been sent to (compared normalised); omit to accept any. */
  recipient?: string;
  maxAgeMs: number;
  /** What the code is used for, recorded with its use (`agent:1000011`, `password-reset:1000001`). */
  usedFor: string;
};

/**
 * Takes a code the user has proved (consumed by `POST /otp/validate`) for one account or one password
 * reset: it must match the rule, have been validated within `maxAgeMs`, and not have been taken before.
 * Records the use and answers the code, or answers undefined and records nothing. Call it inside the
 * transaction that creates what the code is used for, so a failure later rolls the use back.
 */
export function takeVerifiedCode(
  deps: { db: Db; clock: Clock },
  token: string,
  rule: VerifiedCodeRule,
): OtpRow | undefined {
  const now = deps.clock();
  const tokenHash = hashToken(token);
  const row = deps.db.prepare("SELECT * FROM otp_codes WHERE token_hash = ?").get(tokenHash) as OtpRow | undefined;
  if (!row || !matches(row, rule, now)) return undefined;
  // The primary key makes a second use fail even if two requests got this far at once.
  const recorded = deps.db
    .prepare(
      "INSERT INTO verification_uses (token_hash, used_for, used_at) VALUES (?, ?, ?) ON CONFLICT (token_hash) DO NOTHING",
    )
    .run(tokenHash, rule.usedFor, now);
  return recorded.changes === 1 ? row : undefined;
}

function matches(row: OtpRow, rule: VerifiedCodeRule, now: number): boolean {
  if (row.used_at === null || now - row.used_at >= rule.maxAgeMs) return false;
  if (!rule.purposes.includes(row.purpose) || !rule.channels.includes(row.channel)) return false;
  return rule.recipient === undefined || row.recipient === normalizeRecipient(row.channel, rule.recipient);
}
