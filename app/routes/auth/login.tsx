import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useEffect } from "react";
import { Field, FormError, StatusButton } from "~/components/forms";
import { HoneypotInput } from "~/components/honeypot";
import { LanguageSwitcher } from "~/components/language-switcher";
import type { LoginSchema } from "~/domain/auth-forms";
import { pageTitle } from "~/domain/titles";
import type { z } from "zod";
import { requireAnonymous } from "~/server/auth/auth.server";
import { loginForm, loginPage } from "~/server/auth/login-page.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  return loginPage(request);
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAnonymous(request);
  return loginForm(request);
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
