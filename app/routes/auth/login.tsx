import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { redirect } from "~/server/infra/responses.server";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useEffect } from "react";
import { Field, FormError, StatusButton } from "~/components/forms";
import { HoneypotInput } from "~/components/honeypot";
import { LanguageSwitcher } from "~/components/language-switcher";
import { LoginSchema } from "~/domain/auth-forms";
import { pageTitle } from "~/domain/titles";
import type { z } from "zod";
import * as api from "~/server/clients/api.server";
import { SignInFailure, authenticator, requireAnonymous, startSession } from "~/server/auth/auth.server";
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

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
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

export async function action({ request }: ActionFunctionArgs) {
  await requireAnonymous(request);
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

export default function Login() {
  const { qaMode, notice, language, links } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const [form, fields] = useForm<z.input<typeof LoginSchema>>({
    id: "login",
    lastResult,
    constraint: { username: { required: true, maxLength: 100 }, password: { required: true, maxLength: 200 } },
    // The action validates (LoginSchema through the form strategy); no zod in the browser keeps
    // /login inside its JavaScript budget. The constraints above still give the browser hints.
  });

  // A failed attempt empties the password with JavaScript too, as the server-rendered form does.
  const passwordId = fields.password.id;
  useEffect(() => {
    const password = document.getElementById(passwordId);
    if (lastResult?.status === "error" && password instanceof HTMLInputElement) password.value = "";
  }, [lastResult, passwordId]);

  return (
    <section className="panel panel--narrow" aria-labelledby="login-heading">
      {language ? (
        <LanguageSwitcher current={language.chosen} label={language.label} submitLabel={language.submit} />
      ) : null}
      <h1 id="login-heading">Sign in</h1>
      <p className="lead">
        Professional Portal for travel agents selling Royal Caribbean, Celebrity Cruises and Silversea.
      </p>
      {qaMode ? (
        <p className="notice notice--warning" role="status">
          The portal is in QA mode. Only Royal Caribbean Group staff can sign in.
        </p>
      ) : null}
      {notice ? (
        <p className="notice" role="status">
          {notice}
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="form">
        <FormError id={form.errorId} errors={form.errors} />
        <HoneypotInput />
        <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
        <Field
          label="Username"
          errors={fields.username.errors}
          inputProps={{ ...getInputProps(fields.username, { type: "text" }), autoComplete: "username" }}
        />
        <Field
          label="Password"
          errors={fields.password.errors}
          inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "current-password" }}
        />
        <StatusButton className="button button--primary" pendingText="Signing in…">
          Sign in
        </StatusButton>
      </Form>
      <p>
        <Link to="/account/forgot">{links.forgot}</Link>
      </p>
      <p>
        {links.newToPortal} <Link to="/register">{links.registerAgent}</Link>
        <span aria-hidden="true"> · </span>
        <Link to="/register-agency">{links.registerAgency}</Link>
      </p>
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("Login") }];
