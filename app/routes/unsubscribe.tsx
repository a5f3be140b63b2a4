import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { FormError, StatusButton } from "~/components/forms";
import { HoneypotInput } from "~/components/honeypot";
import {
  UNSUBSCRIBE_TEXT,
  UnsubscribeSchema,
  alreadyUnsubscribed,
  unsubscribeQuestion,
  unsubscribed,
  type DigestSubscriptionView,
} from "~/domain/insights/digest";
import { pageTitle } from "~/domain/titles";
import { digestForToken, unsubscribeDigest } from "~/server/clients/insight.server";
import { protectPublicForm } from "~/server/infra/forms.server";
import { UpstreamError } from "~/server/infra/http.server";
import { retryAfterHeaders } from "~/server/infra/rate-limit.server";

/** Where the agent changes the e-mails; the guard asks a signed-out visitor to sign in first. */
const SETTINGS = "/insights/set-up-automated-emails";

type View =
  | { state: "ask"; token: string; subscription: DigestSubscriptionView }
  | { state: "done"; subscription: DigestSubscriptionView }
  | { state: "invalid" }
  | { state: "unavailable" };

type ActionView = View | { state: "refused"; message: string };

/** A token the insight API refuses (400 INVALID_TOKEN, any 4xx) is a bad link; anything else is it being down. */
function failure(error: unknown) {
  if (!(error instanceof UpstreamError)) throw error;
  const refused = error.failure === "http" && error.status !== null && error.status >= 400 && error.status < 500;
  return refused
    ? data<View>({ state: "invalid" }, { status: 400 })
    : data<View>({ state: "unavailable" }, { status: 503 });
}

const subscriptionOf = ({ email, frequency, enabled }: DigestSubscriptionView) => ({ email, frequency, enabled });

/**
 * /unsubscribe?token=…: the booking-alert digest e-mail's link, without signing in; the signed token
 * says whose e-mails. Opening the link only asks (mail scanners follow links); the button stops them.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const parsed = UnsubscribeSchema.safeParse({ token: new URL(request.url).searchParams.get("token") ?? "" });
  if (!parsed.success) return data<View>({ state: "invalid" }, { status: 400 });
  try {
    const subscription = subscriptionOf(await digestForToken(parsed.data.token));
    return data<View>({ state: "ask", token: parsed.data.token, subscription });
  } catch (error) {
    return failure(error);
  }
}

/** A public form: same-site post, honeypot and a rate limit first (its own budget). */
export async function action({ request }: ActionFunctionArgs) {
  const { formData, verdict } = await protectPublicForm(request, "unsubscribe");
  if (!verdict.allowed) {
    return data<ActionView>(
      { state: "refused", message: verdict.message },
      { status: 429, headers: retryAfterHeaders(verdict) },
    );
  }
  const parsed = UnsubscribeSchema.safeParse({ token: formData.get("token") ?? "" });
  if (!parsed.success) return data<ActionView>({ state: "invalid" }, { status: 400 });
  try {
    const subscription = subscriptionOf(await unsubscribeDigest(parsed.data.token));
    return data<ActionView>({ state: "done", subscription });
  } catch (error) {
    return failure(error);
  }
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
