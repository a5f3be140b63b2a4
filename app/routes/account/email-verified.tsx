import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { FormError, StatusButton } from "~/components/forms";
import { HoneypotInput } from "~/components/honeypot";
import { Intro } from "~/components/intro";
import { titleFor } from "~/domain/titles";
import { translator } from "~/domain/translate";
import { requireAnonymous } from "~/server/auth/auth.server";
import { checkMagicLink, magicLinkPage } from "~/server/account/password-reset.server";

/**
 * The e-mailed reset link lands here (?token=…&otp=…). Opening it changes nothing (mail scanners
 * open links too): Continue posts token and code, the upstream checks them, and the verified reset
 * is kept server-side for reset-password. A missing or garbled link gets a clear message.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return magicLinkPage(request);
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAnonymous(request);
  return checkMagicLink(request);
}

export default function EmailVerified() {
  const { texts, link, intro } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const t = translator(texts);
  const [form] = useForm({ id: "magic-link", lastResult: actionData?.result });
  const newLink = (
    <p>
      <Link to="/account/forgot/password">{t("forgotPasswordNewLink")}</Link>
    </p>
  );

  if (!link) {
    return (
      <section className="panel panel--narrow" aria-labelledby="email-verified-heading">
        <h1 id="email-verified-heading">{t("forgotPasswordTitle")}</h1>
        <div className="form-error" role="alert">
          <p>{t("errorResetLinkInvalid")}</p>
        </div>
        {newLink}
      </section>
    );
  }

  return (
    <section className="panel panel--narrow" aria-labelledby="email-verified-heading">
      <h1 id="email-verified-heading">{t("emailVerifiedTitle")}</h1>
      {intro ? <Intro html={intro} /> : null}
      <Form method="post" {...getFormProps(form)} className="form">
        <FormError id={form.errorId} errors={form.errors} />
        <HoneypotInput />
        <input type="hidden" name="token" value={link.token} />
        <input type="hidden" name="otp" value={link.otp} />
        <StatusButton className="button button--primary">{t("buttonContinue")}</StatusButton>
      </Form>
      {actionData?.linkFailed ? newLink : null}
    </section>
  );
}

export const meta: MetaFunction = ({ location }) => [{ title: titleFor(location.pathname) }];
