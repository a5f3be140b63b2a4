import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { redirect } from "~/server/infra/responses.server";
import { useLoaderData } from "@remix-run/react";
import { AccountReady } from "~/components/account-ready";
import { RegistrationPage } from "~/components/registration-page";
import { Stepper } from "~/components/stepper";
import { AGENCY_STEPS } from "~/domain/registration";
import { titleFor } from "~/domain/titles";
import { translator } from "~/domain/translate";
import { requireAnonymous } from "~/server/auth/auth.server";
import { recentOutcome } from "~/server/registration/drafts.server";
import { registrationContext } from "~/server/registration/registration.server";
import { getSession } from "~/server/infra/session.server";

/** /register-agency/stepperSuccess: the stepper's completion, with the administrator's username. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  const [context, session] = await Promise.all([registrationContext(request), getSession(request)]);
  const outcome = recentOutcome(session, "agency-registered");
  if (!outcome) throw redirect("/register-agency");
  return { texts: context.texts, chosen: context.chosen, username: outcome.username };
}

export default function AgencyRegistered() {
  const { texts, chosen, username } = useLoaderData<typeof loader>();
  const t = translator(texts);
  return (
    <RegistrationPage t={t} chosen={chosen} heading={t("registrationSuccessTitle")}>
      <Stepper steps={AGENCY_STEPS} activeIndex={AGENCY_STEPS.length} t={t} />
      <AccountReady t={t} username={username}>
        <p>{t("agencyRegisteredBody")}</p>
      </AccountReady>
    </RegistrationPage>
  );
}

export const meta: MetaFunction = ({ location }) => [{ title: titleFor(location.pathname) }];
