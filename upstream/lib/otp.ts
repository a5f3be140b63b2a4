import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import type { Config } from "../config";
import type { Db } from "../db/database";
import type { Clock } from "./clock";
import { ApiError } from "./errors";
import type { Logger } from "./logger";
import { sendToOutbox } from "./outbox";

export const OTP_CHANNELS = ["email_otp", "sms", "email_magic_link"] as const;
export const OTP_PURPOSES = [
  "register_agent_verification",
  "register_agency_verification",
  "phone_verification",
  "forgot_password",
  "forgot_username",
  "email_verification_otp",
  "login_verification",
] as const;
export type OtpChannel = (typeof OTP_CHANNELS)[number];
export type OtpPurpose = (typeof OTP_PURPOSES)[number];

export const OTP_TTL_MS = 10 * 60_000;
export const OTP_MAX_ATTEMPTS = 5;
/** More than this many codes for one recipient and purpose inside the window answers 429. */
export const OTP_RATE_LIMIT = 5;
export const OTP_RATE_WINDOW_MS = 10 * 60_000;

type OtpDeps = { db: Db; config: Config; clock: Clock; logger: Logger };

export type OtpRow = {
  token_hash: string;
  recipient: string;
  channel: OtpChannel;
  purpose: OtpPurpose;
  metadata: string;
  agent_id: string | null;
  code_hash: string;
  created_at: number;
  expires_at: number;
  attempts: number;
  used_at: number | null;
  burned_at: number | null;
  login_started_at: number | null;
};

export type OtpRequest = {
  recipient: string;
  channel: OtpChannel;
  purpose: OtpPurpose;
  metadata: Record<string, unknown>;
  /** The account a login_verification code signs in. */
  agentId?: string;
  /** When the password of that login was checked; resends keep it. */
  loginStartedAt?: number;
};

