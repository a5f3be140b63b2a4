import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { RegistrationPage } from "~/components/registration-page";
import { StepperText } from "~/components/stepper-text";
import { titleFor } from "~/domain/titles";
import { translator } from "~/domain/translate";
import { requireAnonymous } from "~/server/auth/auth.server";
import { linkSentPage } from "~/server/registration/agency-link.server";

/** /register-agency/email-sent: the verification link is on its way. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  return linkSentPage(request);
}

export default function EmailSent() {
  const { texts, chosen, email, resent } = useLoaderData<typeof loader>();
  const t = translator(texts);
  return (
    <RegistrationPage t={t} chosen={chosen} heading={t("emailSentTitle")}>
      {resent ? (
        <p className="notice" role="status">
          {t("agencyLinkResent")}
        </p>
      ) : null}
      <p>
        <StepperText text={t("emailSentBody")} values={[email]} />
      </p>
      <p>
        <Link to="/register-agency/email-resend">{t("emailResendTitle")}</Link>
      </p>
      <p className="field__hint">
        <StepperText text={t("agencyVerifiedElsewhere")} links={["/register-agency/stepper?step=4"]} />
      </p>
    </RegistrationPage>
  );
}

export const meta: MetaFunction = ({ location }) => [{ title: titleFor(location.pathname) }];
