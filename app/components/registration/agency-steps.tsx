import { getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import type { z } from "zod";
import { CheckboxField, ChoiceGroup, asList } from "~/components/forms";
import { PhoneFields } from "~/components/phone-fields";
import { PasswordFields } from "~/components/password-fields";
import { StepFooter, StepForm } from "~/components/step-form";
import { StepperText } from "~/components/stepper-text";
import { useHydrated } from "~/components/use-hydrated";
import { BUSINESS_MODELS } from "~/domain/registration";
import {
  AgencyBusinessSchema,
  AgencyDetailsSchema,
  SalesAgreementSchema,
  agencyContactSchema,
} from "~/domain/registration-forms";
import { optionsOf, translateErrors, type Translate } from "~/domain/translate";
import {
  AgencyRoleField,
  CountryField,
  JobTitleField,
  PersonFields,
  TextField,
  VerifiedNote,
  ZipCodeField,
} from "./step-fields";
import { useStepForm } from "./use-step-form";
import type { AgencyStepView } from "~/server/registration/step-views.server";

type StepProps = { t: Translate; view: AgencyStepView; reply: SubmissionResult<string[]> | undefined };

/** The steps in order: step 1 first. */
const STEPS = [AgencyDetailsStep, AgencyContactStep, AgencyBusinessStep, SalesAgreementStep];

/** The form of the step the agency is at. */
export function AgencyStepForm(props: StepProps) {
  const Step = STEPS[props.view.step - 1];
  return Step ? <Step {...props} /> : null;
}

function AgencyDetailsStep({ t, view, reply }: StepProps) {
  const [form, fields] = useStepForm({
    id: "agency-step-1",
    schema: AgencyDetailsSchema,
    lastResult: reply,
    defaultValue: view.defaults,
  });
  const optional = `(${t("optional")})`;
  return (
    <StepForm
      stepper="/register-agency/stepper"
      step={1}
      form={form}
      heading={t("agencyStepDetails")}
      intro={<p className="field__hint">{t("requiredFieldsNote")}</p>}
    >
      <TextField
        t={t}
        label={`${t("fieldAgencyName")} *`}
        meta={fields.agencyName}
        autoComplete="organization"
        maxLength={100}
      />
      <CountryField t={t} meta={fields.countryCode} countries={view.countries} />
      <TextField
        t={t}
        label={`${t("fieldAddressLine")} *`}
        meta={fields.addressLine}
        autoComplete="address-line1"
        maxLength={100}
      />
      <TextField t={t} label={`${t("fieldCity")} *`} meta={fields.city} autoComplete="address-level2" maxLength={60} />
      <ZipCodeField t={t} meta={fields.zipCode} />
      <PhoneFields
        t={t}
        country={fields.telephoneCountryCode}
        number={fields.telephoneNumber}
        countries={view.phoneCountries}
        numberLabel={`${t("fieldTelephoneNumber")} *`}
      />
      <fieldset className="field-group">
        <legend>{t("agencyIdentifiers")}</legend>
        <TextField
          t={t}
          label={`${t("fieldAbtaNumber")} ${optional}`}
          hint={t("hintAbtaNumber")}
          meta={fields.abtaNumber}
          maxLength={5}
          autoComplete="off"
        />
        <TextField
          t={t}
          label={`${t("fieldIataNumber")} ${optional}`}
          hint={t("hintIataNumber")}
          meta={fields.iataNumber}
          inputMode="numeric"
          maxLength={8}
          autoComplete="off"
        />
        <TextField
          t={t}
          label={`${t("fieldCliaNumber")} ${optional}`}
          meta={fields.cliaNumber}
          inputMode="numeric"
          maxLength={12}
          autoComplete="off"
        />
      </fieldset>
      <TextField
        t={t}
        label={`${t("fieldWebAddress")} ${optional}`}
        hint={t("hintWebAddress")}
        meta={fields.webAddress}
        inputMode="url"
        autoComplete="url"
        maxLength={200}
      />
      <StepFooter t={t} back="/register-agency" />
    </StepForm>
  );
}

function AgencyContactStep({ t, view, reply }: StepProps) {
  const [form, fields] = useStepForm({
    id: "agency-step-2",
    schema: agencyContactSchema({ passwordSet: view.passwordSet }),
    lastResult: reply,
    defaultValue: view.defaults,
  });
  const optional = `(${t("optional")})`;
  return (
    <StepForm
      stepper="/register-agency/stepper"
      step={2}
      form={form}
      heading={t("agencyStepContact")}
      intro={<p>{t("agencyContactBody")}</p>}
    >
      <PersonFields t={t} fields={fields} emailHint={t("hintAgencyEmail")} />
      <JobTitleField t={t} meta={fields.jobTitle} label={`${t("fieldJobTitle")} ${optional}`} />
      <AgencyRoleField t={t} meta={fields.agencyRole} label={`${t("fieldAgencyRole")} *`} />
      <PhoneFields
        t={t}
        country={fields.mobileCountryCode}
        number={fields.mobilePhone}
        countries={view.phoneCountries}
        numberLabel={`${t("fieldMobilePhone")} ${optional}`}
      />
      <PasswordFields
        t={t}
        optional={view.passwordSet}
        personal={view.personal}
        password={fields.password}
        confirm={fields.confirmPassword}
      />
      <StepFooter t={t} back="/register-agency/stepper?step=1" />
    </StepForm>
  );
}

function AgencyBusinessStep({ t, view, reply }: StepProps) {
  const [form, fields] = useStepForm({
    id: "agency-step-3",
    schema: AgencyBusinessSchema,
    lastResult: reply,
    defaultValue: view.defaults,
  });
  const initial = asList(fields.consortialOrHost.initialValue)[0];
  const [member, setMember] = useState(initial);
  const hydrated = useHydrated();
  return (
    <StepForm
      stepper="/register-agency/stepper"
      step={3}
      form={form}
      heading={t("agencyStepBusiness")}
      onChange={(event) => {
        const target = event.target as HTMLInputElement;
        if (target.name === fields.consortialOrHost.name) setMember(target.value);
      }}
    >
      <ChoiceGroup
        legend={`${t("fieldAgencyBusinessModel")} *`}
        name={fields.agencyBusinessModel.name}
        type="radio"
        required
        options={optionsOf(t, BUSINESS_MODELS)}
        selected={asList(fields.agencyBusinessModel.initialValue)}
        errors={translateErrors(t, fields.agencyBusinessModel.errors)}
      />
      <ChoiceGroup
        legend={`${t("fieldConsortialOrHost")} *`}
        name={fields.consortialOrHost.name}
        type="radio"
        required
        options={[
          { value: "yes", label: t("optionYes") },
          { value: "no", label: t("optionNo") },
        ]}
        selected={asList(fields.consortialOrHost.initialValue)}
        errors={translateErrors(t, fields.consortialOrHost.errors)}
      />
      {/* Without JavaScript the name field is always there; the schema asks for it only after "Yes". */}
      <div hidden={hydrated && member !== "yes"}>
        <TextField t={t} label={t("fieldConsortialOrHostName")} meta={fields.consortialOrHostName} maxLength={100} />
      </div>
      <p className="field__hint">{t("agencyLinkHint")}</p>
      <StepFooter t={t} back="/register-agency/stepper?step=2" submitLabel={t("agencySendLink")} />
    </StepForm>
  );
}

function SalesAgreementStep({ t, view, reply }: StepProps) {
  const [form, fields] = useForm<z.input<typeof SalesAgreementSchema>>({
    id: "agency-step-4",
    lastResult: reply,
    defaultValue: view.defaults,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SalesAgreementSchema }),
  });
  return (
    <StepForm
      stepper="/register-agency/stepper"
      step={4}
      form={form}
      heading={t("agencyStepAgreement")}
      intro={
        <>
          {view.emailVerified ? (
            <VerifiedNote label={t("emailVerified")} value={view.linkSentTo} />
          ) : (
            <p className="notice notice--warning">
              <StepperText
                text={t("agencyVerifyFirst")}
                values={[view.linkSentTo ?? ""]}
                links={["/register-agency/email-resend"]}
              />
            </p>
          )}
          <p>
            <StepperText text={t("salesAgreementRead")} links={["/register-agency/sales-agreement"]} />
          </p>
        </>
      }
    >
      <CheckboxField
        label={t("salesAgreementAccept")}
        errors={translateErrors(t, fields.salesAgreementAccepted.errors)}
        inputProps={{ ...getInputProps(fields.salesAgreementAccepted, { type: "checkbox" }), required: true }}
      />
      <StepFooter t={t} back="/register-agency/stepper?step=3" submitLabel={t("buttonSubmit")} />
    </StepForm>
  );
}
