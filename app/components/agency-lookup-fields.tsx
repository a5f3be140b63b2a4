import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useState } from "react";
import { ChoiceGroup, Field } from "~/components/forms";
import { PhoneFields } from "~/components/phone-fields";
import { useHydrated } from "~/components/use-hydrated";
import { translateErrors, type Translate } from "~/domain/translate";

type LookupFields = {
  identificationType: FieldMetadata<string | undefined>;
  telephoneCountryCode: FieldMetadata<string | undefined>;
  telephoneNumber: FieldMetadata<string | undefined>;
  abtaNumber: FieldMetadata<string | undefined>;
};

/**
 * An agency named by its phone number (the default) or its ABTA number, as the registration's search
 * and the super-user search ask for it (`AgencyLookupSchema`). Without JavaScript both groups show and
 * the schema checks only the chosen one; with it, only the chosen group shows.
 */
export function AgencyLookupFields({
  t,
  fields,
  phoneCountries,
}: {
  t: Translate;
  fields: LookupFields;
  phoneCountries: ReadonlyArray<{ value: string; label: string }>;
}) {
  const initialType = String(fields.identificationType.initialValue ?? "phone");
  const [type, setType] = useState(initialType);
  const hydrated = useHydrated();
  return (
    <div
      onChange={(e) => {
        const target = e.target as HTMLInputElement;
        if (target.name === fields.identificationType.name) setType(target.value);
      }}
    >
      <ChoiceGroup
        legend={t("fieldIdentificationType")}
        name={fields.identificationType.name}
        type="radio"
        selected={[initialType]}
        options={[
          { value: "phone", label: t("identificationPhone") },
          { value: "abta", label: t("identificationAbta") },
        ]}
      />
      <fieldset className="field-group" hidden={hydrated && type !== "phone"}>
        <legend>{t("identificationPhone")}</legend>
        <PhoneFields
          t={t}
          country={fields.telephoneCountryCode}
          number={fields.telephoneNumber}
          countries={phoneCountries}
          numberLabel={t("fieldTelephoneNumber")}
        />
      </fieldset>
      <fieldset className="field-group" hidden={hydrated && type !== "abta"}>
        <legend>{t("identificationAbta")}</legend>
        <Field
          label={t("fieldAbtaNumber")}
          hint={t("hintAbtaNumber")}
          errors={translateErrors(t, fields.abtaNumber.errors)}
          inputProps={{ ...getInputProps(fields.abtaNumber, { type: "text" }), autoComplete: "off", maxLength: 5 }}
        />
      </fieldset>
    </div>
  );
}
