import { z } from "zod";
import { safeRedirect } from "~/domain/redirect";
import type { Agent } from "~/server/auth/auth.server";
import { insightBranches } from "~/server/clients/insight.server";
import { redirect } from "~/server/infra/responses.server";
import { unavailable } from "~/server/infra/route-errors.server";
import { branchView, pickBranch, pickedInsightBranch } from "~/server/insights/context.server";

const PICK_A_BRANCH = "Choose one of the branches listed.";

const pickSchema = z.object({ branch: z.string().trim().min(1).max(20), returnTo: z.string().optional() });

/** Where a pick goes back to: an insights page the agent came from, else the overview. */
const returnPath = (to: unknown) => {
  const path = safeRedirect(to, "/insights/overview");
  return path.startsWith("/insights/") && !path.startsWith("/insights/view-another-branch")
    ? path
    : "/insights/overview";
};

/** /insights/view-another-branch's data: the branches the agent may see and the one shown (null: unavailable). */
export async function branchPickPage(agent: Agent) {
  const branches = await insightBranches(agent).catch(unavailable);
  const view = branches ? branchView(branches, pickedInsightBranch.read(agent.session)) : null;
  return { branches: branches?.branches ?? null, view };
}

/**
 * Picks the branch every insights page shows (kept in the session). Only a branch the insight API
 * lists for this agent is taken: anything else is refused with a message, and nothing changes.
 */
export async function pickBranchForm(agent: Agent, formData: FormData) {
  const parsed = pickSchema.safeParse(Object.fromEntries(formData));
  const branches = await insightBranches(agent);
  const code = parsed.success ? parsed.data.branch.toUpperCase() : "";
  if (!branches.branches.some((b) => b.code === code)) return { error: PICK_A_BRANCH };
  await pickBranch(agent, code, branches.home);
  return redirect(returnPath(parsed.data?.returnTo));
}
