import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { FormError, StatusButton } from "~/components/forms";
import { HoneypotInput } from "~/components/honeypot";
import { RegistrationPage } from "~/components/registration-page";
import { titleFor } from "~/domain/titles";
import { translator } from "~/domain/translate";
import { requireAnonymous } from "~/server/auth/auth.server";
import { agencyLinkPage, checkAgencyLink } from "~/server/registration/agency-link.server";

/**
 * /register-agency/verify?token&otp: the e-mailed link. Opening it changes nothing (mail scanners
 * open links too); the agent confirms with a button, which checks the code with the upstream.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  return agencyLinkPage(request);
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAnonymous(request);
  return checkAgencyLink(request);
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
