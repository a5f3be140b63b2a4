import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { atResults } from "~/components/lists";
import { z } from "zod";
import { AVAILABILITY_NAMES, CABIN_CLASSES, CABIN_CLASS_NAMES, brandName } from "~/domain/catalogue/codes";
import { changeSelection, COMPARE_FULL_MESSAGE, COMPARE_LIMIT, compareReturnTo } from "~/domain/catalogue/compare";
import { describeParty } from "~/domain/catalogue/guests";
import { sailingDetailHref, searchParams } from "~/domain/catalogue/itinerary-search";
import { money } from "~/domain/money";
import { displayDate } from "~/domain/dates";
import { safeRedirect } from "~/domain/redirect";
import { screenHeading } from "~/domain/screens";
import { titleFor } from "~/domain/titles";
import { requireAgent } from "~/server/auth/auth.server";
import { getSailing, type Sailing } from "~/server/clients/catalogue.server";
import { readFormData } from "~/server/infra/forms.server";
import { redirect } from "~/server/infra/responses.server";
import { withUpstreamErrors } from "~/server/infra/route-errors.server";
import { sessionStorage } from "~/server/infra/session.server";
import { UpstreamError } from "~/server/infra/http.server";
import { compareSelection, sailingIdSchema, compareList } from "~/server/catalogue/compare.server";
import { itinerarySearchState } from "~/server/catalogue/itinerary-search.server";
import { authState } from "~/server/infra/auth-state.server";

const HEADING = screenHeading("/itineraries/compare") ?? "Compare itineraries";

const changeSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), sailing: sailingIdSchema }),
  z.object({ intent: z.literal("remove"), sailing: sailingIdSchema }),
  z.object({ intent: z.literal("clear") }),
]);

/**
 * Adds, removes or clears the compare selection (kept in the session, so it survives a reload and
 * needs no JavaScript), then goes back where the agent was. A fifth sailing is refused: the compare
 * page says why.
 */
export async function action({ request }: ActionFunctionArgs) {
  const agent = await requireAgent(request);
  const form = await readFormData(request);
  const returnTo = safeRedirect(form.get("returnTo"), "/itineraries/compare");
  // A list's one form names the change on the pressed button (`toggle=add:ID`); a single form in fields.
  const [intent, sailing] = String(form.get("toggle") ?? "").split(":");
  const parsed = changeSchema.safeParse(
    sailing ? { intent, sailing } : { intent: form.get("intent"), sailing: form.get("sailing") ?? undefined },
  );
  if (!parsed.success) return redirect(returnTo);
  const change = { intent: parsed.data.intent, sailingId: "sailing" in parsed.data ? parsed.data.sailing : undefined };
  const outcome = changeSelection(compareSelection(agent.session), change);
  compareList.write(agent.session, outcome.selection);
  authState.write(agent.session, agent.auth);
  await sessionStorage.commitSession(agent.session);
  if (outcome.refused) return redirect(`/itineraries/compare?${new URLSearchParams({ full: "1" })}`);
  return redirect(compareReturnTo(returnTo, change.sailingId, form.get("toRow") === "1"));
}

export async function loader({ request }: LoaderFunctionArgs) {
  const agent = await requireAgent(request);
  return withUpstreamErrors(async () => {
    const state = await itinerarySearchState(request, agent);
    const selection = compareSelection(agent.session);
    const notices = [...state.notices];
    if (new URL(request.url).searchParams.get("full")) notices.unshift(COMPARE_FULL_MESSAGE);
    if (state.ratesMessage) notices.push(state.ratesMessage);
    // A sailing the catalogue no longer has drops out of the comparison with a word, not an error.
    const sailings = await Promise.all(
      selection.map((id) =>
        getSailing(agent, id).catch((error: unknown) => {
          if (error instanceof UpstreamError && error.status === 404) return null;
          throw error;
        }),
      ),
    );
    const missing = selection.filter((_, i) => sailings[i] === null);
    if (missing.length) notices.push(`${missing.join(", ")} is no longer in the catalogue.`);
    return {
      search: state.search,
      currency: state.currency,
      notices,
      sailings: sailings.filter((s): s is Sailing => s !== null),
    };
  });
}

