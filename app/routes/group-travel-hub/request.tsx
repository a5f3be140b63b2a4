import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Field, FormError, SelectField, StatusButton } from "~/components/forms";
import { DataTable, type Column } from "~/components/lists";
import { CABIN_CLASS_NAMES, type CabinClass } from "~/domain/catalogue/codes";
import { wholeNumber } from "~/domain/money";
import { displayDate } from "~/domain/dates";
import {
  CABIN_CLASS_OPTIONS,
  GROUP_RULES,
  HUB_PATH,
  requestStatusText,
  DECISION_HOURS,
  brandName,
} from "~/domain/groups";
import { pageTitle } from "~/domain/titles";
import { sendSpaceRequest, spaceRequestPage, type SpaceRequestItem } from "~/server/groups/space-request.server";
import { requireAgent } from "~/server/auth/auth.server";
import { KeptFormNotice } from "~/components/kept-forms";

const HEADING = "Request group space";

/**
 * /group-travel-hub/request: a request for new group space on a catalogue sailing (the sailing's id comes
 * from a link, `?sailingId=`, or is typed), at least the programme's minimum of staterooms; and the agency's
 * requests with their status. A plain POST form: POST-redirect-GET, zod on the server, what was typed kept.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const agent = await requireAgent(request);
  return spaceRequestPage(request, agent);
}

export async function action({ request }: ActionFunctionArgs) {
  const agent = await requireAgent(request);
  return sendSpaceRequest(request, agent);
}

const REQUEST_COLUMNS: ReadonlyArray<Column<SpaceRequestItem>> = [
  { key: "id", header: "Request", rowHeader: true, cell: (r) => r.requestId },
  { key: "group", header: "Group name", cell: (r) => r.groupName },
  {
    key: "sailing",
    header: "Sailing",
    cell: (r) => `${r.shipName} (${brandName(r.brand)}), ${displayDate(r.sailDate)} · ${r.sailingId}`,
  },
  { key: "rooms", header: "Staterooms", num: true, cell: (r) => wholeNumber(r.staterooms) },
  { key: "class", header: "Cabin class", cell: (r) => CABIN_CLASS_NAMES[r.cabinClass as CabinClass] ?? r.cabinClass },
  { key: "status", header: "Status", cell: (r) => requestStatusText(r) },
  { key: "sent", header: "Sent", cell: (r) => displayDate(r.createdAt.slice(0, 10)) },
  { key: "decided", header: "Decided", cell: (r) => (r.decidedAt ? displayDate(r.decidedAt.slice(0, 10)) : "") },
];

export default function GroupSpaceRequest() {
  const { sailingId, sent, requests, keptTyped } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const typed = result?.typed ?? keptTyped ?? undefined;
  const errors = result?.fieldErrors;
  return (
    <section aria-labelledby="screen-heading">
      <p>
        <Link to={HUB_PATH}>Back to the group travel hub</Link>
      </p>
      <h1 id="screen-heading">{HEADING}</h1>
      {sent ? (
        <p className="notice notice--success" role="status">
          Request {sent.requestId} for {sent.staterooms} staterooms on {sent.shipName}, {displayDate(sent.sailDate)} has
          been sent. The cruise line answers it here within {DECISION_HOURS} hours.
        </p>
      ) : null}

      <Form method="post" className="panel form" aria-labelledby="request-heading">
        <h2 id="request-heading">New group space</h2>
        <p>
          A group holds at least {GROUP_RULES.minimumStaterooms} staterooms on one sailing. It earns one tour-conductor
          credit per {GROUP_RULES.payingGuestsPerCredit} paying guests.
        </p>
        {result ? null : <KeptFormNotice kept={keptTyped} />}
        <FormError errors={result?.error ? [result.error] : null} />
        <Field
          label="Sailing id *"
          hint="As the sailing's page shows it: the ship's code and the sail date, like AD20260302."
          errors={errors?.sailingId}
          inputProps={{
            name: "sailingId",
            id: "request-sailing",
            required: true,
            autoComplete: "off",
            spellCheck: false,
            maxLength: 20,
            defaultValue: typed?.sailingId ?? sailingId,
          }}
        />
        <Field
          label="Staterooms wanted *"
          hint={`At least ${GROUP_RULES.minimumStaterooms}, at most ${GROUP_RULES.maximumStaterooms}.`}
          errors={errors?.staterooms}
          inputProps={{
            name: "staterooms",
            id: "request-staterooms",
            type: "number",
            inputMode: "numeric",
            required: true,
            min: 1,
            max: GROUP_RULES.maximumStaterooms,
            defaultValue: typed?.staterooms,
          }}
        />
        <SelectField
          label="Cabin class *"
          options={CABIN_CLASS_OPTIONS}
          placeholder="Choose a cabin class"
          errors={errors?.cabinClass}
          selectProps={{ name: "cabinClass", id: "request-cabin", required: true, defaultValue: typed?.cabinClass }}
        />
        <Field
          label="Group name *"
          errors={errors?.groupName}
          inputProps={{
            name: "groupName",
            id: "request-name",
            required: true,
            maxLength: 80,
            autoComplete: "off",
            defaultValue: typed?.groupName,
          }}
        />
        <div className="field">
          <label htmlFor="request-notes">Notes</label>
          <p id="request-notes-hint" className="field__hint">
            Anything the group desk should know (up to 500 characters).
          </p>
          <textarea
            id="request-notes"
            name="notes"
            rows={3}
            maxLength={500}
            defaultValue={typed?.notes}
            aria-invalid={errors?.notes ? true : undefined}
            aria-describedby={errors?.notes ? "request-notes-hint request-notes-error" : "request-notes-hint"}
          />
          {errors?.notes ? (
            <p id="request-notes-error" className="field__error">
              {errors.notes.join(" ")}
            </p>
          ) : null}
        </div>
        <StatusButton className="button button--primary">Send the request</StatusButton>
      </Form>

      <section aria-labelledby="requests-heading">
        <h2 id="requests-heading">Your agency&apos;s requests</h2>
        {requests === null ? (
          <p className="notice notice--warning" role="status">
            Your agency&apos;s requests cannot be shown just now.
          </p>
        ) : requests.length === 0 ? (
          <p>Your agency has not requested any group space yet.</p>
        ) : (
          <DataTable
            rows={requests}
            columns={REQUEST_COLUMNS}
            rowKey={(r) => r.requestId}
            caption={`Group space requested by your agency, newest first; the cruise line decides each within ${DECISION_HOURS} hours`}
            captionId="requests-caption"
          />
        )}
      </section>
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle(`${HEADING} - Group Travel Hub`) }];
