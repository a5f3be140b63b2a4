import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { BRAND_NAMES, type BrandCode } from "~/domain/navigation";
import { pageTitle } from "~/domain/titles";
import { requireAgent } from "~/server/auth/auth.server";
import { partnerToolLaunch } from "~/server/legacy/partner-tool.server";

/**
 * Opens a partner tool with single sign-on: a token from GET /redirect, then the tool's
 * address with its parameters. Any other tool needs its tool code. The quote tool follows
 * the derived field hasEquoteAccess instead (decision 015): without it the agent goes to /home; with
 * it but without the quote terms (eQuoteAcceptanceTC) this internal quote page explains instead. The
 * quote tool passes on a sailing, stateroom class and party when the address carries them.
 * A failure opens nothing and says so.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const agent = await requireAgent(request);
  return partnerToolLaunch(request, agent, params);
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
