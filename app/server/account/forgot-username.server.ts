import { data } from "@remix-run/node";
import { redirect } from "~/server/infra/responses.server";
import { upstreamErrorText } from "~/domain/registration-errors";
import { ForgotUsernameSchema } from "~/domain/registration-forms";
import { requestUsernameCode } from "~/server/clients/accounts.server";
import { phoneCountryOptions, toE164 } from "~/server/reference/countries.server";
import { parseSubmission, protectPublicForm } from "~/server/infra/forms.server";
import { retryAfterHeaders } from "~/server/infra/rate-limit.server";
import { recoveryTexts, recoveryState } from "~/server/account/recovery.server";
import { failureInit, registrationContext, upstreamFailure } from "~/server/registration/registration.server";
import { getSession, sessionStorage } from "~/server/infra/session.server";
import { pendingMfa } from "~/server/auth/session-state.server";

/** The forgotten username page's texts and the phone countries. */
export async function forgotUsernamePage(request: Request) {
  const { texts, locale, hiddenPhoneCountries } = await registrationContext(request);
  return { texts: recoveryTexts(texts), phoneCountries: phoneCountryOptions(locale, hiddenPhoneCountries) };
}

/**
 * Asks for a code by e-mail (then /otp-verify) or text message (then phone-verification), kept in the
 * recovery state.
 */
export async function forgotUsernameForm(request: Request) {
  const { t } = await registrationContext(request);
  const { formData, verdict } = await protectPublicForm(request, "recovery");
  const submission = parseSubmission(formData, ForgotUsernameSchema);
  if (!verdict.allowed) {
    return data(submission.reply({ formErrors: [verdict.message] }), {
      status: 429,
      headers: retryAfterHeaders(verdict),
    });
  }
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });

  const { channel, emailAddress, telephoneCountryCode, mobilePhone } = submission.value;
  const recipient = channel === "EMAIL" ? (emailAddress ?? "") : toE164(telephoneCountryCode ?? "", mobilePhone ?? "");
  if (!recipient) {
    return data(submission.reply({ fieldErrors: { mobilePhone: ["errorInvalidPhone"] } }), { status: 400 });
  }

  let token: string;
  try {
    ({ token } = await requestUsernameCode(channel, recipient));
  } catch (error) {
    const failure = upstreamFailure(error);
    return data(submission.reply({ formErrors: [upstreamErrorText(t, failure)] }), failureInit(failure));
  }

  const session = await getSession(request);
  const now = Date.now();
  recoveryState.write(session, {
    ...recoveryState.read(session),
    forgotUsername: { token, channel, recipient, lastSentAt: now, startedAt: now },
  });
  // /otp-verify serves a pending sign-in's code first: an abandoned sign-in must not hide this one.
  if (channel === "EMAIL") pendingMfa.clear(session);
  const headers = { "Set-Cookie": await sessionStorage.commitSession(session) };
  return redirect(channel === "EMAIL" ? "/otp-verify" : "/account/forgot/username/phone-verification", { headers });
}
