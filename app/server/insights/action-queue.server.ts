import { mayOpen } from "~/domain/access";
import { actionQueue } from "~/domain/insights/summary";
import type { Agent } from "~/server/auth/auth.server";
import { alertSummary } from "~/server/clients/insight.server";
import { insightBranch } from "~/server/insights/context.server";
import { priceDropCount } from "~/server/insights/price-drops.server";

export type ActionQueue =
  | {
      state: "ready";
      branch: string;
      urgentTotal: number;
      items: ReturnType<typeof actionQueue>;
      /** Bookings with a price drop (null when that count could not be had). */
      priceDrops: number | null;
    }
  | { state: "unavailable" };

/**
 * The home page's action queue: what is due in the next ten days in the branch
 * the agent's insights show. Null for agents without the alert centre; a failing insight API is a
 * message in its panel, never the page's failure.
 */
export async function homeActionQueue(agent: Agent): Promise<ActionQueue | null> {
  if (!mayOpen("/insights/alert-centre", agent.profile.allowedApplicationTools)) return null;
  try {
    const branch = await insightBranch(agent);
    const [summary, priceDrops] = await Promise.all([
      alertSummary(agent, branch.code),
      priceDropCount(agent, branch.code),
    ]);
    return {
      state: "ready",
      branch: branch.name,
      urgentTotal: summary.urgentTotal,
      items: actionQueue(summary.counts),
      priceDrops,
    };
  } catch {
    return { state: "unavailable" };
  }
}
