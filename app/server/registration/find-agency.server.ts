import { data } from "@remix-run/node";
import { redirect } from "~/server/infra/responses.server";
import { AgencyLookupSchema } from "~/domain/registration-forms";
import { upstreamErrorText } from "~/domain/registration-errors";
import { lookupAgency, lookupInvitation } from "~/server/clients/accounts.server";
import { alpha3ToAlpha2, countryName, phoneCountryOptions, toE164 } from "~/server/reference/countries.server";
import { agentDraft, commit, agentDraftState } from "~/server/registration/drafts.server";
import { parseSubmission, protectPublicForm } from "~/server/infra/forms.server";
import { retryAfterHeaders } from "~/server/infra/rate-limit.server";
import { registrationContext, upstreamFailure } from "~/server/registration/registration.server";

/**
 * An administrator's invitation link (`/register?invitation=…`): the agency is found
 * already and the invitee's e-mail address and name are filled in; the stepper starts from there.
 * A link that is not (or no longer) valid comes back to the search with a word.
 */
async function acceptInvitation(request: Request, token: string) {
  if (!/^[A-Za-z0-9._~-]{10,512}$/.test(token)) return redirect("/register?invitation-invalid=1");
  try {
    const found = await lookupInvitation(token);
    const { session } = await agentDraft(request);
    const { invitation, ...agency } = found;
    agentDraftState.write(session, {
      reached: 1,
      agency,
      fields: {
        emailAddress: invitation.email,
        ...(invitation.firstName ? { firstName: invitation.firstName } : {}),
        ...(invitation.lastName ? { lastName: invitation.lastName } : {}),
      },
      invitationToken: token,
      updatedAt: Date.now(),
    });
    return redirect("/register?agencyData=true", { headers: await commit(session) });
  } catch (error) {
    if (upstreamFailure(error)?.errorCode === "AGENCY_NOT_FOUND") return redirect("/register?invitation-invalid=1");
    throw error;
  }
}

/**
 * The find-your-agency page's texts and options; an invitation link in the URL goes straight on to the
 * stepper.
 */
export async function findAgencyPage(request: Request) {
  const params = new URL(request.url).searchParams;
  const invitation = params.get("invitation");
  if (invitation !== null) return acceptInvitation(request, invitation);
  const showAgency = params.get("agencyData") === "true";
  const [context, { draft }] = await Promise.all([registrationContext(request), agentDraft(request)]);
  if (showAgency && !draft?.agency) throw redirect("/register?agencyData=false");
  return {
    texts: context.texts,
    chosen: context.chosen,
    agency:
      showAgency && draft?.agency
        ? {
            ...draft.agency,
            country: countryName(alpha3ToAlpha2(draft.agency.countryCode) ?? draft.agency.countryCode, context.locale),
          }
        : null,
    lookup: draft?.lookup ?? { identificationType: "phone", telephoneCountryCode: "US" },
    phoneCountries: phoneCountryOptions(context.locale, context.hiddenPhoneCountries),
    invitationInvalid: params.get("invitation-invalid") === "1",
  };
}

/** Looks the agency up and starts the agent's draft with it. */
export async function findAgencyForm(request: Request) {
  const { formData, verdict } = await protectPublicForm(request, "registration");
  const { t } = await registrationContext(request);
  const submission = parseSubmission(formData, AgencyLookupSchema);
  if (!verdict.allowed) {
    return data(submission.reply({ formErrors: [verdict.message] }), {
      status: 429,
      headers: retryAfterHeaders(verdict),
    });
  }
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });

  const value = submission.value;
  let telephoneNumber: string | undefined;
  if (value.identificationType === "phone") {
    telephoneNumber = toE164(value.telephoneCountryCode!, value.telephoneNumber!) ?? undefined;
    if (!telephoneNumber)
      return data(submission.reply({ fieldErrors: { telephoneNumber: ["errorInvalidPhone"] } }), { status: 400 });
  }
  try {
    const agency = await lookupAgency({
      identificationType: value.identificationType,
      telephoneNumber,
      abtaNumber: value.identificationType === "abta" ? value.abtaNumber : undefined,
    });
    const { session, draft } = await agentDraft(request);
    const sameAgency = draft?.agency?.agencyId === agency.agencyId;
    agentDraftState.write(session, {
      // Another agency starts the registration again; the same one keeps what was entered.
      ...(sameAgency && draft ? draft : { reached: 1, fields: {} }),
      agency,
      identificationType: value.identificationType,
      agencyPhoneNumber: telephoneNumber,
      agencyAbtaNumber: value.identificationType === "abta" ? value.abtaNumber : undefined,
      lookup: Object.fromEntries(
        Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
      ),
      updatedAt: Date.now(),
    });
    return redirect("/register?agencyData=true", { headers: await commit(session) });
  } catch (error) {
    const failure = upstreamFailure(error);
    const message = failure?.errorCode === "AGENCY_NOT_FOUND" ? t("agencyNotFound") : upstreamErrorText(t, failure);
    return data(submission.reply({ formErrors: [message] }), {
      status: failure?.errorCode === "AGENCY_NOT_FOUND" ? 404 : 502,
    });
  }
}
