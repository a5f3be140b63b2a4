import { useState } from "react";
import { PASSWORD_MAX, PASSWORD_RULES, passwordProblems, type PersonalInfo } from "~/domain/password";
import type { Translate } from "~/domain/translate";
import { Field } from "./forms";

type Meta = { id: string; name: string; errors?: string[] };

/**
 * A new password and its confirmation, with the rules listed under it. The server names the rules a
 * posted password broke (its errors are the rules' keys); with JavaScript the list follows typing.
 * `optional`: a password was already chosen, leave both empty to keep it.
 */
export function PasswordFields({
  t,
  password,
  confirm,
  personal,
  optional = false,
}: {
  t: Translate;
  password: Meta;
  confirm: Meta;
  personal?: PersonalInfo;
  optional?: boolean;
}) {
  const [typed, setTyped] = useState<string | null>(null);
  const [typedPersonal, setTypedPersonal] = useState(personal);
  const serverBroken = new Set(password.errors ?? []);
  const broken = typed === null ? serverBroken : new Set<string>(passwordProblems(typed, typedPersonal));
  const ruleErrors = (password.errors ?? []).filter((e) => !(PASSWORD_RULES as readonly string[]).includes(e));
  const rulesId = `${password.id}-rules`;
  return (
    <>
      <Field
        label={optional ? t("fieldPassword") : `${t("fieldPassword")} *`}
        hint={optional ? t("passwordKeepHint") : t("hintPassword")}
        errors={ruleErrors.length ? ruleErrors.map((e) => t(e)) : undefined}
        inputProps={{
          id: password.id,
          name: password.name,
          type: "password",
          autoComplete: "new-password",
          required: !optional,
          maxLength: PASSWORD_MAX,
          "aria-describedby": rulesId,
          onChange: (event) => {
            setTyped(event.currentTarget.value);
            setTypedPersonal(personalFrom(event.currentTarget.form, personal));
          },
        }}
      />
      <div id={rulesId} className="password-rules">
        <p className="password-rules__title">{t("passwordRulesTitle")}</p>
        <ul>
          {PASSWORD_RULES.map((rule) => {
            const failed = broken.has(rule);
            const checked = typed !== null && typed !== "" && !failed;
            return (
              <li
                key={rule}
                className={failed ? "password-rules__rule--failed" : checked ? "password-rules__rule--met" : undefined}
              >
                <span aria-hidden="true">{failed ? "✗ " : checked ? "✓ " : "• "}</span>
                {t(rule)}
                {failed ? <span className="visually-hidden"> ({t("passwordRuleNotMet")})</span> : null}
              </li>
            );
          })}
        </ul>
      </div>
      <Field
        label={optional ? t("fieldConfirmPassword") : `${t("fieldConfirmPassword")} *`}
        errors={confirm.errors?.map((e) => t(e))}
        inputProps={{
          id: confirm.id,
          name: confirm.name,
          type: "password",
          autoComplete: "new-password",
          required: !optional,
          maxLength: PASSWORD_MAX,
        }}
      />
    </>
  );
}

/** The names and e-mail as typed in the same form (they may not be saved yet), else the saved ones. */
function personalFrom(form: HTMLFormElement | null, saved: PersonalInfo | undefined): PersonalInfo {
  const value = (name: string) => {
    const field = form?.elements.namedItem(name);
    return field instanceof HTMLInputElement ? field.value : undefined;
  };
  return {
    firstName: value("firstName") ?? saved?.firstName,
    lastName: value("lastName") ?? saved?.lastName,
    emailAddress: value("emailAddress") ?? saved?.emailAddress,
  };
}
