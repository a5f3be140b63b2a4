import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import type { z } from "zod";
import { ChoiceGroup, Field, FormError, StatusButton } from "~/components/forms";
import { HoneypotInput } from "~/components/honeypot";
import { PhoneFields } from "~/components/phone-fields";
import { useHydrated } from "~/components/use-hydrated";
import { ForgotUsernameSchema } from "~/domain/registration-forms";
import { titleFor } from "~/domain/titles";
import { translateErrors, translator } from "~/domain/translate";
import { requireAnonymous } from "~/server/auth/auth.server";
import { forgotUsernameForm, forgotUsernamePage } from "~/server/account/forgot-username.server";

const DEFAULT_PHONE_COUNTRY = "US";

/**
 * /account/forgot/username: a code goes to the account's e-mail address (then /otp-verify) or its
 * mobile phone (then phone-verification); the right code shows the username. The upstream answers
 * alike whether an account matched or not.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return forgotUsernamePage(request);
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAnonymous(request);
  return forgotUsernameForm(request);
}

export default function ForgotUsername() {
  const { texts, phoneCountries } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const t = translator(texts);
  const [form, fields] = useForm<z.input<typeof ForgotUsernameSchema>>({
    id: "forgot-username",
    lastResult,
    defaultValue: { channel: "EMAIL", telephoneCountryCode: DEFAULT_PHONE_COUNTRY },
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ForgotUsernameSchema }),
  });

  // Without JavaScript both groups show (the server checks only the chosen one); with it, only the
  // chosen channel's fields.
  const initialChannel = fields.channel.initialValue === "SMS" ? "SMS" : "EMAIL";
  const [channel, setChannel] = useState<"EMAIL" | "SMS">(initialChannel);
  const hydrated = useHydrated();

  return (
    <section className="panel panel--narrow" aria-labelledby="forgot-username-heading">
      <h1 id="forgot-username-heading">{t("forgotUsernameTitle")}</h1>
      <Form
        method="post"
        {...getFormProps(form)}
        className="form"
        onChange={(event) => {
          const target = event.target as HTMLInputElement;
          if (target.name === fields.channel.name) setChannel(target.value === "SMS" ? "SMS" : "EMAIL");
        }}
      >
        <FormError id={form.errorId} errors={form.errors} />
        <HoneypotInput />
        <ChoiceGroup
          legend={t("forgotUsernameBody")}
          name={fields.channel.name}
          type="radio"
          options={[
            { value: "EMAIL", label: t("recoverByEmail") },
            { value: "SMS", label: t("recoverByPhone") },
          ]}
          selected={[initialChannel]}
          errors={translateErrors(t, fields.channel.errors)}
        />
        <div className="form" hidden={hydrated && channel !== "EMAIL"}>
          <Field
            label={t("fieldEmailAddress")}
            errors={translateErrors(t, fields.emailAddress.errors)}
            inputProps={{
              ...getInputProps(fields.emailAddress, { type: "email" }),
              autoComplete: "email",
              maxLength: 254,
            }}
          />
        </div>
        <div className="form" hidden={hydrated && channel !== "SMS"}>
          <PhoneFields
            t={t}
            country={fields.telephoneCountryCode}
            number={fields.mobilePhone}
            countries={phoneCountries}
            numberLabel={t("fieldMobilePhone")}
          />
        </div>
        <StatusButton className="button button--primary">{t("buttonContinue")}</StatusButton>
      </Form>
      <p>
        <Link to="/login">{t("backToLogin")}</Link>
      </p>
    </section>
  );
}

export const meta: MetaFunction = ({ location }) => [{ title: titleFor(location.pathname) }];
