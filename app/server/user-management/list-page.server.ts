import { data } from "@remix-run/node";
import { parseListSearch, widenings } from "~/domain/lists";
import { AGENT_LIST, isPendingAction, PENDING_ACTION_TEXT, withName } from "~/domain/user-management";
import { getAgencyAgent, listAgencyAgents, type ManagedAgentPage } from "~/server/clients/agency.server";
import { readFormData } from "~/server/infra/forms.server";
import { redirect } from "~/server/infra/responses.server";
import { unavailable } from "~/server/infra/route-errors.server";
import { changeAgent } from "~/server/user-management/agent-actions.server";
import { lastPageIfPast } from "~/domain/paging";
import type { Agent } from "~/server/auth/auth.server";

export type { ManagedAgent, ManagedAgentPage } from "~/server/clients/agency.server";

const PAGE_SIZE = 25;
const PENDING_SHOWN = 10;
const AGENT_ID = /^\d{1,12}$/;

/**
 * The registrations waiting for approval (on the plain list), the agents for the search in the URL (paged;
 * null: unavailable) and what was just done.
 */
export async function agentListPage(request: Request, agent: Agent & { agencyId: string }) {
  const url = new URL(request.url);
  const { search, notices } = parseListSearch(AGENT_LIST, url.searchParams, { flexPay: false });
  const pendingQuery = new URLSearchParams({
    status: "PENDING",
    sort: "created",
    order: "asc",
    page: "1",
    pageSize: String(PENDING_SHOWN),
  });
  const doneIntent = url.searchParams.get("done") ?? "";
  const doneId = url.searchParams.get("agent") ?? "";
  const [pending, doneAgent] = await Promise.all([
    // A filtered list is the agent's own question: the waiting registrations are offered on the plain list.
    search.filters.status ? null : listAgencyAgents(agent, agent.agencyId, pendingQuery).catch(unavailable),
    isPendingAction(doneIntent) && AGENT_ID.test(doneId)
      ? getAgencyAgent(agent, agent.agencyId, doneId).catch(() => null)
      : null,
  ]);
  const done =
    doneAgent && isPendingAction(doneIntent)
      ? withName(PENDING_ACTION_TEXT[doneIntent].done, `${doneAgent.firstName} ${doneAgent.lastName}`)
      : null;
  let found: ManagedAgentPage | null = null;
  try {
    const paged = await lastPageIfPast(
      search.page,
      (page) => {
        const query = new URLSearchParams({
          sort: search.sort,
          order: search.order,
          page: String(page),
          pageSize: String(PAGE_SIZE),
        });
        for (const [name, value] of Object.entries(search.filters)) if (value) query.set(name, value);
        return listAgencyAgents(agent, agent.agencyId, query);
      },
      "agents",
    );
    found = paged.found;
    search.page = paged.page;
    if (paged.notice) notices.push(paged.notice);
  } catch (error) {
    // Down or failing: the page says so and keeps its filters (404 and 403 go to the route's handling).
    found = unavailable(error);
  }
  return { search, notices, found, pending, done, widen: found?.total === 0 ? widenings(AGENT_LIST, search) : [] };
}

/** Approves or declines a waiting registration; the list comes back with what was done. */
export async function pendingAgentForm(request: Request, manager: Agent & { agencyId: string }) {
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  const agentId = String(form.get("agentId") ?? "");
  if (!isPendingAction(intent)) return data({ error: "Choose Approve or Decline on a waiting registration." }, 400);
  const result = await changeAgent(manager, agentId, form);
  if (!result.ok) return data({ error: result.error }, { status: result.status });
  return redirect(`/user-management?${new URLSearchParams({ done: intent, agent: agentId })}`);
}
