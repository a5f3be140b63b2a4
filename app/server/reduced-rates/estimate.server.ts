import type { RateEstimate } from "~/domain/reduced-rates";
import type { Agent } from "~/server/auth/auth.server";
import { fetchRates } from "~/server/clients/forex.server";

/**
 * The agent's primary currency as an estimate beside the US-dollar rates (the dollar rates of the forex
 * client, cached an hour, as the itinerary pages convert): null for a USD agent (no call), and null when the
 * rates cannot be read or lack the currency, so the page keeps the dollar figures alone.
 */
export async function rateEstimate(agent: Agent): Promise<RateEstimate | null> {
  const code = agent.profile.primaryCurrency;
  if (!code || code === "USD") return null;
  try {
    const [item] = await fetchRates("USD");
    const rate = item?.rates[code];
    return item && rate ? { code, rate, rateDate: item.date } : null;
  } catch {
    return null;
  }
}
