import { getFormProps, useForm } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { redirect } from "~/server/infra/responses.server";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { FormError, StatusButton } from "~/components/forms";
import { HoneypotInput } from "~/components/honeypot";
import { Intro } from "~/components/intro";
import { PASSWORD_RESET_LIMIT_MS, isFresh } from "~/domain/recovery";
import { upstreamErrorText } from "~/domain/registration-errors";
import { MagicLinkSchema } from "~/domain/registration-forms";
import { titleFor } from "~/domain/titles";
import { translator, type Translate } from "~/domain/translate";
import { validateOtp } from "~/server/clients/api.server";
import { requireAnonymous } from "~/server/auth/auth.server";
import { parseSubmission, protectPublicForm } from "~/server/infra/forms.server";
import { screenIntro } from "~/server/shell/intro.server";
import { retryAfterHeaders } from "~/server/infra/rate-limit.server";
import { recoveryTexts, recoveryState } from "~/server/account/recovery.server";
import { registrationContext, upstreamFailure } from "~/server/registration/registration.server";
import { getSession, sessionStorage } from "~/server/infra/session.server";

const RESET_PASSWORD_PATH = "/account/forgot/password/reset-password";

/**
 * The e-mailed reset link lands here (?token=…&otp=…). Opening it changes nothing (mail scanners
 * open links too): Continue posts token and code, the upstream checks them, and the verified reset
 * is kept server-side for reset-password. A missing or garbled link gets a clear message.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { texts, locale } = await registrationContext(request);
  const url = new URL(request.url);
  const parsed = MagicLinkSchema.safeParse({
    token: url.searchParams.get("token") ?? "",
    otp: url.searchParams.get("otp") ?? "",
  });
  const intro = parsed.success ? await screenIntro(url.pathname, locale) : null;
  return { texts: recoveryTexts(texts), link: parsed.success ? parsed.data : null, intro: intro?.html ?? null };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAnonymous(request);
  const { t } = await registrationContext(request);
  const { formData, verdict } = await protectPublicForm(request, "recovery");
  const submission = parseSubmission(formData, MagicLinkSchema);
  if (!verdict.allowed) {
    return data(
      { result: submission.reply({ formErrors: [verdict.message] }), linkFailed: false },
      { status: 429, headers: retryAfterHeaders(verdict) },
    );
  }
  const linkFailed = (message: string) =>
    data({ result: submission.reply({ formErrors: [message] }), linkFailed: true }, { status: 400 });
  if (submission.status !== "success") return linkFailed(t("errorResetLinkInvalid"));

  const { token, otp } = submission.value;
  const session = await getSession(request);
  const recovery = recoveryState.read(session);
  // Continue pressed again (back button, double click): the link was already checked.
  if (
    recovery?.passwordReset?.token === token &&
    isFresh(recovery.passwordReset.verifiedAt, PASSWORD_RESET_LIMIT_MS, Date.now())
  ) {
    return redirect(RESET_PASSWORD_PATH);
  }
  try {
    await validateOtp({ token, otp });
  } catch (error) {
    return linkFailed(linkVerdict(t, upstreamFailure(error)));
  }
  recoveryState.write(session, { ...recovery, passwordReset: { token, verifiedAt: Date.now() } });
  return redirect(RESET_PASSWORD_PATH, { headers: { "Set-Cookie": await sessionStorage.commitSession(session) } });
}

/**
 * The upstream's verdict on a link: a link is not typed, so a wrong, expired, used or worn-out code
 * all read "this link is not valid or has expired"; anything else as on the other recovery forms.
 */
function linkVerdict(t: Translate, failure: { errorCode?: string } | undefined): string {
  const code = failure?.errorCode;
  if (code && code.startsWith("OTP_") && code !== "OTP_RATE_LIMITED") return t("errorResetLinkInvalid");
  return upstreamErrorText(t, failure);
}

export default function EmailVerified() {
  const { texts, link, intro } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const t = translator(texts);
  const [form] = useForm({ id: "magic-link", lastResult: actionData?.result });
  const newLink = (
    <p>
      <Link to="/account/forgot/password">{t("forgotPasswordNewLink")}</Link>
    </p>
  );

  if (!link) {
    return (
      <section className="panel panel--narrow" aria-labelledby="email-verified-heading">
        <h1 id="email-verified-heading">{t("forgotPasswordTitle")}</h1>
        <div className="form-error" role="alert">
          <p>{t("errorResetLinkInvalid")}</p>
        </div>
        {newLink}
      </section>
    );
  }

  return (
    <section className="panel panel--narrow" aria-labelledby="email-verified-heading">
      <h1 id="email-verified-heading">{t("emailVerifiedTitle")}</h1>
      {intro ? <Intro html={intro} /> : null}
      <Form method="post" {...getFormProps(form)} className="form">
        <FormError id={form.errorId} errors={form.errors} />
        <HoneypotInput />
        <input type="hidden" name="token" value={link.token} />
        <input type="hidden" name="otp" value={link.otp} />
        <StatusButton className="button button--primary">{t("buttonContinue")}</StatusButton>
      </Form>
      {actionData?.linkFailed ? newLink : null}
    </section>
  );
}

export const meta: MetaFunction = ({ location }) => [{ title: titleFor(location.pathname) }];
