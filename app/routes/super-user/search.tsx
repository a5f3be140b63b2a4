import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { z } from "zod";
import { AgencyLookupFields } from "~/components/agency-lookup-fields";
import { FormError, StatusButton } from "~/components/forms";
import { AgencyLookupSchema } from "~/domain/registration-forms";
import { titleFor } from "~/domain/titles";
import { translator } from "~/domain/translate";
import { searchAgencies } from "~/server/clients/super-user.server";
import { phoneCountryOptions, toE164 } from "~/server/reference/countries.server";
import { parseSubmission, readFormData } from "~/server/infra/forms.server";
import { redirect } from "~/server/infra/responses.server";
import { routeErrorOf, unavailable } from "~/server/infra/route-errors.server";
import { sessionStorage } from "~/server/infra/session.server";
import { registrationContext } from "~/server/registration/registration.server";
import { requireSuperUser } from "~/server/super-user/guard.server";
import { superUserForm } from "~/server/super-user/search-form.server";

const FORM_FIELDS = ["identificationType", "telephoneCountryCode", "telephoneNumber", "abtaNumber"] as const;
const NOT_FOUND = {
  phone: "No agency has this phone number. Check the country and the number.",
  abta: "No agency has this ABTA number.",
};
const UNAVAILABLE = "The agency search is unavailable right now. Please try again in a moment.";

/**
 * /super-user (RCCL and RCCLADMIN): find an agency by its phone or ABTA number, as registration does.
 * The form's last values are kept in the session (the super-user form keeps its last phone and ABTA values).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { session } = await requireSuperUser(request);
  const context = await registrationContext(request);
  return {
    texts: context.texts,
    form: superUserForm.read(session) ?? { identificationType: "phone", telephoneCountryCode: "US" },
    phoneCountries: phoneCountryOptions(context.locale, context.hiddenPhoneCountries),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const agent = await requireSuperUser(request);
  const formData = await readFormData(request);
  // What was typed is kept for the next visit, whatever comes of it.
  const kept = Object.fromEntries(
    FORM_FIELDS.map((name) => [name, String(formData.get(name) ?? "").slice(0, 40)] as const).filter(([, v]) => v),
  );
  superUserForm.write(agent.session, kept);
  const headers = { "Set-Cookie": await sessionStorage.commitSession(agent.session) };

  const submission = parseSubmission(formData, AgencyLookupSchema);
  if (submission.status !== "success")
    return data({ result: submission.reply(), matches: null }, { status: 400, headers });
  const value = submission.value;
  const byPhone = value.identificationType === "phone";
  const phone = byPhone ? toE164(value.telephoneCountryCode!, value.telephoneNumber!) : null;
  if (byPhone && !phone) {
    return data(
      { result: submission.reply({ fieldErrors: { telephoneNumber: ["errorInvalidPhone"] } }), matches: null },
      { status: 400, headers },
    );
  }
  let matches;
  try {
    matches = await searchAgencies(agent, byPhone ? { phone: phone! } : { abta: value.abtaNumber });
  } catch (error) {
    if (unavailable(error) === null) {
      return data({ result: submission.reply({ formErrors: [UNAVAILABLE] }), matches: null }, { status: 503, headers });
    }
    throw routeErrorOf(error);
  }
  if (matches.length === 1) {
    return redirect(`/super-user/agency-found?${new URLSearchParams({ agencyId: matches[0]!.agencyId })}`, { headers });
  }
  if (matches.length === 0) {
    const message = NOT_FOUND[value.identificationType];
    return data({ result: submission.reply({ formErrors: [message] }), matches: null }, { status: 404, headers });
  }
  return data(
    { result: submission.reply(), matches: matches.map((a) => ({ agencyId: a.agencyId, name: a.name, city: a.city })) },
    { headers },
  );
}

export default function SuperUserSearch() {
  const { texts, form: kept, phoneCountries } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const t = translator(texts);
  const [form, fields] = useForm<z.input<typeof AgencyLookupSchema>>({
    id: "super-user-search",
    lastResult: answer?.result,
    defaultValue: kept,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AgencyLookupSchema }),
  });
  return (
    <section aria-labelledby="screen-heading" className="profile">
      <h1 id="screen-heading">Super User Log in</h1>
      <p>Find a travel agency by its phone number or ABTA number, then act for it as its administrator would.</p>
      <Form method="post" {...getFormProps(form)} className="panel form">
        <FormError id={form.errorId} errors={form.errors} />
        <AgencyLookupFields t={t} fields={fields} phoneCountries={phoneCountries} />
        <StatusButton className="button button--primary">Find the agency</StatusButton>
      </Form>
      {answer?.matches ? (
        <section aria-labelledby="matches-heading">
          <h2 id="matches-heading">Agencies found</h2>
          <ul>
            {answer.matches.map((a) => (
              <li key={a.agencyId}>
                <Link to={`/super-user/agency-found?${new URLSearchParams({ agencyId: a.agencyId })}`}>
                  {a.name}, {a.city} ({a.agencyId})
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
}

export const meta: MetaFunction = ({ location }) => [{ title: titleFor(location.pathname) }];
