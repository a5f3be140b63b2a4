import { Hono, type Context } from "hono";
import { z } from "zod";
import { listAgencyUsers } from "../db/agency-users";
import { isSuperUser } from "../db/agents";
import { findAgency } from "../db/registration";
import { actingAdministrator, actingChanges, fullName, searchAgencies } from "../db/super-user";
import { requireAuth } from "../lib/auth";
import type { AppEnv, Deps } from "../lib/context";
import { ApiError, ok, parseOrThrow } from "../lib/errors";
import { abtaNumber, e164Phone, optional } from "../lib/fields";
import { callerOf, forbidden } from "../lib/roles";
import { signIn } from "../lib/sign-in";
import { agencyView } from "./agencies";
import { readQuery } from "./catalogue";

const searchQuery = z
  .object({ phone: optional(e164Phone), abta: optional(abtaNumber) })
  .refine((query) => query.phone !== undefined || query.abta !== undefined, "give a phone or an ABTA number");

const AGENCY_ID = /^[A-Za-z0-9_-]{1,40}$/;

const agencyNotFound = (agencyId: string) =>
  new ApiError(404, "AGENCY_NOT_FOUND", `There is no agency ${agencyId.slice(0, 40)}.`);
const noAdministrator = () =>
  new ApiError(
    409,
    "NO_ADMINISTRATOR",
    "This agency has no active administrator to act as. Approve or reactivate one of its administrators first.",
  );

/**
 * The super-user pages' calls (docs/agency-contract.md, "Super users"), bearer, RCCL and RCCLADMIN only
 * (others 403 FORBIDDEN), and never from a sign-in that is itself acting for an agency: find agencies
 * by phone or ABTA number, read one with its agents and the changes made while acting for it, and
 * start acting for it (a sign-in of its administrator that names the real user and ends with theirs).
 */
export function superUserRoutes(deps: Deps) {
  const { db } = deps;
  const r = new Hono<AppEnv>();
  r.use(requireAuth(deps));

  const superUser = (c: Context<AppEnv>) => {
    const caller = callerOf(c, db);
    if (!isSuperUser(caller.role_code)) throw forbidden("Only Royal Caribbean staff can use the super-user pages.");
    if (c.var.auth.actor) throw forbidden("Stop acting for an agency before you look up another one.");
    return caller;
  };
  const agencyOf = (c: Context<AppEnv>) => {
    const agencyId = c.req.param("agencyId") ?? "";
    const agency = AGENCY_ID.test(agencyId) ? findAgency(db, agencyId) : undefined;
    if (!agency) throw agencyNotFound(agencyId);
    return agency;
  };

  r.get("/agencies", (c) => {
    superUser(c);
    const query = parseOrThrow(searchQuery, readQuery(c, ["phone", "abta"]));
    return ok(c, searchAgencies(db, query).map(agencyView));
  });

  r.get("/agencies/:agencyId", (c) => {
    superUser(c);
    const agency = agencyOf(c);
    const administrator = actingAdministrator(db, agency.agency_id);
    const { items } = listAgencyUsers(db, agency.agency_id, { sort: "name", order: "asc", page: 1, pageSize: 100 });
    return ok(c, {
      agency: agencyView(agency),
      administrator: administrator
        ? { agentId: administrator.agent_id, username: administrator.username, name: fullName(administrator) }
        : null,
      agents: items,
      actingChanges: actingChanges(db, agency.agency_id),
    });
  });

  r.post("/agencies/:agencyId/act-for", async (c) => {
    const caller = superUser(c);
    const agency = agencyOf(c);
    const administrator = actingAdministrator(db, agency.agency_id);
    if (!administrator) throw noAdministrator();
    const { user, ...tokens } = await signIn(deps, administrator, "act-for", {
      agentId: caller.agent_id,
      sid: c.var.auth.sid,
    });
    deps.logger.info(`act-for: ${caller.username} acts for agency ${agency.agency_id} as ${administrator.username}`);
    return ok(c, {
      ...tokens,
      actingAs: { ...user, name: fullName(administrator) },
      agency: { agencyId: agency.agency_id, name: agency.name },
    });
  });

  return r;
}
