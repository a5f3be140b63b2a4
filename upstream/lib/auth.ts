import { createMiddleware } from "hono/factory";
import { findAgentById } from "../db/agents";
import type { AppEnv, Deps } from "./context";
import { invalidToken } from "./errors";
import { recordActingChange } from "../db/super-user";
import { signInActor, touchSignIn } from "./sessions";

const BEARER = /^Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i;

/**
 * Requires `Authorization: Bearer <access token>`: valid signature, unexpired, typ access, sign-in not
 * revoked, account still there and active (not deactivated, not pending). Records the sign-in as seen
 * (`lastSeenAt`). Sets `c.var.auth`. The `id-token` header is accepted and not needed. A change made
 * with a sign-in acting for an agency (any method but GET) is recorded with both names.
 */
export function requireAuth(deps: Deps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const match = BEARER.exec(c.req.header("authorization") ?? "");
    if (!match?.[1]) throw invalidToken("Sign in to continue.");
    const claims = await deps.tokens.verify(match[1], "access");
    const agent = findAgentById(deps.db, claims.sub);
    // A deactivated account's sign-ins are ended when it is deactivated; this is the backstop.
    if (!claims.sid || !agent || agent.status !== "ACTIVE") throw invalidToken();
    touchSignIn(deps.db, claims.sid, deps.clock());
    const acting = signInActor(deps.db, claims.sid);
    const actor = acting ? findAgentById(deps.db, acting.agentId) : undefined;
    if (acting && !actor) throw invalidToken();
    c.set("auth", {
      agentId: claims.sub,
      username: claims.username,
      sid: claims.sid,
      actor: actor
        ? { agentId: actor.agent_id, name: `${actor.first_name} ${actor.last_name}`, username: actor.username }
        : null,
    });
    await next();
    if (actor && c.req.method !== "GET" && c.req.method !== "HEAD") {
      recordActingChange(deps.db, {
        agent,
        actor,
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        at: deps.clock(),
      });
    }
  });
}
