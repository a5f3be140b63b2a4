import { getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import type { InputHTMLAttributes, ReactNode } from "react";
import { Field, SelectField } from "~/components/forms";
import { optionsOf, translateErrors, type Translate } from "~/domain/translate";
import { AGENCY_ROLES } from "~/domain/registration";

// Fields of any form: the pieces below read a field's name, id, errors and constraints only.
type TextMeta = FieldMetadata<string | undefined>;
type Option = { value: string; label: string };

/** A text input tied to its conform field; the rest of the props are the input's own attributes. */
export function TextField({
  t,
  label,
  hint,
  meta,
  type = "text",
  ...attributes
}: {
  t: Translate;
  label: ReactNode;
  hint?: ReactNode;
  meta: TextMeta;
  type?: "text" | "email";
} & Omit<InputHTMLAttributes<HTMLInputElement>, "type">) {
  return (
    <Field
      label={label}
      hint={hint}
      errors={translateErrors(t, meta.errors)}
      inputProps={{ ...getInputProps(meta, { type }), ...attributes }}
    />
  );
}

/** First and last name and e-mail address: the person who registers, in both registrations. */
export function PersonFields({
  t,
  fields,
  emailHint,
}: {
  t: Translate;
  fields: { firstName: TextMeta; lastName: TextMeta; emailAddress: TextMeta };
  emailHint: string;
}) {
  return (
    <>
      <TextField
        t={t}
        label={`${t("fieldFirstName")} *`}
        meta={fields.firstName}
        autoComplete="given-name"
        maxLength={50}
      />
      <TextField
        t={t}
        label={`${t("fieldLastName")} *`}
        meta={fields.lastName}
        autoComplete="family-name"
        maxLength={50}
      />
      <TextField
        t={t}
        label={`${t("fieldEmailAddress")} *`}
        hint={emailHint}
        meta={fields.emailAddress}
        type="email"
        autoComplete="email"
        maxLength={254}
      />
    </>
  );
}

/** The required country of an address. */
export function CountryField({ t, meta, countries }: { t: Translate; meta: TextMeta; countries: Option[] }) {
  return (
    <SelectField
      label={`${t("fieldCountryCode")} *`}
      errors={translateErrors(t, meta.errors)}
      options={countries}
      placeholder={t("optionSelect")}
      selectProps={{ ...getSelectProps(meta), autoComplete: "country" }}
    />
  );
}

/** The required ZIP or postal code of an address. */
export function ZipCodeField({ t, meta, hint }: { t: Translate; meta: TextMeta; hint?: string }) {
  return (
    <TextField
      t={t}
      label={`${t("fieldZipCode")} *`}
      hint={hint}
      meta={meta}
      autoComplete="postal-code"
      maxLength={12}
    />
  );
}

/** Job title; `label` says whether this registration requires it. */
export function JobTitleField({ t, meta, label }: { t: Translate; meta: TextMeta; label: string }) {
  return <TextField t={t} label={label} meta={meta} autoComplete="organization-title" maxLength={80} />;
}

/** The role at the agency; `label` says whether this registration requires it. */
export function AgencyRoleField({ t, meta, label }: { t: Translate; meta: TextMeta; label: string }) {
  return (
    <SelectField
      label={label}
      errors={translateErrors(t, meta.errors)}
      placeholder={t("optionSelect")}
      options={optionsOf(t, AGENCY_ROLES)}
      selectProps={getSelectProps(meta)}
    />
  );
}

/** A check mark and what was verified, e.g. "E-mail verified: a@b.example". */
export function VerifiedNote({ label, value }: { label: string; value: string | null }) {
  return (
    <p className="verified">
      <span aria-hidden="true">✓ </span>
      {label}: <strong>{value}</strong>
    </p>
  );
}
