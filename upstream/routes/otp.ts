import { Hono } from "hono";
import { z } from "zod";
import { findAgentById, findAgentByUsername } from "../db/agents";
import type { AppEnv, Deps } from "../lib/context";
import { ApiError, invalidRequest, ok, readBody } from "../lib/errors";
import { EMAIL_PATTERN, isPhoneNumber } from "../lib/fields";
import {
  OTP_CHANNELS,
  OTP_PURPOSES,
  OTP_TTL_MS,
  consumeOtp,
  issueOtp,
  latestLoginStart,
  normalizeRecipient,
} from "../lib/otp";
import { signInClientOf } from "../lib/sessions";
import { signIn } from "../lib/sign-in";
import { assertAccountOpen, assertQaModeAllows } from "./auth";

const generateBody = z
  .object({
    recipient: z.string().trim().min(3).max(254),
    channel: z.enum(OTP_CHANNELS),
    purpose: z.enum(OTP_PURPOSES),
    metadata: z
      .record(z.string(), z.unknown())
      .optional()
      .refine((m) => m === undefined || JSON.stringify(m).length <= 2000, "is too large"),
  })
  .superRefine((value, ctx) => {
    if (value.channel === "sms") {
      if (!isPhoneNumber(value.recipient)) {
        ctx.addIssue({ code: "custom", path: ["recipient"], message: "must be a phone number for channel sms" });
      }
    } else if (!EMAIL_PATTERN.test(value.recipient)) {
      ctx.addIssue({ code: "custom", path: ["recipient"], message: "must be an e-mail address" });
    }
  });

const validateBody = z.object({
  token: z.string().min(1).max(200),
  otp: z.string().trim().min(1).max(20),
});

export function otpRoutes(deps: Deps) {
  const { db } = deps;
  const r = new Hono<AppEnv>();

  r.post("/generate", async (c) => {
    const body = await readBody(c, generateBody);
    const metadata = body.metadata ?? {};

    if (body.purpose !== "login_verification") {
      return ok(c, issueOtp(deps, { ...body, metadata }, { enforceRateLimit: true }));
    }

    // A resend for a sign-in waiting for its second factor: only for the account's own address, and only
    // within ten minutes of the password check, so this call can never start a sign-in by itself.
    const username = typeof metadata.username === "string" ? metadata.username.trim() : "";
    const agent = username ? findAgentByUsername(db, username) : undefined;
    const started = agent ? latestLoginStart(db, agent.agent_id) : undefined;
    if (
      !agent ||
      body.channel !== "email_otp" ||
      normalizeRecipient("email_otp", agent.email) !== normalizeRecipient("email_otp", body.recipient) ||
      started === undefined ||
      deps.clock() - started >= OTP_TTL_MS
    ) {
      throw invalidRequest("No sign-in is waiting for a code for this account. Please sign in again.");
    }
    return ok(
      c,
      issueOtp(
        deps,
        { ...body, metadata: { username: agent.username }, agentId: agent.agent_id, loginStartedAt: started },
        { enforceRateLimit: true },
      ),
    );
  });

  r.post("/validate", async (c) => {
    const body = await readBody(c, validateBody);
    const row = consumeOtp(deps, body.token, body.otp);
    if (row.purpose !== "login_verification") return ok(c, { isValid: true });

    const agent = row.agent_id ? findAgentById(db, row.agent_id) : undefined;
    if (!agent) throw new ApiError(400, "OTP_INVALID", "This code is not valid. Please sign in again.");
    assertAccountOpen(agent);
    assertQaModeAllows(deps, agent);
    const client = signInClientOf((name) => c.req.header(name));
    return ok(c, { isValid: true, ...(await signIn(deps, agent, "otp", undefined, client)) });
  });

  return r;
}
