import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { redirect } from "~/server/infra/responses.server";
import { Link, useLoaderData } from "@remix-run/react";
import { hasTool } from "~/domain/access";
import { BRAND_NAMES, brandsForTool, type BrandCode } from "~/domain/navigation";
import { PARTNER_TOOLS, partnerLaunchUrl } from "~/domain/partners";
import { QUOTE_TOOL, quoteToolState } from "~/domain/profile";
import { quoteContextParams, readQuoteContext } from "~/domain/quote";
import { pageTitle } from "~/domain/titles";
import { partnerAccessToken } from "~/server/clients/api.server";
import { requireAgent } from "~/server/auth/auth.server";
import { env } from "~/server/infra/env.server";

/**
 * Opens a partner tool with single sign-on: a token from GET /redirect, then the tool's
 * address with its parameters. Any other tool needs its tool code. The quote tool follows
 * the derived field hasEquoteAccess instead (decision 015): without it the agent goes to /home; with
 * it but without the quote terms (eQuoteAcceptanceTC) this internal quote page explains instead. The
 * quote tool passes on a sailing, stateroom class and party when the address carries them.
 * A failure opens nothing and says so.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const toolCode = params.toolCode ?? "";
  const tool = PARTNER_TOOLS[toolCode];
  const agent = await requireAgent(request);
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

export default function PartnerTool() {
  const data = useLoaderData<typeof loader>();
  return (
    <section className="panel panel--narrow" aria-labelledby="tool-heading">
      <h1 id="tool-heading">{data.name}</h1>
      {data.state === "quote-terms" ? (
        <p>
          Quotes open once your agency has accepted the quote terms and conditions. Ask your agency administrator, or
          contact us from the Help and assistance menu.
        </p>
      ) : null}
      {data.state === "failed" ? (
        <p role="alert">{data.name} could not be opened. Please try again in a moment.</p>
      ) : null}
      {data.state === "choose-brand" ? (
        <form method="get" className="brand-choice">
          <fieldset>
            <legend>Which brand would you like to continue with?</legend>
            {data.brands.map((code) => (
              <label key={code} className="brand-choice__option">
                <input type="radio" name="brand" value={code} required /> {BRAND_NAMES[code as BrandCode] ?? code}
              </label>
            ))}
          </fieldset>
          <button type="submit" className="button button--primary">
            Continue
          </button>
        </form>
      ) : null}
      <p>
        <Link to="/home">Back to the home page</Link>
      </p>
    </section>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data?.name ?? "Partner tool") }];
