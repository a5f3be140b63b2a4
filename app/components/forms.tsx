import { useNavigation } from "@remix-run/react";
import { useId, type InputHTMLAttributes, type ButtonHTMLAttributes } from "react";

type FieldProps = {
  label: string;
  hint?: string;
  errors?: string[] | null;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { id?: string; name?: string };
};

/** Label, control, hint and errors, tied together with aria-invalid and aria-describedby. */
export function Field({ label, hint, errors, inputProps }: FieldProps) {
  const fallbackId = useId();
  const id = inputProps.id ?? fallbackId;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = errors?.length ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      <input
        {...inputProps}
        id={id}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={describedBy}
      />
      {errorId ? (
        <p id={errorId} className="field__error">
          {errors!.join(" ")}
        </p>
      ) : null}
    </div>
  );
}

/** A form-level message (the upstream's verdict), announced when it appears. */
export function FormError({ id, errors }: { id?: string; errors?: string[] | null }) {
  return (
    <div id={id} className="form-error" role="alert" aria-live="assertive">
      {errors?.length ? <p>{errors.join(" ")}</p> : null}
    </div>
  );
}

/** A submit button that shows pending state while its form is submitting. */
export function StatusButton({
  children,
  pendingText,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { pendingText?: string }) {
  const navigation = useNavigation();
  const pending =
    navigation.state === "submitting" &&
    (props.value === undefined || navigation.formData?.get(String(props.name)) === props.value) &&
    (props.formAction === undefined || navigation.formAction === props.formAction);
  return (
    <button type="submit" {...props} aria-disabled={pending || undefined} data-pending={pending || undefined}>
      {pending && pendingText ? pendingText : children}
    </button>
  );
}
