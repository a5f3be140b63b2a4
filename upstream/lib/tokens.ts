import { randomUUID } from "node:crypto";
import { SignJWT, jwtVerify } from "jose";
import { z } from "zod";
import type { Config } from "../config";
import type { Db } from "../db/database";
import type { AgentRow } from "../db/agents";
import type { Clock } from "./clock";
import { invalidToken } from "./errors";
import type { Keys } from "./keys";
import { isSignInActive } from "./sessions";

export type TokenType = "access" | "refresh" | "id" | "legacy";

/** The tokens of one sign-in, as a successful login answers them. */
export type TokenSet = { access_token: string; refresh_token: string; id_token: string };

/** Legacy tokens (minted by the legacy site, or by `POST /dev/legacy-token`) live five minutes. */
export const LEGACY_TOKEN_TTL_SECONDS = 300;

const claimsSchema = z.object({
  sub: z.string().min(1),
  username: z.string().min(1),
  typ: z.enum(["access", "refresh", "id", "legacy"]),
  sid: z.string().min(1).optional(),
  jti: z.string().min(1),
  iat: z.number(),
  exp: z.number(),
});

export type TokenClaims = z.infer<typeof claimsSchema>;

/** Mints and checks the HS256 JWTs. Times come from the injected clock. */
export class TokenService {
  private readonly db: Db;
  private readonly secret: Uint8Array;
  private readonly config: Config;
  private readonly clock: Clock;

  constructor(deps: { db: Db; keys: Keys; config: Config; clock: Clock }) {
    this.db = deps.db;
    this.secret = deps.keys.jwtSecret;
    this.config = deps.config;
    this.clock = deps.clock;
  }

  /** Access, refresh and id tokens for a sign-in. */
  async issueSignInTokens(agent: AgentRow, sid: string): Promise<TokenSet> {
    const [access_token, refresh_token, id_token] = await Promise.all([
      this.sign(agent, "access", this.config.accessTokenTtlSeconds, { sid }),
      this.sign(agent, "refresh", this.config.refreshTokenTtlSeconds, { sid }),
      this.sign(agent, "id", this.config.accessTokenTtlSeconds, { sid, ...idClaims(agent) }),
    ]);
    return { access_token, refresh_token, id_token };
  }

  /** New access and id tokens for an existing sign-in (what a refresh answers). */
  async issueAccessAndId(agent: AgentRow, sid: string): Promise<{ access_token: string; id_token: string }> {
    const [access_token, id_token] = await Promise.all([
      this.sign(agent, "access", this.config.accessTokenTtlSeconds, { sid }),
      this.sign(agent, "id", this.config.accessTokenTtlSeconds, { sid, ...idClaims(agent) }),
    ]);
    return { access_token, id_token };
  }

  issueLegacy(agent: AgentRow): Promise<string> {
    return this.sign(agent, "legacy", LEGACY_TOKEN_TTL_SECONDS, {});
  }

  /**
   * Checks signature, expiry (against the injected clock), the claim set and `typ`; for every type but
   * `legacy` also that the sign-in (`sid`) is still active. Any failure throws 401 INVALID_TOKEN.
   */
  async verify(token: string, typ: TokenType): Promise<TokenClaims> {
    let payload: unknown;
    try {
      ({ payload } = await jwtVerify(token, this.secret, {
        algorithms: ["HS256"],
        currentDate: new Date(this.clock()),
        requiredClaims: ["exp", "iat", "sub", "jti"],
      }));
    } catch {
      throw invalidToken("The token is not valid or has expired.");
    }
    const parsed = claimsSchema.safeParse(payload);
    if (!parsed.success || parsed.data.typ !== typ) throw invalidToken("The token is not valid or has expired.");
    const claims = parsed.data;
    if (typ !== "legacy") {
      if (!claims.sid || !isSignInActive(this.db, claims.sid, claims.sub)) {
        throw invalidToken("This session has ended. Please sign in again.");
      }
    }
    return claims;
  }

  private sign(agent: AgentRow, typ: TokenType, ttlSeconds: number, extra: Record<string, string>): Promise<string> {
    const iat = Math.floor(this.clock() / 1000);
    return new SignJWT({ username: agent.username, typ, ...extra })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(agent.agent_id)
      .setJti(randomUUID())
      .setIssuedAt(iat)
      .setExpirationTime(iat + ttlSeconds)
      .sign(this.secret);
  }
}

function idClaims(agent: AgentRow) {
  return { email: agent.email, given_name: agent.first_name, family_name: agent.last_name };
}
