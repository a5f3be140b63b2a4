import { useNavigation } from "@remix-run/react";
import { packedOptionsHtml, type PackedOptions } from "~/domain/options-html";
import {
  useId,
  type InputHTMLAttributes,
  type ButtonHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
} from "react";

type FieldProps = {
  label: ReactNode;
  hint?: ReactNode;
  errors?: string[] | null;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { id?: string; name?: string };
};

/** Label, control, hint and errors, tied together with aria-invalid and aria-describedby. */
export function Field({ label, hint, errors, inputProps }: FieldProps) {
  const fallbackId = useId();
  const id = inputProps.id ?? fallbackId;
  const { hintId, errorId, describedBy } = describe(id, hint, errors, inputProps["aria-describedby"]);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <Hint id={hintId}>{hint}</Hint>
      <input {...inputProps} id={id} aria-invalid={errorId ? true : undefined} aria-describedby={describedBy} />
      <Errors id={errorId} errors={errors} />
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

/** A control's hint, when it has one. */
function Hint({ id, children }: { id?: string; children?: ReactNode }) {
  return children ? (
    <p id={id} className="field__hint">
      {children}
    </p>
  ) : null;
}

/** A control's errors, when it has any (`id` is set only then). */
function Errors({ id, errors }: { id?: string; errors?: string[] | null }) {
  return id && errors?.length ? (
    <p id={id} className="field__error">
      {errors.join(" ")}
    </p>
  ) : null;
}

/** ids of the hint and error paragraphs of a control, and its aria-describedby. */
function describe(id: string, hint: unknown, errors?: string[] | null, more?: string) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = errors?.length ? `${id}-error` : undefined;
  return { hintId, errorId, describedBy: [hintId, errorId, more].filter(Boolean).join(" ") || undefined };
}

type SelectFieldProps = {
  label: ReactNode;
  hint?: ReactNode;
  errors?: string[] | null;
  /** The choices, or `packed`: a long list as the loader sends it (domain/options-html). */
  options?: ReadonlyArray<{ value: string; label: string }>;
  packed?: PackedOptions;
  /** The first, empty choice ("Select an option"); left out when the field always has a value. */
  placeholder?: string;
  selectProps: SelectHTMLAttributes<HTMLSelectElement> & { id?: string; name?: string };
};

/** A labelled select with hint and errors, like Field. */
export function SelectField({ label, hint, errors, options, packed, placeholder, selectProps }: SelectFieldProps) {
  const fallbackId = useId();
  const id = selectProps.id ?? fallbackId;
  const { hintId, errorId, describedBy } = describe(id, hint, errors);
  const common = { ...selectProps, id, "aria-invalid": errorId ? true : undefined, "aria-describedby": describedBy };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <Hint id={hintId}>{hint}</Hint>
      {packed !== undefined ? (
        // One string of options that marks its own selected one; React leaves the value to it.
        <select
          {...common}
          defaultValue={undefined}
          dangerouslySetInnerHTML={{
            __html: packedOptionsHtml(packed, String(selectProps.defaultValue ?? ""), placeholder),
          }}
        />
      ) : (
        <select {...common}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {(options ?? []).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
      <Errors id={errorId} errors={errors} />
    </div>
  );
}

/** A checkbox with its label beside it (the label may hold links), hint and errors. */
export function CheckboxField({
  label,
  hint,
  errors,
  inputProps,
}: {
  label: ReactNode;
  hint?: ReactNode;
  errors?: string[] | null;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { id?: string; name?: string };
}) {
  const fallbackId = useId();
  const id = inputProps.id ?? fallbackId;
  const { hintId, errorId, describedBy } = describe(id, hint, errors);
  return (
    <div className="field field--check">
      <input
        {...inputProps}
        type="checkbox"
        id={id}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={describedBy}
      />
      <label htmlFor={id}>{label}</label>
      <Hint id={hintId}>{hint}</Hint>
      <Errors id={errorId} errors={errors} />
    </div>
  );
}

/**
 * A group of radio buttons or checkboxes in a fieldset whose legend names the question; errors are
 * tied to the group.
 */
export function ChoiceGroup({
  legend,
  name,
  type,
  options,
  selected,
  errors,
  hint,
  required,
}: {
  legend: ReactNode;
  name: string;
  type: "radio" | "checkbox";
  options: ReadonlyArray<{ value: string; label: string }>;
  selected: readonly string[];
  errors?: string[] | null;
  hint?: ReactNode;
  required?: boolean;
}) {
  const id = useId();
  const { hintId, errorId, describedBy } = describe(id, hint, errors);
  return (
    <fieldset className="field choices" aria-describedby={describedBy} aria-invalid={errorId ? true : undefined}>
      <legend>{legend}</legend>
      <Hint id={hintId}>{hint}</Hint>
      <div className="choices__options">
        {options.map((option) => (
          <label key={option.value} className="choices__option">
            <input
              type={type}
              name={name}
              value={option.value}
              defaultChecked={selected.includes(option.value)}
              required={type === "radio" ? required : undefined}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      <Errors id={errorId} errors={errors} />
    </fieldset>
  );
}

/** A form field's initial value as a list (conform gives a string, a list or nothing). */
export const asList = (value: unknown): string[] =>
  Array.isArray(value) ? value.map(String) : typeof value === "string" && value ? [value] : [];
