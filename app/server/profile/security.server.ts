import { data } from "@remix-run/node";
import { z } from "zod";
import { changePasswordSchema } from "~/domain/registration-forms";
import { endOtherSessions, type Agent } from "~/server/auth/auth.server";
import {
  changePassword,
  endOtherSignIns,
  endSignIn,
  getAgentDetails,
  listSignIns,
  updateMfa,
  type MfaChannel,
} from "~/server/clients/agency.server";
import { encryptPassword } from "~/server/clients/api.server";
import { SignedOutError } from "~/server/infra/errors.server";
import { dictionary } from "~/server/shell/dictionary.server";
import { parseSubmission, readFormData } from "~/server/infra/forms.server";
import { UpstreamError, upstreamCode } from "~/server/infra/http.server";
import { redirect } from "~/server/infra/responses.server";
import { routeErrorOf, unavailable } from "~/server/infra/route-errors.server";

export type { SignIn } from "~/server/clients/agency.server";

const PAGE = "/profile/security";

const HIDE_PASSWORDS = ["currentPassword", "password", "confirmPassword"];

const MfaSchema = z
  .object({ primaryMFA: z.enum(["EMAIL", "SMS"]), secondaryMFA: z.enum(["NONE", "EMAIL", "SMS"]) })
  .refine((v) => v.secondaryMFA !== v.primaryMFA, {
    path: ["secondaryMFA"],
    message: "Choose a different second way, or none.",
  });

const DONE = {
  password: "Your password is changed. Your other sign-ins have ended.",
  mfa: "Your second factor is saved.",
  ended: "That sign-in has ended.",
  "ended-others": "You are signed out everywhere else.",
} as const;

const personalOf = (agent: Agent) => ({
  firstName: agent.profile.agentFirstName ?? undefined,
  lastName: agent.profile.agentLastName ?? undefined,
  emailAddress: agent.profile.agentEmailAddress ?? undefined,
});

/**
 * The security page's data: the second factor and the active sign-ins (each null: unavailable), the
 * password rules' texts and what was just done.
 */
export async function securityPage(request: Request, agent: Agent) {
  const id = agent.profile.agentId;
  const [details, signIns, texts] = await Promise.all([
    getAgentDetails(agent, id).catch(unavailable),
    listSignIns(agent, id).catch(unavailable),
    dictionary("registration", "en_us"),
  ]);
  const done = new URL(request.url).searchParams.get("done") ?? "";
  return {
    texts,
    mfa: details ? { primaryMFA: details.primaryMFA, secondaryMFA: details.secondaryMFA } : null,
    signIns,
    personal: personalOf(agent),
    done: Object.hasOwn(DONE, done) ? DONE[done as keyof typeof DONE] : null,
  };
}

/**
 * The security page's forms, told apart by intent: the password, the second factor, ending a sign-in or
 * every other one.
 */
export async function securityForm(request: Request, agent: Agent) {
  const id = agent.profile.agentId;
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  try {
    if (intent === "password") {
      const submission = parseSubmission(form, changePasswordSchema(personalOf(agent)));
      if (submission.status !== "success" || !submission.value.password) {
        return data({ intent, result: submission.reply({ hideFields: HIDE_PASSWORDS }) }, { status: 400 });
      }
      try {
        await changePassword(agent, id, {
          encryptedCurrentPassword: await encryptPassword(submission.value.currentPassword),
          encryptedPassword: await encryptPassword(submission.value.password),
        });
      } catch (error) {
        const code = upstreamCode(error);
        if (code === "WRONG_PASSWORD" || code === "WEAK_PASSWORD") {
          const fieldErrors: Record<string, string[]> =
            code === "WRONG_PASSWORD"
              ? { currentPassword: ["That is not your current password."] }
              : { password: ["errorWeakPassword", "passwordRuleNoPersonalInfo"] };
          return data(
            { intent, result: submission.reply({ fieldErrors, hideFields: HIDE_PASSWORDS }) },
            { status: 400 },
          );
        }
        throw error;
      }
      await endOtherSessions(agent);
      return redirect(`${PAGE}?done=password`);
    }
    if (intent === "mfa") {
      const parsed = MfaSchema.safeParse({
        primaryMFA: form.get("primaryMFA"),
        secondaryMFA: form.get("secondaryMFA"),
      });
      if (!parsed.success) {
        return data(
          { intent, error: parsed.error.issues[0]?.message ?? "Choose how you receive codes." },
          { status: 400 },
        );
      }
      await updateMfa(agent, id, parsed.data as { primaryMFA: MfaChannel; secondaryMFA: MfaChannel });
      return redirect(`${PAGE}?done=mfa`);
    }
    if (intent === "end") {
      const signInId = String(form.get("signInId") ?? "");
      if (!/^[A-Za-z0-9_-]{1,64}$/.test(signInId))
        return data({ intent, error: "Choose a sign-in from the list." }, { status: 400 });
      await endSignIn(agent, id, signInId);
      return redirect(`${PAGE}?done=ended`);
    }
    if (intent === "end-others") {
      await endOtherSignIns(agent, id);
      await endOtherSessions(agent);
      return redirect(`${PAGE}?done=ended-others`);
    }
    return data({ intent, error: "Choose what to change." }, { status: 400 });
  } catch (error) {
    if (error instanceof SignedOutError) throw routeErrorOf(error);
    if (error instanceof UpstreamError && error.status === 404 && intent === "end") {
      return data({ intent, error: "That sign-in has already ended." }, { status: 404 });
    }
    if (error instanceof UpstreamError && error.failure === "http" && error.status === 400) {
      return data({ intent, error: "That change was not accepted. Check it and try again." }, { status: 400 });
    }
    if (error instanceof UpstreamError) {
      return data({ intent, error: "That change could not be saved just now. Please try again." }, { status: 502 });
    }
    throw error;
  }
}
