import { data } from "@remix-run/node";
import { redirect } from "~/server/infra/responses.server";
import { resendWait } from "~/domain/otp";
import { upstreamErrorText } from "~/domain/registration-errors";
import { sendAgencyLink } from "~/server/clients/accounts.server";
import { agencyDraft, commit, agencyDraftState } from "~/server/registration/drafts.server";
import { protectPublicForm, parseSubmission } from "~/server/infra/forms.server";
import { retryAfterHeaders } from "~/server/infra/rate-limit.server";
import { failureInit, registrationContext, upstreamFailure } from "~/server/registration/registration.server";
import { MagicLinkSchema } from "~/domain/registration-forms";
import { validateOtp } from "~/server/clients/api.server";

/** The e-mailed link page's texts and the link read from the URL. */
export async function agencyLinkPage(request: Request) {
  const url = new URL(request.url);
  const context = await registrationContext(request);
  const link = MagicLinkSchema.safeParse({
    token: url.searchParams.get("token") ?? "",
    otp: url.searchParams.get("otp") ?? "",
  });
  return { texts: context.texts, chosen: context.chosen, link: link.success ? link.data : null };
}

/**
 * Checks the e-mailed link's token and code with the upstream and marks the draft's e-mail address
 * verified.
 */
export async function checkAgencyLink(request: Request) {
  const { formData, verdict } = await protectPublicForm(request, "one-time-code");
  const context = await registrationContext(request);
  const submission = parseSubmission(formData, MagicLinkSchema);
  if (!verdict.allowed) return data({ error: verdict.message }, { status: 429, headers: retryAfterHeaders(verdict) });
  if (submission.status !== "success") return data({ error: context.t("verifyLinkInvalid") }, { status: 400 });
  try {
    await validateOtp({ token: submission.value.token, otp: submission.value.otp });
  } catch (error) {
    const failure = upstreamFailure(error);
    const message =
      failure?.errorCode === "OTP_INVALID" ? context.t("verifyLinkInvalid") : upstreamErrorText(context.t, failure);
    return data({ error: message }, { status: 400 });
  }
  // The browser that started the registration carries on; another one is told where to go on.
  const { session, draft } = await agencyDraft(request);
  if (draft && draft.mailValidationToken === submission.value.token) {
    agencyDraftState.write(session, { ...draft, emailVerified: true, updatedAt: Date.now() });
  }
  return redirect("/register-agency/welcome", { headers: await commit(session) });
}

/**
 * The resend page's texts, where the link went and the wait before it may go again (no link sent: the
 * start).
 */
export async function resendLinkPage(request: Request) {
  const { page, linkSentAt } = await sentLink(request);
  return { ...page, wait: resendWait(linkSentAt, Date.now()) };
}

/** /register-agency/email-sent: the link is on its way (`?resent` after a resend). */
export async function linkSentPage(request: Request) {
  const { page } = await sentLink(request);
  return { ...page, resent: new URL(request.url).searchParams.has("resent") };
}

/** The page texts and where the link went; no link sent yet goes back to the start. */
async function sentLink(request: Request) {
  const [context, { draft }] = await Promise.all([registrationContext(request), agencyDraft(request)]);
  if (!draft?.linkSentTo) throw redirect("/register-agency");
  return {
    page: { texts: context.texts, chosen: context.chosen, email: draft.linkSentTo },
    linkSentAt: draft.linkSentAt ?? 0,
  };
}

/** Sends the agency registration's link again. */
export async function resendAgencyLink(request: Request) {
  const { verdict } = await protectPublicForm(request, "registration");
  const [context, { session, draft }] = await Promise.all([registrationContext(request), agencyDraft(request)]);
  if (!draft?.linkSentTo) throw redirect("/register-agency");
  if (!verdict.allowed) return data({ error: verdict.message }, { status: 429, headers: retryAfterHeaders(verdict) });
  const wait = resendWait(draft.linkSentAt ?? 0, Date.now());
  if (wait > 0) return data({ error: context.t("otpWaitResend", wait) }, { status: 400 });
  try {
    const { token } = await sendAgencyLink(draft.linkSentTo, String(draft.fields.countryCode ?? ""));
    agencyDraftState.write(session, {
      ...draft,
      mailValidationToken: token,
      linkSentAt: Date.now(),
      emailVerified: false,
      updatedAt: Date.now(),
    });
    return redirect("/register-agency/email-sent?resent=1", { headers: await commit(session) });
  } catch (error) {
    const failure = upstreamFailure(error);
    return data({ error: upstreamErrorText(context.t, failure) }, failureInit(failure));
  }
}
