import { data } from "@remix-run/node";
import { redirect } from "~/server/infra/responses.server";
import { LoginSchema } from "~/domain/auth-forms";
import * as api from "~/server/clients/api.server";
import { SignInFailure, authenticator, startSession } from "~/server/auth/auth.server";
import { parseSubmission, protectPublicForm, readFormData } from "~/server/infra/forms.server";
import { retryAfterHeaders } from "~/server/infra/rate-limit.server";
import { dictionary, text } from "~/server/shell/dictionary.server";
import { languageSwitch, pageLocale } from "~/server/shell/preferences.server";
import { getSession, sessionStorage } from "~/server/infra/session.server";
import { pendingMfa } from "~/server/auth/session-state.server";

const SIGN_OUT_NOTICES: Record<string, string> = {
  idle: "You were signed out after 30 minutes without activity. Please sign in again.",
  expired: "Your session has ended. Please sign in again.",
  // The specification's 'Error logout user': the portal's session has ended all the same.
  "logout-failed": "Error logout user. You are signed out of Professional Portal; the sign-out service did not answer.",
};

/** The sign-in page's data: QA mode, a sign-out notice, the language switch and the links' texts. */
export async function loginPage(request: Request) {
  const reason = new URL(request.url).searchParams.get("reason") ?? "";
  const [qaMode, chosen, texts] = await Promise.all([
    api.qaMode(),
    languageSwitch(request),
    pageLocale(request).then((locale) => dictionary("registration", locale)),
  ]);
  return {
    qaMode,
    notice: SIGN_OUT_NOTICES[reason] ?? null,
    // Only where choosing a language changes this page (the translation flag may keep it English).
    language: chosen
      ? {
          chosen,
          label: text(texts, "languageSwitcherLabel", "Language"),
          submit: text(texts, "languageSwitcherSubmit", "Change language"),
        }
      : null,
    links: {
      forgot: text(texts, "forgotLink", "Forgot your username or password?"),
      newToPortal: text(texts, "newToPortal", "New to the Professional Portal?"),
      registerAgent: text(texts, "registerAgentLink", "Register as an agent"),
      registerAgency: text(texts, "registerAgencyLink", "Register your agency"),
    },
  };
}

/**
 * Signs in with the form's credentials: home (or where the agent was going), the second factor's code
 * page, or the form again with why not.
 */
export async function loginForm(request: Request) {
  const { verdict } = await protectPublicForm(request, "sign-in");
  if (!verdict.allowed) {
    const submission = parseSubmission(await readFormData(request), LoginSchema);
    return data(submission.reply({ formErrors: [verdict.message], hideFields: ["password"] }), {
      status: 429,
      headers: retryAfterHeaders(verdict),
    });
  }
  let outcome;
  try {
    outcome = await authenticator.authenticate("form", request);
  } catch (error) {
    if (!(error instanceof SignInFailure)) throw error;
    const formErrors = error.formError ? [error.formError] : undefined;
    return data(error.submission.reply({ formErrors, hideFields: ["password"] }), { status: 400 });
  }

  if (outcome.type === "mfa") {
    // The second factor: remember who is signing in (server-side) and ask for the e-mailed code.
    const session = await getSession(request);
    const now = Date.now();
    pendingMfa.write(session, { ...outcome, startedAt: now, lastSentAt: now });
    return redirect("/otp-verify", { headers: { "Set-Cookie": await sessionStorage.commitSession(session) } });
  }

  try {
    // A new account's first sign-in goes to /welcome first, then on to the target.
    const { headers, to } = await startSession(request, outcome.tokens, outcome.redirectTo);
    return redirect(to, { headers });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return data(outcome.submission.reply({ formErrors: [message], hideFields: ["password"] }), { status: 400 });
  }
}
