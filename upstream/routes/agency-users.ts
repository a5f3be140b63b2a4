import { randomBytes } from "node:crypto";
import { Hono, type Context } from "hono";
import { z } from "zod";
import {
  USER_SORTS,
  findAgencyUser,
  insertInvitation,
  listActivity,
  listAgencyUsers,
  recordActivity,
} from "../db/agency-users";
import { AGENT_STATUSES, agentStatus, findAgentById, isSuperUser, type AgentRow } from "../db/agents";
import type { RoleCode } from "../db/demo-data";
import { findAgency, type AgencyRow } from "../db/registration";
import { requireAuth } from "../lib/auth";
import type { AppEnv, Deps } from "../lib/context";
import { ApiError, ok, parseOrThrow, readBody } from "../lib/errors";
import { emailAddress, optional, text } from "../lib/fields";
import { hashToken } from "../lib/otp";
import { sendToOutbox } from "../lib/outbox";
import { administers, callerOf, forbidden } from "../lib/roles";
import { revokeSignInsOf } from "../lib/sessions";
import { issueResetLink } from "./accounts";
import { assertEmailUnused } from "./agents";
import { lower, notFound, oneOf, readQuery, upper, wholeNumber } from "./catalogue";

/** How long an invitation link works. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60_000;

export const USER_ACTIONS = ["approve", "role", "deactivate", "reactivate", "unlock", "password-reset"] as const;
export type UserAction = (typeof USER_ACTIONS)[number];

const ROLE_CODES = ["AGENT", "ADMIN", "RCCL", "RCCLADMIN"] as const satisfies readonly RoleCode[];
const LIST_PARAMETERS = ["q", "role", "status", "sort", "order", "page", "pageSize"] as const;

const listQuery = z.object({
  q: z.string().max(100).optional(),
  role: upper.pipe(oneOf(ROLE_CODES)).optional(),
  status: upper.pipe(oneOf(AGENT_STATUSES)).optional(),
  sort: lower.pipe(oneOf(USER_SORTS)).optional(),
  order: lower.pipe(oneOf(["asc", "desc"] as const)).optional(),
  page: wholeNumber(1, 1_000_000).optional(),
  pageSize: wholeNumber(1, 100).optional(),
});

const roleBody = z.object({ roleCode: z.enum(["AGENT", "ADMIN"]) });

const invitationBody = z.object({
  email: emailAddress,
  firstName: optional(text(50)),
  lastName: optional(text(50)),
});

const invalidStatus = (message: string) => new ApiError(409, "INVALID_STATUS", message);
const selfChange = (message: string) => new ApiError(409, "SELF_CHANGE", message);

/** Which statuses each action starts from (anything else answers 409 INVALID_STATUS). */
const ALLOWED_FROM: Record<UserAction, readonly string[]> = {
  approve: ["PENDING"],
  role: ["PENDING", "ACTIVE", "LOCKED"],
  deactivate: ["PENDING", "ACTIVE", "LOCKED"],
  reactivate: ["DEACTIVATED"],
  unlock: ["LOCKED"],
  "password-reset": ["ACTIVE", "LOCKED"],
};

const STATUS_MESSAGES: Record<UserAction, string> = {
  approve: "Only a pending registration can be approved.",
  role: "A deactivated agent's role cannot be changed; reactivate the agent first.",
  deactivate: "This agent is already deactivated.",
  reactivate: "Only a deactivated agent can be reactivated.",
  unlock: "Only a locked agent can be unlocked.",
  "password-reset": "A password reset link can be sent only to an active or locked agent.",
};

/**
 * User management of an agency's agents (docs/agency-contract.md), mounted on `/agencies` beside the
 * agency routes: the list, one agent with its activity, the six actions and invitations. Bearer; the
 * agency's ADMIN or RCCLADMIN only (others 403 FORBIDDEN).
 */
