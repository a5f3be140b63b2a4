import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import { redirect } from "~/server/infra/responses.server";
import { AGENCY_STEPS, allowedStep } from "~/domain/registration";
import { upstreamErrorText } from "~/domain/registration-errors";
import {
  AgencyBusinessSchema,
  AgencyDetailsSchema,
  SalesAgreementSchema,
  agencyContactSchema,
} from "~/domain/registration-forms";
import { registerAgency, sendAgencyLink } from "~/server/clients/accounts.server";
import { encryptPassword } from "~/server/clients/api.server";
import { countryOptions, phoneCountryOptions, toE164 } from "~/server/reference/countries.server";
import {
  agencyDraft,
  agencyDraftState,
  commit,
  formDefaults,
  outcomeState,
  type AgencyDraft,
} from "~/server/registration/drafts.server";
import { parseSubmission, protectPublicForm } from "~/server/infra/forms.server";
import { retryAfterHeaders } from "~/server/infra/rate-limit.server";
import { failureInit, registrationContext, upstreamFailure } from "~/server/registration/registration.server";
import { salesAgreement } from "~/server/registration/sales-agreement.server";
import type { PortalSession } from "~/server/infra/session.server";
import type { AgencyStepView } from "~/server/registration/step-views.server";

const STEP_COUNT = AGENCY_STEPS.length;
const STEP_FIELDS: Record<number, readonly string[]> = {
  1: [
    "agencyName",
    "countryCode",
    "addressLine",
    "city",
    "zipCode",
    "telephoneCountryCode",
    "telephoneNumber",
    "abtaNumber",
    "iataNumber",
    "cliaNumber",
    "webAddress",
  ],
  2: ["firstName", "lastName", "emailAddress", "jobTitle", "agencyRole", "mobileCountryCode", "mobilePhone"],
  3: ["agencyBusinessModel", "consortialOrHost", "consortialOrHostName"],
  4: ["salesAgreementAccepted"],
};

const stepUrl = (step: number, notice?: string) =>
  `/register-agency/stepper?step=${step}${notice ? `&notice=${notice}` : ""}`;

type Reply = { step: number; result: SubmissionResult<string[]> };

type StepArgs = {
  formData: FormData;
  draft: AgencyDraft;
  session: PortalSession;
  context: Awaited<ReturnType<typeof registrationContext>>;
};

async function saveAndGo(session: PortalSession, draft: AgencyDraft, to: string) {
  agencyDraftState.write(session, { ...draft, updatedAt: Date.now() });
  return redirect(to, { headers: await commit(session) });
}

const failed = (step: number, result: SubmissionResult<string[]>, status = 400) =>
  data<Reply>({ step, result }, { status });

async function details({ formData, draft, session }: StepArgs) {
  const submission = parseSubmission(formData, AgencyDetailsSchema);
  if (submission.status !== "success") return failed(1, submission.reply());
  const value = submission.value;
  if (!toE164(value.telephoneCountryCode, value.telephoneNumber)) {
    return failed(1, submission.reply({ fieldErrors: { telephoneNumber: ["errorInvalidPhone"] } }));
  }
  const fields = { ...draft.fields, ...blank(STEP_FIELDS[1]!), ...value };
  return saveAndGo(session, { ...draft, fields, reached: Math.max(draft.reached, 2) }, stepUrl(2));
}

async function contact({ formData, draft, session }: StepArgs) {
  const schema = agencyContactSchema({ passwordSet: !!draft.encryptedPassword });
  const submission = parseSubmission(formData, schema);
  const hideFields = ["password", "confirmPassword"];
  if (submission.status !== "success") return failed(2, submission.reply({ hideFields }));
  const { password, confirmPassword: _confirm, ...value } = submission.value;
  if (value.mobilePhone && !toE164(value.mobileCountryCode ?? "", value.mobilePhone)) {
    return failed(2, submission.reply({ fieldErrors: { mobilePhone: ["errorInvalidPhone"] }, hideFields }));
  }
  const next: AgencyDraft = { ...draft, fields: { ...draft.fields, ...blank(STEP_FIELDS[2]!), ...value } };
  if (password) next.encryptedPassword = await encryptPassword(password);
  // A new address needs a new link: the agreement waits until it is verified again.
  if (String(draft.fields.emailAddress ?? "").toLowerCase() !== value.emailAddress.toLowerCase()) {
    Object.assign(next, {
      mailValidationToken: undefined,
      linkSentTo: undefined,
      linkSentAt: undefined,
      emailVerified: false,
    });
    next.reached = Math.min(Math.max(draft.reached, 3), 3);
  } else {
    next.reached = Math.max(draft.reached, 3);
  }
  return saveAndGo(session, next, stepUrl(3));
}

async function business({ formData, draft, session, context }: StepArgs) {
  const submission = parseSubmission(formData, AgencyBusinessSchema);
  if (submission.status !== "success") return failed(3, submission.reply());
  const fields: Record<string, unknown> = { ...draft.fields, ...blank(STEP_FIELDS[3]!), ...submission.value };
  const email = String(fields.emailAddress);
  const next: AgencyDraft = { ...draft, fields, reached: Math.max(draft.reached, 4) };
  if (draft.linkSentTo === email && draft.mailValidationToken) {
    return saveAndGo(session, next, draft.emailVerified ? stepUrl(4) : "/register-agency/email-sent");
  }
  try {
    const { token } = await sendAgencyLink(email, String(fields.countryCode));
    Object.assign(next, {
      mailValidationToken: token,
      linkSentTo: email,
      linkSentAt: Date.now(),
      emailVerified: false,
    });
    return saveAndGo(session, next, "/register-agency/email-sent");
  } catch (error) {
    agencyDraftState.write(session, { ...draft, fields, updatedAt: Date.now() });
    const failure = upstreamFailure(error);
    const result = submission.reply({ formErrors: [upstreamErrorText(context.t, failure)] });
    return data<Reply>({ step: 3, result }, failureInit(failure, 400, await commit(session)));
  }
}

