import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { FormError, StatusButton } from "~/components/forms";
import { DataTable, ResultCount, type Column } from "~/components/lists";
import { brandName } from "~/domain/catalogue/codes";
import { sailingDetailHref } from "~/domain/catalogue/itinerary-search";
import { displayDate } from "~/domain/dates";
import {
  STATUS_NAMES,
  canWithdraw,
  rateClassName,
  relationName,
  type RequestStatus,
  rateMoney,
  estimateMoney,
  estimateNote,
  type RateEstimate,
} from "~/domain/reduced-rates";
import { titleFor } from "~/domain/titles";
import { requireAgent } from "~/server/auth/auth.server";
import { requestsPage, withdrawForm, type RateRequest } from "~/server/reduced-rates/requests.server";
import { readFormData } from "~/server/infra/forms.server";

const HEADING = "Your reduced-rate requests";
const LIST_UNAVAILABLE = "Your reduced-rate requests cannot be shown just now. Please try again in a few minutes.";

/**
 * /reduced-rates/requests: the agent's requests with the status the cruise line gave them
 * (requested, approved, declined; or withdrawn), newest first; a request still waiting can be withdrawn (POST,
 * then back here with the outcome in the URL).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const agent = await requireAgent(request);
  return requestsPage(request, agent);
}

export async function action({ request }: ActionFunctionArgs) {
  const agent = await requireAgent(request);
  return withdrawForm(agent, await readFormData(request));
}

const STATUS_TAGS: Record<RequestStatus, string> = {
  REQUESTED: "tag",
  APPROVED: "tag tag--current",
  DECLINED: "tag tag--expired",
  WITHDRAWN: "tag tag--expired",
};

const sailingLabel = (r: RateRequest) => `${r.sailing.shipName}, ${displayDate(r.sailing.sailDate)}`;
const dayOf = (instant: string | null) => (instant ? displayDate(instant.slice(0, 10)) : "—");

/** The table's columns; with an estimate, the rate also reads "about £294*" under the dollars. */
const columns = (estimate: RateEstimate | null): ReadonlyArray<Column<RateRequest>> => [
  {
    key: "sailing",
    header: "Sailing",
    rowHeader: true,
    cell: (r) => (
      <>
        <Link to={sailingDetailHref(r.sailing.sailingId)}>{r.sailing.shipName}</Link>
        <span className="sailings__brand">{brandName(r.sailing.brand)}</span>
      </>
    ),
  },
  {
    key: "dates",
    header: "Dates",
    cell: (r) => `${displayDate(r.sailing.sailDate)} to ${displayDate(r.sailing.returnDate)}`,
  },
  { key: "cabin", header: "Cabin", cell: (r) => rateClassName(r.cabinClass) },
  {
    key: "rate",
    header: "Rate per guest",
    num: true,
    cell: (r) =>
      r.ratePerGuest === null ? (
        "—"
      ) : (
        <>
          {rateMoney(r.ratePerGuest, r.sailing.currency)}
          {estimate ? <span className="sailings__brand">{estimateMoney(r.ratePerGuest, estimate)}*</span> : null}
        </>
      ),
  },
  {
    key: "companion",
    header: "Companion",
    cell: (r) => (r.companion ? `${r.companion.name} (${relationName(r.companion.relation)})` : "None"),
  },
  {
    key: "status",
    header: "Status",
    cell: (r) => <span className={STATUS_TAGS[r.status]}>{STATUS_NAMES[r.status]}</span>,
  },
  { key: "requested", header: "Requested", cell: (r) => dayOf(r.requestedAt) },
  { key: "decided", header: "Decided", cell: (r) => dayOf(r.decidedAt) },
  {
    key: "actions",
    header: "Actions",
    cell: (r) =>
      canWithdraw(r.status) ? (
        <Form method="post">
          <input type="hidden" name="requestId" value={r.requestId} />
          <StatusButton className="button button--small button--secondary" name="requestId" value={r.requestId}>
            Withdraw<span className="visually-hidden"> the request for {sailingLabel(r)}</span>
          </StatusButton>
        </Form>
      ) : (
        "—"
      ),
  },
];

export default function ReducedRateRequests() {
  const { requests, estimate, requested, withdrawn } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <section aria-labelledby="screen-heading" className="reduced-rates">
      <h1 id="screen-heading">{HEADING}</h1>
      <p>
        <Link to="/reduced-rates">Back to the qualifying sailings</Link>
      </p>
      <FormError errors={result?.error ? [result.error] : null} />
      {requested ? (
        <p className="notice notice--success" role="status">
          Your request has been sent. The cruise line approves or declines it within 48 hours.
        </p>
      ) : null}
      {withdrawn ? (
        <p className="notice notice--success" role="status">
          Your request has been withdrawn.
        </p>
      ) : null}
      {requests === null ? (
        <p className="notice notice--warning" role="alert">
          {LIST_UNAVAILABLE}
        </p>
      ) : requests.length === 0 ? (
        <p>
          You have not requested a reduced rate yet. <Link to="/reduced-rates">Choose a qualifying sailing</Link>.
        </p>
      ) : (
        <>
          <ResultCount>
            {requests.length === 1 ? "1 request." : `${requests.length} requests.`}{" "}
            {requests.filter((r) => r.status === "REQUESTED").length} waiting for a decision.
          </ResultCount>
          <DataTable
            rows={requests}
            columns={columns(estimate)}
            rowKey={(r) => r.requestId}
            caption="Your reduced-rate requests, newest first"
            captionId="requests-caption"
          />
          {estimate ? <p>* {estimateNote(estimate)}</p> : null}
        </>
      )}
    </section>
  );
}

export const meta: MetaFunction = ({ location }) => [{ title: titleFor(location.pathname) }];
