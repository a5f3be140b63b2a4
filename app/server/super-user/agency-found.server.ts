import { data } from "@remix-run/node";
import { formatPhone } from "~/domain/phone";
import { startActing } from "~/server/auth/acting.server";
import { actForAgency, getFoundAgency } from "~/server/clients/super-user.server";
import { UpstreamError, upstreamCode } from "~/server/infra/http.server";
import { redirect } from "~/server/infra/responses.server";
import { routeErrorOf, unavailable } from "~/server/infra/route-errors.server";
import { countryName } from "~/server/reference/countries.server";
import type { Agent } from "~/server/auth/auth.server";

const AGENCY_ID = /^[A-Za-z0-9_-]{1,40}$/;

const NO_AGENCY = "There is no agency with that id. Search again by its phone or ABTA number.";

const UNAVAILABLE = "The agency's details are unavailable right now. Please try again in a moment.";

function agencyIdOf(request: Request): string {
  const agencyId = new URL(request.url).searchParams.get("agencyId") ?? "";
  if (!agencyId) throw redirect("/super-user");
  return agencyId;
}

/** The agency found, its agents and the changes made acting for it (an unknown agency: a message, 404). */
export async function foundAgencyPage(request: Request, agent: Agent) {
  const agencyId = agencyIdOf(request);
  if (!AGENCY_ID.test(agencyId)) return data({ found: null, problem: NO_AGENCY }, { status: 404 });
  const actingEnded = new URL(request.url).searchParams.get("acting") === "ended";
  try {
    const found = await getFoundAgency(agent, agencyId);
    // Written for people on the server: the country's name (as the profile shows it), the phone grouped.
    const shown = {
      country: countryName(found.agency.countryCode, "en_us"),
      phone: formatPhone(found.agency.telephoneNumber) || "—",
    };
    return { found, shown, problem: null, actingEnded };
  } catch (error) {
    if (upstreamCode(error) === "AGENCY_NOT_FOUND") return data({ found: null, problem: NO_AGENCY }, { status: 404 });
    if (unavailable(error) === null) return data({ found: null, problem: UNAVAILABLE }, { status: 503 });
    throw routeErrorOf(error);
  }
}

/** Starts acting for the agency as its administrator, then home. */
export async function actForAgencyForm(request: Request, agent: Agent) {
  const agencyId = agencyIdOf(request);
  if (!AGENCY_ID.test(agencyId)) return data({ error: NO_AGENCY }, { status: 404 });
  try {
    const answer = await actForAgency(agent, agencyId);
    return redirect("/home", { headers: await startActing(agent, answer) });
  } catch (error) {
    const code = upstreamCode(error);
    if (code === "AGENCY_NOT_FOUND") return data({ error: NO_AGENCY }, { status: 404 });
    if (code === "NO_ADMINISTRATOR" && error instanceof UpstreamError) {
      return data({ error: error.body?.message ?? "This agency has no administrator to act as." }, { status: 409 });
    }
    if (unavailable(error) === null) return data({ error: UNAVAILABLE }, { status: 503 });
    throw routeErrorOf(error);
  }
}
