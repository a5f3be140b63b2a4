import { constants, privateDecrypt } from "node:crypto";
import { Hono } from "hono";
import { z } from "zod";
import { findAgentById, findAgentByUsername, isQaMode, markLegacySiteVisited, type AgentRow } from "../db/agents";
import { MAX_FAILED_LOGINS } from "../db/seed";
import { requireAuth } from "../lib/auth";
import type { AppEnv, Deps } from "../lib/context";
import { ApiError, invalidToken, ok, parseOrThrow, readBody } from "../lib/errors";
import { countUnknownNameFailure } from "../lib/login-failures";
import { issueOtp } from "../lib/otp";
import { prepareHashOfNobody, verifyPassword, verifyPasswordOfNobody } from "../lib/passwords";
import { REMOTE_TARGET_PATTERN, issueRemoteToken } from "../lib/remote-tokens";
import { revokeSignIn, signInClientOf, touchSignIn } from "../lib/sessions";
import { signIn } from "../lib/sign-in";

const loginBody = z.object({ encryptedCredentials: z.string().min(1).max(4096) });
const credentialsSchema = z.object({
  username: z.string().min(1).max(200),
  password: z.string().min(1).max(200),
});
const refreshBody = z.object({ refresh_token: z.string().min(1).max(4096) });
const remoteQuery = z.object({
  target: z.string().regex(REMOTE_TARGET_PATTERN, "must be 1 to 40 of a-z, 0-9 and -"),
});

const PRIVILEGED_ROLES = new Set(["RCCL", "RCCLADMIN"]);

export const loginErrors = {
  attemptsRemaining: (remaining: number) =>
    new ApiError(
      401,
      "attemptsRemaining",
      `Invalid username or password. ${remaining} ${remaining === 1 ? "attempt" : "attempts"} remaining.`,
      remaining,
    ),
  locked: () =>
    new ApiError(
      423,
      "accountLockedMessage",
      "Your account is locked after too many unsuccessful sign-in attempts. Reset your password or contact support to unlock it.",
    ),
  pending: () =>
    new ApiError(
      403,
      "ACCOUNT_PENDING",
      "Your registration is waiting for your agency administrator's approval. You can sign in once it is approved.",
    ),
  deactivated: () =>
    new ApiError(
      403,
      "ACCOUNT_DEACTIVATED",
      "This account has been deactivated. Please contact your agency administrator.",
    ),
  qaMode: () =>
    new ApiError(
      403,
      "qaModeMessage",
      "The portal is in QA mode: only Royal Caribbean staff can sign in right now. Please try again later.",
    ),
};

/**
 * Throws what a sign-in to this account answers once its password is right (never before, decision 033):
 * 403 ACCOUNT_DEACTIVATED, 403 ACCOUNT_PENDING (awaiting an administrator's approval) or 423 accountLockedMessage.
 */
export function assertAccountOpen(agent: AgentRow) {
  if (agent.status === "DEACTIVATED") throw loginErrors.deactivated();
  if (agent.status === "PENDING") throw loginErrors.pending();
  if (agent.locked_at !== null) throw loginErrors.locked();
}

/** Throws 403 qaModeMessage while QA mode is on and the role is not RCCL or RCCLADMIN. */
export function assertQaModeAllows(deps: Deps, agent: AgentRow) {
  if (isQaMode(deps.db) && !PRIVILEGED_ROLES.has(agent.role_code)) throw loginErrors.qaMode();
}

/**
 * Counts a wrong password against the account (sign-in, password change) and locks it at the fifth in a
 * row. Answers the new count and lock time, or undefined when the account is gone.
 */
export function countWrongPassword(
  deps: Deps,
  agentId: string,
): { failed_attempts: number; locked_at: number | null } | undefined {
  // One statement, so concurrent failures count exactly; SET sees the old values.
  return deps.db
    .prepare(
      `UPDATE agents SET failed_attempts = failed_attempts + 1,
         locked_at = CASE WHEN locked_at IS NULL AND failed_attempts + 1 >= ? THEN ? ELSE locked_at END
       WHERE agent_id = ? RETURNING failed_attempts, locked_at`,
    )
    .get(MAX_FAILED_LOGINS, deps.clock(), agentId) as { failed_attempts: number; locked_at: number | null } | undefined;
}

/**
 * Counts a failed sign-in against the username as typed, whether an account has it or not: an account
 * counts in its own row (and locks at the fifth), any other name in the fixed-size sketch of unknown
 * names (decision 051), which never forgets a lock either. Answers the count.
 */
function countFailedSignIn(deps: Deps, username: string, agent: AgentRow | undefined): number {
  const counted = agent ? countWrongPassword(deps, agent.agent_id) : undefined;
  if (counted) return counted.failed_attempts;
  return countUnknownNameFailure(deps.db, username);
}

/**
 * What a failed sign-in answers, from the username's count alone: attemptsRemaining (4, 3, 2, 1), then
 * accountLockedMessage from the fifth. The same for an unknown name and for a known one with a wrong password.
 */
function failedSignIn(failures: number): ApiError {
  return failures >= MAX_FAILED_LOGINS
    ? loginErrors.locked()
    : loginErrors.attemptsRemaining(MAX_FAILED_LOGINS - failures);
}

