import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { redirect } from "~/server/infra/responses.server";
import { Link, useLoaderData } from "@remix-run/react";
import { Intro } from "~/components/intro";
import { RegistrationPage } from "~/components/registration-page";
import { AGENCY_STEPS } from "~/domain/registration";
import { titleFor } from "~/domain/titles";
import { translator } from "~/domain/translate";
import { requireAnonymous } from "~/server/auth/auth.server";
import { agencyDraft } from "~/server/registration/drafts.server";
import { screenIntro } from "~/server/shell/intro.server";
import { registrationContext } from "~/server/registration/registration.server";

/**
 * /register-agency: what agency registration asks for, and the way in. `?step=N` (the back button's
 * targets) opens that step of the stepper.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  const step = new URL(request.url).searchParams.get("step");
  if (step !== null) throw redirect(`/register-agency/stepper?step=${encodeURIComponent(step)}`);
  const context = await registrationContext(request);
  const [{ draft }, intro] = await Promise.all([agencyDraft(request), screenIntro("/register-agency", context.locale)]);
  return {
    texts: context.texts,
    chosen: context.chosen,
    intro: intro?.html ?? null,
    resumeStep: draft ? Math.min(draft.reached, AGENCY_STEPS.length) : null,
  };
}

export default function AgencyStart() {
  const { texts, chosen, intro, resumeStep } = useLoaderData<typeof loader>();
  const t = translator(texts);
  return (
    <RegistrationPage t={t} chosen={chosen} heading={t("registerAgencyTitle")} lead={t("registerAgencySubtitle")}>
      {intro ? <Intro html={intro} /> : null}
      <h2>{t("agencyStartWhatYouNeed")}</h2>
      <ol className="plain-steps">
        {AGENCY_STEPS.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ol>
      <div className="actions">
        <Link to={`/register-agency/stepper?step=${resumeStep ?? 1}`} className="button button--primary">
          {resumeStep ? t("agencyResume") : t("agencyStart")}
        </Link>
      </div>
      <p className="form-footer">
        {t("alreadyRegistered")} <Link to="/login">{t("buttonSignIn")}</Link> ·{" "}
        <Link to="/register">{t("registerAgentLink")}</Link>
      </p>
    </RegistrationPage>
  );
}

export const meta: MetaFunction = ({ location }) => [{ title: titleFor(location.pathname) }];
