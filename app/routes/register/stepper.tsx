import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AccountReady } from "~/components/account-ready";
import { RegistrationPage } from "~/components/registration-page";
import { Stepper } from "~/components/stepper";
import { StepperText } from "~/components/stepper-text";
import { AGENT_STEPS, isStepperComplete } from "~/domain/registration";
import { titleFor } from "~/domain/titles";
import { translator } from "~/domain/translate";
import { requireAnonymous } from "~/server/auth/auth.server";
import { AgentStepForms } from "~/components/registration/agent-steps";
import { agentStepForm, agentStepPage } from "~/server/registration/agent-stepper.server";

const STEP_COUNT = AGENT_STEPS.length;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  return agentStepPage(request);
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAnonymous(request);
  return agentStepForm(request);
}

export default function AgentStepper() {
  const { texts, chosen, complete, view } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const t = translator(texts);
  if (complete || !view) {
    return (
      <RegistrationPage t={t} chosen={chosen} heading={t("registerTitle")}>
        <Stepper steps={AGENT_STEPS} activeIndex={STEP_COUNT} t={t} />
        <AccountReady t={t} username={complete?.username ?? null}>
          <h2>{t("registrationSuccessTitle")}</h2>
          <p>{t("registrationSuccessBody")}</p>
        </AccountReady>
      </RegistrationPage>
    );
  }
  const activeIndex = view.step - 1;
  const reply = actionData && actionData.step === view.step ? actionData : undefined;
  const props = { t, view, reply };
  return (
    <RegistrationPage t={t} chosen={chosen} heading={t("registerTitle")}>
      <Stepper
        steps={AGENT_STEPS}
        activeIndex={isStepperComplete(activeIndex, STEP_COUNT) ? STEP_COUNT : activeIndex}
        t={t}
      />
      {view.notice ? <StepNotice t={t} notice={view.notice} phone={view.phone.sentTo} /> : null}
      <AgentStepForms {...props} />
    </RegistrationPage>
  );
}

/** What the step says once after a redirect (the e-mail box itself says where the code went). */
const NOTICES: Record<string, string> = {
  order: "noticeStepOrder",
  "phone-sent": "otpSentSms",
  "email-verified": "emailVerified",
  "phone-verified": "phoneVerified",
};

function StepNotice({ t, notice, phone }: { t: ReturnType<typeof translator>; notice: string; phone: string | null }) {
  const key = NOTICES[notice];
  if (!key) return null;
  const value = notice === "phone-sent" ? (phone ?? "") : "";
  return (
    <p className="notice" role="status">
      <StepperText text={t(key)} values={[value]} />
    </p>
  );
}

export const meta: MetaFunction = ({ location }) => [{ title: titleFor(location.pathname) }];
