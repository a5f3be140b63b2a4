import { data } from "@remix-run/node";
import { redirect } from "~/server/infra/responses.server";
import { upstreamErrorText } from "~/domain/registration-errors";
import { TOO_MANY_CODES } from "~/domain/upstream-refusals";
import { ForgotPasswordSchema, ResetPasswordSchema, MagicLinkSchema } from "~/domain/registration-forms";
import { requestPasswordReset, resetPassword } from "~/server/clients/accounts.server";
import { requireAnonymous } from "~/server/auth/auth.server";
import { parseSubmission, protectPublicForm } from "~/server/infra/forms.server";
import { retryAfterHeaders } from "~/server/infra/rate-limit.server";
import { recoveryTexts, recoveryState } from "~/server/account/recovery.server";
import { failureInit, registrationContext, upstreamFailure } from "~/server/registration/registration.server";
import { passwordProblems } from "~/domain/password";
import { PASSWORD_RESET_LIMIT_MS, isFresh } from "~/domain/recovery";
import { encryptPassword, validateOtp } from "~/server/clients/api.server";
import { screenIntro } from "~/server/shell/intro.server";
import { getSession, sessionStorage } from "~/server/infra/session.server";
import { outcomeState } from "~/server/registration/drafts.server";
import type { Translate } from "~/domain/translate";

const RESET_PASSWORD_PATH = "/account/forgot/password/reset-password";

/**
 * The upstream's verdict on a link: a link is not typed, so a wrong, expired, used or worn-out code
 * all read "this link is not valid or has expired"; anything else as on the other recovery forms.
 */
function linkVerdict(t: Translate, failure: { errorCode?: string } | undefined): string {
  const code = failure?.errorCode;
  if (code && code.startsWith("OTP_") && code !== TOO_MANY_CODES) return t("errorResetLinkInvalid");
  return upstreamErrorText(t, failure);
}

/** The magic link page's texts, the link read from the URL (null: garbled) and the intro. */
export async function magicLinkPage(request: Request) {
  const { texts, locale } = await registrationContext(request);
  const url = new URL(request.url);
  const parsed = MagicLinkSchema.safeParse({
    token: url.searchParams.get("token") ?? "",
    otp: url.searchParams.get("otp") ?? "",
  });
  const intro = parsed.success ? await screenIntro(url.pathname, locale) : null;
  return { texts: recoveryTexts(texts), link: parsed.success ? parsed.data : null, intro: intro?.html ?? null };
}

/**
 * Checks the link's token and code with the upstream and keeps the verified reset server-side for
 * reset-password.
 */
export async function checkMagicLink(request: Request) {
  const { t } = await registrationContext(request);
  const { formData, verdict } = await protectPublicForm(request, "recovery");
  const submission = parseSubmission(formData, MagicLinkSchema);
  if (!verdict.allowed) {
    return data(
      { result: submission.reply({ formErrors: [verdict.message] }), linkFailed: false },
      { status: 429, headers: retryAfterHeaders(verdict) },
    );
  }
  const linkFailed = (message: string) =>
    data({ result: submission.reply({ formErrors: [message] }), linkFailed: true }, { status: 400 });
  if (submission.status !== "success") return linkFailed(t("errorResetLinkInvalid"));

  const { token, otp } = submission.value;
  const session = await getSession(request);
  const recovery = recoveryState.read(session);
  // Continue pressed again (back button, double click): the link was already checked.
  if (
    recovery?.passwordReset?.token === token &&
    isFresh(recovery.passwordReset.verifiedAt, PASSWORD_RESET_LIMIT_MS, Date.now())
  ) {
    return redirect(RESET_PASSWORD_PATH);
  }
  try {
    await validateOtp({ token, otp });
  } catch (error) {
    return linkFailed(linkVerdict(t, upstreamFailure(error)));
  }
  recoveryState.write(session, { ...recovery, passwordReset: { token, verifiedAt: Date.now() } });
  return redirect(RESET_PASSWORD_PATH, { headers: { "Set-Cookie": await sessionStorage.commitSession(session) } });
}

const HIDE_PASSWORDS = ["password", "confirmPassword"];

