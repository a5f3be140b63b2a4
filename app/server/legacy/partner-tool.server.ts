import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "~/server/infra/responses.server";
import { hasTool } from "~/domain/access";
import { brandsForTool } from "~/domain/navigation";
import { PARTNER_TOOLS, partnerLaunchUrl } from "~/domain/partners";
import { QUOTE_TOOL, quoteToolState } from "~/domain/profile";
import { quoteContextParams, readQuoteContext } from "~/domain/quote";
import { partnerAccessToken } from "~/server/clients/api.server";
import { env } from "~/server/infra/env.server";
import type { Agent } from "~/server/auth/auth.server";

/**
 * The partner tool's launch (a redirect with a single sign-on token), or why this page shows instead: the
 * quote terms, a cruise line to choose, a failure; a tool the agent may not open goes home.
 */
export async function partnerToolLaunch(request: Request, agent: Agent, params: LoaderFunctionArgs["params"]) {
  const toolCode = params.toolCode ?? "";
  const tool = PARTNER_TOOLS[toolCode];
  const { profile } = agent;
  if (!tool) throw redirect("/home");
  if (toolCode === QUOTE_TOOL) {
    const state = quoteToolState(profile);
    if (state === "unavailable") throw redirect("/home");
    if (state === "quote-terms") return { state: "quote-terms" as const, name: tool.name };
  } else if (!hasTool(profile.allowedApplicationTools, toolCode)) {
    throw redirect("/home");
  }

  const brands = brandsForTool(toolCode);
  const query = new URL(request.url).searchParams;
  const brand = query.get("brand") ?? undefined;
  // "Quote this sailing" opens the quote tool on a sailing, class and party.
  const quoteContext = toolCode === QUOTE_TOOL ? readQuoteContext(query) : null;
  if (brands.length > 1 && (!brand || !brands.includes(brand as never))) {
    return { state: "choose-brand" as const, name: tool.name, brands: [...brands] };
  }
  try {
    const remoteAccessToken = await partnerAccessToken(agent, toolCode);
    const base = `${env.PARTNERS_URL}/partners/${tool.slug}?agency_id=&tagent_id=`;
    return redirect(
      partnerLaunchUrl(
        base,
        tool,
        remoteAccessToken,
        {
          agencyId: profile.agencyId ?? null,
          agentId: profile.agentId,
          primaryCurrency: profile.primaryCurrency,
        },
        brand ?? brands[0],
        quoteContext ? quoteContextParams(quoteContext) : [],
      ),
    );
  } catch {
    return { state: "failed" as const, name: tool.name };
  }
}
