import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { redirect } from "~/server/infra/responses.server";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { FormError, StatusButton } from "~/components/forms";
import { HoneypotInput } from "~/components/honeypot";
import { Intro } from "~/components/intro";
import { PasswordFields } from "~/components/password-fields";
import { passwordProblems } from "~/domain/password";
import { PASSWORD_RESET_LIMIT_MS, isFresh } from "~/domain/recovery";
import { upstreamErrorText } from "~/domain/registration-errors";
import { ResetPasswordSchema } from "~/domain/registration-forms";
import { titleFor } from "~/domain/titles";
import { translator } from "~/domain/translate";
import { resetPassword } from "~/server/clients/accounts.server";
import { encryptPassword } from "~/server/clients/api.server";
import { requireAnonymous } from "~/server/auth/auth.server";
import { parseSubmission, protectPublicForm } from "~/server/infra/forms.server";
import { screenIntro } from "~/server/shell/intro.server";
import { retryAfterHeaders } from "~/server/infra/rate-limit.server";
import { recoveryTexts, recoveryState } from "~/server/account/recovery.server";
import { registrationContext, upstreamFailure } from "~/server/registration/registration.server";
import { getSession, sessionStorage } from "~/server/infra/session.server";
import { outcomeState } from "~/server/registration/drafts.server";

const HIDE_PASSWORDS = ["password", "confirmPassword"];

/** The verified reset link (email-verified), at most 30 minutes old; else ask for a new link. */
async function requireVerifiedReset(request: Request) {
  await requireAnonymous(request);
  const session = await getSession(request);
  const recovery = recoveryState.read(session);
  const reset = recovery?.passwordReset;
  if (!reset || !isFresh(reset.verifiedAt, PASSWORD_RESET_LIMIT_MS, Date.now()))
    throw redirect("/account/forgot/password");
  return { session, recovery, reset };
}

/**
 * /account/forgot/password/reset-password: a new password, checked against the rules here and by
 * the upstream, sent encrypted. The upstream ends the account's other sign-ins.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireVerifiedReset(request);
  const { texts, locale } = await registrationContext(request);
  const intro = await screenIntro(new URL(request.url).pathname, locale);
  return { texts: recoveryTexts(texts), intro: intro?.html ?? null };
}

export async function action({ request }: ActionFunctionArgs) {
  const { session, recovery, reset } = await requireVerifiedReset(request);
  const { t } = await registrationContext(request);
  const { formData, verdict } = await protectPublicForm(request, "recovery");
  const submission = parseSubmission(formData, ResetPasswordSchema);
  if (!verdict.allowed) {
    return data(
      { result: submission.reply({ formErrors: [verdict.message], hideFields: HIDE_PASSWORDS }), restart: false },
      { status: 429, headers: retryAfterHeaders(verdict) },
    );
  }
  if (submission.status !== "success" || !submission.value.password) {
    return data({ result: submission.reply({ hideFields: HIDE_PASSWORDS }), restart: false }, { status: 400 });
  }

  let username: string;
  try {
    ({ username } = await resetPassword(reset.token, await encryptPassword(submission.value.password)));
  } catch (error) {
    const failure = upstreamFailure(error);
    if (failure?.errorCode === "WEAK_PASSWORD") {
      // The rules here are the upstream's; when none of those we can check is broken, the one we
      // cannot (nothing from the agent's name or e-mail address) is.
      const broken = passwordProblems(submission.value.password);
      const fieldErrors = {
        password: ["errorWeakPassword", ...(broken.length ? broken : ["passwordRuleNoPersonalInfo"])],
      };
      return data(
        { result: submission.reply({ fieldErrors, hideFields: HIDE_PASSWORDS }), restart: false },
        { status: 400 },
      );
    }
    const formErrors = [upstreamErrorText(t, failure)];
    const restart = failure?.errorCode === "RESET_TOKEN_INVALID";
    return data({ result: submission.reply({ formErrors, hideFields: HIDE_PASSWORDS }), restart }, { status: 400 });
  }

  const { passwordReset: _done, ...rest } = recovery ?? {};
  recoveryState.write(session, rest);
  outcomeState.write(session, { kind: "password-reset", username, at: Date.now() });
  return redirect("/account/forgot/password/reset-success", {
    headers: { "Set-Cookie": await sessionStorage.commitSession(session) },
  });
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