/** The verified reset link (email-verified), at most 30 minutes old; else ask for a new link. */
export async function requireVerifiedReset(request: Request) {
  await requireAnonymous(request);
  const session = await getSession(request);
  const recovery = recoveryState.read(session);
  const reset = recovery?.passwordReset;
  if (!reset || !isFresh(reset.verifiedAt, PASSWORD_RESET_LIMIT_MS, Date.now()))
    throw redirect("/account/forgot/password");
  return { session, recovery, reset };
}

/** The new password page's texts and intro. */
export async function resetPasswordPage(request: Request) {
  const { texts, locale } = await registrationContext(request);
  const intro = await screenIntro(new URL(request.url).pathname, locale);
  return { texts: recoveryTexts(texts), intro: intro?.html ?? null };
}

/**
 * Sends the new password (encrypted) for the verified reset; the upstream ends the account's other
 * sign-ins.
 */
export async function resetPasswordForm(request: Request, verified: VerifiedReset) {
  const { session, recovery, reset } = verified;
  const { t } = await registrationContext(request);
  const { formData, verdict } = await protectPublicForm(request, "recovery");
  const submission = parseSubmission(formData, ResetPasswordSchema);
  if (!verdict.allowed) {
    return data(
      { result: submission.reply({ formErrors: [verdict.message], hideFields: HIDE_PASSWORDS }), restart: false },
      { status: 429, headers: retryAfterHeaders(verdict) },
    );
  }
  if (submission.status !== "success" || !submission.value.password) {
    return data({ result: submission.reply({ hideFields: HIDE_PASSWORDS }), restart: false }, { status: 400 });
  }

  let username: string;
  try {
    ({ username } = await resetPassword(reset.token, await encryptPassword(submission.value.password)));
  } catch (error) {
    const failure = upstreamFailure(error);
    if (failure?.errorCode === "WEAK_PASSWORD") {
      // The rules here are the upstream's; when none of those we can check is broken, the one we
      // cannot (nothing from the agent's name or e-mail address) is.
      const broken = passwordProblems(submission.value.password);
      const fieldErrors = {
        password: ["errorWeakPassword", ...(broken.length ? broken : ["passwordRuleNoPersonalInfo"])],
      };
      return data(
        { result: submission.reply({ fieldErrors, hideFields: HIDE_PASSWORDS }), restart: false },
        { status: 400 },
      );
    }
    const formErrors = [upstreamErrorText(t, failure)];
    const restart = failure?.errorCode === "RESET_TOKEN_INVALID";
    return data({ result: submission.reply({ formErrors, hideFields: HIDE_PASSWORDS }), restart }, { status: 400 });
  }

  const { passwordReset: _done, ...rest } = recovery ?? {};
  recoveryState.write(session, rest);
  outcomeState.write(session, { kind: "password-reset", username, at: Date.now() });
  return redirect("/account/forgot/password/reset-success", {
    headers: { "Set-Cookie": await sessionStorage.commitSession(session) },
  });
}

const FORGOT_PASSWORD_PATH = "/account/forgot/password";

/** The forgotten password page's texts and whether the link was just sent. */
export async function forgotPasswordPage(request: Request) {
  const { texts } = await registrationContext(request);
  return { texts: recoveryTexts(texts), sent: new URL(request.url).searchParams.get("sent") === "1" };
}

/** Asks the upstream to e-mail a reset link (it answers alike whether an account matched or not). */
export async function forgotPasswordForm(request: Request) {
  const { t, chosen } = await registrationContext(request);
  const { formData, verdict } = await protectPublicForm(request, "recovery");
  const submission = parseSubmission(formData, ForgotPasswordSchema);
  if (!verdict.allowed) {
    return data(submission.reply({ formErrors: [verdict.message] }), {
      status: 429,
      headers: retryAfterHeaders(verdict),
    });
  }
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    await requestPasswordReset(submission.value.usernameOrEmail, chosen);
  } catch (error) {
    const failure = upstreamFailure(error);
    return data(submission.reply({ formErrors: [upstreamErrorText(t, failure)] }), failureInit(failure));
  }
  return redirect(`${FORGOT_PASSWORD_PATH}?sent=1`);
}

export type VerifiedReset = Awaited<ReturnType<typeof requireVerifiedReset>>;
