import { data } from "@remix-run/node";
import { AgencyLookupSchema } from "~/domain/registration-forms";
import { searchAgencies } from "~/server/clients/super-user.server";
import { phoneCountryOptions, toE164 } from "~/server/reference/countries.server";
import { parseSubmission, readFormData } from "~/server/infra/forms.server";
import { redirect } from "~/server/infra/responses.server";
import { routeErrorOf, unavailable } from "~/server/infra/route-errors.server";
import { sessionStorage } from "~/server/infra/session.server";
import { registrationContext } from "~/server/registration/registration.server";
import { superUserForm } from "~/server/super-user/search-form.server";
import type { Agent } from "~/server/auth/auth.server";

const FORM_FIELDS = ["identificationType", "telephoneCountryCode", "telephoneNumber", "abtaNumber"] as const;

const NOT_FOUND = {
  phone: "No agency has this phone number. Check the country and the number.",
  abta: "No agency has this ABTA number.",
};

const UNAVAILABLE = "The agency search is unavailable right now. Please try again in a moment.";

/** The agency search page's texts, the form's last values (kept in the session) and the phone countries. */
export async function agencySearchPage(request: Request, agent: Agent) {
  const context = await registrationContext(request);
  return {
    texts: context.texts,
    form: superUserForm.read(agent.session) ?? { identificationType: "phone", telephoneCountryCode: "US" },
    phoneCountries: phoneCountryOptions(context.locale, context.hiddenPhoneCountries),
  };
}

/**
 * Finds the agency by phone or ABTA number: one match opens it, several are listed; what was typed is kept
 * for the next visit.
 */
export async function agencySearchForm(request: Request, agent: Agent) {
  const formData = await readFormData(request);
  // What was typed is kept for the next visit, whatever comes of it.
  const kept = Object.fromEntries(
    FORM_FIELDS.map((name) => [name, String(formData.get(name) ?? "").slice(0, 40)] as const).filter(([, v]) => v),
  );
  superUserForm.write(agent.session, kept);
  const headers = { "Set-Cookie": await sessionStorage.commitSession(agent.session) };

  const submission = parseSubmission(formData, AgencyLookupSchema);
  if (submission.status !== "success")
    return data({ result: submission.reply(), matches: null }, { status: 400, headers });
  const value = submission.value;
  const byPhone = value.identificationType === "phone";
  const phone = byPhone ? toE164(value.telephoneCountryCode!, value.telephoneNumber!) : null;
  if (byPhone && !phone) {
    return data(
      { result: submission.reply({ fieldErrors: { telephoneNumber: ["errorInvalidPhone"] } }), matches: null },
      { status: 400, headers },
    );
  }
  let matches;
  try {
    matches = await searchAgencies(agent, byPhone ? { phone: phone! } : { abta: value.abtaNumber });
  } catch (error) {
    if (unavailable(error) === null) {
      return data({ result: submission.reply({ formErrors: [UNAVAILABLE] }), matches: null }, { status: 503, headers });
    }
    throw routeErrorOf(error);
  }
  if (matches.length === 1) {
    return redirect(`/super-user/agency-found?${new URLSearchParams({ agencyId: matches[0]!.agencyId })}`, { headers });
  }
  if (matches.length === 0) {
    const message = NOT_FOUND[value.identificationType];
    return data({ result: submission.reply({ formErrors: [message] }), matches: null }, { status: 404, headers });
  }
  return data(
    { result: submission.reply(), matches: matches.map((a) => ({ agencyId: a.agencyId, name: a.name, city: a.city })) },
    { headers },
  );
}
