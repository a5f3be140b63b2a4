import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Facts } from "~/components/facts";
import { ChoiceGroup, Field, FormError, SelectField, StatusButton } from "~/components/forms";
import { brandName } from "~/domain/catalogue/codes";
import { sailingDetailHref } from "~/domain/catalogue/itinerary-search";
import { displayDate } from "~/domain/dates";
import {
  RATE_TYPE_NAMES,
  RELATIONS,
  RELATION_NAMES,
  rateClassName,
  refusalMessage,
  rateMoney,
  estimateMoney,
  estimateNote,
  NO_SAILING,
} from "~/domain/reduced-rates";
import { titleFor } from "~/domain/titles";
import { requireAgent } from "~/server/auth/auth.server";
import { requestForm, requestPage } from "~/server/reduced-rates/request.server";
import { KeptFormNotice } from "~/components/kept-forms";
import { readFormData } from "~/server/infra/forms.server";

const LIST = "/reduced-rates";
const HEADING = "Request a reduced rate";

/**
 * /reduced-rates/request?sailing=…: the sailing's facts and its rate per cabin class, and a
 * POST form for the request (cabin class, a companion or none). A sailing that does not qualify is a clear
 * message (404), not an error page; what was typed is kept when the form or the upstream refuses it.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const agent = await requireAgent(request);
  return requestPage(request, agent);
}

export async function action({ request }: ActionFunctionArgs) {
  const agent = await requireAgent(request);
  return requestForm(agent, await readFormData(request));
}

export default function RequestReducedRate() {
  const loaded = useLoaderData<typeof loader>();
  const { sailing, refusal, estimate } = loaded;
  const kept = "keptTyped" in loaded ? loaded.keptTyped : null;
  const result = useActionData<typeof action>();
  const typed = result?.typed ?? kept ?? undefined;
  const errors = result?.fieldErrors ?? {};
  return (
    <section aria-labelledby="screen-heading" className="reduced-rates">
      <h1 id="screen-heading">{HEADING}</h1>
      <p>
        <Link to={LIST}>Back to the qualifying sailings</Link> · <Link to={`${LIST}/requests`}>Your requests</Link>
      </p>
      {refusal ? (
        <p className="notice notice--warning" role="alert">
          {refusal}
        </p>
      ) : null}
      {sailing ? (
        <>
          <section className="panel" aria-labelledby="sailing-heading">
            <h2 id="sailing-heading">
              {sailing.shipName}, {displayDate(sailing.sailDate)}
            </h2>
            <Facts
              items={[
                ["Cruise line", brandName(sailing.brand)],
                [
                  "Sails",
                  `${displayDate(sailing.sailDate)} to ${displayDate(sailing.returnDate)}, ${sailing.nights} nights`,
                ],
                ["Itinerary", `${sailing.destination} from ${sailing.departurePort}`],
                ["Rate type", RATE_TYPE_NAMES[sailing.rateType]],
                ["Request by", displayDate(sailing.requestDeadline)],
                [
                  "Itinerary details",
                  <Link key="detail" to={sailingDetailHref(sailing.sailingId)}>
                    See the itinerary
                  </Link>,
                ],
              ]}
            />
            <div className="table-scroll" role="region" aria-labelledby="rates-caption" tabIndex={0}>
              <table className="data-table">
                <caption id="rates-caption">Reduced rate per guest by cabin class</caption>
                <thead>
                  <tr>
                    <th scope="col">Cabin class</th>
                    <th scope="col" className="num">
                      Rate per guest
                    </th>
                    {estimate ? (
                      <th scope="col" className="num">
                        Estimate in {estimate.code}
                      </th>
                    ) : null}
                  </tr>
                </thead>
                <tbody>
                  {sailing.rates.map((r) => (
                    <tr key={r.cabinClass}>
                      <th scope="row">{rateClassName(r.cabinClass)}</th>
                      <td className="num">{rateMoney(r.ratePerGuest, sailing.currency)}</td>
                      {estimate ? <td className="num">{estimateMoney(r.ratePerGuest, estimate)}</td> : null}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {estimate ? <p>{estimateNote(estimate)}</p> : null}
          </section>

          {sailing.open ? (
            <Form method="post" className="panel form" aria-labelledby="request-heading">
              <h2 id="request-heading">Your request</h2>
              <p>
                Fields marked * are required. The rate is for you and, if you wish, one companion sharing your
                stateroom.
              </p>
              {result ? null : <KeptFormNotice kept={kept} />}
              <FormError errors={result?.error ? [result.error] : null} />
              <input type="hidden" name="sailingId" value={sailing.sailingId} />
              <ChoiceGroup
                legend="Cabin class *"
                name="cabinClass"
                type="radio"
                options={sailing.rates.map((r) => ({
                  value: r.cabinClass,
                  label: `${rateClassName(r.cabinClass)}: ${rateMoney(r.ratePerGuest, sailing.currency)} per guest`,
                }))}
                selected={typed?.cabinClass ? [typed.cabinClass] : []}
                errors={errors.cabinClass}
              />
              <ChoiceGroup
                legend="Does a companion travel with you? *"
                name="companion"
                type="radio"
                options={[
                  { value: "no", label: "No, I travel alone" },
                  { value: "yes", label: "Yes, one companion" },
                ]}
                selected={[typed?.companion || "no"]}
                errors={errors.companion}
              />
              <Field
                label="Companion's full name"
                hint="Only when a companion travels with you."
                errors={errors.companionName}
                inputProps={{
                  name: "companionName",
                  id: "companion-name",
                  autoComplete: "off",
                  maxLength: 80,
                  defaultValue: typed?.companionName,
                }}
              />
              <SelectField
                label="Companion's relation to you"
                hint="Only when a companion travels with you."
                placeholder="Select a relation"
                options={RELATIONS.map((r) => ({ value: r, label: RELATION_NAMES[r] }))}
                errors={errors.companionRelation}
                selectProps={{
                  name: "companionRelation",
                  id: "companion-relation",
                  defaultValue: typed?.companionRelation,
                }}
              />
              {errors.sailingId ? <FormError errors={[NO_SAILING]} /> : null}
              <StatusButton className="button button--primary" pendingText="Sending the request…">
                Send the request
              </StatusButton>
            </Form>
          ) : (
            <p className="notice notice--warning" role="status">
              {refusalMessage("DEADLINE_PASSED")}
            </p>
          )}
        </>
      ) : (
        <p>
          <Link to={LIST}>See the qualifying sailings</Link>
        </p>
      )}
    </section>
  );
}

export const meta: MetaFunction = ({ location }) => [{ title: titleFor(location.pathname) }];
