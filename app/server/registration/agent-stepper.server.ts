import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import { redirect } from "~/server/infra/responses.server";
import { resendWait } from "~/domain/otp";
import { AGENT_STEPS, allowedStep } from "~/domain/registration";
import { upstreamErrorText } from "~/domain/registration-errors";
import {
  ContactVerificationSchema,
  PreferencesLegalSchema,
  ProfessionalDetailsSchema,
  aboutYouSchema,
} from "~/domain/registration-forms";
import { registerAgent, sendEmailCode, verifyAgentEmail } from "~/server/clients/accounts.server";
import { encryptPassword, generateOtp, validateOtp } from "~/server/clients/api.server";
import { alpha3ToAlpha2, countryOptions, phoneCountryOptions, toE164 } from "~/server/reference/countries.server";
import {
  agentDraft,
  agentDraftState,
  commit,
  formDefaults,
  outcomeState,
  recentOutcome,
  type AgentDraft,
} from "~/server/registration/drafts.server";
import { parseSubmission, protectPublicForm } from "~/server/infra/forms.server";
import { retryAfterHeaders } from "~/server/infra/rate-limit.server";
import { failureInit, registrationContext, upstreamFailure } from "~/server/registration/registration.server";
import type { PortalSession } from "~/server/infra/session.server";
import type { AgentStepReply, AgentStepView } from "~/server/registration/step-views.server";

const STEP_COUNT = AGENT_STEPS.length;
const STEP_FIELDS: Record<number, readonly string[]> = {
  1: ["firstName", "lastName", "emailAddress", "countryCode", "zipCode"],
  2: ["telephoneCountryCode", "mobilePhone", "primaryMFA", "secondaryMFA"],
  3: [
    "cliaAgentId",
    "colonialID",
    "jobTitle",
    "yearsIndustry",
    "specialization1",
    "specialization2",
    "specialization3",
    "regions",
    "promotionBrand",
    "homeBasedAgent",
    "agencyRole",
  ],
  4: [
    "espressoLanguage",
    "emailPreference",
    "mobilePreference",
    "acceptTermsConditions",
    "acceptTravelAgentGuideliness",
  ],
};
/** The registration draft's defaults. */
const DRAFT_DEFAULTS = { espressoLanguage: "en_us", acceptTravelAgentGuideliness: true };

const stepUrl = (step: number, notice?: string) => `/register/stepper?step=${step}${notice ? `&notice=${notice}` : ""}`;

type StepArgs = {
  formData: FormData;
  draft: AgentDraft;
  session: PortalSession;
  context: Awaited<ReturnType<typeof registrationContext>>;
  intent: string;
  request: Request;
};

async function saveAndGo(session: PortalSession, draft: AgentDraft, to: string) {
  agentDraftState.write(session, { ...draft, updatedAt: Date.now() });
  return redirect(to, { headers: await commit(session) });
}

const failed = (step: number, intent: string, result: SubmissionResult<string[]>, init: number | ResponseInit = 400) =>
  data<AgentStepReply>({ step, intent, result }, init);

