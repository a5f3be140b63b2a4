import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import { redirect } from "~/server/infra/responses.server";
import { resendWait } from "~/domain/otp";
import { PASSWORD_RULES } from "~/domain/password";
import { USERNAME_CODE_LIMIT_MS, isFresh } from "~/domain/recovery";
import { upstreamErrorText } from "~/domain/registration-errors";
import { CodeSchema } from "~/domain/registration-forms";
import type { Translate } from "~/domain/translate";
import { recoverUsername, requestUsernameCode } from "~/server/clients/accounts.server";
import { parseSubmission, protectPublicForm } from "~/server/infra/forms.server";
import { retryAfterHeaders } from "~/server/infra/rate-limit.server";
import { failureInit, upstreamFailure } from "~/server/registration/registration.server";
import { sessionStorage, type PortalSession } from "~/server/infra/session.server";
import { sessionSlice } from "~/server/infra/session-slice.server";
import { outcomeState } from "~/server/registration/drafts.server";

/**
 * What the recovery pages share: the texts they send to the browser, the pending username code and
 * the one action of its code form (used by /otp-verify for e-mail and by phone-verification for SMS).
 */

export const USERNAME_RECOVERED_PATH = "/account/forgot/username/recovery";

/** The dictionary keys the recovery pages and their forms use (labels, schema messages, verdicts). */
const RECOVERY_KEYS = [
  "forgotTitle",
  "forgotSubtitle",
  "forgotUsernameOption",
  "forgotPasswordOption",
  "backToLogin",
  "buttonContinue",
  "buttonSignIn",
  "forgotPasswordTitle",
  "forgotPasswordBody",
  "forgotPasswordSend",
  "forgotPasswordSent",
  "forgotPasswordAgain",
  "forgotPasswordNewLink",
  "fieldUsernameOrEmail",
  "emailVerifiedTitle",
  "resetPasswordTitle",
  "resetPasswordButton",
  "resetSuccessTitle",
  "resetSuccessBody",
  "usernameIs",
  "forgotUsernameTitle",
  "forgotUsernameBody",
  "recoverByEmail",
  "recoverByPhone",
  "fieldEmailAddress",
  "fieldTelephoneCountryCode",
  "fieldMobilePhone",
  "usernameRecoveryTitle",
  "phoneVerificationTitle",
  "otpTitle",
  "otpSentEmail",
  "otpSentSms",
  "otpLabel",
  "otpHint",
  "otpVerify",
  "otpResend",
  "otpResent",
  "otpWaitResend",
  "fieldPassword",
  "fieldConfirmPassword",
  "hintPassword",
  "passwordKeepHint",
  "passwordRulesTitle",
  ...PASSWORD_RULES,
  "passwordRuleNotMet",
  "errorRequired",
  "errorTooLong",
  "errorInvalidEmail",
  "errorInvalidPhone",
  "errorInvalidCode",
  "errorWeakPassword",
  "errorPasswordsDontMatch",
  "errorResetLinkInvalid",
  "errorServiceUnavailable",
  "errorGeneric",
] as const;

/** Only the texts the recovery pages use travel to the browser, not the whole dictionary. */
export function recoveryTexts(texts: Readonly<Record<string, string>>): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const key of RECOVERY_KEYS) if (texts[key] !== undefined) picked[key] = texts[key];
  return picked;
}

/** Account recovery in progress: a code waiting to be entered, or a verified reset link. */
export type RecoveryState = {
  forgotUsername?: {
    token: string;
    channel: "EMAIL" | "SMS";
    recipient: string;
    lastSentAt: number;
    startedAt: number;
  };
  passwordReset?: { token: string; verifiedAt: number };
};

export const recoveryState = sessionSlice<RecoveryState>("recovery", import.meta.url);

export type UsernameCode = NonNullable<RecoveryState["forgotUsername"]>;

/** The username code waiting to be entered for this channel, or undefined (none, or too old). */
export function pendingUsernameCode(session: PortalSession, channel: UsernameCode["channel"], now = Date.now()) {
  const pending = recoveryState.read(session)?.forgotUsername;
  return pending?.channel === channel && isFresh(pending.startedAt, USERNAME_CODE_LIMIT_MS, now) ? pending : undefined;
}

export type CodeActionData = { result: SubmissionResult<string[]>; sent: boolean };

/**
 * The username code form's action: Verify asks the upstream for the username (then the recovery
 * page shows it); "Send a new code" issues another code after the cool-down. The upstream's verdict
 * (a wrong code with the tries left, expired, used, too many) is the form's error.
 */
export async function usernameCodeAction(
  request: Request,
  session: PortalSession,
  pending: UsernameCode,
  t: Translate,
) {
  const { formData, verdict } = await protectPublicForm(request, "one-time-code");
  const submission = parseSubmission(formData, CodeSchema);
  const failed = (formErrors?: string[], status = 400, headers?: HeadersInit) =>
    data<CodeActionData>(
      { result: submission.reply(formErrors ? { formErrors } : undefined), sent: false },
      { status, headers },
    );
  if (!verdict.allowed) return failed([verdict.message], 429, retryAfterHeaders(verdict));
  if (submission.status !== "success") return failed();
  const commit = async () => ({ "Set-Cookie": await sessionStorage.commitSession(session) });

  if (submission.value.intent === "resend") {
    const wait = resendWait(pending.lastSentAt, Date.now());
    if (wait > 0) return failed([t("otpWaitResend", wait)]);
    try {
      const { token } = await requestUsernameCode(pending.channel, pending.recipient);
      recoveryState.write(session, {
        ...recoveryState.read(session),
        forgotUsername: { ...pending, token, lastSentAt: Date.now() },
      });
      return data<CodeActionData>(
        { result: submission.reply({ resetForm: true }), sent: true },
        { headers: await commit() },
      );
    } catch (error) {
      // Too many codes is the upstream's 429, with its wait (failureInit).
      const failure = upstreamFailure(error);
      const { status, headers } = failureInit(failure);
      return failed([upstreamErrorText(t, failure)], status, headers);
    }
  }

  try {
    const { username } = await recoverUsername(pending.token, submission.value.code);
    const { forgotUsername: _done, ...rest } = recoveryState.read(session) ?? {};
    recoveryState.write(session, rest);
    outcomeState.write(session, { kind: "username-recovered", username, at: Date.now() });
    return redirect(USERNAME_RECOVERED_PATH, { headers: await commit() });
  } catch (error) {
    return failed([upstreamErrorText(t, upstreamFailure(error))]);
  }
}
