import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { redirect } from "~/server/infra/responses.server";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { FormError, StatusButton } from "~/components/forms";
import { HoneypotInput } from "~/components/honeypot";
import { RegistrationPage } from "~/components/registration-page";
import { upstreamErrorText } from "~/domain/registration-errors";
import { MagicLinkSchema } from "~/domain/registration-forms";
import { titleFor } from "~/domain/titles";
import { translator } from "~/domain/translate";
import { validateOtp } from "~/server/clients/api.server";
import { requireAnonymous } from "~/server/auth/auth.server";
import { agencyDraft, commit, agencyDraftState } from "~/server/registration/drafts.server";
import { parseSubmission, protectPublicForm } from "~/server/infra/forms.server";
import { retryAfterHeaders } from "~/server/infra/rate-limit.server";
import { registrationContext, upstreamFailure } from "~/server/registration/registration.server";

/**
 * /register-agency/verify?token&otp: the e-mailed link. Opening it changes nothing (mail scanners
 * open links too); the agent confirms with a button, which checks the code with the upstream.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  const url = new URL(request.url);
  const context = await registrationContext(request);
  const link = MagicLinkSchema.safeParse({
    token: url.searchParams.get("token") ?? "",
    otp: url.searchParams.get("otp") ?? "",
  });
  return { texts: context.texts, chosen: context.chosen, link: link.success ? link.data : null };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAnonymous(request);
  const { formData, verdict } = await protectPublicForm(request, "one-time-code");
  const context = await registrationContext(request);
  const submission = parseSubmission(formData, MagicLinkSchema);
  if (!verdict.allowed) return data({ error: verdict.message }, { status: 429, headers: retryAfterHeaders(verdict) });
  if (submission.status !== "success") return data({ error: context.t("verifyLinkInvalid") }, { status: 400 });
  try {
    await validateOtp({ token: submission.value.token, otp: submission.value.otp });
  } catch (error) {
    const failure = upstreamFailure(error);
    const message =
      failure?.errorCode === "OTP_INVALID" ? context.t("verifyLinkInvalid") : upstreamErrorText(context.t, failure);
    return data({ error: message }, { status: 400 });
  }
  // The browser that started the registration carries on; another one is told where to go on.
  const { session, draft } = await agencyDraft(request);
  if (draft && draft.mailValidationToken === submission.value.token) {
    agencyDraftState.write(session, { ...draft, emailVerified: true, updatedAt: Date.now() });
  }
  return redirect("/register-agency/welcome", { headers: await commit(session) });
}

export default function VerifyAgencyEmail() {
  const { texts, chosen, link } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const t = translator(texts);
  return (
    <RegistrationPage t={t} chosen={chosen} heading={t("agencyVerifyTitle")}>
      {link ? (
        <Form method="post" className="form">
          <p>{t("agencyVerifyBody")}</p>
          <FormError id="verify-error" errors={actionData?.error ? [actionData.error] : null} />
          <HoneypotInput />
          <input type="hidden" name="token" value={link.token} />
          <input type="hidden" name="otp" value={link.otp} />
          <StatusButton className="button button--primary">{t("verifyEmail")}</StatusButton>
        </Form>
      ) : (
        <p className="form-error" role="alert">
          {t("verifyLinkInvalid")}
        </p>
      )}
      {actionData?.error || !link ? (
        <p>
          <Link to="/register-agency/email-resend">{t("emailResendButton")}</Link>
        </p>
      ) : null}
    </RegistrationPage>
  );
}

export const meta: MetaFunction = ({ location }) => [{ title: titleFor(location.pathname) }];
