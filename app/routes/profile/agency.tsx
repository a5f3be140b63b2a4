import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Field, FormError, StatusButton } from "~/components/forms";
import { ProfileNav } from "~/components/profile/profile-nav";
import { screenHeading } from "~/domain/screens";
import { titleFor } from "~/domain/titles";
import { requireAgent } from "~/server/auth/auth.server";
import { Facts } from "~/components/facts";
import { KeptFormNotice } from "~/components/kept-forms";
import { agencyForm, agencyPage } from "~/server/profile/agency.server";

const PAGE = "/profile/agency";
const HEADING = screenHeading(PAGE) ?? "Agency information";

const FIELDS = [
  ["name", "Agency name"],
  ["addressLine", "Address"],
  ["city", "City"],
  ["zipCode", "Postal code"],
  ["telephoneNumber", "Telephone"],
  ["webAddress", "Web address"],
] as const;

/**
 * /profile/agency: the agency's details, read-only for agents and editable by its administrator
 * (ADMIN). The form opens with `?edit=1` and posts here, with the version it was opened
 * with; the upstream checks the role again.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const agent = await requireAgent(request);
  return agencyPage(request, agent);
}

export async function action({ request }: ActionFunctionArgs) {
  const agent = await requireAgent(request);
  return agencyForm(request, agent);
}

export default function AgencyInformation() {
  const { agency, country, telephone, canEdit, editing, saved, kept } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const shownKept = result ? null : kept;
  const open = editing || !!result || !!shownKept;
  return (
    <section aria-labelledby="screen-heading" className="profile">
      <h1 id="screen-heading">{HEADING}</h1>
      <ProfileNav />
      {agency === null ? (
        <p className="notice notice--warning" role="alert">
          Your agency's details could not be read just now. Please try again in a few minutes.
        </p>
      ) : (
        <section className="panel edit-item" aria-labelledby="agency-heading">
          <div className="edit-item__head">
            <h2 id="agency-heading">{agency.name}</h2>
            {canEdit && !open ? (
              <Link to={`${PAGE}?edit=1`} className="button button--small">
                Edit<span className="visually-hidden"> the agency's details</span>
              </Link>
            ) : null}
          </div>
          {saved ? (
            <p className="notice notice--success" role="status">
              Saved.
            </p>
          ) : null}
          <Facts
            items={[
              ["Agency ID", agency.agencyId],
              ["Address", [agency.addressLine, agency.city, agency.zipCode].filter(Boolean).join(", ") || "Not given"],
              ["Country", country],
              ["Telephone", telephone || "Not given"],
              ["ABTA number", agency.abtaNumber ?? "—"],
              ["IATA number", agency.iataNumber ?? "—"],
              ["CLIA number", agency.cliaNumber ?? "—"],
              ["Web address", agency.webAddress ?? "—"],
            ]}
          />
          {!canEdit ? <p className="muted">Your agency's administrator can change these details.</p> : null}
          {canEdit && open ? (
            <Form method="post" className="form edit-item__form" aria-label="Edit the agency's details">
              <input type="hidden" name="version" value={shownKept?.version ?? agency.version} />
              <KeptFormNotice kept={shownKept} />
              <FormError errors={result?.error ? [result.error] : null} />
              {FIELDS.map(([name, label]) => (
                <Field
                  key={name}
                  label={name === "name" ? `${label} *` : label}
                  errors={result?.fieldErrors[name]}
                  inputProps={{
                    name,
                    id: `agency-${name}`,
                    defaultValue: result?.typed[name] ?? shownKept?.typed[name] ?? agency[name] ?? "",
                    required: name === "name",
                  }}
                />
              ))}
              <div className="actions">
                <StatusButton className="button button--primary">Save</StatusButton>
                <Link to={PAGE} className="button button--secondary">
                  Cancel
                </Link>
              </div>
            </Form>
          ) : null}
        </section>
      )}
    </section>
  );
}

export const meta: MetaFunction = ({ location }) => [{ title: titleFor(location.pathname) }];
