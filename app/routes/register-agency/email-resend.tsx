import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { redirect } from "~/server/infra/responses.server";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { FormError, StatusButton } from "~/components/forms";
import { HoneypotInput } from "~/components/honeypot";
import { RegistrationPage } from "~/components/registration-page";
import { StepperText } from "~/components/stepper-text";
import { resendWait } from "~/domain/otp";
import { upstreamErrorText } from "~/domain/registration-errors";
import { titleFor } from "~/domain/titles";
import { translator } from "~/domain/translate";
import { sendAgencyLink } from "~/server/clients/accounts.server";
import { requireAnonymous } from "~/server/auth/auth.server";
import { agencyDraft, commit, agencyDraftState } from "~/server/registration/drafts.server";
import { protectPublicForm } from "~/server/infra/forms.server";
import { retryAfterHeaders } from "~/server/infra/rate-limit.server";
import { registrationContext, upstreamFailure } from "~/server/registration/registration.server";

/** /register-agency/email-resend: the link again, after a short cool-down. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  const [context, { draft }] = await Promise.all([registrationContext(request), agencyDraft(request)]);
  if (!draft?.linkSentTo) throw redirect("/register-agency");
  return {
    texts: context.texts,
    chosen: context.chosen,
    email: draft.linkSentTo,
    wait: resendWait(draft.linkSentAt ?? 0, Date.now()),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAnonymous(request);
  const { verdict } = await protectPublicForm(request, "registration");
  const [context, { session, draft }] = await Promise.all([registrationContext(request), agencyDraft(request)]);
  if (!draft?.linkSentTo) throw redirect("/register-agency");
  if (!verdict.allowed) return data({ error: verdict.message }, { status: 429, headers: retryAfterHeaders(verdict) });
  const wait = resendWait(draft.linkSentAt ?? 0, Date.now());
  if (wait > 0) return data({ error: context.t("otpWaitResend", wait) }, { status: 400 });
  try {
    const { token } = await sendAgencyLink(draft.linkSentTo, String(draft.fields.countryCode ?? ""));
    agencyDraftState.write(session, {
      ...draft,
      mailValidationToken: token,
      linkSentAt: Date.now(),
      emailVerified: false,
      updatedAt: Date.now(),
    });
    return redirect("/register-agency/email-sent?resent=1", { headers: await commit(session) });
  } catch (error) {
    return data({ error: upstreamErrorText(context.t, upstreamFailure(error)) }, { status: 400 });
  }
}

export default function EmailResend() {
  const { texts, chosen, email, wait } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const t = translator(texts);
  return (
    <RegistrationPage t={t} chosen={chosen} heading={t("emailResendTitle")}>
      <p>{t("emailResendBody")}</p>
      <p>
        <StepperText text={t("agencyLinkGoesTo")} values={[email]} />
      </p>
      <Form method="post" className="form">
        <FormError id="resend-error" errors={actionData?.error ? [actionData.error] : null} />
        <HoneypotInput />
        <StatusButton className="button button--primary">{t("emailResendButton")}</StatusButton>
        {wait > 0 ? <p className="field__hint">{t("otpWaitResend", wait)}</p> : null}
      </Form>
    </RegistrationPage>
  );
}

export const meta: MetaFunction = ({ location }) => [{ title: titleFor(location.pathname) }];
