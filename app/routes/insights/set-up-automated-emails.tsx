import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { asList, CheckboxField, ChoiceGroup, FormError, StatusButton } from "~/components/forms";
import { Intro } from "~/components/intro";
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
import { screenHeading } from "~/domain/screens";
import { titleFor } from "~/domain/titles";
import { requireAgent } from "~/server/auth/auth.server";
import { readFormData } from "~/server/infra/forms.server";
import { digestPage, saveDigestForm } from "~/server/insights/digest.server";
import { Facts } from "~/components/facts";

const PATH = "/insights/set-up-automated-emails";
const HEADING = screenHeading(PATH) ?? "Set up automated emails";

/**
 * /insights/set-up-automated-emails: the agent's booking-alert digest: on or off, which
 * alert types, daily or weekly, and for which bookings; where it goes and when it last went. The
 * insight API down leaves the page standing with a message.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const agent = await requireAgent(request);
  return digestPage(request, agent);
}

/**
 * Saves the settings (PUT /digest), then shows them again (post/redirect/get). A refusal or an
 * upstream that is down keeps what was chosen in the form, with a message.
 */
export async function action({ request }: ActionFunctionArgs) {
  const agent = await requireAgent(request);
  return saveDigestForm(request, agent, await readFormData(request));
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
