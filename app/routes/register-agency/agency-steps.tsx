import { getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import type { z } from "zod";
import { CheckboxField, ChoiceGroup, Field, SelectField, asList } from "~/components/forms";
import { PhoneFields } from "~/components/phone-fields";
import { PasswordFields } from "~/components/password-fields";
import { StepFooter, StepForm } from "~/components/step-form";
import { StepperText } from "~/components/stepper-text";
import { useHydrated } from "~/components/use-hydrated";
import { AGENCY_ROLES, BUSINESS_MODELS } from "~/domain/registration";
import {
  AgencyBusinessSchema,
  AgencyDetailsSchema,
  SalesAgreementSchema,
  agencyContactSchema,
} from "~/domain/registration-forms";
import { optionsOf, translateErrors, type Translate } from "~/domain/translate";
import type { AgencyStepView } from "./stepper";

type StepProps = { t: Translate; view: AgencyStepView; reply: SubmissionResult<string[]> | undefined };

export function AgencyDetailsStep({ t, view, reply }: StepProps) {
  const [form, fields] = useForm<z.input<typeof AgencyDetailsSchema>>({
    id: "agency-step-1",
    lastResult: reply,
    defaultValue: view.defaults,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AgencyDetailsSchema }),
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
      <Field
        label={`${t("fieldAgencyName")} *`}
        errors={translateErrors(t, fields.agencyName.errors)}
        inputProps={{
          ...getInputProps(fields.agencyName, { type: "text" }),
          autoComplete: "organization",
          maxLength: 100,
        }}
      />
      <SelectField
        label={`${t("fieldCountryCode")} *`}
        errors={translateErrors(t, fields.countryCode.errors)}
        options={view.countries}
        placeholder={t("optionSelect")}
        selectProps={{ ...getSelectProps(fields.countryCode), autoComplete: "country" }}
      />
      <Field
        label={`${t("fieldAddressLine")} *`}
        errors={translateErrors(t, fields.addressLine.errors)}
        inputProps={{
          ...getInputProps(fields.addressLine, { type: "text" }),
          autoComplete: "address-line1",
          maxLength: 100,
        }}
      />
      <Field
        label={`${t("fieldCity")} *`}
        errors={translateErrors(t, fields.city.errors)}
        inputProps={{ ...getInputProps(fields.city, { type: "text" }), autoComplete: "address-level2", maxLength: 60 }}
      />
      <Field
        label={`${t("fieldZipCode")} *`}
        errors={translateErrors(t, fields.zipCode.errors)}
        inputProps={{ ...getInputProps(fields.zipCode, { type: "text" }), autoComplete: "postal-code", maxLength: 12 }}
      />
      <PhoneFields
        t={t}
        country={fields.telephoneCountryCode}
        number={fields.telephoneNumber}
        countries={view.phoneCountries}
        numberLabel={`${t("fieldTelephoneNumber")} *`}
      />
      <fieldset className="field-group">
        <legend>{t("agencyIdentifiers")}</legend>
        <Field
          label={`${t("fieldAbtaNumber")} ${optional}`}
          hint={t("hintAbtaNumber")}
          errors={translateErrors(t, fields.abtaNumber.errors)}
          inputProps={{ ...getInputProps(fields.abtaNumber, { type: "text" }), maxLength: 5, autoComplete: "off" }}
        />
        <Field
          label={`${t("fieldIataNumber")} ${optional}`}
          hint={t("hintIataNumber")}
          errors={translateErrors(t, fields.iataNumber.errors)}
          inputProps={{
            ...getInputProps(fields.iataNumber, { type: "text" }),
            inputMode: "numeric",
            maxLength: 8,
            autoComplete: "off",
          }}
        />
        <Field
          label={`${t("fieldCliaNumber")} ${optional}`}
          errors={translateErrors(t, fields.cliaNumber.errors)}
          inputProps={{
            ...getInputProps(fields.cliaNumber, { type: "text" }),
            inputMode: "numeric",
            maxLength: 12,
            autoComplete: "off",
          }}
        />
      </fieldset>
      <Field
        label={`${t("fieldWebAddress")} ${optional}`}
        hint={t("hintWebAddress")}
        errors={translateErrors(t, fields.webAddress.errors)}
        inputProps={{
          ...getInputProps(fields.webAddress, { type: "text" }),
          inputMode: "url",
          autoComplete: "url",
          maxLength: 200,
        }}
      />
      <StepFooter t={t} back="/register-agency" />
    </StepForm>
  );
}

export function AgencyContactStep({ t, view, reply }: StepProps) {
  const schema = agencyContactSchema({ passwordSet: view.passwordSet });
  const [form, fields] = useForm<z.input<typeof schema>>({
    id: "agency-step-2",
    lastResult: reply,
    defaultValue: view.defaults,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
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
      <Field
        label={`${t("fieldFirstName")} *`}
        errors={translateErrors(t, fields.firstName.errors)}
        inputProps={{ ...getInputProps(fields.firstName, { type: "text" }), autoComplete: "given-name", maxLength: 50 }}
      />
      <Field
        label={`${t("fieldLastName")} *`}
        errors={translateErrors(t, fields.lastName.errors)}
        inputProps={{ ...getInputProps(fields.lastName, { type: "text" }), autoComplete: "family-name", maxLength: 50 }}
      />
      <Field
        label={`${t("fieldEmailAddress")} *`}
        hint={t("hintAgencyEmail")}
        errors={translateErrors(t, fields.emailAddress.errors)}
        inputProps={{ ...getInputProps(fields.emailAddress, { type: "email" }), autoComplete: "email", maxLength: 254 }}
      />
      <Field
        label={`${t("fieldJobTitle")} ${optional}`}
        errors={translateErrors(t, fields.jobTitle.errors)}
        inputProps={{
          ...getInputProps(fields.jobTitle, { type: "text" }),
          autoComplete: "organization-title",
          maxLength: 80,
        }}
      />
      <SelectField
        label={`${t("fieldAgencyRole")} *`}
        errors={translateErrors(t, fields.agencyRole.errors)}
        placeholder={t("optionSelect")}
        options={optionsOf(t, AGENCY_ROLES)}
        selectProps={getSelectProps(fields.agencyRole)}
      />
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

export function AgencyBusinessStep({ t, view, reply }: StepProps) {
  const [form, fields] = useForm<z.input<typeof AgencyBusinessSchema>>({
    id: "agency-step-3",
    lastResult: reply,
    defaultValue: view.defaults,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AgencyBusinessSchema }),
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
        <Field
          label={t("fieldConsortialOrHostName")}
          errors={translateErrors(t, fields.consortialOrHostName.errors)}
          inputProps={{ ...getInputProps(fields.consortialOrHostName, { type: "text" }), maxLength: 100 }}
        />
      </div>
      <p className="field__hint">{t("agencyLinkHint")}</p>
      <StepFooter t={t} back="/register-agency/stepper?step=2" submitLabel={t("agencySendLink")} />
    </StepForm>
  );
}

export function SalesAgreementStep({ t, view, reply }: StepProps) {
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
            <p className="verified">
              <span aria-hidden="true">✓ </span>
              {t("emailVerified")}: <strong>{view.linkSentTo}</strong>
            </p>
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
