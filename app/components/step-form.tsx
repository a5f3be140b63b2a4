import { getFormProps, type FormMetadata } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import type { FormEvent, ReactNode } from "react";
import type { Translate } from "~/domain/translate";
import { FormError, StatusButton } from "./forms";
import { HoneypotInput } from "./honeypot";

type StepFormProps = {
  /** The stepper's address without the query, e.g. "/register/stepper". */
  stepper: string;
  step: number;
  // Any conform form: the fields' shape does not matter here.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  form: FormMetadata<any, string[]>;
  heading?: string;
  /** What stands between the heading and the fields. */
  intro?: ReactNode;
  /** For fields that show or hide others as the agent chooses. */
  onChange?: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
};

/**
 * One form of a registration step: posts to its step (so it works without JavaScript), then the
 * heading, the form's own error, the honeypot and the step number, then the fields.
 */
export function StepForm({ stepper, step, form, heading, intro, onChange, children }: StepFormProps) {
  return (
    <Form method="post" action={`${stepper}?step=${step}`} {...getFormProps(form)} className="form" onChange={onChange}>
      {heading ? <h2>{heading}</h2> : null}
      {intro}
      <FormError id={form.errorId} errors={form.errors} />
      <HoneypotInput />
      <input type="hidden" name="step" value={step} />
      {children}
    </Form>
  );
}

/** Back (a plain link, per the back-button table) and the step's submit button. */
export function StepFooter({ t, back, submitLabel }: { t: Translate; back: string; submitLabel?: string }) {
  return (
    <div className="actions actions--stepper">
      <Link to={back} className="button button--secondary">
        {t("buttonBack")}
      </Link>
      <StatusButton className="button button--primary" name="intent" value="continue">
        {submitLabel ?? t("buttonContinue")}
      </StatusButton>
    </div>
  );
}