async function aboutYou({ formData, draft, session, context, intent }: StepArgs) {
  const { t } = context;
  const submission = parseSubmission(formData, aboutYouSchema({ passwordSet: !!draft.encryptedPassword }));
  const hideFields = ["password", "confirmPassword"];
  if (submission.status !== "success") return failed(1, intent, submission.reply({ hideFields }));
  const value = submission.value;
  const previous = String(draft.fields.emailAddress ?? "").toLowerCase();
  const emailChanged = previous !== value.emailAddress.toLowerCase() || !draft.mailValidationToken;
  const next: AgentDraft = { ...draft, fields: { ...draft.fields, ...withoutPasswords(value) } };
  if (emailChanged) {
    // A taken address goes on as a new one does (decision 050): its owner is told, no code is sent.
    const answer = await verifyAgentEmail({
      email: value.emailAddress,
      agencyPhoneNumber: draft.agencyPhoneNumber ?? null,
      agencyAbtaNumber: draft.agencyAbtaNumber ?? null,
      languageCode: context.locale,
    });
    if (!answer.success) {
      // Too many codes for the address is the upstream's 429 (failureInit); anything else a failure of its own.
      const failure = { errorCode: answer.errorCode };
      const result = submission.reply({ formErrors: [upstreamErrorText(t, failure)], hideFields });
      return failed(1, intent, result, failureInit(failure, 502));
    }
    Object.assign(next, { mailValidationToken: answer.token, emailVerified: false, emailCodeSentAt: Date.now() });
  }
  if (value.password) next.encryptedPassword = await encryptPassword(value.password);
  next.reached = Math.max(draft.reached, 2);
  return saveAndGo(session, next, stepUrl(2, emailChanged ? "email-sent" : undefined));
}

async function contact({ formData, draft, session, context, intent }: StepArgs) {
  const { t } = context;
  const submission = parseSubmission(formData, ContactVerificationSchema);
  if (submission.status !== "success") return failed(2, intent, submission.reply());
  const value = submission.value;
  const now = Date.now();
  const upstreamError = (error: unknown, field?: string) => {
    const failure = upstreamFailure(error);
    const message = upstreamErrorText(t, failure);
    return failed(
      2,
      intent,
      submission.reply(field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] }),
      failureInit(failure),
    );
  };

  switch (value.intent) {
    case "send-email-code": {
      const wait = draft.emailCodeSentAt ? resendWait(draft.emailCodeSentAt, now) : 0;
      if (wait > 0) return failed(2, intent, submission.reply({ formErrors: [t("otpWaitResend", wait)] }));
      try {
        const { token } = await sendEmailCode(String(draft.fields.emailAddress));
        return saveAndGo(
          session,
          { ...draft, mailValidationToken: token, emailVerified: false, emailCodeSentAt: now },
          stepUrl(2, "email-sent"),
        );
      } catch (error) {
        return upstreamError(error);
      }
    }
    case "verify-email": {
      if (!draft.mailValidationToken) return failed(2, intent, submission.reply({ formErrors: [t("otpExpired")] }));
      try {
        await validateOtp({ token: draft.mailValidationToken, otp: value.emailCode });
        return saveAndGo(session, { ...draft, emailVerified: true }, stepUrl(2, "email-verified"));
      } catch (error) {
        return upstreamError(error, "emailCode");
      }
    }
    case "send-phone-code": {
      const e164 = toE164(value.telephoneCountryCode, value.mobilePhone);
      if (!e164) return failed(2, intent, submission.reply({ fieldErrors: { mobilePhone: ["errorInvalidPhone"] } }));
      const wait =
        draft.phoneCodeSentAt && draft.phoneCodeRecipient === e164 ? resendWait(draft.phoneCodeSentAt, now) : 0;
      if (wait > 0) return failed(2, intent, submission.reply({ formErrors: [t("otpWaitResend", wait)] }));
      const fields = {
        ...draft.fields,
        telephoneCountryCode: value.telephoneCountryCode.toUpperCase(),
        mobilePhone: value.mobilePhone,
      };
      try {
        const { token } = await generateOtp({ recipient: e164, channel: "sms", purpose: "phone_verification" });
        const next = {
          ...draft,
          fields,
          telephoneValidationToken: token,
          phoneCodeRecipient: e164,
          isMobilePhoneValidated: false,
          phoneCodeSentAt: now,
        };
        return saveAndGo(session, next, stepUrl(2, "phone-sent"));
      } catch (error) {
        // Keep the number the agent typed even when the code could not be sent.
        agentDraftState.write(session, { ...draft, fields });
        const failure = upstreamFailure(error);
        const result = submission.reply({ fieldErrors: { mobilePhone: [upstreamErrorText(t, failure)] } });
        return data<AgentStepReply>({ step: 2, intent, result }, failureInit(failure, 400, await commit(session)));
      }
    }
    case "verify-phone": {
      if (!draft.telephoneValidationToken)
        return failed(2, intent, submission.reply({ formErrors: [t("otpExpired")] }));
      try {
        await validateOtp({ token: draft.telephoneValidationToken, otp: value.phoneCode });
        return saveAndGo(session, { ...draft, isMobilePhoneValidated: true }, stepUrl(2, "phone-verified"));
      } catch (error) {
        return upstreamError(error, "phoneCode");
      }
    }
    case "continue": {
      const formErrors = [
        ...(draft.emailVerified ? [] : [t("errorEmailNotVerified")]),
        ...(draft.isMobilePhoneValidated ? [] : [t("errorPhoneNotVerified")]),
      ];
      if (formErrors.length) return failed(2, intent, submission.reply({ formErrors }));
      const fields = { ...draft.fields, primaryMFA: value.primaryMFA, secondaryMFA: value.secondaryMFA };
      return saveAndGo(session, { ...draft, fields, reached: Math.max(draft.reached, 3) }, stepUrl(3));
    }
  }
}

