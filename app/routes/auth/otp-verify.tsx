import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Field, FormError, StatusButton } from "~/components/forms";
import { HoneypotInput } from "~/components/honeypot";
import { OtpSchema } from "~/domain/auth-forms";
import { maskEmail, otpErrorMessage, resendWait } from "~/domain/otp";
import { pageTitle } from "~/domain/titles";
import * as api from "~/server/api.server";
import { requireAnonymous, startSession } from "~/server/auth.server";
import { UpstreamError } from "~/server/http.server";
import { protectPublicForm } from "~/server/forms.server";
import { retryAfterHeaders } from "~/server/rate-limit.server";
import { getSession, sessionStorage } from "~/server/session.server";

/** A pending second factor lives at most the one-time code's ten minutes plus a resend or two. */
const PENDING_LIMIT_MS = 30 * 60 * 1000;

async function requirePendingMfa(request: Request) {
  await requireAnonymous(request);
  const session = await getSession(request);
  const pending = session.get("pendingMfa");
  if (!pending || Date.now() - pending.startedAt > PENDING_LIMIT_MS) throw redirect("/login");
  return { session, pending };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { pending } = await requirePendingMfa(request);
  return { recipient: maskEmail(pending.recipient), resendIn: resendWait(pending.lastSentAt, Date.now()) };
}

export async function action({ request }: ActionFunctionArgs) {
  const { session, pending } = await requirePendingMfa(request);
  const { formData, verdict } = await protectPublicForm(request, "one-time-code");
  const submission = parseWithZod(formData, { schema: OtpSchema });
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
      session.set("pendingMfa", { ...pending, otpToken: token, lastSentAt: Date.now() });
      return data({ result: submission.reply({ resetForm: true }), sent: true }, { headers: await commit() });
    } catch (error) {
      const formErrors = [otpErrorMessage(error instanceof UpstreamError ? error.body : {})];
      return data({ result: submission.reply({ formErrors }), sent: false }, { status: 400 });
    }
  }

  try {
    const result = await api.validateOtp({ token: pending.otpToken, otp: submission.value.code });
    if (!result.isValid || !result.access_token || !result.id_token) throw new UpstreamError("http", "api", "/otp/validate", 400, { errorCode: "OTP_INVALID" });
    const headers = await startSession(request, {
      access_token: result.access_token,
      id_token: result.id_token,
      refresh_token: result.refresh_token,
    });
    return redirect(pending.redirectTo, { headers });
  } catch (error) {
    const message = error instanceof UpstreamError ? otpErrorMessage(error.body) : error instanceof Error ? error.message : String(error);
    return data({ result: submission.reply({ formErrors: [message] }), sent: false }, { status: 400 });
  }
}

export default function OtpVerify() {
  const { recipient, resendIn } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm<{ intent: string; code: string }>({
    id: "otp",
    lastResult: actionData?.result,
    constraint: { code: { required: true, pattern: "[0-9]{6}", maxLength: 6 } },
  });
  const wait = useCountdown(resendIn, actionData?.sent);

  return (
    <section className="panel panel--narrow" aria-labelledby="otp-heading">
      <h1 id="otp-heading">Check your e-mail</h1>
      <p>
        We sent a six-digit code to <strong>{recipient}</strong>. Enter it to finish signing in. The code works for ten
        minutes.
      </p>
      {actionData?.sent ? (
        <p className="notice" role="status">
          We sent a new code. Use the newest one.
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="form">
        <FormError id={form.errorId} errors={form.errors} />
        <HoneypotInput />
        <Field
          label="Verification code"
          errors={fields.code.errors}
          inputProps={{
            ...getInputProps(fields.code, { type: "text" }),
            autoComplete: "one-time-code",
            inputMode: "numeric",
            pattern: "[0-9]{6}",
            maxLength: 6,
          }}
        />
        <StatusButton className="button button--primary" name="intent" value="verify" pendingText="Verifying…">
          Verify
        </StatusButton>
        <div className="actions">
          <StatusButton
            className="button button--link"
            name="intent"
            value="resend"
            formNoValidate
            aria-describedby={wait > 0 ? "resend-wait" : undefined}
          >
            Send a new code
          </StatusButton>
          {wait > 0 ? (
            <span id="resend-wait" className="field__hint">
              You can ask for a new code in {wait} seconds.
            </span>
          ) : null}
        </div>
      </Form>
      <p>
        <Link to="/login">Back to sign in</Link>
      </p>
    </section>
  );
}

/** Counts the resend cool-down down in the browser; without JavaScript the server's figure stands. */
function useCountdown(initial: number, reset: unknown) {
  const [seconds, setSeconds] = useState(initial);
  useEffect(() => setSeconds(initial), [initial, reset]);
  useEffect(() => {
    if (seconds <= 0) return;
    const timer = setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [seconds]);
  return seconds;
}

export const meta: MetaFunction = () => [{ title: pageTitle("Verification code") }];
