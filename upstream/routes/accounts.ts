import { randomBytes } from "node:crypto";
import { Hono } from "hono";
import { z } from "zod";
import {
  findAgentByEmail,
  findAgentById,
  findAgentByMobilePhone,
  findAgentByUsernameOrEmail,
  type AgentRow,
} from "../db/agents";
import type { AppEnv, Deps } from "../lib/context";
import { ApiError, ok, readBody } from "../lib/errors";
import { EMAIL_PATTERN, isPhoneNumber, languageCode, text } from "../lib/fields";
import { OTP_TTL_MS, consumeOtp, issueOtp, normalizeRecipient } from "../lib/otp";
import { readNewPassword } from "../lib/password-policy";
import { hashPassword } from "../lib/passwords";
import { EMAIL_CHANNELS, RESET_CODE_MAX_AGE_MS, takeVerifiedCode } from "../lib/verification";

const forgotPasswordBody = z.object({ usernameOrEmail: text(254), languageCode });

const resetPasswordBody = z.object({ token: text(200), encryptedPassword: text(4096) });

const forgotUsernameBody = z
  .object({ channel: z.enum(["EMAIL", "SMS"]), recipient: z.string().trim().min(3).max(254) })
  .superRefine((body, ctx) => {
    const valid = body.channel === "SMS" ? isPhoneNumber(body.recipient) : EMAIL_PATTERN.test(body.recipient);
    if (!valid) {
      const expected = body.channel === "SMS" ? "a phone number" : "an e-mail address";
      ctx.addIssue({ code: "custom", path: ["recipient"], message: `must be ${expected} for channel ${body.channel}` });
    }
  });

const recoverUsernameBody = z.object({ token: text(200), otp: text(20) });

const resetTokenInvalid = () =>
  new ApiError(400, "RESET_TOKEN_INVALID", "This password reset link is no longer valid. Please ask for a new one.");

/**
 * Sends the agent a password reset link (forgot-password's e-mail); throws 429 OTP_RATE_LIMITED when the
 * address has had too many codes lately. User management's `password-reset` sends the same.
 */
export function issueResetLink(deps: Deps, agent: AgentRow, language: string | undefined, requestedBy?: string): void {
  issueOtp(
    deps,
    {
      recipient: agent.email,
      channel: "email_magic_link",
      purpose: "forgot_password",
      metadata: { languageCode: language ?? null, ...(requestedBy ? { requestedBy } : {}) },
      agentId: agent.agent_id,
    },
    { enforceRateLimit: true },
  );
}

/** Sends the reset link unless the address has had too many codes lately (then nothing, silently). */
function sendResetLink(deps: Deps, agent: AgentRow, language: string | undefined): void {
  try {
    issueResetLink(deps, agent, language);
  } catch (error) {
    if (!(error instanceof ApiError && error.errorCode === "OTP_RATE_LIMITED")) throw error;
  }
}

/**
 * The reset, inside one transaction: the code's use, the new hash, the unlock and the end of every
 * sign-in happen together. A weak password rolls the use back, so the same link can be tried again.
 */
function resetPassword(deps: Deps, body: z.infer<typeof resetPasswordBody>): { username: string } {
  const { db } = deps;
  const code = takeVerifiedCode(deps, body.token, {
    purposes: ["forgot_password"],
    channels: EMAIL_CHANNELS,
    maxAgeMs: RESET_CODE_MAX_AGE_MS,
    usedFor: "password-reset",
  });
  const agent = code?.agent_id ? findAgentById(db, code.agent_id) : undefined;
  if (!agent) throw resetTokenInvalid();
  const password = readNewPassword(deps.keys, body.encryptedPassword, {
    firstName: agent.first_name,
    lastName: agent.last_name,
    email: agent.email,
  });
  const now = deps.clock();
  db.prepare("UPDATE agents SET password_hash = ?, failed_attempts = 0, locked_at = NULL WHERE agent_id = ?").run(
    hashPassword(password),
    agent.agent_id,
  );
  // Whoever knew the old password may be signed in: every session of the account ends here.
  db.prepare("UPDATE sign_ins SET revoked_at = ? WHERE agent_id = ? AND revoked_at IS NULL").run(now, agent.agent_id);
  return { username: agent.username };
}

/**
 * Account recovery (no token): forgotten password (`/forgot-password`, `/reset-password`) and forgotten
 * username (`/forgot-username`, `/recover-username`). The requests answer the same whether an account
 * matched or not, so they cannot be used to find out who has an account.
 */
export function accountRoutes(deps: Deps) {
  const { db } = deps;
  const r = new Hono<AppEnv>();

  r.post("/forgot-password", async (c) => {
    const body = await readBody(c, forgotPasswordBody);
    const agent = findAgentByUsernameOrEmail(db, body.usernameOrEmail);
    if (agent) sendResetLink(deps, agent, body.languageCode);
    return ok(c, { sent: true });
  });

  r.post("/reset-password", async (c) => {
    const body = await readBody(c, resetPasswordBody);
    return ok(c, db.transaction(() => resetPassword(deps, body))());
  });

  r.post("/forgot-username", async (c) => {
    const body = await readBody(c, forgotUsernameBody);
    const agent =
      body.channel === "SMS"
        ? findAgentByMobilePhone(db, normalizeRecipient("sms", body.recipient))
        : findAgentByEmail(db, body.recipient);
    const recipient = body.channel === "SMS" ? agent?.mobile_phone : agent?.email;
    if (!agent || !recipient) {
      // The same shape as a real answer; the token is stored nowhere, so no code can ever match it.
      const expiresAt = new Date(deps.clock() + OTP_TTL_MS).toISOString();
      return ok(c, { token: randomBytes(32).toString("base64url"), expiresAt });
    }
    const channel = body.channel === "SMS" ? "sms" : "email_otp";
    return ok(
      c,
      issueOtp(
        deps,
        { recipient, channel, purpose: "forgot_username", metadata: {}, agentId: agent.agent_id },
        { enforceRateLimit: true },
      ),
    );
  });

  r.post("/recover-username", async (c) => {
    const body = await readBody(c, recoverUsernameBody);
    const code = consumeOtp(deps, body.token, body.otp, { purposes: ["forgot_username"] });
    const agent = code.agent_id ? findAgentById(db, code.agent_id) : undefined;
    if (!agent) throw new ApiError(400, "OTP_INVALID", "This code is not valid. Please ask for a new one.");
    return ok(c, { username: agent.username });
  });

  return r;
}