async function professional({ formData, draft, session, intent }: StepArgs) {
  const submission = parseSubmission(formData, ProfessionalDetailsSchema);
  if (submission.status !== "success") return failed(3, intent, submission.reply());
  const fields = { ...draft.fields, ...emptyOptionals(STEP_FIELDS[3]!), ...submission.value };
  return saveAndGo(session, { ...draft, fields, reached: Math.max(draft.reached, 4) }, stepUrl(4));
}

async function preferences({ formData, draft, session, context, intent }: StepArgs) {
  const { t } = context;
  const submission = parseSubmission(formData, PreferencesLegalSchema);
  if (submission.status !== "success") return failed(4, intent, submission.reply());
  const fields = { ...draft.fields, ...submission.value };
  // Kept before the call, so a failure loses nothing of this step either.
  agentDraftState.write(session, { ...draft, fields, updatedAt: Date.now() });
  try {
    const { username } = await registerAgent(registrationBody(draft, fields));
    agentDraftState.clear(session);
    outcomeState.write(session, { kind: "agent-registered", username, at: Date.now() });
    return redirect("/register/stepper", { headers: await commit(session) });
  } catch (error) {
    const failure = upstreamFailure(error);
    // The upstream no longer counts a verification: the agent verifies again on step 2.
    if (failure?.errorCode === "EMAIL_NOT_VERIFIED" || failure?.errorCode === "PHONE_NOT_VERIFIED") {
      const flag =
        failure.errorCode === "EMAIL_NOT_VERIFIED" ? { emailVerified: false } : { isMobilePhoneValidated: false };
      agentDraftState.write(session, { ...draft, ...flag, fields, reached: 2, updatedAt: Date.now() });
    }
    const result = submission.reply({ formErrors: [upstreamErrorText(t, failure)] });
    return data<AgentStepReply>(
      { step: 4, intent, result },
      { status: failure ? 400 : 502, headers: await commit(session) },
    );
  }
}

/** What POST /agents/register takes: the draft's fields, the agency, the proofs of verification. */
function registrationBody(draft: AgentDraft, fields: Record<string, unknown>) {
  const country = String(fields.telephoneCountryCode ?? "");
  return {
    ...fields,
    agencyId: draft.agency!.agencyId,
    mobilePhone: draft.phoneCodeRecipient ?? toE164(country, String(fields.mobilePhone ?? "")),
    telephoneCountryCode: country,
    encryptedPassword: draft.encryptedPassword,
    identificationType: draft.identificationType ?? "phone",
    mailValidationToken: draft.mailValidationToken,
    telephoneValidationToken: draft.telephoneValidationToken,
    ...(draft.invitationToken ? { invitationToken: draft.invitationToken } : {}),
  };
}

