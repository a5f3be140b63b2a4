import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { RegistrationPage } from "~/components/registration-page";
import { Stepper } from "~/components/stepper";
import { AGENCY_STEPS } from "~/domain/registration";
import { titleFor } from "~/domain/titles";
import { translator } from "~/domain/translate";
import { requireAnonymous } from "~/server/auth/auth.server";
import { AgencyStepForm } from "~/components/registration/agency-steps";
import { agencyStepForm, agencyStepPage } from "~/server/registration/agency-stepper.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  return agencyStepPage(request);
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAnonymous(request);
  return agencyStepForm(request);
}

export default function AgencyStepper() {
  const { texts, chosen, view } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const t = translator(texts);
  const reply = actionData && actionData.step === view.step ? actionData.result : undefined;
  const props = { t, view, reply };
  return (
    <RegistrationPage t={t} chosen={chosen} heading={t("registerAgencyTitle")}>
      <Stepper steps={AGENCY_STEPS} activeIndex={view.step - 1} t={t} />
      {view.notice === "order" ? (
        <p className="notice" role="status">
          {t("noticeStepOrder")}
        </p>
      ) : null}
      <AgencyStepForm {...props} />
    </RegistrationPage>
  );
}

export const meta: MetaFunction = ({ location }) => [{ title: titleFor(location.pathname) }];