export default function ComparePage() {
  const { search, currency, notices, sailings } = useLoaderData<typeof loader>();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`.replace(/([?&])full=1&?/, "$1");
  const resultsHref = `/itinerary/results?${searchParams(search)}`;
  return (
    <section aria-labelledby="screen-heading" className="catalogue">
      <h1 id="screen-heading">{HEADING}</h1>
      <p>
        <Link to={atResults(resultsHref)}>Back to the results</Link>
      </p>
      {notices.map((notice) => (
        <p key={notice} className="notice notice--warning" role={notice === COMPARE_FULL_MESSAGE ? "alert" : undefined}>
          {notice}
        </p>
      ))}
      <p role="status">
        {sailings.length === 0
          ? `No sailings chosen yet. Add up to ${COMPARE_LIMIT} from the results or a sailing's page.`
          : `${sailings.length} of ${COMPARE_LIMIT} sailings side by side. Prices per guest for ${describeParty(search)} in ${currency.code}.`}
      </p>
      {sailings.length ? (
        <>
          <div className="table-scroll" role="region" aria-labelledby="compare-caption" tabIndex={0}>
            <table className="data-table compare">
              <caption id="compare-caption">The chosen sailings side by side</caption>
              <thead>
                <tr>
                  <td />
                  {sailings.map((s) => (
                    <th scope="col" key={s.sailingId}>
                      <Link to={sailingDetailHref(s.sailingId, searchParams(search))}>{s.shipName}</Link>
                      <span className="sailings__brand">{displayDate(s.sailDate)}</span>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                <Row label="Cruise line" cells={sailings.map((s) => brandName(s.brand))} />
                <Row
                  label="Dates"
                  cells={sailings.map((s) => `${displayDate(s.sailDate)} to ${displayDate(s.returnDate)}`)}
                />
                <Row label="Nights" cells={sailings.map((s) => String(s.nights))} />
                <Row label="Destination" cells={sailings.map((s) => s.destination.name)} />
                <Row
                  label="Ports"
                  cells={sailings.map((s) => [s.departurePort.name, ...s.ports, s.returnPort.name].join(" · "))}
                />
                {CABIN_CLASSES.map((c) => (
                  <Row
                    key={c}
                    label={CABIN_CLASS_NAMES[c]}
                    cells={sailings.map((s) => {
                      const price = s.prices.find((p) => p.cabinClass === c);
                      if (!price) return "Not offered";
                      if (price.availability === "SOLD_OUT") return AVAILABILITY_NAMES.SOLD_OUT;
                      const few = price.availability === "FEW_LEFT" ? ` (${AVAILABILITY_NAMES.FEW_LEFT})` : "";
                      return `${money(price.pricePerGuest, currency)}${few}`;
                    })}
                  />
                ))}
                <tr>
                  <th scope="row">
                    <span className="visually-hidden">Remove</span>
                  </th>
                  {sailings.map((s) => (
                    <td key={s.sailingId}>
                      <Form method="post" preventScrollReset>
                        <input type="hidden" name="intent" value="remove" />
                        <input type="hidden" name="sailing" value={s.sailingId} />
                        <input type="hidden" name="returnTo" value={here} />
                        <button type="submit" className="button button--small">
                          Remove<span className="visually-hidden"> {`${s.shipName}, ${displayDate(s.sailDate)}`}</span>
                        </button>
                      </Form>
                    </td>
                  ))}
                </tr>
              </tbody>
            </table>
          </div>
          <Form method="post" className="actions">
            <input type="hidden" name="intent" value="clear" />
            <input type="hidden" name="returnTo" value={here} />
            <button type="submit" className="button button--link">
              Clear the comparison
            </button>
          </Form>
        </>
      ) : null}
    </section>
  );
}

function Row({ label, cells }: { label: string; cells: string[] }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      {cells.map((cell, i) => (
        <td key={i}>{cell}</td>
      ))}
    </tr>
  );
}

export const meta: MetaFunction = ({ location }) => [{ title: titleFor(location.pathname) }];
