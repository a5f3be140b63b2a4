import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { FormError, StatusButton } from "~/components/forms";
import { HoneypotInput } from "~/components/honeypot";
import { RegistrationPage } from "~/components/registration-page";
import { StepperText } from "~/components/stepper-text";
import { titleFor } from "~/domain/titles";
import { translator } from "~/domain/translate";
import { requireAnonymous } from "~/server/auth/auth.server";
import { resendAgencyLink, resendLinkPage } from "~/server/registration/agency-link.server";

/** /register-agency/email-resend: the link again, after a short cool-down. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  return resendLinkPage(request);
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAnonymous(request);
  return resendAgencyLink(request);
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
