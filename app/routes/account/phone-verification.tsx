import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { redirect } from "~/server/infra/responses.server";
import { useActionData, useLoaderData } from "@remix-run/react";
import { UsernameCodePanel } from "~/components/code-form";
import { resendWait } from "~/domain/otp";
import { maskPhone } from "~/domain/recovery";
import { titleFor } from "~/domain/titles";
import { translator } from "~/domain/translate";
import { requireAnonymous } from "~/server/auth/auth.server";
import { pendingUsernameCode, recoveryTexts, usernameCodeAction } from "~/server/account/recovery.server";
import { registrationContext } from "~/server/registration/registration.server";
import { getSession } from "~/server/infra/session.server";

/** The username code sent by SMS, waiting to be entered; none: the agent starts again. */
async function requireSmsCode(request: Request) {
  await requireAnonymous(request);
  const session = await getSession(request);
  const pending = pendingUsernameCode(session, "SMS");
  if (!pending) throw redirect("/account/forgot/username");
  return { session, pending };
}

/**
 * /account/forgot/username/phone-verification: the code texted to the mobile phone, in the same code
 * form as /otp-verify; the right code shows the username.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { pending } = await requireSmsCode(request);
  const { texts } = await registrationContext(request);
  return {
    texts: recoveryTexts(texts),
    recipient: maskPhone(pending.recipient),
    resendIn: resendWait(pending.lastSentAt, Date.now()),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { session, pending } = await requireSmsCode(request);
  const { t } = await registrationContext(request);
  return usernameCodeAction(request, session, pending, t);
}

export default function PhoneVerification() {
  const { texts, recipient, resendIn } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const t = translator(texts);
  return (
    <UsernameCodePanel
      t={t}
      heading={t("phoneVerificationTitle")}
      sentTo={t("otpSentSms", recipient)}
      resendIn={resendIn}
      reply={actionData}
    />
  );
}

export const meta: MetaFunction = ({ location }) => [{ title: titleFor(location.pathname) }];
