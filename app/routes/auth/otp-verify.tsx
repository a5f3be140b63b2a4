import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { CodeForm, UsernameCodePanel } from "~/components/code-form";
import { pageTitle } from "~/domain/titles";
import { translator } from "~/domain/translate";
import { otpCodeForm, otpCodePage, requirePendingCode } from "~/server/auth/otp-verify.server";

/**
 * /otp-verify serves two codes sent by e-mail: the second factor of a sign-in (a pending MFA comes
 * first), and the code of a forgotten-username request by e-mail. Neither pending: back to /login.
 */

export async function loader({ request }: LoaderFunctionArgs) {
  const code = await requirePendingCode(request);
  return otpCodePage(request, code);
}

export async function action({ request }: ActionFunctionArgs) {
  const code = await requirePendingCode(request);
  return otpCodeForm(request, code);
}

export default function OtpVerify() {
  const loaderData = useLoaderData<typeof loader>();
  return loaderData.kind === "mfa" ? (
    <SignInCode recipient={loaderData.recipient} resendIn={loaderData.resendIn} />
  ) : (
    <UsernameCode recipient={loaderData.recipient} resendIn={loaderData.resendIn} texts={loaderData.texts} />
  );
}

function SignInCode({ recipient, resendIn }: { recipient: string; resendIn: number }) {
  const actionData = useActionData<typeof action>();
  return (
    <section className="panel panel--narrow" aria-labelledby="otp-heading">
      <h1 id="otp-heading">Check your e-mail</h1>
      <p>
        We sent a six-digit code to <strong>{recipient}</strong>. Enter it to finish signing in. The code works for ten
        minutes.
      </p>
      <CodeForm
        id="otp"
        lastResult={actionData?.result}
        sent={actionData?.sent}
        resendIn={resendIn}
        texts={{
          label: "Verification code",
          verify: "Verify",
          verifying: "Verifying…",
          resend: "Send a new code",
          sent: "We sent a new code. Use the newest one.",
          wait: (seconds) => `You can ask for a new code in ${seconds} seconds.`,
        }}
      />
      <p>
        <Link to="/login">Back to sign in</Link>
      </p>
    </section>
  );
}

/**
 * The forgotten-username code sent by e-mail (the SMS one is on
 * /account/forgot/username/phone-verification).
 */
function UsernameCode({
  recipient,
  resendIn,
  texts,
}: {
  recipient: string;
  resendIn: number;
  texts: Record<string, string>;
}) {
  const actionData = useActionData<typeof action>();
  const t = translator(texts);
  return (
    <UsernameCodePanel
      t={t}
      heading={t("otpTitle")}
      sentTo={t("otpSentEmail", recipient)}
      resendIn={resendIn}
      reply={actionData}
    />
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("Verification code") }];
