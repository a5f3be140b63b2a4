import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Intro } from "~/components/intro";
import { RegistrationPage } from "~/components/registration-page";
import { titleFor } from "~/domain/titles";
import { translator } from "~/domain/translate";
import { requireAnonymous } from "~/server/auth/auth.server";
import { agencyDraft } from "~/server/registration/drafts.server";
import { registrationContext } from "~/server/registration/registration.server";
import { salesAgreement } from "~/server/registration/sales-agreement.server";

/** /register-agency/sales-agreement: the agreement in full (content service), read before accepting. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  const context = await registrationContext(request);
  const [agreement, { draft }] = await Promise.all([salesAgreement(context.locale), agencyDraft(request)]);
  return { texts: context.texts, chosen: context.chosen, agreement, inProgress: (draft?.reached ?? 0) >= 4 };
}

export default function SalesAgreementPage() {
  const { texts, chosen, agreement, inProgress } = useLoaderData<typeof loader>();
  const t = translator(texts);
  return (
    <RegistrationPage t={t} chosen={chosen} heading={t("salesAgreementTitle")} narrow={false}>
      {agreement ? (
        <article className="legal" aria-label={agreement.title}>
          <Intro html={agreement.html} />
        </article>
      ) : (
        <p className="form-error" role="alert">
          {t("errorServiceUnavailable")}
        </p>
      )}
      {inProgress ? (
        <p>
          <Link to="/register-agency/stepper?step=4" className="button button--primary">
            {t("agencyBackToAgreement")}
          </Link>
        </p>
      ) : null}
    </RegistrationPage>
  );
}

export const meta: MetaFunction = ({ location }) => [{ title: titleFor(location.pathname) }];
