import { CheckboxField, Field, SelectField } from "~/components/forms";
import type { ItemValue } from "~/domain/edit-items";
import { LANGUAGE_OPTIONS, type ProfileItemId } from "~/domain/profile-items";
import { translator } from "~/domain/translate";
import { YEARS_OPTIONS, type Labels, type Option } from "~/components/profile/item-labels";

/** An item open: its fields, with their errors. */
export function ItemFields({
  id,
  value,
  labels,
  errors,
}: {
  id: ProfileItemId;
  value: ItemValue;
  labels: Labels;
  errors: Record<string, string[]>;
}) {
  const input = (name: string, label: string, extra: Record<string, unknown> = {}) => (
    <Field
      label={label}
      errors={errors[name]}
      inputProps={{ name, id: `${id}-${name}`, defaultValue: value[name] ?? "", ...extra }}
    />
  );
  const check = (name: string, label: string) => (
    <CheckboxField
      label={label}
      errors={errors[name]}
      inputProps={{ name, id: `${id}-${name}`, value: "true", defaultChecked: value[name] === "true" }}
    />
  );
  const select = (name: string, label: string, options: readonly Option[], placeholder?: string) => (
    <SelectField
      label={label}
      errors={errors[name]}
      options={options}
      placeholder={placeholder}
      selectProps={{ name, id: `${id}-${name}`, defaultValue: value[name] ?? "" }}
    />
  );
  switch (id) {
    case "name":
      return (
        <>
          {input("firstName", "First name", { autoComplete: "given-name", required: true, maxLength: 50 })}
          {input("lastName", "Last name", { autoComplete: "family-name", required: true, maxLength: 50 })}
        </>
      );
    case "work":
      return (
        <>
          {input("jobTitle", "Job title", { autoComplete: "organization-title", maxLength: 80 })}
          {select("yearsIndustry", "Years in the industry", YEARS_OPTIONS, "Not given")}
          {check("homeBasedAgent", "I work from home")}
        </>
      );
    case "specialities": {
      const regions = new Set((value.regions ?? "").split(",").filter(Boolean));
      return (
        <>
          {select("specialization1", "First specialisation", labels.specializations, "None")}
          {select("specialization2", "Second specialisation", labels.specializations, "None")}
          {select("specialization3", "Third specialisation", labels.specializations, "None")}
          <fieldset className="field choices">
            <legend>Regions you sell</legend>
            <div className="choices__options">
              {labels.regions.map((r) => (
                <label key={r.value} className="choices__option">
                  <input type="checkbox" name="regions" value={r.value} defaultChecked={regions.has(r.value)} />
                  <span>{r.label}</span>
                </label>
              ))}
            </div>
            {errors.regions ? <p className="field__error">{errors.regions.join(" ")}</p> : null}
          </fieldset>
        </>
      );
    }
    case "clia":
      return input("cliaAgentId", "CLIA number", { inputMode: "numeric", maxLength: 12 });
    case "emails":
      return (
        <>
          {check("emailPreference", "Send me offers and news by e-mail")}
          {select("espressoLanguage", "Language of e-mails", LANGUAGE_OPTIONS)}
        </>
      );
    case "mobile": {
      const t = translator(labels.mobile?.texts ?? {});
      return (
        <>
          {select("telephoneCountryCode", t("fieldTelephoneCountryCode"), labels.mobile?.countries ?? [])}
          <Field
            label={t("fieldMobilePhone")}
            hint={t("hintMobilePhone")}
            errors={errors.mobilePhone}
            inputProps={{
              name: "mobilePhone",
              id: "mobile-mobilePhone",
              type: "tel",
              defaultValue: value.mobilePhone ?? "",
              autoComplete: "tel-national",
              required: true,
              maxLength: 20,
            }}
          />
        </>
      );
    }
    case "texts":
      return check("mobilePreference", "Send me offers and news by text message");
  }
}
