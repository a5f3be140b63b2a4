import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
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
  REQUEST_FAILED,
  SailingIdSchema,
  parseRequest,
  rateClassName,
  refusalMessage,
  typedRequest,
  type RequestFields,
  rateMoney,
  estimateMoney,
  estimateNote,
} from "~/domain/reduced-rates";
import { titleFor } from "~/domain/titles";
import { requireAgent } from "~/server/auth/auth.server";
import { KeptFormNotice } from "~/components/kept-forms";
import { asFormData, takeKeptForm } from "~/server/kept-forms/kept-forms.server";
import { rateEstimate } from "~/server/reduced-rates/estimate.server";
import { SignedOutError } from "~/server/infra/errors.server";
import { getReducedRateSailing, requestReducedRate } from "~/server/clients/reduced-rates.server";
import { readFormData } from "~/server/infra/forms.server";
import { UpstreamError } from "~/server/infra/http.server";
import { redirect } from "~/server/infra/responses.server";
import { routeErrorOf, unavailable } from "~/server/infra/route-errors.server";

const LIST = "/reduced-rates";
const HEADING = "Request a reduced rate";
const SAILING_UNAVAILABLE = "This sailing cannot be shown just now. Please try again in a few minutes.";
const NO_SAILING = "Choose a sailing from the qualifying sailings to request its reduced rate.";

/** An upstream refusal (a 4xx with an error code) as the page says it, or null for any other failure. */
const refusalOf = (error: unknown): { code: string | undefined; message: string } | null =>
  error instanceof UpstreamError &&
  error.failure === "http" &&
  (error.status === 400 || error.status === 404 || error.status === 409)
    ? { code: error.body.errorCode, message: refusalMessage(error.body.errorCode) }
    : null;

/**
 * /reduced-rates/request?sailing=…: the sailing's facts and its rate per cabin class, and a
 * POST form for the request (cabin class, a companion or none). A sailing that does not qualify is a clear
 * message (404), not an error page; what was typed is kept when the form or the upstream refuses it.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const agent = await requireAgent(request);
  const raw = (new URL(request.url).searchParams.get("sailing") ?? "").slice(0, 60);
  const sailingId = SailingIdSchema.safeParse(raw);
  if (!sailingId.success) {
    return data({ sailing: null, refusal: NO_SAILING, sailingParam: raw, estimate: null }, { status: raw ? 404 : 400 });
  }
  try {
    const [sailing, estimate, kept] = await Promise.all([
      getReducedRateSailing(agent, sailingId.data),
      rateEstimate(agent),
      takeKeptForm(agent, request),
    ]);
    // The request as typed before a sign-out, filled in again (nothing sent).
    const keptTyped = kept?.forms[0] ? typedRequest(asFormData(kept.forms[0])) : null;
    return data({ sailing, refusal: null as string | null, sailingParam: sailingId.data, estimate, keptTyped });
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal)
      return data(
        { sailing: null, refusal: refusal.message, sailingParam: sailingId.data, estimate: null },
        { status: 404 },
      );
    unavailable(error);
    return data(
      { sailing: null, refusal: SAILING_UNAVAILABLE, sailingParam: sailingId.data, estimate: null },
      { status: 503 },
    );
  }
}

type ActionResult = {
  typed: RequestFields;
  fieldErrors: Partial<Record<keyof RequestFields, string[]>>;
  error: string | null;
};

export async function action({ request }: ActionFunctionArgs) {
  const agent = await requireAgent(request);
  const typed = typedRequest(await readFormData(request));
  const parsed = parseRequest(typed);
  if (!parsed.success) {
    return data<ActionResult>({ typed, fieldErrors: parsed.fieldErrors, error: null }, { status: 400 });
  }
  try {
    const made = await requestReducedRate(agent, parsed.data);
    return redirect(`${LIST}/requests?${new URLSearchParams({ requested: made.requestId })}`);
  } catch (error) {
    if (error instanceof SignedOutError) throw routeErrorOf(error);
    const refusal = refusalOf(error);
    if (refusal && error instanceof UpstreamError) {
      const onClass = refusal.code === "CLASS_NOT_OFFERED";
      return data<ActionResult>(
        {
          typed,
          fieldErrors: onClass ? { cabinClass: [refusal.message] } : {},
          error: onClass ? null : refusal.message,
        },
        { status: error.status ?? 409 },
      );
    }
    if (error instanceof UpstreamError && error.status === 403) throw routeErrorOf(error);
    return data<ActionResult>({ typed, fieldErrors: {}, error: REQUEST_FAILED }, { status: 502 });
  }
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
