import { data } from "@remix-run/node";
import { redirect } from "~/server/infra/responses.server";
import { safeRedirect } from "~/domain/redirect";
import { OtpSchema } from "~/domain/auth-forms";
import { maskEmail, otpErrorMessage, resendWait } from "~/domain/otp";
import * as api from "~/server/clients/api.server";
import { requireAnonymous, startSession } from "~/server/auth/auth.server";
import { UpstreamError } from "~/server/infra/http.server";
import { parseSubmission, protectPublicForm } from "~/server/infra/forms.server";
import { retryAfterHeaders } from "~/server/infra/rate-limit.server";
import { pendingUsernameCode, recoveryTexts, usernameCodeAction } from "~/server/account/recovery.server";
import { registrationContext } from "~/server/registration/registration.server";
import { getSession, sessionStorage, type PortalSession } from "~/server/infra/session.server";
import { pendingMfa, type PendingMfa } from "~/server/auth/session-state.server";

/** A pending second factor lives at most the one-time code's ten minutes plus a resend or two. */
const PENDING_LIMIT_MS = 30 * 60 * 1000;

export type Pending =
  | { kind: "mfa"; session: PortalSession; pending: PendingMfa }
  | { kind: "recovery"; session: PortalSession; pending: NonNullable<ReturnType<typeof pendingUsernameCode>> };

export async function requirePendingCode(request: Request): Promise<Pending> {
  await requireAnonymous(request);
  const session = await getSession(request);
  const mfa = pendingMfa.read(session);
  if (mfa && Date.now() - mfa.startedAt <= PENDING_LIMIT_MS) return { kind: "mfa", session, pending: mfa };
  const recovery = pendingUsernameCode(session, "EMAIL");
  if (recovery) return { kind: "recovery", session, pending: recovery };
  throw redirect("/login");
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

/**
 * The code page's data: where the code went (masked), the wait before a resend, and the recovery texts for
 * a username code.
 */
export async function otpCodePage(request: Request, code: Pending) {
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

/** Checks or resends the pending code: a sign-in's second factor, or a forgotten username's code. */
export async function otpCodeForm(request: Request, code: Pending) {
  if (code.kind === "recovery") {
    const { t } = await registrationContext(request);
    return usernameCodeAction(request, code.session, code.pending, t);
  }
  return mfaAction(request, code.session, code.pending);
}
