import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Field, FormError, StatusButton } from "./forms";
import { HoneypotInput } from "./honeypot";
import type { Translate } from "~/domain/translate";

export type CodeFormTexts = {
  label: string;
  hint?: string;
  verify: string;
  verifying?: string;
  resend: string;
  /** Shown (role=status) after a new code was sent. */
  sent: string;
  /** "You can ask for a new code in {n} seconds." */
  wait: (seconds: number) => string;
};

/**
 * The one-time code form of /otp-verify (sign-in and username recovery by e-mail) and of the phone
 * verification page: one code field (autocomplete one-time-code), Verify, and "Send a new code"
 * with its cool-down. A plain post to the page's action (intent verify or resend); the server checks
 * everything, the browser only counts the cool-down down.
 */
export function CodeForm({
  id,
  lastResult,
  sent,
  resendIn,
  texts,
  translate = (message) => message,
}: {
  id: string;
  lastResult?: SubmissionResult<string[]> | null;
  sent?: boolean;
  /** Seconds before a new code may be asked for, as the server counted them. */
  resendIn: number;
  texts: CodeFormTexts;
  /** Field errors are the schema's messages; the page may translate them. */
  translate?: (message: string) => string;
}) {
  const [form, fields] = useForm<{ intent: string; code: string }>({
    id,
    lastResult,
    constraint: { code: { required: true, pattern: "[0-9]{6}", maxLength: 6 } },
  });
  const wait = useCountdown(resendIn, sent);
  const waitId = `${id}-resend-wait`;

  return (
    <>
      {sent ? (
        <p className="notice" role="status">
          {texts.sent}
        </p>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="form">
        <FormError id={form.errorId} errors={form.errors} />
        <HoneypotInput />
        <CodeField
          label={texts.label}
          hint={texts.hint}
          errors={fields.code.errors?.map(translate)}
          inputProps={getInputProps(fields.code, { type: "text" })}
        />
        <StatusButton className="button button--primary" name="intent" value="verify" pendingText={texts.verifying}>
          {texts.verify}
        </StatusButton>
        <div className="actions">
          <StatusButton
            className="button button--link"
            name="intent"
            value="resend"
            formNoValidate
            aria-describedby={wait > 0 ? waitId : undefined}
          >
            {texts.resend}
          </StatusButton>
          {wait > 0 ? (
            <span id={waitId} className="field__hint">
              {texts.wait(wait)}
            </span>
          ) : null}
        </div>
      </Form>
    </>
  );
}

/** The one code input of every code form: six digits, filled in by the phone's one-time-code suggestion. */
export function CodeField({
  label,
  hint,
  errors,
  inputProps,
}: {
  label: string;
  hint?: string;
  errors?: string[];
  inputProps: { id: string; name: string } & Record<string, unknown>;
}) {
  return (
    <Field
      label={label}
      hint={hint}
      errors={errors}
      inputProps={{
        ...inputProps,
        type: "text",
        autoComplete: "one-time-code",
        inputMode: "numeric",
        pattern: "[0-9]{6}",
        maxLength: 6,
      }}
    />
  );
}

/** Counts the resend cool-down down in the browser; without JavaScript the server's figure stands. */
export function useCountdown(initial: number, reset: unknown) {
  const [seconds, setSeconds] = useState(initial);
  useEffect(() => setSeconds(initial), [initial, reset]);
  useEffect(() => {
    if (seconds <= 0) return;
    const timer = setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [seconds]);
  return seconds;
}

/**
 * A whole page of the forgotten-username code (by e-mail on /otp-verify, by SMS on
 * phone-verification): heading, where the code went, the code form, the way back to sign in.
 */
export function UsernameCodePanel({
  t,
  heading,
  sentTo,
  resendIn,
  reply,
}: {
  t: Translate;
  heading: string;
  sentTo: string;
  resendIn: number;
  /** The action's answer to the last post: the code form's result, and whether a new code went. */
  reply?: { result?: SubmissionResult<string[]> | null; sent?: boolean };
}) {
  return (
    <section className="panel panel--narrow" aria-labelledby="code-heading">
      <h1 id="code-heading">{heading}</h1>
      <p>{sentTo}</p>
      <CodeForm
        id="username-code"
        lastResult={reply?.result}
        sent={reply?.sent}
        resendIn={resendIn}
        texts={{
          label: t("otpLabel"),
          hint: t("otpHint"),
          verify: t("otpVerify"),
          resend: t("otpResend"),
          sent: t("otpResent"),
          wait: (seconds) => t("otpWaitResend", seconds),
        }}
        translate={(key) => t(key)}
      />
      <p>
        <Link to="/login">{t("backToLogin")}</Link>
      </p>
    </section>
  );
}
