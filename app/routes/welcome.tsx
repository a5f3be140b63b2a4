import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { CheckboxField, FormError, SelectField, StatusButton } from "~/components/forms";
import { Intro } from "~/components/intro";
import { PhotoForm } from "~/components/profile/photo-form";
import type { ItemValue } from "~/domain/edit-items";
import { LOCALES, LOCALE_LABELS } from "~/domain/language";
import { PROFILE_ITEMS, parseItem, typedValue, UPDATE_FAILED } from "~/domain/profile-items";
import { screenHeading } from "~/domain/screens";
import { titleFor } from "~/domain/titles";
import { onwardFrom, WELCOME_PATH } from "~/domain/welcome";
import { forgetProfile, requireAgent, type Agent } from "~/server/auth/auth.server";
import { getAgentDetails, markWelcomed, updateAgent, type AgentDetails } from "~/server/clients/agency.server";
import { SignedOutError } from "~/server/infra/errors.server";
import { fieldErrorsOf, readFormData } from "~/server/infra/forms.server";
import { UpstreamError } from "~/server/infra/http.server";
import { pageLocale } from "~/server/shell/preferences.server";
import { redirect } from "~/server/infra/responses.server";
import { routeErrorOf, unavailable } from "~/server/infra/route-errors.server";
import { sessionStorage } from "~/server/infra/session.server";
import { screenIntro } from "~/server/shell/intro.server";
import { authState } from "~/server/infra/auth-state.server";

const HEADING = screenHeading(WELCOME_PATH) ?? "Welcome to Professional Portal";
/** As /profile/communications lists them (written here so the page's script does not carry the items' schemas). */
const LANGUAGE_OPTIONS = LOCALES.map((value) => ({ value, label: LOCALE_LABELS[value] }));

/** The communication choices of /profile/communications that /welcome asks for (the same items). */
const CHOICE_ITEMS = ["emails", "texts"] as const;

export const STALE_CHOICES =
  "Your communication choices were changed elsewhere since you opened this page. What is saved now is shown: choose again, then continue.";

const choicesOf = (details: AgentDetails): ItemValue =>
  Object.assign({}, ...CHOICE_ITEMS.map((id) => PROFILE_ITEMS[id].read(details)));

/**
 * /welcome (in the minimal shell): where the first sign-in of a new account lands.
 * The profile photo (the profile page's upload), the communication choices of /profile/communications
 * (the same items, saved with PUT /agents/{id}), the travel agent guidelines, then Continue: the
 * choices are saved if changed, the agent is marked welcomed (`POST /agents/{id}/welcome`, so later
 * sign-ins skip this page) and goes on to where the sign-in was going (`redirectTo`), else /home.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const agent = await requireAgent(request);
  const url = new URL(request.url);
  const redirectTo = url.searchParams.get("redirectTo");
  const [details, intro] = await Promise.all([
    getAgentDetails(agent, agent.profile.agentId).catch(unavailable),
    screenIntro(WELCOME_PATH, await pageLocale(request)).catch(() => null),
  ]);
  const onward = onwardFrom(redirectTo);
  return {
    firstName: agent.profile.agentFirstName,
    intro: intro?.html ?? null,
    choices: details ? choicesOf(details) : null,
    version: details?.version ?? 0,
    /** Where the photo form comes back to: this page, still going on to the same place. */
    photoReturn: onward === "/home" ? WELCOME_PATH : `${WELCOME_PATH}?${new URLSearchParams({ redirectTo: onward })}`,
  };
}

type Failure = { error: string | null; fieldErrors: Record<string, string[]>; typed: ItemValue; version?: number };

export async function action({ request }: ActionFunctionArgs) {
  const agent = await requireAgent(request);
  const form = await readFormData(request);
  const onward = onwardFrom(new URL(request.url).searchParams.get("redirectTo"));
  // Without the details the page showed no choices: only Continue.
  if (form.get("choices") === "1") {
    const failure = await saveChoices(agent, form);
    if (failure) return data(failure.body, { status: failure.status });
  }
  try {
    await markWelcomed(agent, agent.profile.agentId);
  } catch (error) {
    if (error instanceof SignedOutError) throw routeErrorOf(error);
    // Not recorded: the next sign-in shows this page again. Nothing the agent chose is lost.
  }
  forgetProfile(agent.session);
  authState.write(agent.session, agent.auth);
  await sessionStorage.commitSession(agent.session);
  return redirect(onward);
}

/** Saves the choices when they differ from what is saved; a failure to show beside them, or null. */
async function saveChoices(agent: Agent, form: FormData): Promise<{ body: Failure; status: number } | null> {
  const typed: ItemValue = Object.assign({}, ...CHOICE_ITEMS.map((id) => typedValue(id, form)));
  const parsed = CHOICE_ITEMS.map((id) => parseItem(id, form));
  const version = Number(form.get("version"));
  const fieldErrors = Object.assign({}, ...parsed.map((p) => (p.success ? {} : fieldErrorsOf(p.error))));
  if (parsed.some((p) => !p.success) || !Number.isInteger(version)) {
    return { body: { error: null, fieldErrors, typed }, status: 400 };
  }
  const choices = Object.assign({}, ...parsed.map((p) => p.data)) as Pick<
    AgentDetails,
    "emailPreference" | "espressoLanguage" | "mobilePreference"
  >;
  try {
    const saved = await getAgentDetails(agent, agent.profile.agentId);
    const unchanged = Object.entries(choicesOf(saved)).every(([field, value]) => typed[field] === value);
    if (!unchanged) await updateAgent(agent, agent.profile.agentId, { ...choices, version });
    return null;
  } catch (error) {
    if (error instanceof SignedOutError) throw routeErrorOf(error);
    if (error instanceof UpstreamError && error.status === 409) {
      const fresh = await getAgentDetails(agent, agent.profile.agentId).catch(() => null);
      const body = fresh
        ? { error: STALE_CHOICES, fieldErrors: {}, typed: choicesOf(fresh), version: fresh.version }
        : { error: UPDATE_FAILED, fieldErrors: {}, typed };
      return { body, status: 409 };
    }
    return { body: { error: UPDATE_FAILED, fieldErrors: {}, typed }, status: 502 };
  }
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
