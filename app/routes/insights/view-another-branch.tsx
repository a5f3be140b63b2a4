import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { FormError } from "~/components/forms";
import { BranchLine, INSIGHTS_UNAVAILABLE } from "~/components/insights/list-page";
import { wholeNumber } from "~/domain/money";
import { screenHeading } from "~/domain/screens";
import { titleFor } from "~/domain/titles";
import { requireAgent } from "~/server/auth/auth.server";
import { readFormData } from "~/server/infra/forms.server";
import { withUpstreamErrors } from "~/server/infra/route-errors.server";
import { branchPickPage, pickBranchForm } from "~/server/insights/branch-pick.server";

const HEADING = screenHeading("/insights/view-another-branch") ?? "View another branch";

/**
 * Picks the branch every insights page shows (kept in the session). Only a branch the insight API
 * lists for this agent is taken: anything else is refused with a message, and nothing changes.
 */
export async function action({ request }: ActionFunctionArgs) {
  const agent = await requireAgent(request);
  const formData = await readFormData(request);
  return withUpstreamErrors(() => pickBranchForm(agent, formData));
}

export async function loader({ request }: LoaderFunctionArgs) {
  const agent = await requireAgent(request);
  return withUpstreamErrors(() => branchPickPage(agent));
}

export default function ViewAnotherBranch() {
  const { branches, view } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <section aria-labelledby="screen-heading" className="insights">
      <h1 id="screen-heading">{HEADING}</h1>
      <BranchLine branch={view} />
      {branches === null || view === null ? (
        <p className="notice notice--warning" role="alert">
          {INSIGHTS_UNAVAILABLE}
        </p>
      ) : branches.length < 2 ? (
        <p>Your insights cover one branch, {view.name}: there is no other branch to view.</p>
      ) : (
        <Form method="post" className="panel form">
          <FormError errors={result && "error" in result ? [result.error] : null} />
          <fieldset className="field choices">
            <legend>Show the insights of</legend>
            <div className="choices__options choices__options--stack">
              {branches.map((b) => (
                <label key={b.code} className="choices__option">
                  <input type="radio" name="branch" value={b.code} defaultChecked={b.code === view.code} required />
                  <span>
                    {b.name} ({b.code}), {b.city}: {wholeNumber(b.bookings)} bookings
                    {b.code === view.home.code ? " · your branch" : ""}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <button type="submit" className="button button--primary">
            Show this branch
          </button>
        </Form>
      )}
    </section>
  );
}

export const meta: MetaFunction = ({ location }) => [{ title: titleFor(location.pathname) }];
