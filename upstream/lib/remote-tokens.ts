import { randomUUID } from "node:crypto";
import { SignJWT, jwtVerify } from "jose";
import { z } from "zod";
import type { AgentRow } from "../db/agents";
import type { Deps } from "./context";

/**
 * Remote tokens: single sign-on tokens for another application (`GET /auth/remoteCPAccess` for the
 * legacy site, `GET /redirect` for partner tools). HS256 with the same secret as every other JWT,
 * `typ: "remote"`, a `target` claim naming the application, two minutes of life. They carry no `sid`,
 * so they are never accepted as a bearer token (the session verifier does not know the type).
 */
export const REMOTE_TOKEN_TTL_SECONDS = 120;

/** What `GET /auth/remoteCPAccess` accepts as `target`: 1 to 40 of `a-z`, `0-9`, `-`. */
export const REMOTE_TARGET_PATTERN = /^[a-z0-9-]{1,40}$/;

const remoteClaimsSchema = z.object({
  sub: z.string().min(1),
  username: z.string().min(1),
  typ: z.literal("remote"),
  target: z.string().min(1),
  jti: z.string().min(1),
  iat: z.number(),
  exp: z.number(),
});

export type RemoteClaims = z.infer<typeof remoteClaimsSchema>;

export function issueRemoteToken(deps: Pick<Deps, "keys" | "clock">, agent: AgentRow, target: string): Promise<string> {
  const iat = Math.floor(deps.clock() / 1000);
  return new SignJWT({ username: agent.username, typ: "remote", target })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(agent.agent_id)
    .setJti(randomUUID())
    .setIssuedAt(iat)
    .setExpirationTime(iat + REMOTE_TOKEN_TTL_SECONDS)
    .sign(deps.keys.jwtSecret);
}

/**
 * The claims of a valid remote token (signature, expiry against the injected clock, `typ: "remote"`,
 * and `target` equal to `expectedTarget`), or `null` for anything else.
 */
export async function verifyRemoteToken(
  deps: Pick<Deps, "keys" | "clock">,
  token: string,
  expectedTarget: string,
): Promise<RemoteClaims | null> {
  try {
    const { payload } = await jwtVerify(token, deps.keys.jwtSecret, {
      algorithms: ["HS256"],
      currentDate: new Date(deps.clock()),
      requiredClaims: ["exp", "iat", "sub", "jti"],
    });
    const parsed = remoteClaimsSchema.safeParse(payload);
    if (!parsed.success || parsed.data.target !== expectedTarget) return null;
    return parsed.data;
  } catch {
    return null;
  }
}
