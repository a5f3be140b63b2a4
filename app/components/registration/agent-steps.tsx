import { getInputProps, getSelectProps, useForm, type FieldMetadata } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ComponentProps, ReactNode } from "react";
import type { z } from "zod";
import { CheckboxField, ChoiceGroup, SelectField, StatusButton, asList } from "~/components/forms";
import { CodeField } from "~/components/code-form";
import { PhoneFields } from "~/components/phone-fields";
import { PasswordFields } from "~/components/password-fields";
import { StepFooter, StepForm } from "~/components/step-form";
import { StepperText } from "~/components/stepper-text";
import { LOCALES, LOCALE_LABELS } from "~/domain/language";
import { BRAND_NAMES } from "~/domain/navigation";
import { MFA_CHANNELS, REGIONS, SPECIALIZATIONS, YEARS_IN_INDUSTRY } from "~/domain/registration";
import {
  ContactVerificationSchema,
  PreferencesLegalSchema,
  ProfessionalDetailsSchema,
  aboutYouSchema,
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
import type { AgentStepReply, AgentStepView } from "~/server/registration/step-views.server";

type ContactInput = z.input<typeof ContactVerificationSchema>;
type StepProps = { t: Translate; view: AgentStepView; reply: AgentStepReply | undefined };

/** The result a form shows: the action's reply when it answered this form's intent. */
const resultFor = (reply: AgentStepReply | undefined, intents: readonly string[]) =>
  reply && intents.includes(reply.intent) ? reply.result : undefined;

/** The steps in order: step 1 first. */
const STEPS = [AboutYouStep, ContactStep, ProfessionalStep, PreferencesStep];

/** The form, or forms, of the step the agent is at. */
export function AgentStepForms(props: StepProps) {
  const Step = STEPS[props.view.step - 1];
  return Step ? <Step {...props} /> : null;
}

function AboutYouStep({ t, view, reply }: StepProps) {
  const [form, fields] = useStepForm({
    id: "agent-step-1",
    schema: aboutYouSchema({ passwordSet: view.passwordSet }),
    lastResult: resultFor(reply, ["continue"]),
    defaultValue: view.defaults,
  });
  return (
    <StepForm
      stepper="/register/stepper"
      step={1}
      form={form}
      heading={t("stepAboutYou")}
      intro={<p className="field__hint">{t("requiredFieldsNote")}</p>}
    >
      <PersonFields t={t} fields={fields} emailHint={t("hintEmailAddress")} />
      <PasswordFields
        t={t}
        optional={view.passwordSet}
        personal={view.personal}
        password={fields.password}
        confirm={fields.confirmPassword}
      />
      <CountryField t={t} meta={fields.countryCode} countries={view.countries} />
      <ZipCodeField t={t} meta={fields.zipCode} hint={t("hintZipCode")} />
      <StepFooter t={t} back="/register?agencyData=true" />
    </StepForm>
  );
}

/** A one-time code form of the contact step: where the code went, the code, then its buttons. */
function CodeStepForm({
  t,
  form,
  code,
  sentText,
  sentTo,
  children,
}: {
  t: Translate;
  form: ComponentProps<typeof StepForm>["form"];
  code: FieldMetadata<string | undefined>;
  sentText: string;
  sentTo: string;
  children: ReactNode;
}) {
  return (
    <StepForm
      stepper="/register/stepper"
      step={2}
      form={form}
      intro={
        <p>
          <StepperText text={sentText} values={[sentTo]} />
        </p>
      }
    >
      <CodeField
        label={t("otpLabel")}
        hint={t("otpHint")}
        errors={translateErrors(t, code.errors)}
        inputProps={{ id: code.id, name: code.name }}
      />
      {children}
    </StepForm>
  );
}

function ContactStep({ t, view, reply }: StepProps) {
  const onValidate = ({ formData }: { formData: FormData }) =>
    parseWithZod(formData, { schema: ContactVerificationSchema });
  const [emailForm, emailFields] = useForm<ContactInput>({
    id: "agent-email-code",
    lastResult: resultFor(reply, ["verify-email", "send-email-code"]),
    shouldValidate: "onSubmit",
    onValidate,
  });
  const [phoneForm, phoneFields] = useForm<ContactInput>({
    id: "agent-phone",
    lastResult: resultFor(reply, ["send-phone-code"]),
    defaultValue: view.defaults,
    shouldValidate: "onBlur",
    onValidate,
  });
  const [phoneCodeForm, phoneCodeFields] = useForm<ContactInput>({
    id: "agent-phone-code",
    lastResult: resultFor(reply, ["verify-phone"]),
    shouldValidate: "onSubmit",
    onValidate,
  });
  const [form, fields] = useForm<ContactInput>({
    id: "agent-step-2",
    lastResult: resultFor(reply, ["continue"]),
    defaultValue: { primaryMFA: "EMAIL", ...view.defaults },
    onValidate,
  });
  const mfaOptions = Object.entries(MFA_CHANNELS).map(([value, key]) => ({ value, label: t(key) }));
  return (
    <>
      <h2>{t("stepContactVerification")}</h2>
      <section className="verify-box" aria-labelledby="verify-email-heading">
        <h3 id="verify-email-heading">{t("verifyEmail")}</h3>
        {view.email.verified ? (
          <VerifiedNote label={t("emailVerified")} value={view.email.address} />
        ) : (
          <CodeStepForm
            t={t}
            form={emailForm}
            code={emailFields.emailCode}
            sentText={t("otpSentEmail")}
            sentTo={view.email.address}
          >
            <div className="actions">
              <StatusButton className="button button--primary" name="intent" value="verify-email">
                {t("otpVerify")}
              </StatusButton>
              <StatusButton className="button button--link" name="intent" value="send-email-code" formNoValidate>
                {t("otpResend")}
              </StatusButton>
            </div>
            {view.email.resendIn > 0 ? <p className="field__hint">{t("otpWaitResend", view.email.resendIn)}</p> : null}
          </CodeStepForm>
        )}
      </section>

      <section className="verify-box" aria-labelledby="verify-phone-heading">
        <h3 id="verify-phone-heading">{t("verifyPhone")}</h3>
        {view.phone.verified ? <VerifiedNote label={t("phoneVerified")} value={view.phone.sentTo} /> : null}
        <StepForm stepper="/register/stepper" step={2} form={phoneForm}>
          <PhoneFields
            t={t}
            country={phoneFields.telephoneCountryCode}
            number={phoneFields.mobilePhone}
            countries={view.phoneCountries}
            numberLabel={`${t("fieldMobilePhone")} *`}
            hint={t("hintMobilePhone")}
          />
          <StatusButton className="button button--secondary" name="intent" value="send-phone-code">
            {view.phone.sentTo && !view.phone.verified ? t("otpResend") : t("sendPhoneCode")}
          </StatusButton>
          {view.phone.resendIn > 0 && !view.phone.verified ? (
            <p className="field__hint">{t("otpWaitResend", view.phone.resendIn)}</p>
          ) : null}
        </StepForm>
        {view.phone.sentTo && !view.phone.verified ? (
          <CodeStepForm
            t={t}
            form={phoneCodeForm}
            code={phoneCodeFields.phoneCode}
            sentText={t("otpSentSms")}
            sentTo={view.phone.sentTo}
          >
            <StatusButton className="button button--primary" name="intent" value="verify-phone">
              {t("otpVerify")}
            </StatusButton>
          </CodeStepForm>
        ) : null}
      </section>

      <StepForm stepper="/register/stepper" step={2} form={form}>
        <ChoiceGroup
          legend={`${t("fieldPrimaryMfa")} *`}
          name={fields.primaryMFA.name}
          type="radio"
          required
          options={mfaOptions}
          selected={asList(fields.primaryMFA.initialValue)}
          errors={translateErrors(t, fields.primaryMFA.errors)}
        />
        <SelectField
          label={`${t("fieldSecondaryMfa")} (${t("optional")})`}
          errors={translateErrors(t, fields.secondaryMFA.errors)}
          options={mfaOptions}
          placeholder={t("optionSelect")}
          selectProps={getSelectProps(fields.secondaryMFA)}
        />
        <StepFooter t={t} back="/register/stepper?step=1" />
      </StepForm>
    </>
  );
}

function ProfessionalStep({ t, view, reply }: StepProps) {
  const [form, fields] = useStepForm({
    id: "agent-step-3",
    schema: ProfessionalDetailsSchema,
    lastResult: resultFor(reply, ["continue"]),
    defaultValue: view.defaults,
  });
  const specializations = optionsOf(t, SPECIALIZATIONS);
  const optional = `(${t("optional")})`;
  return (
    <StepForm
      stepper="/register/stepper"
      step={3}
      form={form}
      heading={t("stepProfessionalDetails")}
      intro={<p className="field__hint">{t("requiredFieldsNote")}</p>}
    >
      <JobTitleField t={t} meta={fields.jobTitle} label={`${t("fieldJobTitle")} *`} />
      <SelectField
        label={`${t("fieldYearsIndustry")} *`}
        errors={translateErrors(t, fields.yearsIndustry.errors)}
        placeholder={t("optionSelect")}
        options={YEARS_IN_INDUSTRY.map((v) => ({ value: v, label: v }))}
        selectProps={getSelectProps(fields.yearsIndustry)}
      />
      <AgencyRoleField t={t} meta={fields.agencyRole} label={`${t("fieldAgencyRole")} ${optional}`} />
      <TextField
        t={t}
        label={`${t("fieldCliaAgentId")} ${optional}`}
        hint={t("hintCliaAgentId")}
        meta={fields.cliaAgentId}
        inputMode="numeric"
        maxLength={12}
        autoComplete="off"
      />
      <TextField
        t={t}
        label={`${t("fieldColonialId")} ${optional}`}
        hint={t("hintColonialId")}
        meta={fields.colonialID}
        maxLength={20}
        autoComplete="off"
      />
      <SelectField
        label={`${t("fieldSpecialization1")} *`}
        errors={translateErrors(t, fields.specialization1.errors)}
        placeholder={t("optionSelect")}
        options={specializations}
        selectProps={getSelectProps(fields.specialization1)}
      />
      <SelectField
        label={`${t("fieldSpecialization2")} ${optional}`}
        errors={translateErrors(t, fields.specialization2.errors)}
        placeholder={t("optionSelect")}
        options={specializations}
        selectProps={getSelectProps(fields.specialization2)}
      />
      <SelectField
        label={`${t("fieldSpecialization3")} ${optional}`}
        errors={translateErrors(t, fields.specialization3.errors)}
        placeholder={t("optionSelect")}
        options={specializations}
        selectProps={getSelectProps(fields.specialization3)}
      />
      <ChoiceGroup
        legend={`${t("fieldRegions")} *`}
        name={fields.regions.name}
        type="checkbox"
        options={optionsOf(t, REGIONS)}
        selected={asList(fields.regions.initialValue)}
        errors={translateErrors(t, fields.regions.errors)}
      />
      <SelectField
        label={`${t("fieldPromotionBrand")} ${optional}`}
        errors={translateErrors(t, fields.promotionBrand.errors)}
        placeholder={t("optionSelect")}
        options={Object.entries(BRAND_NAMES).map(([value, label]) => ({ value, label }))}
        selectProps={getSelectProps(fields.promotionBrand)}
      />
      <CheckboxField
        label={t("fieldHomeBasedAgent")}
        errors={translateErrors(t, fields.homeBasedAgent.errors)}
        inputProps={getInputProps(fields.homeBasedAgent, { type: "checkbox" })}
      />
      <StepFooter t={t} back="/register/stepper?step=2" />
    </StepForm>
  );
}

function PreferencesStep({ t, view, reply }: StepProps) {
  const [form, fields] = useStepForm({
    id: "agent-step-4",
    schema: PreferencesLegalSchema,
    lastResult: resultFor(reply, ["continue"]),
    defaultValue: view.defaults,
  });
  return (
    <StepForm stepper="/register/stepper" step={4} form={form} heading={t("stepPreferencesLegal")}>
      <SelectField
        label={t("fieldEspressoLanguage")}
        errors={translateErrors(t, fields.espressoLanguage.errors)}
        options={LOCALES.map((code) => ({ value: code, label: LOCALE_LABELS[code] }))}
        selectProps={getSelectProps(fields.espressoLanguage)}
      />
      <CheckboxField
        label={t("fieldEmailPreference")}
        inputProps={getInputProps(fields.emailPreference, { type: "checkbox" })}
      />
      <CheckboxField
        label={t("fieldMobilePreference")}
        inputProps={getInputProps(fields.mobilePreference, { type: "checkbox" })}
      />
      <CheckboxField
        label={<StepperText text={t("fieldAcceptTermsConditions")} links={["/terms-of-use", "/privacy-policy"]} />}
        errors={translateErrors(t, fields.acceptTermsConditions.errors)}
        inputProps={{ ...getInputProps(fields.acceptTermsConditions, { type: "checkbox" }), required: true }}
      />
      <CheckboxField
        label={<StepperText text={t("fieldAcceptTravelAgentGuidelines")} links={["/travel-agent-guidelines"]} />}
        errors={translateErrors(t, fields.acceptTravelAgentGuideliness.errors)}
        inputProps={{ ...getInputProps(fields.acceptTravelAgentGuideliness, { type: "checkbox" }), required: true }}
      />
      <StepFooter t={t} back="/register/stepper?step=3" submitLabel={t("buttonSubmit")} />
    </StepForm>
  );
}
