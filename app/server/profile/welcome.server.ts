import { data } from "@remix-run/node";
import type { ItemValue } from "~/domain/edit-items";
import { PROFILE_ITEMS, parseItem, typedValue, UPDATE_FAILED } from "~/domain/profile-items";
import { onwardFrom, WELCOME_PATH } from "~/domain/welcome";
import { forgetProfile, type Agent } from "~/server/auth/auth.server";
import { getAgentDetails, markWelcomed, updateAgent, type AgentDetails } from "~/server/clients/agency.server";
import { authState } from "~/server/infra/auth-state.server";
import { SignedOutError } from "~/server/infra/errors.server";
import { fieldErrorsOf, readFormData } from "~/server/infra/forms.server";
import { UpstreamError } from "~/server/infra/http.server";
import { redirect } from "~/server/infra/responses.server";
import { routeErrorOf, unavailable } from "~/server/infra/route-errors.server";
import { sessionStorage } from "~/server/infra/session.server";
import { screenIntro } from "~/server/shell/intro.server";
import { pageLocale } from "~/server/shell/preferences.server";

/** /welcome's work (app/routes/welcome): the first sign-in's page and its Continue. */

/** The communication choices of /profile/communications that /welcome asks for (the same items). */
const CHOICE_ITEMS = ["emails", "texts"] as const;

export const STALE_CHOICES =
  "Your communication choices were changed elsewhere since you opened this page. What is saved now is shown: choose again, then continue.";

const choicesOf = (details: AgentDetails): ItemValue =>
  Object.assign({}, ...CHOICE_ITEMS.map((id) => PROFILE_ITEMS[id].read(details)));

/** The page: the agent's communication choices as saved (null when they cannot be read), the introduction. */
export async function welcomePage(request: Request, agent: Agent) {
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

export type Failure = {
  error: string | null;
  fieldErrors: Record<string, string[]>;
  typed: ItemValue;
  version?: number;
};

/**
 * Continue: the choices saved if changed, the agent marked welcomed (so later sign-ins skip the
 * page), then on to where the sign-in was going (`redirectTo`), else /home.
 */
export async function continueFromWelcome(request: Request, agent: Agent) {
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
