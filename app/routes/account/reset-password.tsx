import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { FormError, StatusButton } from "~/components/forms";
import { HoneypotInput } from "~/components/honeypot";
import { Intro } from "~/components/intro";
import { PasswordFields } from "~/components/password-fields";
import { ResetPasswordSchema } from "~/domain/registration-forms";
import { titleFor } from "~/domain/titles";
import { translator } from "~/domain/translate";
import { requireVerifiedReset, resetPasswordForm, resetPasswordPage } from "~/server/account/password-reset.server";

/**
 * /account/forgot/password/reset-password: a new password, checked against the rules here and by
 * the upstream, sent encrypted. The upstream ends the account's other sign-ins.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireVerifiedReset(request);
  return resetPasswordPage(request);
}

export async function action({ request }: ActionFunctionArgs) {
  const verified = await requireVerifiedReset(request);
  return resetPasswordForm(request, verified);
}

export default function ResetPassword() {
  const { texts, intro } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const t = translator(texts);
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult: actionData?.result,
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ResetPasswordSchema }),
  });
  // Each answer of the server draws the password fields anew, as without JavaScript: empty, with
  // the rules the server named (the upstream checks one the browser cannot: the agent's name).
  const [answers, setAnswers] = useState(0);
  useEffect(() => {
    if (actionData) setAnswers((n) => n + 1);
  }, [actionData]);

  return (
    <section className="panel panel--narrow" aria-labelledby="reset-password-heading">
      <h1 id="reset-password-heading">{t("resetPasswordTitle")}</h1>
      {intro ? <Intro html={intro} /> : null}
      <Form method="post" {...getFormProps(form)} className="form">
        <FormError id={form.errorId} errors={form.errors} />
        {actionData?.restart ? (
          <p>
            <Link to="/account/forgot/password">{t("forgotPasswordNewLink")}</Link>
          </p>
        ) : null}
        <HoneypotInput />
        <PasswordFields key={answers} t={t} password={fields.password} confirm={fields.confirmPassword} />
        <StatusButton className="button button--primary">{t("resetPasswordButton")}</StatusButton>
      </Form>
    </section>
  );
}

export const meta: MetaFunction = ({ location }) => [{ title: titleFor(location.pathname) }];
