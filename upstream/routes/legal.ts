import { Hono } from "hono";
import { z } from "zod";
import { POLICY_TYPES } from "../content/legal/index";
import { LOCALES } from "../content/types";
import { listAcceptedTerms, saveAcceptedTerms } from "../db/legal";
import { requireAuth } from "../lib/auth";
import type { AppEnv, Deps } from "../lib/context";
import { ok, readBody } from "../lib/errors";

/** A calendar date, optionally with a time and offset: 2026-01-15 or 2026-01-15T00:00:00.000Z. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

const acceptedTerm = z.object({
  policyType: z.enum(POLICY_TYPES),
  policyVersion: z
    .string()
    .trim()
    .max(64)
    .refine((value) => ISO_DATE.test(value) && !Number.isNaN(Date.parse(value)), "must be an ISO date"),
  policyLanguage: z.string().trim().toLowerCase().pipe(z.enum(LOCALES)),
});

const acceptBody = z.object({ acceptedTerms: z.array(acceptedTerm).min(1).max(10) });

/**
 * `GET /agents/legal-acceptance` and `POST /agents/legal-acceptance` (bearer). Each route carries its
 * own guard, so other `/agents/*` routes can be mounted beside them with their own rules.
 */
export function legalRoutes(deps: Deps) {
  const { db } = deps;
  const r = new Hono<AppEnv>();

  r.get("/legal-acceptance", requireAuth(deps), (c) =>
    ok(c, { acceptedTerms: listAcceptedTerms(db, c.var.auth.agentId) }),
  );

  /** Stores (one per policy, the latest wins) and answers every acceptance of the agent. */
  r.post("/legal-acceptance", requireAuth(deps), async (c) => {
    const { acceptedTerms } = await readBody(c, acceptBody);
    const { agentId } = c.var.auth;
    saveAcceptedTerms(db, agentId, acceptedTerms, deps.clock());
    return ok(c, { acceptedTerms: listAcceptedTerms(db, agentId) });
  });

  return r;
}
