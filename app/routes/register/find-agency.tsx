import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { z } from "zod";
import { AgencyLookupFields } from "~/components/agency-lookup-fields";
import { FormError, StatusButton } from "~/components/forms";
import { HoneypotInput } from "~/components/honeypot";
import { RegistrationPage } from "~/components/registration-page";
import { AgencyLookupSchema } from "~/domain/registration-forms";
import { titleFor } from "~/domain/titles";
import { translator } from "~/domain/translate";
import { requireAnonymous } from "~/server/auth/auth.server";
import { findAgencyForm, findAgencyPage } from "~/server/registration/find-agency.server";

/**
 * /register: the agent names their agency (by its phone number, the default, or its ABTA number);
 * `agencyData=true` shows the agency found, from where the stepper starts.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  return findAgencyPage(request);
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAnonymous(request);
  return findAgencyForm(request);
}

export default function FindAgency() {
  const { texts, chosen, agency, lookup, phoneCountries, invitationInvalid } = useLoaderData<typeof loader>();
  const t = translator(texts);
  return (
    <RegistrationPage t={t} chosen={chosen} heading={t("registerTitle")} lead={t("registerSubtitle")}>
      {invitationInvalid ? (
        <p className="notice notice--warning" role="alert">
          {texts.invitationInvalid ??
            "This invitation link is not valid or has expired. Find your agency below, or ask your agency's administrator for a new invitation."}
        </p>
      ) : null}
      {agency ? (
        <div className="agency-found">
          <h2>{t("agencyFoundTitle")}</h2>
          <dl className="summary">
            <dt>{t("fieldAgencyName")}</dt>
            <dd>{agency.agencyName}</dd>
            <dt>{t("fieldCity")}</dt>
            <dd>{agency.city}</dd>
            <dt>{t("fieldCountryCode")}</dt>
            <dd>{agency.country}</dd>
          </dl>
          <div className="actions">
            <Link to="/register/stepper?step=1" className="button button--primary">
              {t("buttonContinue")}
            </Link>
            <Link to="/register?agencyData=false">{t("notYourAgency")}</Link>
          </div>
        </div>
      ) : (
        <LookupForm t={t} lookup={lookup} phoneCountries={phoneCountries} />
      )}
      <p className="form-footer">
        {t("alreadyRegistered")} <Link to="/login">{t("buttonSignIn")}</Link>
      </p>
    </RegistrationPage>
  );
}

function LookupForm({
  t,
  lookup,
  phoneCountries,
}: {
  t: ReturnType<typeof translator>;
  lookup: Record<string, string>;
  phoneCountries: Array<{ value: string; label: string }>;
}) {
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<z.input<typeof AgencyLookupSchema>>({
    id: "agency-lookup",
    lastResult,
    defaultValue: lookup,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AgencyLookupSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="form">
      <h2>{t("findAgencyTitle")}</h2>
      <p>{t("findAgencyBody")}</p>
      <FormError id={form.errorId} errors={form.errors} />
      <HoneypotInput />
      <AgencyLookupFields t={t} fields={fields} phoneCountries={phoneCountries} />
      <StatusButton className="button button--primary">{t("buttonContinue")}</StatusButton>
    </Form>
  );
}

export const meta: MetaFunction = ({ location }) => [{ title: titleFor(location.pathname) }];
