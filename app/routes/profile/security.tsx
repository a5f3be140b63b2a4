import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
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
import { requireAgent } from "~/server/auth/auth.server";
import { securityForm, securityPage, type SignIn } from "~/server/profile/security.server";

const PAGE = "/profile/security";
const HEADING = screenHeading(PAGE) ?? "Security settings";

const MFA_OPTIONS = [
  { value: "EMAIL", label: "A code by e-mail" },
  { value: "SMS", label: "A code by text message" },
];

const SECONDARY_OPTIONS = [{ value: "NONE", label: "None" }, ...MFA_OPTIONS];

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
  return securityPage(request, agent);
}

export async function action({ request }: ActionFunctionArgs) {
  const agent = await requireAgent(request);
  return securityForm(request, agent);
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
