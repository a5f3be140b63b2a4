import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { ChoiceGroup, FormError, StatusButton } from "~/components/forms";
import { DataTable } from "~/components/lists";
import { PasswordFields } from "~/components/password-fields";
import { ProfileNav } from "~/components/profile/profile-nav";
import { displayDate } from "~/domain/dates";
import { changePasswordSchema } from "~/domain/registration-forms";
import { screenHeading } from "~/domain/screens";
import { groupSignIns } from "~/domain/sign-ins";
import { titleFor } from "~/domain/titles";
import { translator } from "~/domain/translate";
import { endOtherSessions, requireAgent, type Agent } from "~/server/auth/auth.server";
import {
  changePassword,
  endOtherSignIns,
  endSignIn,
  getAgentDetails,
  listSignIns,
  updateMfa,
  type MfaChannel,
  type SignIn,
} from "~/server/clients/agency.server";
import { encryptPassword } from "~/server/clients/api.server";
import { SignedOutError } from "~/server/infra/errors.server";
import { dictionary } from "~/server/shell/dictionary.server";
import { parseSubmission, readFormData } from "~/server/infra/forms.server";
import { UpstreamError, upstreamCode } from "~/server/infra/http.server";
import { redirect } from "~/server/infra/responses.server";
import { routeErrorOf, unavailable } from "~/server/infra/route-errors.server";

const PAGE = "/profile/security";
const HEADING = screenHeading(PAGE) ?? "Security settings";
const HIDE_PASSWORDS = ["currentPassword", "password", "confirmPassword"];
const MFA_OPTIONS = [
  { value: "EMAIL", label: "A code by e-mail" },
  { value: "SMS", label: "A code by text message" },
];
const SECONDARY_OPTIONS = [{ value: "NONE", label: "None" }, ...MFA_OPTIONS];
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

/** How a sign-in started, in words (the upstream's `method`). */
const SIGN_IN_METHODS: Record<string, string> = {
  password: "Password",
  otp: "Password and one-time code",
  legacy: "From the previous portal",
  "act-for": "Royal Caribbean staff acting for your agency",
};

/**
 * /profile/security: change the password (the current one required, registration's rules), the
 * second factor (primaryMFA, secondaryMFA), and the agent's active sign-ins with "sign out
 * everywhere else". Each is a plain form posting here; the result comes back as `?done=`.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const agent = await requireAgent(request);
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

export async function action({ request }: ActionFunctionArgs) {
  const agent = await requireAgent(request);
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

export default function SecuritySettings() {
  const { texts, mfa, signIns, personal, done } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = translator(texts);
  const passwordResult = result?.intent === "password" && "result" in result ? result.result : undefined;
  const [form, fields] = useForm({
    id: "change-password",
    lastResult: passwordResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordSchema(personal) }),
    shouldValidate: "onBlur",
  });
  const errorFor = (intent: string) =>
    result && result.intent === intent && "error" in result && result.error ? [result.error] : null;
  return (
    <section aria-labelledby="screen-heading" className="profile">
      <h1 id="screen-heading">{HEADING}</h1>
      <ProfileNav />
      {done ? (
        <p className="notice notice--success" role="status">
          {done}
        </p>
      ) : null}

      <section className="panel" aria-labelledby="password-heading">
        <h2 id="password-heading">Change your password</h2>
        <Form method="post" {...getFormProps(form)} className="form">
          <input type="hidden" name="intent" value="password" />
          <FormError errors={form.errors} />
          <div className="field">
            <label htmlFor={fields.currentPassword.id}>Current password *</label>
            <input
              id={fields.currentPassword.id}
              name={fields.currentPassword.name}
              type="password"
              autoComplete="current-password"
              required
              aria-invalid={fields.currentPassword.errors ? true : undefined}
              aria-describedby={fields.currentPassword.errors ? `${fields.currentPassword.id}-error` : undefined}
            />
            {fields.currentPassword.errors ? (
              <p id={`${fields.currentPassword.id}-error`} className="field__error">
                {fields.currentPassword.errors.map((e) => t(e)).join(" ")}
              </p>
            ) : null}
          </div>
          <PasswordFields
            t={t}
            password={{ id: fields.password.id, name: fields.password.name, errors: fields.password.errors }}
            confirm={{
              id: fields.confirmPassword.id,
              name: fields.confirmPassword.name,
              errors: fields.confirmPassword.errors,
            }}
            personal={personal}
          />
          <StatusButton className="button button--primary" pendingText="Changing…">
            Change password
          </StatusButton>
        </Form>
      </section>

      <section className="panel" aria-labelledby="mfa-heading">
        <h2 id="mfa-heading">Second factor</h2>
        <p>After your password, we can ask for a one-time code.</p>
        {mfa === null ? (
          <p className="notice notice--warning">Your second factor could not be read just now.</p>
        ) : (
          <Form method="post" className="form">
            <input type="hidden" name="intent" value="mfa" />
            <FormError errors={errorFor("mfa")} />
            <ChoiceGroup
              legend="First choice"
              name="primaryMFA"
              type="radio"
              options={MFA_OPTIONS}
              selected={[mfa.primaryMFA === "NONE" ? "EMAIL" : mfa.primaryMFA]}
              required
            />
            <ChoiceGroup
              legend="If that does not reach you"
              name="secondaryMFA"
              type="radio"
              options={SECONDARY_OPTIONS}
              selected={[mfa.secondaryMFA]}
              required
            />
            <StatusButton className="button button--primary">Save second factor</StatusButton>
          </Form>
        )}
      </section>

      <section className="panel" aria-labelledby="sign-ins-heading">
        <h2 id="sign-ins-heading">Where you are signed in</h2>
        <FormError errors={errorFor("end") ?? errorFor("end-others")} />
        {signIns === null ? (
          <p className="notice notice--warning">Your sign-ins could not be read just now.</p>
        ) : (
          <>
            <SignInGroups signIns={signIns} />
            {signIns.some((s) => !s.current) ? (
              <Form method="post">
                <input type="hidden" name="intent" value="end-others" />
                <StatusButton className="button button--primary">Sign out everywhere else</StatusButton>
              </Form>
            ) : null}
          </>
        )}
      </section>
    </section>
  );
}

/** A sign-in's time as the activity lists say it: the date, then the hour (UTC). */
const signInTime = (at: string) => `${displayDate(at)} ${at.slice(11, 16)}`;

