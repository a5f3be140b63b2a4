import { data } from "@remix-run/node";
import { displayDate } from "~/domain/dates";
import { DIGEST_NOTICES, DigestSchema, type DigestSettings } from "~/domain/insights/digest";
import { loginPath, originOf } from "~/domain/redirect";
import type { Agent } from "~/server/auth/auth.server";
import { getDigest, saveDigest, type Digest, type DigestChoice } from "~/server/clients/insight.server";
import { SignedOutError } from "~/server/infra/errors.server";
import { parseSubmission } from "~/server/infra/forms.server";
import { UpstreamError } from "~/server/infra/http.server";
import { redirect } from "~/server/infra/responses.server";
import { routeErrorOf, unavailable, withUpstreamErrors } from "~/server/infra/route-errors.server";
import { sessionStorage } from "~/server/infra/session.server";
import { insightBranch } from "~/server/insights/context.server";
import { screenIntro } from "~/server/shell/intro.server";
import { pageLocale } from "~/server/shell/preferences.server";

const PATH = "/insights/set-up-automated-emails";

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
 * The digest page's data: the settings, where the e-mail goes and when it last went, the home branch
 * and the intro. The insight API down leaves the page standing (a null part).
 */
export async function digestPage(request: Request, agent: Agent) {
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
 * Saves the digest form's settings (PUT /digest), then shows them again (post/redirect/get). A refusal
 * or an upstream that is down keeps what was chosen in the form, with a message.
 */
export async function saveDigestForm(request: Request, agent: Agent, formData: FormData) {
  const submission = parseSubmission(formData, DigestSchema);
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
