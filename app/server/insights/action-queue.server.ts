import { mayOpen } from "~/domain/access";
import { actionQueue, windowTotal } from "~/domain/insights/summary";
import type { Agent } from "~/server/auth/auth.server";
import { alertSummary } from "~/server/clients/insight.server";
import { insightBranch } from "~/server/insights/context.server";
import { priceDropCount } from "~/server/insights/price-drops.server";

export type ActionQueue =
  | {
      state: "ready";
      branch: string;
      /** The insight API's today: the windows below count from it. */
      today: string;
      /** Every alert due in the next 10 days (the sum of the items' counts). */
      total: number;
      /** Of those, the ones due within 48 hours. */
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
      today: summary.today,
      total: windowTotal(summary.counts, "NEXT_10_DAYS"),
      urgentTotal: summary.urgentTotal,
      items: actionQueue(summary.counts),
      priceDrops,
    };
  } catch {
    return { state: "unavailable" };
  }
}