/**
 * The active sign-ins grouped by device and place (app/domain/sign-ins.ts): one row per group with
 * its count and latest time, this sign-in marked; each group's sign-ins, with their own "Sign out",
 * open under it (a `<details>`: no JavaScript needed).
 */
function SignInGroups({ signIns }: { signIns: SignIn[] }) {
  const groups = groupSignIns(signIns);
  return (
    <DataTable
      rows={groups}
      rowKey={(g) => g.key}
      caption={`${signIns.length} active ${signIns.length === 1 ? "sign-in" : "sign-ins"}, by device and place`}
      captionId="sign-ins-caption"
      columns={[
        {
          key: "device",
          header: "Device and browser",
          rowHeader: true,
          cell: (g) => (
            <>
              {g.device}
              {g.current ? (
                <>
                  {" "}
                  <span className="tag tag--current">This sign-in</span>
                </>
              ) : null}
            </>
          ),
        },
        { key: "place", header: "Place", cell: (g) => g.place },
        { key: "latest", header: "Latest sign-in", cell: (g) => signInTime(g.latestAt) },
        {
          key: "each",
          header: "Sign-ins",
          cell: (g) => (
            <details className="sign-in-group">
              <summary>
                {g.signIns.length === 1 ? "1 sign-in" : `${g.signIns.length} sign-ins`}
                <span className="visually-hidden">
                  {" "}
                  from {g.device}, {g.place}
                </span>
              </summary>
              <ul className="sign-in-group__list">
                {g.signIns.map((s) => (
                  <li key={s.signInId}>
                    <span>
                      {signInTime(s.createdAt)} · {SIGN_IN_METHODS[s.method] ?? s.method}
                      {s.lastSeenAt ? ` · last active ${signInTime(s.lastSeenAt)}` : ""}
                    </span>
                    {s.current ? (
                      <strong> · This sign-in</strong>
                    ) : (
                      <Form method="post">
                        <input type="hidden" name="intent" value="end" />
                        <input type="hidden" name="signInId" value={s.signInId} />
                        <button type="submit" className="button button--small">
                          Sign out<span className="visually-hidden"> the sign-in of {signInTime(s.createdAt)}</span>
                        </button>
                      </Form>
                    )}
                  </li>
                ))}
              </ul>
            </details>
          ),
        },
      ]}
    />
  );
}

export const meta: MetaFunction = ({ location }) => [{ title: titleFor(location.pathname) }];