async function agreement({ formData, draft, session, context }: StepArgs) {
  const submission = parseSubmission(formData, SalesAgreementSchema);
  if (submission.status !== "success") return failed(4, submission.reply());
  const version = (await salesAgreement(context.locale))?.modified;
  if (!version) return failed(4, submission.reply({ formErrors: [context.t("errorServiceUnavailable")] }), 502);
  const f = draft.fields;
  const str = (key: string) => (f[key] === undefined || f[key] === "" ? undefined : String(f[key]));
  try {
    const { username } = await registerAgency({
      agencyName: str("agencyName"),
      countryCode: str("countryCode"),
      addressLine: str("addressLine"),
      city: str("city"),
      zipCode: str("zipCode"),
      telephoneNumber: toE164(String(f.telephoneCountryCode), String(f.telephoneNumber)),
      abtaNumber: str("abtaNumber"),
      iataNumber: str("iataNumber"),
      cliaNumber: str("cliaNumber"),
      webAddress: str("webAddress"),
      agencyBusinessModel: str("agencyBusinessModel"),
      consortialOrHost: f.consortialOrHost === "yes",
      consortialOrHostName: f.consortialOrHost === "yes" ? str("consortialOrHostName") : undefined,
      contact: {
        firstName: str("firstName"),
        lastName: str("lastName"),
        emailAddress: str("emailAddress"),
        mobilePhone: str("mobilePhone") ? toE164(String(f.mobileCountryCode), String(f.mobilePhone)) : undefined,
        jobTitle: str("jobTitle"),
        agencyRole: str("agencyRole"),
      },
      encryptedPassword: draft.encryptedPassword,
      mailValidationToken: draft.mailValidationToken,
      salesAgreementAccepted: true,
      salesAgreementVersion: version,
      languageCode: context.locale,
    });
    agencyDraftState.clear(session);
    outcomeState.write(session, { kind: "agency-registered", username, at: Date.now() });
    return redirect("/register-agency/stepperSuccess", { headers: await commit(session) });
  } catch (error) {
    const failure = upstreamFailure(error);
    return failed(4, submission.reply({ formErrors: [upstreamErrorText(context.t, failure)] }), failure ? 400 : 502);
  }
}

/** Optional fields left empty on a later visit must clear what the draft held. */
const blank = (keys: readonly string[]) => Object.fromEntries(keys.map((key) => [key, undefined]));

/**
 * The agency registration step in the URL with its draft, options and texts; a step not yet reached goes
 * back to the first one missing.
 */
export async function agencyStepPage(request: Request) {
  const url = new URL(request.url);
  const [context, { draft }] = await Promise.all([registrationContext(request), agencyDraft(request)]);
  const reached = draft?.reached ?? 1;
  const step = allowedStep(url.searchParams.get("step"), reached, STEP_COUNT);
  if (String(step) !== url.searchParams.get("step"))
    throw redirect(stepUrl(step, url.searchParams.has("step") ? "order" : undefined));
  const fields = draft?.fields ?? {};
  const agreement = step === 4 ? await salesAgreement(context.locale) : null;
  const view: AgencyStepView = {
    step,
    notice: url.searchParams.get("notice"),
    defaults: formDefaults(
      { countryCode: "US", telephoneCountryCode: "US", mobileCountryCode: "US", ...fields },
      STEP_FIELDS[step]!,
    ),
    passwordSet: !!draft?.encryptedPassword,
    personal: {
      firstName: String(fields.firstName ?? ""),
      lastName: String(fields.lastName ?? ""),
      emailAddress: String(fields.emailAddress ?? ""),
    },
    linkSentTo: draft?.linkSentTo ?? null,
    emailVerified: !!draft?.emailVerified,
    agreement: agreement ? { title: agreement.title, version: agreement.modified } : null,
    countries: step === 1 ? countryOptions(context.locale) : [],
    phoneCountries: step === 1 || step === 2 ? phoneCountryOptions(context.locale, context.hiddenPhoneCountries) : [],
  };
  return { texts: context.texts, chosen: context.chosen, view };
}

/** Saves the posted step of the agency registration and goes on (the last step registers the agency). */
export async function agencyStepForm(request: Request) {
  const { formData, verdict } = await protectPublicForm(request, "registration");
  const context = await registrationContext(request);
  const { session, draft: existing } = await agencyDraft(request);
  const draft: AgencyDraft = existing ?? { reached: 1, fields: {}, updatedAt: Date.now() };
  const posted = String(formData.get("step") ?? "");
  const step = allowedStep(posted, draft.reached, STEP_COUNT);
  if (posted !== String(step)) throw redirect(stepUrl(step, "order"));
  if (!verdict.allowed) {
    return data<Reply>(
      { step, result: { status: "error", error: { "": [verdict.message] } } },
      { status: 429, headers: retryAfterHeaders(verdict) },
    );
  }
  const args = { formData, draft, session, context };
  switch (step) {
    case 1:
      return details(args);
    case 2:
      return contact(args);
    case 3:
      return business(args);
    default:
      return agreement(args);
  }
}
