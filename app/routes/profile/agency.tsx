import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { Field, FormError, StatusButton } from "~/components/forms";
import { ProfileNav } from "~/components/profile/profile-nav";
import { isAgencyAdmin } from "~/domain/access";
import { formatPhone } from "~/domain/phone";
import { STALE_ITEM, UPDATE_FAILED } from "~/domain/profile-items";
import { screenHeading } from "~/domain/screens";
import { titleFor } from "~/domain/titles";
import { requireAgent } from "~/server/auth/auth.server";
import { countryName } from "~/server/reference/countries.server";
import { getAgency, updateAgency, type AgencyUpdate } from "~/server/clients/agency.server";
import { SignedOutError } from "~/server/infra/errors.server";
import { fieldErrorsOf, readFormData } from "~/server/infra/forms.server";
import { UpstreamError } from "~/server/infra/http.server";
import { redirect } from "~/server/infra/responses.server";
import { routeErrorOf, unavailable } from "~/server/infra/route-errors.server";
import { Facts } from "~/components/facts";
import { KeptFormNotice } from "~/components/kept-forms";
import { asFormData, takeKeptForm } from "~/server/kept-forms/kept-forms.server";

const PAGE = "/profile/agency";
const HEADING = screenHeading(PAGE) ?? "Agency information";

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Use at most ${max} characters.`)
    .optional()
    .transform((v) => v || null);
const AgencySchema = z.object({
  name: z.string().trim().min(1, "Enter the agency's name.").max(100, "Use at most 100 characters."),
  addressLine: text(200),
  city: text(80),
  zipCode: text(12),
  telephoneNumber: z
    .string()
    .trim()
    .regex(/^\+?[\d\s().-]{6,20}$/, "Enter the number with its country code, e.g. +1 305 555 0101.")
    .optional()
    .or(z.literal(""))
    .transform((v) => (v ? v.replace(/[\s().-]/g, "") : null)),
  webAddress: z
    .string()
    .trim()
    .regex(/^(https?:\/\/)?[\w-]+(\.[\w-]+)+(\/\S*)?$/, "Enter a web address, e.g. www.example.com.")
    .optional()
    .or(z.literal(""))
    .transform((v) => v || null),
});
/** Details the upstream cannot clear once given (PUT /agencies/{id} takes a new value, not none). */
const KEPT = ["addressLine", "city", "zipCode", "telephoneNumber"] as const;
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
  const agencyId = agent.profile.agencyId;
  const params = new URL(request.url).searchParams;
  const canEdit = isAgencyAdmin(agent.profile.roleCode);
  // An upstream that is down or failing: the page says so (404 and 403 go to the route's handling).
  const [agency, kept] = await Promise.all([
    agencyId ? getAgency(agent, agencyId).catch(unavailable) : null,
    canEdit ? takeKeptForm(agent, request) : null,
  ]);
  // The details as typed before a sign-out, open again (nothing saved).
  const keptForm = kept?.forms[0] ? asFormData(kept.forms[0]) : null;
  return {
    kept: keptForm ? { typed: typedOf(keptForm), version: Number(keptForm.get("version")) || null } : null,
    agency,
    country: agency ? countryName(agency.countryCode, "en_us") : "",
    // Grouped for its country on the server (libphonenumber stays out of the browser's bundle).
    telephone: formatPhone(agency?.telephoneNumber),
    canEdit,
    editing: canEdit && params.get("edit") === "1",
    saved: params.get("saved") === "1",
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const agent = await requireAgent(request);
  const agencyId = agent.profile.agencyId;
  if (!isAgencyAdmin(agent.profile.roleCode) || !agencyId) return redirect(PAGE);
  const form = await readFormData(request);
  const typed = typedOf(form);
  const parsed = AgencySchema.safeParse(typed);
  const version = Number(form.get("version"));
  if (!parsed.success || !Number.isInteger(version)) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    return data({ typed, fieldErrors, error: null as string | null }, { status: 400 });
  }
  // The upstream keeps these once given (it cannot clear them): an empty one is not sent, and one
  // that was given and is now emptied is said on its field rather than quietly kept.
  const update: AgencyUpdate & { version: number } = { ...parsed.data, version };
  const emptied = KEPT.filter((name) => update[name] === null);
  if (emptied.length) {
    const current = await getAgency(agent, agencyId).catch(() => null);
    const removed = emptied.filter((name) => current?.[name]);
    if (removed.length) {
      const fieldErrors = Object.fromEntries(removed.map((name) => [name, ["This can be changed but not removed."]]));
      return data({ typed, fieldErrors, error: null as string | null }, { status: 400 });
    }
    for (const name of emptied) delete update[name];
  }
  try {
    await updateAgency(agent, agencyId, update);
    return redirect(`${PAGE}?saved=1`);
  } catch (error) {
    if (error instanceof SignedOutError) throw routeErrorOf(error);
    const stale = error instanceof UpstreamError && error.status === 409;
    const fieldErrors: Record<string, string[]> = {};
    return data({ typed, fieldErrors, error: stale ? STALE_ITEM : UPDATE_FAILED }, { status: stale ? 409 : 502 });
  }
}

/** The details as typed (bounded), from a post or a kept form. */
function typedOf(form: FormData): Record<string, string> {
  return Object.fromEntries(FIELDS.map(([name]) => [name, String(form.get(name) ?? "").slice(0, 250)]));
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
