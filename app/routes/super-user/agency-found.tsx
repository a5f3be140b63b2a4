import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { FormError, StatusButton } from "~/components/forms";
import { DataTable } from "~/components/lists";
import { displayDate } from "~/domain/dates";
import { ACTING_ENDED_MESSAGE, actingChangeResult, describeActingChange } from "~/domain/super-user";
import { titleFor } from "~/domain/titles";
import { roleName, statusName } from "~/domain/user-management";
import { requireSuperUser } from "~/server/super-user/guard.server";
import { Facts } from "~/components/facts";
import { actForAgencyForm, foundAgencyPage } from "~/server/super-user/agency-found.server";

/**
 * /super-user/agency-found?agencyId= (RCCL and RCCLADMIN): the agency, its agents, the changes made
 * while acting for it, and "Act for this agency", which opens the portal as its administrator sees it.
 * An agency that does not exist is said so in the page (404), with the way back to the search.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const agent = await requireSuperUser(request);
  return foundAgencyPage(request, agent);
}

export async function action({ request }: ActionFunctionArgs) {
  const agent = await requireSuperUser(request);
  return actForAgencyForm(request, agent);
}

export default function AgencyFound() {
  const loaded = useLoaderData<typeof loader>();
  const { found, problem } = loaded;
  const result = useActionData<typeof action>();
  if (!found) {
    return (
      <section aria-labelledby="screen-heading" className="profile">
        <h1 id="screen-heading">Agency found</h1>
        <p className="notice notice--warning" role="alert">
          {problem}
        </p>
        <p>
          <Link to="/super-user">Back to the search</Link>
        </p>
      </section>
    );
  }
  const { agency, administrator, agents, actingChanges } = found;
  return (
    <section aria-labelledby="screen-heading" className="profile">
      <p>
        <Link to="/super-user">Back to the search</Link>
      </p>
      <h1 id="screen-heading">{agency.name}</h1>
      {"actingEnded" in loaded && loaded.actingEnded ? (
        <p className="notice notice--warning" role="status">
          {ACTING_ENDED_MESSAGE}
        </p>
      ) : null}
      <Facts
        items={[
          ["Agency id", agency.agencyId],
          ["Address", [agency.addressLine, agency.city, agency.zipCode].filter(Boolean).join(", ")],
          ["Country", "shown" in loaded ? loaded.shown.country : agency.countryCode],
          ["Phone", "shown" in loaded ? loaded.shown.phone : (agency.telephoneNumber ?? "—")],
          ["ABTA number", agency.abtaNumber ?? "—"],
          ["Administrator", administrator ? `${administrator.name} (${administrator.username})` : "None"],
        ]}
      />

      <div className="panel">
        <h2>Act for this agency</h2>
        <FormError errors={result?.error ? [result.error] : null} />
        {administrator ? (
          <Form method="post" reloadDocument>
            <p>
              The portal opens as {administrator.name} sees it. Every change you make is recorded with your name and
              theirs. Acting ends when you stop, log out or your session ends.
            </p>
            <StatusButton className="button button--primary">Act for {agency.name}</StatusButton>
          </Form>
        ) : (
          <p>This agency has no active administrator to act as.</p>
        )}
      </div>

      <h2>Agents</h2>
      <DataTable
        rows={agents}
        rowKey={(a) => a.agentId}
        caption={`The agents of ${agency.name}`}
        captionId="agents-caption"
        columns={[
          { key: "name", header: "Name", rowHeader: true, cell: (a) => `${a.firstName} ${a.lastName}` },
          { key: "username", header: "Username", cell: (a) => a.username },
          { key: "role", header: "Role", cell: (a) => roleName(a.roleCode) },
          { key: "status", header: "Status", cell: (a) => statusName(a.status) },
          {
            key: "last",
            header: "Last sign-in",
            cell: (a) => (a.lastSignInAt ? displayDate(a.lastSignInAt) : "Never"),
          },
        ]}
      />

      <h2>Changes made while acting for this agency</h2>
      {actingChanges.length === 0 ? (
        <p>No one has changed anything while acting for this agency.</p>
      ) : (
        <DataTable
          rows={actingChanges}
          rowKey={(c) => `${c.at}:${c.method}:${c.path}`}
          caption="Changes made while acting for this agency, newest first"
          captionId="acting-caption"
          columns={[
            { key: "at", header: "When", rowHeader: true, cell: (c) => `${displayDate(c.at)} ${c.at.slice(11, 16)}` },
            { key: "who", header: "Who", cell: (c) => `${c.actorName}, acting as ${c.agentName}` },
            { key: "what", header: "What", cell: (c) => describeActingChange(c.method, c.path) },
            { key: "result", header: "Result", cell: (c) => actingChangeResult(c.status) },
          ]}
        />
      )}
    </section>
  );
}

export const meta: MetaFunction = ({ location }) => [{ title: titleFor(location.pathname) }];
