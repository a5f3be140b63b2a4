import { Form, Link } from "@remix-run/react";
import { useEffect, useRef, type FormEvent } from "react";
import { FormError } from "~/components/forms";
import { CONFLICT_WARNING, type ItemValue } from "~/domain/edit-items";
import { PROFILE_ITEMS, type ProfileItemId } from "~/domain/profile-items";
import type { MobileCodeView } from "~/server/profile/item-result.server";
import { ItemFields } from "~/components/profile/item-fields";
import type { Labels } from "~/components/profile/item-labels";
import { ReadOnly } from "~/components/profile/item-read-only";
import { MobileCodeStep } from "~/components/profile/mobile-code-step";

/** One edit item: its heading, its values or its form, and Edit, Save and Cancel. */
export function ItemSection(props: {
  id: ProfileItemId;
  page: string;
  open: boolean;
  savedValue: ItemValue;
  value: ItemValue;
  labels: Labels;
  /** The mobile number's change waiting for its texted code. */
  code?: MobileCodeView;
  version: number;
  error: string | null;
  fieldErrors: Record<string, string[]>;
  justSaved: boolean;
  warning: boolean;
  saveDisabled: boolean;
  pending: boolean;
  hydrated: boolean;
  onStart: () => void;
  onCancel: () => void;
  onChange: (draft: ItemValue) => void;
  /** The form, or the button that sent it (its `intent` goes too). */
  onSave: (target: HTMLFormElement | HTMLButtonElement) => void;
}) {
  const { id, open, hydrated } = props;
  const title = PROFILE_ITEMS[id].title;
  const headingId = `item-${id}`;
  const formRef = useRef<HTMLFormElement>(null);
  const editRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(open);
  // Focus follows the item: into its first field when it opens, back to Edit when it closes.
  useEffect(() => {
    if (!hydrated || wasOpen.current === open) return;
    wasOpen.current = open;
    if (open) formRef.current?.querySelector<HTMLElement>("input:not([type=hidden]), select, textarea")?.focus();
    else editRef.current?.focus();
  }, [open, hydrated]);
  // The mobile number's code step: into the code field when it comes, back to the number when it goes.
  const codeStep = !!props.code;
  const wasCodeStep = useRef(codeStep);
  useEffect(() => {
    if (!hydrated || wasCodeStep.current === codeStep) return;
    wasCodeStep.current = codeStep;
    formRef.current?.querySelector<HTMLElement>("input:not([type=hidden]), select")?.focus();
  }, [codeStep, hydrated]);

  const readValue = () => (formRef.current ? formValue(formRef.current, Object.keys(props.savedValue)) : props.value);
  return (
    <section className="panel edit-item" aria-labelledby={headingId}>
      <div className="edit-item__head">
        <h2 id={headingId}>{title}</h2>
        {open ? null : hydrated ? (
          <button type="button" className="button button--small" onClick={props.onStart} ref={editRef}>
            Edit<span className="visually-hidden"> {title.toLowerCase()}</span>
          </button>
        ) : (
          <Link to={`${props.page}?edit=${id}`} className="button button--small">
            Edit<span className="visually-hidden"> {title.toLowerCase()}</span>
          </Link>
        )}
      </div>
      {props.justSaved ? (
        <p className="notice notice--success" role="status">
          Saved.
        </p>
      ) : null}
      <ReadOnly id={id} value={props.savedValue} labels={props.labels} />
      {open ? (
        <Form
          method="post"
          ref={formRef}
          className="form edit-item__form"
          aria-label={`Edit ${title.toLowerCase()}`}
          // What the idle sign-out keeps: React moves an input's default along with the draft.
          data-unsaved={differs(props.value, props.savedValue) || undefined}
          onChange={() => props.onChange(readValue())}
          onSubmit={(event: FormEvent<HTMLFormElement>) => {
            if (!hydrated) return;
            event.preventDefault();
            const submitter = (event.nativeEvent as SubmitEvent).submitter;
            const button = submitter instanceof HTMLButtonElement ? submitter : null;
            // Sending a new code or going back to the number saves nothing: the conflict does not hold them.
            const saves = !button || !["resend", "change"].includes(button.value);
            if (!props.saveDisabled || !saves) props.onSave(button ?? event.currentTarget);
          }}
        >
          <input type="hidden" name="item" value={id} />
          <input type="hidden" name="version" value={props.version} />
          {hydrated ? <input type="hidden" name="js" value="1" /> : null}
          {props.warning ? (
            <p className="notice notice--warning" role="alert" id={`${id}-warning`}>
              {CONFLICT_WARNING}
            </p>
          ) : null}
          <FormError errors={props.error ? [props.error] : null} />
          {props.code && props.labels.mobile ? (
            <MobileCodeStep
              code={props.code}
              value={props.value}
              texts={props.labels.mobile.texts}
              errors={props.fieldErrors}
            />
          ) : (
            <ItemFields id={id} value={props.value} labels={props.labels} errors={props.fieldErrors} />
          )}
          <div className="actions">
            <button
              type="submit"
              className="button button--primary"
              name={props.code ? "intent" : undefined}
              value={props.code ? "verify" : undefined}
              disabled={props.saveDisabled || undefined}
              aria-describedby={props.warning ? `${id}-warning` : undefined}
              data-pending={props.pending || undefined}
            >
              {props.code ? (props.labels.mobile?.texts.otpVerify ?? "Verify") : props.pending ? "Saving…" : "Save"}
              <span className="visually-hidden"> {title.toLowerCase()}</span>
            </button>
            {props.code ? (
              <>
                <button type="submit" className="button button--secondary" name="intent" value="resend" formNoValidate>
                  {props.labels.mobile?.texts.otpResend ?? "Send a new code"}
                </button>
                <button type="submit" className="button button--secondary" name="intent" value="change" formNoValidate>
                  Change the number
                </button>
              </>
            ) : null}
            {hydrated ? (
              <button type="button" className="button button--secondary" onClick={props.onCancel}>
                Cancel
              </button>
            ) : (
              <Link to={props.page} className="button button--secondary">
                Cancel
              </Link>
            )}
          </div>
        </Form>
      ) : null}
    </section>
  );
}

const differs = (a: ItemValue, b: ItemValue) =>
  [...new Set([...Object.keys(a), ...Object.keys(b)])].some((key) => (a[key] ?? "") !== (b[key] ?? ""));

/** An open item's fields as the item state holds them: lists comma-joined, checkboxes "true"/"false". */
function formValue(form: HTMLFormElement, fields: string[]): ItemValue {
  const data = new FormData(form);
  return Object.fromEntries(
    fields.map((field) => {
      const input = form.elements.namedItem(field);
      if (input instanceof HTMLInputElement && input.type === "checkbox")
        return [field, input.checked ? "true" : "false"];
      return [field, data.getAll(field).map(String).join(",")];
    }),
  );
}