/** E-mail addresses compare lower-case; phone numbers keep only a leading + and digits. */
export function normalizeRecipient(channel: OtpChannel, recipient: string): string {
  const trimmed = recipient.trim();
  if (channel === "sms") return trimmed.replace(/(?!^\+)[^0-9]/g, "");
  return trimmed.toLowerCase();
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
/** How a code's handle is stored (`otp_codes.token_hash`, `verification_uses.token_hash`). */
export const hashToken = (token: string) => sha256(token);
const hashCode = (token: string, code: string) => sha256(`${token}:${code}`);

/**
 * Issues a code (six random digits) under a random handle and puts the message in the outbox. With
 * `instead`, that message goes to the recipient in place of the code, which is then never sent (a
 * handle no one can use, answered as any other: registration to a taken address, decision 050).
 */
export function issueOtp(
  deps: OtpDeps,
  request: OtpRequest,
  options: { enforceRateLimit: boolean; instead?: { purpose: string; subject: string; body: string } },
): { token: string; expiresAt: string } {
  const now = deps.clock();
  const recipient = normalizeRecipient(request.channel, request.recipient);
  if (options.enforceRateLimit) {
    const { n, oldest } = deps.db
      .prepare(
        "SELECT count(*) AS n, min(created_at) AS oldest FROM otp_codes WHERE recipient = ? AND purpose = ? AND created_at > ?",
      )
      .get(recipient, request.purpose, now - OTP_RATE_WINDOW_MS) as { n: number; oldest: number | null };
    if (n >= OTP_RATE_LIMIT) {
      const refused = new ApiError(
        429,
        "OTP_RATE_LIMITED",
        "Too many codes have been requested for this address. Please wait a few minutes and try again.",
      );
      // When the oldest code of the window leaves it, one more may be asked for.
      const wait = Math.max(1, Math.ceil(((oldest ?? now) + OTP_RATE_WINDOW_MS - now) / 1000));
      refused.headers = { "Retry-After": String(wait) };
      throw refused;
    }
  }

  const code = randomInt(0, 1_000_000).toString().padStart(6, "0");
  const token = randomBytes(32).toString("base64url");
  const expiresAt = now + OTP_TTL_MS;
  deps.db
    .prepare(
      `INSERT INTO otp_codes (token_hash, recipient, channel, purpose, metadata, agent_id, code_hash, created_at,
         expires_at, login_started_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      sha256(token),
      recipient,
      request.channel,
      request.purpose,
      JSON.stringify(request.metadata),
      request.agentId ?? null,
      hashCode(token, code),
      now,
      expiresAt,
      request.loginStartedAt ?? null,
    );

  const link =
    request.channel === "email_magic_link"
      ? `${deps.config.portalUrl}${magicLinkPath(request.purpose)}?token=${encodeURIComponent(token)}&otp=${code}`
      : null;
  sendToOutbox(
    deps,
    options.instead
      ? { recipient, channel: request.channel, ...options.instead, code: null, link: null }
      : {
          recipient,
          channel: request.channel,
          purpose: request.purpose,
          subject: SUBJECTS[request.purpose],
          body: messageBody(request.channel, code, link),
          code: link === null ? code : null,
          link,
        },
  );
  return { token, expiresAt: new Date(expiresAt).toISOString() };
}

/**
 * Checks a code against its handle and uses it up. Wrong codes count; the fifth wrong one burns the
 * code. Throws 400 OTP_INVALID / OTP_EXPIRED / OTP_USED / OTP_TOO_MANY_ATTEMPTS. With `purposes`, a code
 * of another purpose is treated as unknown and left untouched (an endpoint cannot use up another's code).
 */
export function consumeOtp(
  deps: OtpDeps,
  token: string,
  otp: string,
  options: { purposes?: readonly OtpPurpose[] } = {},
): OtpRow {
  const now = deps.clock();
  const tokenHash = sha256(token);
  const row = deps.db.prepare("SELECT * FROM otp_codes WHERE token_hash = ?").get(tokenHash) as OtpRow | undefined;
  if (!row || (options.purposes !== undefined && !options.purposes.includes(row.purpose))) {
    throw new ApiError(400, "OTP_INVALID", "This code is not valid. Please ask for a new one.");
  }
  if (row.used_at !== null)
    throw new ApiError(400, "OTP_USED", "This code has already been used. Please ask for a new one.");
  if (row.burned_at !== null || row.attempts >= OTP_MAX_ATTEMPTS) throw tooManyAttempts();
  if (now >= row.expires_at) throw new ApiError(400, "OTP_EXPIRED", "This code has expired. Please ask for a new one.");

  const expected = Buffer.from(row.code_hash, "hex");
  const actual = Buffer.from(hashCode(token, otp.trim()), "hex");
  if (!timingSafeEqual(expected, actual)) {
    const attempts = row.attempts + 1;
    if (attempts >= OTP_MAX_ATTEMPTS) {
      deps.db
        .prepare("UPDATE otp_codes SET attempts = ?, burned_at = ? WHERE token_hash = ?")
        .run(attempts, now, tokenHash);
      throw tooManyAttempts();
    }
    deps.db.prepare("UPDATE otp_codes SET attempts = ? WHERE token_hash = ?").run(attempts, tokenHash);
    const remaining = OTP_MAX_ATTEMPTS - attempts;
    throw new ApiError(
      400,
      "OTP_INVALID",
      `That code is not right. ${remaining} ${remaining === 1 ? "attempt" : "attempts"} remaining.`,
      remaining,
    );
  }
  const used = deps.db
    .prepare("UPDATE otp_codes SET used_at = ? WHERE token_hash = ? AND used_at IS NULL")
    .run(now, tokenHash);
  if (used.changes !== 1)
    throw new ApiError(400, "OTP_USED", "This code has already been used. Please ask for a new one.");
  return { ...row, used_at: now };
}

/** The latest login_verification code issued for the agent by a password login (for resends). */
export function latestLoginStart(db: Db, agentId: string): number | undefined {
  const row = db
    .prepare(
      `SELECT max(login_started_at) AS started FROM otp_codes
       WHERE purpose = 'login_verification' AND agent_id = ? AND login_started_at IS NOT NULL`,
    )
    .get(agentId) as { started: number | null };
  return row.started ?? undefined;
}

function tooManyAttempts() {
  return new ApiError(
    400,
    "OTP_TOO_MANY_ATTEMPTS",
    "Too many wrong codes. This code no longer works; please ask for a new one.",
  );
}

const SUBJECTS: Record<OtpPurpose, string> = {
  login_verification: "Your Professional Portal sign-in code",
  register_agent_verification: "Verify your e-mail address to finish registering",
  register_agency_verification: "Verify your agency's e-mail address",
  phone_verification: "Verify your mobile phone number",
  forgot_password: "Reset your Professional Portal password",
  forgot_username: "Recover your Professional Portal username",
  email_verification_otp: "Verify your e-mail address",
};

function magicLinkPath(purpose: OtpPurpose): string {
  if (purpose === "register_agency_verification") return "/register-agency/verify";
  if (purpose === "forgot_password") return "/account/forgot/password/email-verified";
  return "/otp-verify";
}

function messageBody(channel: OtpChannel, code: string, link: string | null): string {
  if (link !== null) {
    return `Open this link to continue: ${link} It expires in 10 minutes. If you did not ask for it, you can ignore this message.`;
  }
  if (channel === "sms") return `Professional Portal code: ${code}. It expires in 10 minutes.`;
  return `Your Professional Portal verification code is ${code}. It expires in 10 minutes. If you did not ask for it, you can ignore this message.`;
}
