import { getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { translateErrors, type Translate } from "~/domain/translate";
import { Field, SelectField } from "./forms";

/**
 * A phone number as every registration and recovery form asks for it: the country (with its calling
 * code, hidden countries left out by the server) and the national number. The server checks the
 * pair and writes it E.164.
 */
export function PhoneFields({
  t,
  country,
  number,
  countries,
  numberLabel,
  hint,
}: {
  t: Translate;
  country: FieldMetadata<string | undefined>;
  number: FieldMetadata<string | undefined>;
  countries: ReadonlyArray<{ value: string; label: string }>;
  numberLabel: string;
  hint?: string;
}) {
  return (
    <>
      <SelectField
        label={t("fieldTelephoneCountryCode")}
        errors={translateErrors(t, country.errors)}
        options={countries}
        selectProps={getSelectProps(country)}
      />
      <Field
        label={numberLabel}
        hint={hint}
        errors={translateErrors(t, number.errors)}
        inputProps={{ ...getInputProps(number, { type: "tel" }), autoComplete: "tel-national", maxLength: 20 }}
      />
    </>
  );
}
