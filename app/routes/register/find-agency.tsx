import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { redirect } from "~/server/infra/responses.server";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { z } from "zod";
import { AgencyLookupFields } from "~/components/agency-lookup-fields";
import { FormError, StatusButton } from "~/components/forms";
import { HoneypotInput } from "~/components/honeypot";
import { RegistrationPage } from "~/components/registration-page";
import { AgencyLookupSchema } from "~/domain/registration-forms";
import { upstreamErrorText } from "~/domain/registration-errors";
import { titleFor } from "~/domain/titles";
import { translator } from "~/domain/translate";
import { lookupAgency, lookupInvitation } from "~/server/clients/accounts.server";
import { requireAnonymous } from "~/server/auth/auth.server";
import { alpha3ToAlpha2, countryName, phoneCountryOptions, toE164 } from "~/server/reference/countries.server";
import { agentDraft, commit, agentDraftState } from "~/server/registration/drafts.server";
import { parseSubmission, protectPublicForm } from "~/server/infra/forms.server";
import { retryAfterHeaders } from "~/server/infra/rate-limit.server";
import { registrationContext, upstreamFailure } from "~/server/registration/registration.server";

/**
 * /register: the agent names their agency (by its phone number, the default, or its ABTA number);
 * `agencyData=true` shows the agency found, from where the stepper starts.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  const params = new URL(request.url).searchParams;
  const invitation = params.get("invitation");
  if (invitation !== null) return acceptInvitation(request, invitation);
  const showAgency = params.get("agencyData") === "true";
  const [context, { draft }] = await Promise.all([registrationContext(request), agentDraft(request)]);
  if (showAgency && !draft?.agency) throw redirect("/register?agencyData=false");
  return {
    texts: context.texts,
    chosen: context.chosen,
    agency:
      showAgency && draft?.agency
        ? {
            ...draft.agency,
            country: countryName(alpha3ToAlpha2(draft.agency.countryCode) ?? draft.agency.countryCode, context.locale),
          }
        : null,
    lookup: draft?.lookup ?? { identificationType: "phone", telephoneCountryCode: "US" },
    phoneCountries: phoneCountryOptions(context.locale, context.hiddenPhoneCountries),
    invitationInvalid: params.get("invitation-invalid") === "1",
  };
}

/**
 * An administrator's invitation link (`/register?invitation=…`): the agency is found
 * already and the invitee's e-mail address and name are filled in; the stepper starts from there.
 * A link that is not (or no longer) valid comes back to the search with a word.
 */
async function acceptInvitation(request: Request, token: string) {
  if (!/^[A-Za-z0-9._~-]{10,512}$/.test(token)) return redirect("/register?invitation-invalid=1");
  try {
    const found = await lookupInvitation(token);
    const { session } = await agentDraft(request);
    const { invitation, ...agency } = found;
    agentDraftState.write(session, {
      reached: 1,
      agency,
      fields: {
        emailAddress: invitation.email,
        ...(invitation.firstName ? { firstName: invitation.firstName } : {}),
        ...(invitation.lastName ? { lastName: invitation.lastName } : {}),
      },
      invitationToken: token,
      updatedAt: Date.now(),
    });
    return redirect("/register?agencyData=true", { headers: await commit(session) });
  } catch (error) {
    if (upstreamFailure(error)?.errorCode === "AGENCY_NOT_FOUND") return redirect("/register?invitation-invalid=1");
    throw error;
  }
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAnonymous(request);
  const { formData, verdict } = await protectPublicForm(request, "registration");
  const { t } = await registrationContext(request);
  const submission = parseSubmission(formData, AgencyLookupSchema);
  if (!verdict.allowed) {
    return data(submission.reply({ formErrors: [verdict.message] }), {
      status: 429,
      headers: retryAfterHeaders(verdict),
    });
  }
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });

  const value = submission.value;
  let telephoneNumber: string | undefined;
  if (value.identificationType === "phone") {
    telephoneNumber = toE164(value.telephoneCountryCode!, value.telephoneNumber!) ?? undefined;
    if (!telephoneNumber)
      return data(submission.reply({ fieldErrors: { telephoneNumber: ["errorInvalidPhone"] } }), { status: 400 });
  }
  try {
    const agency = await lookupAgency({
      identificationType: value.identificationType,
      telephoneNumber,
      abtaNumber: value.identificationType === "abta" ? value.abtaNumber : undefined,
    });
    const { session, draft } = await agentDraft(request);
    const sameAgency = draft?.agency?.agencyId === agency.agencyId;
    agentDraftState.write(session, {
      // Another agency starts the registration again; the same one keeps what was entered.
      ...(sameAgency && draft ? draft : { reached: 1, fields: {} }),
      agency,
      identificationType: value.identificationType,
      agencyPhoneNumber: telephoneNumber,
      agencyAbtaNumber: value.identificationType === "abta" ? value.abtaNumber : undefined,
      lookup: Object.fromEntries(
        Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
      ),
      updatedAt: Date.now(),
    });
    return redirect("/register?agencyData=true", { headers: await commit(session) });
  } catch (error) {
    const failure = upstreamFailure(error);
    const message = failure?.errorCode === "AGENCY_NOT_FOUND" ? t("agencyNotFound") : upstreamErrorText(t, failure);
    return data(submission.reply({ formErrors: [message] }), {
      status: failure?.errorCode === "AGENCY_NOT_FOUND" ? 404 : 502,
    });
  }
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