function withoutPasswords<T extends Record<string, unknown>>(value: T) {
  const { password: _p, confirmPassword: _c, ...rest } = value;
  return rest;
}

/** Optional fields left empty on a later visit must clear what the draft held. */
function emptyOptionals(keys: readonly string[]) {
  return Object.fromEntries(keys.map((key) => [key, undefined]));
}

/**
 * The agent registration step in the URL with its draft, options and texts; a step not yet reached goes
 * back to the first one missing.
 */
export async function agentStepPage(request: Request) {
  const url = new URL(request.url);
  const [context, { session, draft }] = await Promise.all([registrationContext(request), agentDraft(request)]);
  const base = { texts: context.texts, chosen: context.chosen };
  if (!draft?.agency) {
    // Completion, once the last step is sent; without a draft, the start.
    const outcome = recentOutcome(session, "agent-registered");
    if (outcome) return { ...base, complete: { username: outcome.username }, view: null };
    throw redirect("/register");
  }
  const step = allowedStep(url.searchParams.get("step"), draft.reached, STEP_COUNT);
  if (String(step) !== url.searchParams.get("step"))
    throw redirect(stepUrl(step, url.searchParams.has("step") ? "order" : undefined));

  const agencyCountry = alpha3ToAlpha2(draft.agency.countryCode) ?? "US";
  const defaults = formDefaults(
    { countryCode: agencyCountry, telephoneCountryCode: agencyCountry, ...DRAFT_DEFAULTS, ...draft.fields },
    STEP_FIELDS[step]!,
  );
  const now = Date.now();
  const view: AgentStepView = {
    step,
    notice: url.searchParams.get("notice"),
    agencyName: draft.agency.agencyName,
    defaults,
    passwordSet: !!draft.encryptedPassword,
    personal: {
      firstName: String(draft.fields.firstName ?? ""),
      lastName: String(draft.fields.lastName ?? ""),
      emailAddress: String(draft.fields.emailAddress ?? ""),
    },
    email: {
      address: String(draft.fields.emailAddress ?? ""),
      verified: !!draft.emailVerified,
      resendIn: draft.emailCodeSentAt ? resendWait(draft.emailCodeSentAt, now) : 0,
    },
    phone: {
      sentTo: draft.phoneCodeRecipient ?? null,
      verified: !!draft.isMobilePhoneValidated,
      resendIn: draft.phoneCodeSentAt ? resendWait(draft.phoneCodeSentAt, now) : 0,
    },
    countries: step === 1 ? countryOptions(context.locale) : [],
    phoneCountries: step === 2 ? phoneCountryOptions(context.locale, context.hiddenPhoneCountries) : [],
  };
  return { ...base, complete: null, view };
}

/**
 * Saves the posted step of the agent registration (or sends or checks a code, by intent) and goes on; the
 * last step registers the agent.
 */
export async function agentStepForm(request: Request) {
  const { formData, verdict } = await protectPublicForm(request, "registration");
  const context = await registrationContext(request);
  const { session, draft } = await agentDraft(request);
  if (!draft?.agency) throw redirect("/register");
  const posted = String(formData.get("step") ?? "");
  const step = allowedStep(posted, draft.reached, STEP_COUNT);
  // A step posted out of order (a stale tab, a hand-made post) lands on the step the agent is at.
  if (posted !== String(step)) throw redirect(stepUrl(step, "order"));
  const intent = String(formData.get("intent") ?? "continue");
  if (!verdict.allowed) {
    const result = { status: "error" as const, error: { "": [verdict.message] } };
    return data<AgentStepReply>({ step, intent, result }, { status: 429, headers: retryAfterHeaders(verdict) });
  }
  const handler = { 1: aboutYou, 2: contact, 3: professional, 4: preferences }[step as 1 | 2 | 3 | 4];
  return handler({ formData, draft, session, context, intent, request });
}
