import { data } from "@remix-run/node";
import { UnsubscribeSchema, type DigestSubscriptionView } from "~/domain/insights/digest";
import { digestForToken, unsubscribeDigest } from "~/server/clients/insight.server";
import { protectPublicForm } from "~/server/infra/forms.server";
import { UpstreamError } from "~/server/infra/http.server";
import { retryAfterHeaders } from "~/server/infra/rate-limit.server";

/**
 * /unsubscribe's work (app/routes/unsubscribe): the digest e-mail's link, without signing in; the
 * signed token says whose e-mails.
 */

export type View =
  | { state: "ask"; token: string; subscription: DigestSubscriptionView }
  | { state: "done"; subscription: DigestSubscriptionView }
  | { state: "invalid" }
  | { state: "unavailable" };

export type ActionView = View | { state: "refused"; message: string };

/** A token the insight API refuses (400 INVALID_TOKEN, any 4xx) is a bad link; anything else is it being down. */
function failure(error: unknown) {
  if (!(error instanceof UpstreamError)) throw error;
  const refused = error.failure === "http" && error.status !== null && error.status >= 400 && error.status < 500;
  return refused
    ? data<View>({ state: "invalid" }, { status: 400 })
    : data<View>({ state: "unavailable" }, { status: 503 });
}

const subscriptionOf = ({ email, frequency, enabled }: DigestSubscriptionView) => ({ email, frequency, enabled });

/** Opening the link only asks (mail scanners follow links): the subscription the token names. */
export async function unsubscribeQuestionPage(request: Request) {
  const parsed = UnsubscribeSchema.safeParse({ token: new URL(request.url).searchParams.get("token") ?? "" });
  if (!parsed.success) return data<View>({ state: "invalid" }, { status: 400 });
  try {
    const subscription = subscriptionOf(await digestForToken(parsed.data.token));
    return data<View>({ state: "ask", token: parsed.data.token, subscription });
  } catch (error) {
    return failure(error);
  }
}

/** The button: a public form (same-site post, honeypot and a rate limit first, its own budget), then the e-mails stopped. */
export async function unsubscribeFromForm(request: Request) {
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
