import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { redirect } from "~/server/infra/responses.server";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { CodeForm, UsernameCodePanel } from "~/components/code-form";
import { safeRedirect } from "~/domain/redirect";
import { OtpSchema } from "~/domain/auth-forms";
import { maskEmail, otpErrorMessage, resendWait } from "~/domain/otp";
import { pageTitle } from "~/domain/titles";
import { translator } from "~/domain/translate";
import * as api from "~/server/clients/api.server";
import { requireAnonymous, startSession } from "~/server/auth/auth.server";
import { UpstreamError } from "~/server/infra/http.server";
import { parseSubmission, protectPublicForm } from "~/server/infra/forms.server";
import { retryAfterHeaders } from "~/server/infra/rate-limit.server";
import { pendingUsernameCode, recoveryTexts, usernameCodeAction } from "~/server/account/recovery.server";
import { registrationContext } from "~/server/registration/registration.server";
import { getSession, sessionStorage, type PortalSession } from "~/server/infra/session.server";
import { pendingMfa, type PendingMfa } from "~/server/auth/session-state.server";

/**
 * /otp-verify serves two codes sent by e-mail: the second factor of a sign-in (a pending MFA comes
 * first), and the code of a forgotten-username request by e-mail. Neither pending: back to /login.
 */

/** A pending second factor lives at most the one-time code's ten minutes plus a resend or two. */
const PENDING_LIMIT_MS = 30 * 60 * 1000;

type Pending =
  | { kind: "mfa"; session: PortalSession; pending: PendingMfa }
  | { kind: "recovery"; session: PortalSession; pending: NonNullable<ReturnType<typeof pendingUsernameCode>> };

async function requirePendingCode(request: Request): Promise<Pending> {
  await requireAnonymous(request);
  const session = await getSession(request);
  const mfa = pendingMfa.read(session);
  if (mfa && Date.now() - mfa.startedAt <= PENDING_LIMIT_MS) return { kind: "mfa", session, pending: mfa };
  const recovery = pendingUsernameCode(session, "EMAIL");
  if (recovery) return { kind: "recovery", session, pending: recovery };
  throw redirect("/login");
}

export async function loader({ request }: LoaderFunctionArgs) {
  const code = await requirePendingCode(request);
  const resendIn = resendWait(code.pending.lastSentAt, Date.now());
  if (code.kind === "mfa") {
    return { kind: "mfa" as const, recipient: maskEmail(code.pending.recipient), resendIn, texts: null };
  }
  const { texts } = await registrationContext(request);
  return {
    kind: "recovery" as const,
    recipient: maskEmail(code.pending.recipient),
    resendIn,
    texts: recoveryTexts(texts),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const code = await requirePendingCode(request);
  if (code.kind === "recovery") {
    const { t } = await registrationContext(request);
    return usernameCodeAction(request, code.session, code.pending, t);
  }
  return mfaAction(request, code.session, code.pending);
}

/** The sign-in's second factor: the right code starts the session; a resend issues a new one. */
async function mfaAction(request: Request, session: PortalSession, pending: PendingMfa) {
  const { formData, verdict } = await protectPublicForm(request, "one-time-code");
  const submission = parseSubmission(formData, OtpSchema);
  if (!verdict.allowed) {
    return data(
      { result: submission.reply({ formErrors: [verdict.message] }), sent: false },
      { status: 429, headers: retryAfterHeaders(verdict) },
    );
  }
  if (submission.status !== "success") {
    return data({ result: submission.reply(), sent: false }, { status: 400 });
  }
  const commit = async () => ({ "Set-Cookie": await sessionStorage.commitSession(session) });

  if (submission.value.intent === "resend") {
    const wait = resendWait(pending.lastSentAt, Date.now());
    if (wait > 0) {
      const formErrors = [`Please wait ${wait} seconds before asking for a new code.`];
      return data({ result: submission.reply({ formErrors }), sent: false }, { status: 400 });
    }
    try {
      const { token } = await api.generateOtp({
        recipient: pending.recipient,
        channel: "email_otp",
        purpose: "login_verification",
        metadata: { username: pending.username },
      });
      pendingMfa.write(session, { ...pending, otpToken: token, lastSentAt: Date.now() });
      return data({ result: submission.reply({ resetForm: true }), sent: true }, { headers: await commit() });
    } catch (error) {
      const formErrors = [otpErrorMessage(error instanceof UpstreamError ? error.body : {})];
      // Too many codes asked for is the upstream's 429 (how long to wait), not a mistake in the form.
      const status = error instanceof UpstreamError && error.status === 429 ? 429 : 400;
      return data({ result: submission.reply({ formErrors }), sent: false }, { status });
    }
  }

  try {
    const result = await api.validateOtp({ token: pending.otpToken, otp: submission.value.code });
    // A valid sign-in code comes with the tokens; without them the code cannot sign anyone in.
    if (!result.access_token || !result.id_token)
      throw new UpstreamError("http", "api", "/otp/validate", 400, { errorCode: "OTP_INVALID" });
    const { headers, to } = await startSession(
      request,
      { access_token: result.access_token, id_token: result.id_token, refresh_token: result.refresh_token },
      safeRedirect(pending.redirectTo),
    );
    return redirect(to, { headers });
  } catch (error) {
    const message =
      error instanceof UpstreamError
        ? otpErrorMessage(error.body)
        : error instanceof Error
          ? error.message
          : String(error);
    return data({ result: submission.reply({ formErrors: [message] }), sent: false }, { status: 400 });
  }
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

/** The forgotten-username code sent by e-mail (the SMS one is on /account/forgot/username/phone-verification). */
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
