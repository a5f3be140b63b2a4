import { Hono } from "hono";
import { z } from "zod";
import { findAgentById, isKnownTool } from "../db/agents";
import { requireAuth } from "../lib/auth";
import type { AppEnv, Deps } from "../lib/context";
import { invalidToken, invalidRequest, ok, parseOrThrow } from "../lib/errors";
import { issueRemoteToken } from "../lib/remote-tokens";

const redirectQuery = z.object({ applicationId: z.string().min(1).max(40) });

/**
 * `GET /redirect?applicationId=TOOL-CODE`: a remote token for a partner tool. The
 * application id is a tool code (`HOTELS`, `CRUISE-PLANNER`, …, as the sidebar's partner entries carry
 * it); the token is the same kind `GET /auth/remoteCPAccess` answers, with `target` = the id.
 */
export function redirectRoutes(deps: Deps) {
  const { db } = deps;
  const r = new Hono<AppEnv>();
  r.use("*", requireAuth(deps));

  r.get("/", async (c) => {
    const { applicationId } = parseOrThrow(redirectQuery, { applicationId: c.req.query("applicationId") });
    if (!isKnownTool(db, applicationId)) throw invalidRequest("The application id is not known.");
    const agent = findAgentById(db, c.var.auth.agentId);
    if (!agent) throw invalidToken();
    return ok(c, { remoteAccessToken: await issueRemoteToken(deps, agent, applicationId) });
  });

  return r;
}
