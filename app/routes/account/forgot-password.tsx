import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Field, FormError, StatusButton } from "~/components/forms";
import { HoneypotInput } from "~/components/honeypot";
import { ForgotPasswordSchema } from "~/domain/registration-forms";
import { titleFor } from "~/domain/titles";
import { translateErrors, translator } from "~/domain/translate";
import { requireAnonymous } from "~/server/auth/auth.server";
import { forgotPasswordForm, forgotPasswordPage } from "~/server/account/password-reset.server";

const PATH = "/account/forgot/password";

/**
 * /account/forgot/password: the username or e-mail address gets a reset link by e-mail (a magic
 * link to email-verified). The upstream answers the same whether an account matched or not, so the
 * page says "if an account matches" (?sent=1 after the post).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return forgotPasswordPage(request);
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAnonymous(request);
  return forgotPasswordForm(request);
}

export default function ForgotPassword() {
  const { texts, sent } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const t = translator(texts);
  const [form, fields] = useForm({
    id: "forgot-password",
    lastResult,
    constraint: { usernameOrEmail: { required: true, maxLength: 254 } },
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ForgotPasswordSchema }),
  });

  return (
    <section className="panel panel--narrow" aria-labelledby="forgot-password-heading">
      <h1 id="forgot-password-heading">{t("forgotPasswordTitle")}</h1>
      {sent ? (
        <>
          <p className="notice" role="status">
            {t("forgotPasswordSent")}
          </p>
          <p>
            <Link to={PATH}>{t("forgotPasswordAgain")}</Link>
          </p>
        </>
      ) : (
        <>
          <p className="lead">{t("forgotPasswordBody")}</p>
          <Form method="post" {...getFormProps(form)} className="form">
            <FormError id={form.errorId} errors={form.errors} />
            <HoneypotInput />
            <Field
              label={t("fieldUsernameOrEmail")}
              errors={translateErrors(t, fields.usernameOrEmail.errors)}
              inputProps={{ ...getInputProps(fields.usernameOrEmail, { type: "text" }), autoComplete: "username" }}
            />
            <StatusButton className="button button--primary">{t("forgotPasswordSend")}</StatusButton>
          </Form>
        </>
      )}
      <p>
        <Link to="/login">{t("backToLogin")}</Link>
      </p>
    </section>
  );
}

export const meta: MetaFunction = ({ location }) => [{ title: titleFor(location.pathname) }];
