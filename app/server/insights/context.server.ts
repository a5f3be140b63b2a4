import { hasFlexPayAccess } from "~/domain/profile";
import type { Agent } from "~/server/auth/agent.server";
import { insightBranches, type Branches } from "~/server/clients/insight.server";
import { sessionStorage } from "~/server/infra/session.server";
import { sessionSlice } from "~/server/infra/session-slice.server";
import { authState } from "~/server/infra/auth-state.server";

/** The branch (reporting office) the insights pages show, when not the agent's home branch. */
export const pickedInsightBranch = sessionSlice<string>("insightBranch", import.meta.url, { perIdentity: true });

export type BranchView = {
  code: string;
  name: string;
  /** The agent's own branch (reporting office). */
  home: { code: string; name: string };
  /** Whether the agent may see more than one branch (then "View another branch" is offered). */
  canSwitch: boolean;
};

/**
 * Which branch the insights pages show: the one the agent picked on /insights/view-another-branch
 * (kept in the session) while the upstream still lets them see it, else their home branch.
 */
export function branchView(branches: Branches, picked: string | undefined): BranchView {
  // The schema holds at least one branch.
  const home = branches.branches.find((b) => b.code === branches.home) ?? branches.branches[0]!;
  const shown = branches.branches.find((b) => b.code === picked) ?? home;
  return {
    code: shown.code,
    name: shown.name,
    home: { code: home.code, name: home.name },
    canSwitch: branches.branches.length > 1,
  };
}

export async function insightBranch(agent: Agent): Promise<BranchView> {
  return branchView(await insightBranches(agent), pickedInsightBranch.read(agent.session));
}

/** The derived hasFlexPayAccess: the flex pay column and filter appear only with it. */
export const flexPayFor = (agent: Agent) => hasFlexPayAccess(agent.profile);

/** Keeps the branch picked in the (server-side) session; the home branch forgets the pick. */
export async function pickBranch(agent: Agent, code: string, home: string): Promise<void> {
  if (code === home) pickedInsightBranch.clear(agent.session);
  else pickedInsightBranch.write(agent.session, code);
  authState.write(agent.session, agent.auth);
  await sessionStorage.commitSession(agent.session);
}