function decryptCredentials(deps: Deps, encrypted: string): z.infer<typeof credentialsSchema> {
  try {
    const plain = privateDecrypt(
      { key: deps.keys.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" },
      Buffer.from(encrypted, "base64"),
    );
    return credentialsSchema.parse(JSON.parse(plain.toString("utf8")));
  } catch {
    throw new ApiError(400, "INVALID_TOKEN", "The sign-in details could not be read. Please try again.");
  }
}

export function authRoutes(deps: Deps) {
  const { db } = deps;
  const r = new Hono<AppEnv>();
  prepareHashOfNobody();

  r.get("/public-key", (c) => ok(c, { publicKey: deps.keys.publicKeyPem, algorithm: "RSA-OAEP-256" }));

  r.get("/qa-mode", (c) => ok(c, { qaMode: isQaMode(db) }));

  r.post("/login", async (c) => {
    const { encryptedCredentials } = await readBody(c, loginBody);
    const credentials = decryptCredentials(deps, encryptedCredentials);
    const username = credentials.username.trim();
    const found = findAgentByUsername(db, username);
    // A stranger learns nothing about the account (decision 033): an unknown name costs the same scrypt
    // work, counts down and locks like a wrong password, and an account's state is told only once its
    // password is right.
    const passwordOk = found
      ? await verifyPassword(credentials.password, found.password_hash)
      : await verifyPasswordOfNobody(credentials.password);
    if (!found || !passwordOk) throw failedSignIn(countFailedSignIn(deps, username, found));

    // Re-read: the account may have been locked or removed while the password was being checked.
    const agent = findAgentById(db, found.agent_id);
    if (!agent) throw failedSignIn(countFailedSignIn(deps, username, undefined));
    assertAccountOpen(agent);
    db.prepare("UPDATE agents SET failed_attempts = 0 WHERE agent_id = ?").run(agent.agent_id);
    assertQaModeAllows(deps, agent);

    if (agent.mfa_required === 1) {
      const { token, expiresAt } = issueOtp(
        deps,
        {
          recipient: agent.email,
          channel: "email_otp",
          purpose: "login_verification",
          metadata: { username: agent.username },
          agentId: agent.agent_id,
          loginStartedAt: deps.clock(),
        },
        { enforceRateLimit: false },
      );
      return ok(c, { mfaRequired: true, otpToken: token, channel: "email_otp", recipient: agent.email, expiresAt });
    }

    return ok(
      c,
      await signIn(
        deps,
        agent,
        "password",
        undefined,
        signInClientOf((name) => c.req.header(name)),
      ),
    );
  });

  r.delete("/logout", requireAuth(deps), (c) => {
    revokeSignIn(db, c.var.auth.sid, deps.clock());
    return c.body(null, 204);
  });

  r.post("/refresh-token", async (c) => {
    const { refresh_token } = await readBody(c, refreshBody);
    const claims = await deps.tokens.verify(refresh_token, "refresh");
    const agent = findAgentById(db, claims.sub);
    if (!agent || !claims.sid || agent.status !== "ACTIVE") throw invalidToken();
    touchSignIn(db, claims.sid, deps.clock());
    return ok(c, await deps.tokens.issueAccessAndId(agent, claims.sid));
  });

  /** A two-minute remote token for the legacy application `target` (single sign-on). */
  r.get("/remoteCPAccess", requireAuth(deps), async (c) => {
    const { target } = parseOrThrow(remoteQuery, { target: c.req.query("target") });
    const agent = findAgentById(db, c.var.auth.agentId);
    if (!agent) throw invalidToken();
    return ok(c, { remote_token: await issueRemoteToken(deps, agent, target) });
  });

  r.get("/validate-legacy-token", async (c) => {
    const token = c.req.header("cp-token")?.trim();
    if (!token) throw invalidToken("No legacy token was sent.");
    const claims = await deps.tokens.verify(token, "legacy");
    // Single use: a token that has been exchanged once never works again.
    const fresh = db
      .prepare("INSERT INTO used_legacy_tokens (jti, used_at) VALUES (?, ?) ON CONFLICT (jti) DO NOTHING")
      .run(claims.jti, deps.clock());
    if (fresh.changes !== 1) throw invalidToken("This legacy token has already been used.");
    const agent = findAgentById(db, claims.sub);
    if (!agent || agent.username.toLowerCase() !== claims.username.toLowerCase()) throw invalidToken();
    if (agent.locked_at !== null) throw invalidToken("This account is locked.");
    if (agent.status !== "ACTIVE") throw invalidToken("This account is not active.");
    assertQaModeAllows(deps, agent);
    // The agent arrives from the legacy site, so they have been there.
    markLegacySiteVisited(db, agent.agent_id);
    const answer = await signIn(
      deps,
      agent,
      "legacy",
      undefined,
      signInClientOf((name) => c.req.header(name)),
    );
    return ok(c, {
      isValid: true,
      access_token: answer.access_token,
      id_token: answer.id_token,
      refresh_token: answer.refresh_token,
    });
  });

  return r;
}
