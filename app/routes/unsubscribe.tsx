import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { FormError, StatusButton } from "~/components/forms";
import { HoneypotInput } from "~/components/honeypot";
import { UNSUBSCRIBE_TEXT, alreadyUnsubscribed, unsubscribeQuestion, unsubscribed } from "~/domain/insights/digest";
import {
  unsubscribeFromForm,
  unsubscribeQuestionPage,
  type ActionView,
  type View,
} from "~/server/insights/unsubscribe.server";
import { pageTitle } from "~/domain/titles";

/** Where the agent changes the e-mails; the guard asks a signed-out visitor to sign in first. */
const SETTINGS = "/insights/set-up-automated-emails";

/**
 * /unsubscribe?token=…: the booking-alert digest e-mail's link, without signing in; the signed token
 * says whose e-mails. Opening the link only asks (mail scanners follow links); the button stops them.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return unsubscribeQuestionPage(request);
}

/** The button: a public form (same-site post, honeypot and a rate limit first). */
export async function action({ request }: ActionFunctionArgs) {
  return unsubscribeFromForm(request);
}

export default function Unsubscribe() {
  const loaded = useLoaderData<typeof loader>() as View;
  const acted = useActionData<typeof action>() as ActionView | undefined;
  const view: View = acted && acted.state !== "refused" ? acted : loaded;
  return (
    <section className="panel panel--narrow" aria-labelledby="unsubscribe-heading">
      <h1 id="unsubscribe-heading">{UNSUBSCRIBE_TEXT.heading}</h1>
      {view.state === "ask" && view.subscription.enabled ? (
        <Form method="post" className="form">
          <p className="lead">{unsubscribeQuestion(view.subscription)}</p>
          <FormError errors={acted?.state === "refused" ? [acted.message] : null} />
          <HoneypotInput />
          <input type="hidden" name="token" value={view.token} />
          <StatusButton className="button button--primary" pendingText="Stopping…">
            {UNSUBSCRIBE_TEXT.button}
          </StatusButton>
        </Form>
      ) : view.state === "ask" ? (
        <p className="notice" role="status">
          {alreadyUnsubscribed(view.subscription)}
        </p>
      ) : view.state === "done" ? (
        <p className="notice" role="status">
          {unsubscribed(view.subscription)}
        </p>
      ) : view.state === "invalid" ? (
        <p className="notice notice--warning" role="alert">
          {UNSUBSCRIBE_TEXT.invalid}
        </p>
      ) : (
        <p className="notice notice--warning" role="alert">
          {UNSUBSCRIBE_TEXT.unavailable}
        </p>
      )}
      <p>
        <Link to={SETTINGS}>{UNSUBSCRIBE_TEXT.settingsLink}</Link>
      </p>
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("Unsubscribe") }];
