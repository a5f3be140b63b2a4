import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { CheckboxField, FormError, SelectField, StatusButton } from "~/components/forms";
import { Intro } from "~/components/intro";
import { PhotoForm } from "~/components/profile/photo-form";
import { LOCALES, LOCALE_LABELS } from "~/domain/language";
import { screenHeading } from "~/domain/screens";
import { titleFor } from "~/domain/titles";
import { WELCOME_PATH } from "~/domain/welcome";
import { continueFromWelcome, welcomePage, type Failure } from "~/server/profile/welcome.server";
import { requireAgent } from "~/server/auth/auth.server";

const HEADING = screenHeading(WELCOME_PATH) ?? "Welcome to Professional Portal";
/** As /profile/communications lists them (written here so the page's script does not carry the items' schemas). */
const LANGUAGE_OPTIONS = LOCALES.map((value) => ({ value, label: LOCALE_LABELS[value] }));

/**
 * /welcome (in the minimal shell): where the first sign-in of a new account lands.
 * The profile photo (the profile page's upload), the communication choices of /profile/communications
 * (the same items, saved with PUT /agents/{id}), the travel agent guidelines, then Continue: the
 * choices are saved if changed, the agent is marked welcomed (`POST /agents/{id}/welcome`, so later
 * sign-ins skip this page) and goes on to where the sign-in was going (`redirectTo`), else /home.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const agent = await requireAgent(request);
  return welcomePage(request, agent);
}

export async function action({ request }: ActionFunctionArgs) {
  const agent = await requireAgent(request);
  return continueFromWelcome(request, agent);
}

export default function Welcome() {
  const { firstName, intro, choices, version, photoReturn } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>() as Failure | undefined;
  const value = failed?.typed ?? choices ?? {};
  const errors = failed?.fieldErrors ?? {};
  return (
    <section aria-labelledby="screen-heading" className="welcome">
      <h1 id="screen-heading">{HEADING}</h1>
      <p className="lead">
        {firstName ? `Hello ${firstName}. ` : ""}Before you start, add your photo, tell us how to keep in touch and read
        the travel agent guidelines. You can change all of this later in your profile.
      </p>
      {intro ? <Intro html={intro} /> : null}
      <PhotoForm returnTo={photoReturn} title="Your photo" />
      {/* Continue keeps the sign-in's target: the action reads it from this page's address. */}
      <Form method="post" className="welcome__form">
        <section className="panel" aria-labelledby="welcome-choices-heading">
          <h2 id="welcome-choices-heading">How we keep in touch</h2>
          {choices ? (
            <div className="form">
              <input type="hidden" name="choices" value="1" />
              <input type="hidden" name="version" value={failed?.version ?? version} />
              <FormError errors={failed?.error ? [failed.error] : null} />
              <CheckboxField
                label="Send me offers and news by e-mail"
                errors={errors.emailPreference}
                inputProps={{
                  name: "emailPreference",
                  id: "welcome-emailPreference",
                  value: "true",
                  defaultChecked: value.emailPreference === "true",
                }}
              />
              <SelectField
                label="Language of e-mails"
                errors={errors.espressoLanguage}
                options={LANGUAGE_OPTIONS}
                selectProps={{
                  name: "espressoLanguage",
                  id: "welcome-espressoLanguage",
                  defaultValue: value.espressoLanguage ?? "en_us",
                }}
              />
              <CheckboxField
                label="Send me offers and news by text message"
                errors={errors.mobilePreference}
                inputProps={{
                  name: "mobilePreference",
                  id: "welcome-mobilePreference",
                  value: "true",
                  defaultChecked: value.mobilePreference === "true",
                }}
              />
            </div>
          ) : (
            <p className="notice notice--warning" role="alert">
              Your communication choices could not be read just now. You can set them later in your profile.
            </p>
          )}
        </section>
        <section className="panel" aria-labelledby="welcome-guidelines-heading">
          <h2 id="welcome-guidelines-heading">Travel agent guidelines</h2>
          <p>
            How to work with Royal Caribbean, Celebrity Cruises and Silversea, and how to present them to your guests.
          </p>
          <p>
            <Link to="/travel-agent-guidelines">Read the travel agent guidelines</Link>
          </p>
        </section>
        <div className="actions">
          <StatusButton className="button button--primary" pendingText="Continuing…">
            Continue
          </StatusButton>
        </div>
      </Form>
    </section>
  );
}

export const meta: MetaFunction = ({ location }) => [{ title: titleFor(location.pathname) }];
