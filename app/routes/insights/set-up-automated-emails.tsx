import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { asList, CheckboxField, ChoiceGroup, FormError, StatusButton } from "~/components/forms";
import { Intro } from "~/components/intro";
import { displayDate } from "~/domain/dates";
import {
  ALERT_TYPE_OPTIONS,
  DIGEST_NOTICES,
  DigestSchema,
  ENROLMENT_OPTIONS,
  FREQUENCY_OPTIONS,
  describeDigest,
  digestFormValues,
  type DigestForm as DigestFormInput,
  type DigestSettings,
} from "~/domain/insights/digest";
import { loginPath, originOf } from "~/domain/redirect";
import { screenHeading } from "~/domain/screens";
import { titleFor } from "~/domain/titles";
import { requireAgent, type Agent } from "~/server/auth/auth.server";
import { SignedOutError } from "~/server/infra/errors.server";
import { getDigest, saveDigest, type Digest, type DigestChoice } from "~/server/clients/insight.server";
import { UpstreamError } from "~/server/infra/http.server";
import { parseSubmission, readFormData } from "~/server/infra/forms.server";
import { pageLocale } from "~/server/shell/preferences.server";
import { redirect } from "~/server/infra/responses.server";
import { routeErrorOf, unavailable, withUpstreamErrors } from "~/server/infra/route-errors.server";
import { sessionStorage } from "~/server/infra/session.server";
import { screenIntro } from "~/server/shell/intro.server";
import { insightBranch } from "~/server/insights/context.server";
import { Facts } from "~/components/facts";

const PATH = "/insights/set-up-automated-emails";
const HEADING = screenHeading(PATH) ?? "Set up automated emails";

// The form's settings and the client's are one shape (a frequency or enrolment added on one side
// only fails the type check here).
const asChoice = (settings: DigestSettings): DigestChoice => settings;
const asSettings = (digest: Digest): DigestSettings => ({
  enabled: digest.enabled,
  frequency: digest.frequency,
  alertTypes: digest.alertTypes,
  enrolment: digest.enrolment,
  priceDrops: digest.priceDropMinimum !== null,
});

/** The partner-insight API refused the caller's tokens (a failed refresh): signed out, as the guard does. */
async function signedOut(agent: Agent, request: Request) {
  const to = loginPath(originOf(new URL(request.url)));
  return redirect(to, { headers: { "Set-Cookie": await sessionStorage.destroySession(agent.session) } });
}

/**
 * /insights/set-up-automated-emails: the agent's booking-alert digest: on or off, which
 * alert types, daily or weekly, and for which bookings; where it goes and when it last went. The
 * insight API down leaves the page standing with a message.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const agent = await requireAgent(request);
  const { pathname, searchParams } = new URL(request.url);
  try {
    return await withUpstreamErrors(async () => {
      const [digest, branch, intro] = await Promise.all([
        getDigest(agent).catch(unavailable),
        insightBranch(agent).catch(unavailable),
        pageLocale(request).then((locale) => screenIntro(pathname, locale)),
      ]);
      return {
        digest: digest
          ? {
              settings: asSettings(digest),
              email: digest.email,
              lastSent: digest.lastSentAt ? displayDate(digest.lastSentAt) || null : null,
            }
          : null,
        homeBranch: branch ? branch.home : null,
        intro: intro?.html ?? null,
        saved: digest !== null && searchParams.get("saved") === "1",
      };
    });
  } catch (error) {
    if (error instanceof SignedOutError) throw await signedOut(agent, request);
    throw error;
  }
}

/**
 * Saves the settings (PUT /digest), then shows them again (post/redirect/get). A refusal or an
 * upstream that is down keeps what was chosen in the form, with a message.
 */
export async function action({ request }: ActionFunctionArgs) {
  const agent = await requireAgent(request);
  const submission = parseSubmission(await readFormData(request), DigestSchema);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    await saveDigest(agent, asChoice(submission.value));
  } catch (error) {
    if (error instanceof SignedOutError) throw await signedOut(agent, request);
    if (!(error instanceof UpstreamError)) throw error;
    // A refusal for this agent or branch says what was refused and why (a 403 page), as every action does.
    if (error.failure === "http" && error.status === 403) throw routeErrorOf(error);
    const refused = error.failure === "http" && error.status !== null && error.status >= 400 && error.status < 500;
    return data(submission.reply({ formErrors: [refused ? DIGEST_NOTICES.notAccepted : DIGEST_NOTICES.notSaved] }), {
      status: refused ? 400 : 503,
    });
  }
  return redirect(`${PATH}?saved=1`);
}