export function agencyUserRoutes(deps: Deps) {
  const { db } = deps;
  const r = new Hono<AppEnv>();

  /** The caller and the agency they administer; 403 FORBIDDEN for anyone else, 404 for an unknown agency. */
  const managed = (c: Context<AppEnv>): { caller: AgentRow; agency: AgencyRow } => {
    const caller = callerOf(c, db);
    const agencyId = c.req.param("agencyId") ?? "";
    if (!administers(caller, agencyId)) throw forbidden("Only the agency's administrators can manage its agents.");
    const agency = findAgency(db, agencyId);
    if (!agency) throw notFound(`There is no agency ${agencyId}.`);
    return { caller, agency };
  };

  const withActivity = (agencyId: string, agentId: string) => {
    const user = findAgencyUser(db, agencyId, agentId);
    if (!user) throw notFound("This agency has no such agent.");
    return { ...user, activity: listActivity(db, agentId) };
  };

  r.get("/:agencyId/agents", requireAuth(deps), (c) => {
    const { agency } = managed(c);
    const query = parseOrThrow(listQuery, readQuery(c, LIST_PARAMETERS));
    const page = query.page ?? 1;
    const pageSize = query.pageSize ?? 20;
    const { items, total } = listAgencyUsers(db, agency.agency_id, {
      q: query.q,
      role: query.role,
      status: query.status,
      sort: query.sort ?? "name",
      order: query.order ?? "asc",
      page,
      pageSize,
    });
    return ok(c, { items, total, page, pageSize, pageCount: Math.ceil(total / pageSize) });
  });

  r.get("/:agencyId/agents/:agentId", requireAuth(deps), (c) => {
    const { agency } = managed(c);
    return ok(c, withActivity(agency.agency_id, c.req.param("agentId")));
  });

  r.post("/:agencyId/agents/:agentId/:action", requireAuth(deps), async (c) => {
    const action = c.req.param("action") as UserAction;
    if (!USER_ACTIONS.includes(action)) throw notFound("Not found");
    const { caller, agency } = managed(c);
    const target = findAgentById(db, c.req.param("agentId"));
    if (!target || target.agency_id !== agency.agency_id) throw notFound("This agency has no such agent.");
    if (caller.role_code === "ADMIN" && isSuperUser(target.role_code)) {
      throw forbidden("Royal Caribbean staff accounts are managed by Royal Caribbean.");
    }
    const roleCode = action === "role" ? (await readBody(c, roleBody)).roleCode : undefined;
    const self = target.agent_id === caller.agent_id;
    if (self && action === "deactivate") throw selfChange("You cannot deactivate your own account.");
    if (self && action === "role" && roleCode !== caller.role_code) {
      throw selfChange("You cannot change your own role; ask another administrator.");
    }
    if (action === "role" && isSuperUser(target.role_code)) {
      throw forbidden("The roles of Royal Caribbean staff are not changed here.");
    }
    const status = agentStatus(target);
    if (!ALLOWED_FROM[action].includes(status))
      throw invalidStatus(`${STATUS_MESSAGES[action]} This agent is ${status}.`);
    if (action === "role" && roleCode === target.role_code) {
      throw invalidStatus(`This agent already has the role ${roleCode}.`);
    }

    db.transaction(() => {
      const now = deps.clock();
      const record = (detail: string) =>
        recordActivity(db, {
          agentId: target.agent_id,
          actor: caller,
          action,
          detail,
          at: now,
          onBehalfOf: c.var.auth.actor?.name ?? null,
        });
      switch (action) {
        case "approve":
          db.prepare("UPDATE agents SET status = 'ACTIVE' WHERE agent_id = ?").run(target.agent_id);
          record("Approved the registration.");
          break;
        case "role":
          db.prepare("UPDATE agents SET role_code = ? WHERE agent_id = ?").run(roleCode, target.agent_id);
          record(`Changed the role from ${target.role_code} to ${roleCode}.`);
          break;
        case "deactivate":
          db.prepare("UPDATE agents SET status = 'DEACTIVATED' WHERE agent_id = ?").run(target.agent_id);
          revokeSignInsOf(db, target.agent_id, now);
          record("Deactivated the account; every sign-in ended.");
          break;
        case "reactivate":
          db.prepare(
            "UPDATE agents SET status = 'ACTIVE', failed_attempts = 0, locked_at = NULL WHERE agent_id = ?",
          ).run(target.agent_id);
          record("Reactivated the account.");
          break;
        case "unlock":
          db.prepare("UPDATE agents SET failed_attempts = 0, locked_at = NULL WHERE agent_id = ?").run(target.agent_id);
          record("Unlocked the account.");
          break;
        case "password-reset":
          issueResetLink(deps, target, undefined, caller.username);
          record(`Sent a password reset link to ${target.email}.`);
          break;
      }
    })();
    return ok(c, withActivity(agency.agency_id, target.agent_id));
  });

  r.post("/:agencyId/invitations", requireAuth(deps), async (c) => {
    const { caller, agency } = managed(c);
    const body = await readBody(c, invitationBody);
    assertEmailUnused(db, body.email);
    const token = randomBytes(32).toString("base64url");
    const now = deps.clock();
    const expiresAt = now + INVITATION_TTL_MS;
    const link = `${deps.config.portalUrl}/register?invitation=${encodeURIComponent(token)}`;
    const inviter = `${caller.first_name} ${caller.last_name}`.trim();
    const greeting = body.firstName ? `Hello ${body.firstName}, ` : "";
    db.transaction(() => {
      insertInvitation(db, {
        token_hash: hashToken(token),
        agency_id: agency.agency_id,
        email: body.email,
        first_name: body.firstName ?? null,
        last_name: body.lastName ?? null,
        invited_by: caller.agent_id,
        created_at: now,
        expires_at: expiresAt,
      });
      sendToOutbox(deps, {
        recipient: body.email,
        channel: "email_magic_link",
        purpose: "agent_invitation",
        subject: `${agency.name} invites you to the Professional Portal`,
        body: `${greeting}${inviter} invites you to join ${agency.name} on the Professional Portal. Open this link to register: ${link} It expires in 7 days.`,
        code: null,
        link,
      });
    })();
    return ok(c, { email: body.email, expiresAt: new Date(expiresAt).toISOString() }, 201);
  });

  return r;
}