export default function SetUpAutomatedEmails() {
  const { digest, homeBranch, intro, saved } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const settings = digest?.settings;
  return (
    <section aria-labelledby="screen-heading" className="insights digest">
      <h1 id="screen-heading">{HEADING}</h1>
      {intro ? <Intro html={intro} /> : null}
      {saved ? (
        <p className="notice" role="status">
          {DIGEST_NOTICES.saved}
        </p>
      ) : null}
      {digest && settings ? (
        <section className="panel" aria-labelledby="digest-settings-heading">
          <h2 id="digest-settings-heading">Your e-mail settings</h2>
          <Facts
            items={[
              ...describeDigest(settings),
              ["Sent to", digest.email],
              ["Last sent", digest.lastSent ?? "Not sent yet"],
            ]}
          />
        </section>
      ) : (
        <p className="notice notice--warning" role="alert">
          {DIGEST_NOTICES.notRead}
        </p>
      )}
      {settings || lastResult ? (
        <DigestForm
          // A save shows the saved settings afresh (with JavaScript the page is not reloaded).
          key={`${JSON.stringify(settings ?? null)}:${saved}`}
          settings={settings ?? null}
          lastResult={lastResult}
          homeBranch={homeBranch}
        />
      ) : null}
    </section>
  );
}

function DigestForm({
  settings,
  lastResult,
  homeBranch,
}: {
  settings: DigestSettings | null;
  lastResult: SubmissionResult<string[]> | undefined;
  homeBranch: { code: string; name: string } | null;
}) {
  const [form, fields] = useForm<DigestFormInput>({
    id: "digest",
    lastResult,
    defaultValue: settings ? digestFormValues(settings) : undefined,
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: DigestSchema }),
  });
  return (
    <Form
      method="post"
      action={PATH}
      {...getFormProps(form)}
      className="panel form"
      aria-labelledby="digest-form-heading"
    >
      <h2 id="digest-form-heading">Change your e-mail settings</h2>
      <FormError id={form.errorId} errors={form.errors} />
      <CheckboxField
        label="E-mail me my booking alerts"
        hint={
          homeBranch
            ? `The e-mails list the due alerts of your own branch, ${homeBranch.name} (${homeBranch.code}), with a link to each booking.`
            : "The e-mails list the due alerts of your own branch, with a link to each booking."
        }
        errors={fields.enabled.errors}
        inputProps={getInputProps(fields.enabled, { type: "checkbox" })}
      />
      <ChoiceGroup
        legend="How often"
        name={fields.frequency.name}
        type="radio"
        required
        options={FREQUENCY_OPTIONS}
        selected={asList(fields.frequency.initialValue ?? "WEEKLY")}
        errors={fields.frequency.errors}
      />
      <ChoiceGroup
        legend="Alert types to e-mail"
        hint="Choose at least one while the e-mails are on."
        name={fields.alertTypes.name}
        type="checkbox"
        options={ALERT_TYPE_OPTIONS}
        selected={asList(fields.alertTypes.initialValue)}
        errors={fields.alertTypes.errors}
      />
      <ChoiceGroup
        legend="Bookings to include (enrolment)"
        name={fields.enrolment.name}
        type="radio"
        required
        options={ENROLMENT_OPTIONS}
        selected={asList(fields.enrolment.initialValue ?? "ALL")}
        errors={fields.enrolment.errors}
      />
      <CheckboxField
        label="Also list price drops"
        hint="Bookings whose fare for the same sailing, stateroom class and party is now lower than booked, before final payment, as on the Price drops list."
        errors={fields.priceDrops.errors}
        inputProps={getInputProps(fields.priceDrops, { type: "checkbox" })}
      />
      <StatusButton className="button button--primary" pendingText="Saving…">
        Save e-mail settings
      </StatusButton>
    </Form>
  );
}

export const meta: MetaFunction = ({ location }) => [{ title: titleFor(location.pathname) }];
