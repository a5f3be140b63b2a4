import { Form, Link, useActionData, useFetcher } from "@remix-run/react";
import { useEffect, useReducer, useRef, useState, type FormEvent } from "react";
import { CodeField, useCountdown } from "~/components/code-form";
import { CheckboxField, Field, FormError, SelectField } from "~/components/forms";
import { useHydrated } from "~/components/use-hydrated";
import { CONFLICT_WARNING, editItems, editItemsReducer, type ItemValue } from "~/domain/edit-items";
import { LANGUAGE_OPTIONS, PROFILE_ITEMS, phoneDisplay, type ProfileItemId } from "~/domain/profile-items";
import { YEARS_IN_INDUSTRY } from "~/domain/registration";
import { translator } from "~/domain/translate";
import type { ItemResult, MobileCodeView } from "~/server/profile/item-result.server";
import type { ItemsData } from "~/server/profile/items.server";
import type { MobileData } from "~/server/profile/mobile.server";
import { Facts } from "~/components/facts";
import { KeptFormNotice } from "~/components/kept-forms";

type Labels = ItemsData["labels"] & { mobile: MobileData | null };
type Option = { value: string; label: string };

/**
 * A profile page's groups of fields as edit items (the profile's edit-item state). Without JavaScript the open
 * item is in the URL (`?edit=`), Edit and Cancel are links and Save is a form post; with it, items
 * open, save and cancel in place, several at once, and starting a second item while another has
 * unsaved changes shows the warning and disables its Save until the first is saved or cancelled.
 */
export function ProfileItems({ data }: { data: ItemsData }) {
  const hydrated = useHydrated();
  const posted = useActionData<ItemResult>();
  const fetcher = useFetcher<ItemResult>();
  const saved = data.saved ?? {};
  // The mobile number's code step opened by the URL (a reload, or the page before JavaScript ran).
  const pendingMobile = data.open === "mobile" ? (data.mobile?.pending ?? null) : null;
  // Items typed before a sign-out open again with what was typed.
  const kept = new Map((data.kept?.items ?? []).map((k) => [k.item, k.typed]));
  const [items, dispatch] = useReducer(editItemsReducer, saved, (initial) => {
    let closed = editItems(initial);
    for (const [id, typed] of kept) {
      closed = editItemsReducer(closed, { type: "start", id });
      closed = editItemsReducer(closed, { type: "change", id, draft: typed });
    }
    if (!data.open) return closed;
    const opened = editItemsReducer(closed, { type: "start", id: data.open });
    return pendingMobile
      ? editItemsReducer(opened, { type: "change", id: "mobile", draft: pendingMobile.typed })
      : opened;
  });
  // A kept item carries the version it was opened with: a save over a change made since is refused (409).
  const [version, setVersion] = useState(data.kept?.version ?? data.version);
  const [results, setResults] = useState<Partial<Record<ProfileItemId, ItemResult>>>(() =>
    pendingMobile ? { mobile: { item: "mobile", ok: false, error: null, fieldErrors: {}, ...pendingMobile } } : {},
  );
  const labels: Labels = { ...data.labels, mobile: data.mobile };

  // A save made in place comes back here: close the item with its new value, or keep it open and say why.
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== "idle" || !result?.item) return;
    setResults((r) => ({ ...r, [result.item]: result }));
    if (result.ok) {
      dispatch({ type: "save", id: result.item, saved: result.value });
      setVersion(result.version);
    } else if (result.fresh) {
      // Stale: what is saved now becomes the item's saved value; the typed change stays in the form.
      dispatch({ type: "save", id: result.item, saved: result.fresh.value });
      dispatch({ type: "start", id: result.item });
      dispatch({ type: "change", id: result.item, draft: result.typed });
      setVersion(result.fresh.version);
    }
  }, [fetcher.state, fetcher.data]);

  if (data.saved === null) {
    return (
      <p className="notice notice--warning" role="alert">
        Your profile could not be read just now. Please try again in a few minutes.
      </p>
    );
  }
  const anyOpen = hydrated
    ? Object.values(items).some((i) => i.isEditing)
    : data.open !== null || !!posted?.item || kept.size > 0;
  return (
    <div className="edit-items">
      {posted?.item ? null : <KeptFormNotice kept={kept.size > 0} />}
      {anyOpen ? (
        <p className="edit-items__all">
          {hydrated ? (
            <button
              type="button"
              className="button button--small"
              onClick={() => {
                dispatch({ type: "cancelAll" });
                // What a refused save said (and a code step) goes with the change; "Saved." stays.
                setResults((r) => Object.fromEntries(Object.entries(r).filter(([, result]) => result?.ok)));
              }}
            >
              Cancel all changes
            </button>
          ) : (
            <Link to={data.page}>Cancel all changes</Link>
          )}
        </p>
      ) : null}
      {data.items.map((id) => {
        const item = items[id];
        if (!item) return null;
        // Without JavaScript: the URL's item, or the one a failed post came back to.
        const serverOpen = posted?.item ? posted.item === id : data.open === id || kept.has(id);
        const open = hydrated ? item.isEditing : serverOpen;
        const result = hydrated ? results[id] : posted?.item === id ? posted : undefined;
        const failed = result && !result.ok ? result : undefined;
        // Without JavaScript the code step comes from the URL too (`?edit=mobile&step=code`).
        const fromUrl = !hydrated && !posted?.item && data.open === id ? pendingMobile : null;
        const keptValue = posted?.item ? undefined : kept.get(id);
        const value = hydrated ? item.draft : (failed?.typed ?? fromUrl?.typed ?? keptValue ?? item.lastSavedValue);
        const shownSaved = !hydrated && failed?.fresh ? failed.fresh.value : item.lastSavedValue;
        return (
          <ItemSection
            key={id}
            id={id}
            page={data.page}
            open={open}
            savedValue={shownSaved}
            value={value}
            labels={labels}
            code={failed?.code ?? fromUrl?.code}
            version={!hydrated && failed?.fresh ? failed.fresh.version : version}
            error={failed?.error ?? null}
            fieldErrors={failed?.fieldErrors ?? {}}
            justSaved={hydrated ? !!results[id]?.ok && !open : data.justSaved === id}
            warning={hydrated && item.showWarning}
            saveDisabled={hydrated && item.saveDisabled}
            pending={fetcher.state !== "idle" && fetcher.formData?.get("item") === id}
            hydrated={hydrated}
            onStart={() => {
              dispatch({ type: "start", id });
              setResults((r) => ({ ...r, [id]: undefined }));
            }}
            onCancel={() => {
              dispatch({ type: "cancel", id });
              setResults((r) => ({ ...r, [id]: undefined }));
            }}
            onChange={(draft) => dispatch({ type: "change", id, draft })}
            onSave={(target) => fetcher.submit(target, { method: "post" })}
          />
        );
      })}
    </div>
  );
}

function ItemSection(props: {
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

const labelOf = (options: readonly Option[], value: string) => options.find((o) => o.value === value)?.label ?? value;
const YEARS_OPTIONS = YEARS_IN_INDUSTRY.map((value) => ({ value, label: `${value} years` }));

function ReadOnly({ id, value, labels }: { id: ProfileItemId; value: ItemValue; labels: Labels }) {
  const rows: Array<[string, string]> = (() => {
    switch (id) {
      case "name":
        return [
          ["First name", value.firstName ?? ""],
          ["Last name", value.lastName ?? ""],
        ];
      case "work":
        return [
          ["Job title", value.jobTitle || "Not given"],
          ["Years in the industry", value.yearsIndustry ? labelOf(YEARS_OPTIONS, value.yearsIndustry) : "Not given"],
          ["Home-based agent", value.homeBasedAgent === "true" ? "Yes" : "No"],
        ];
      case "specialities": {
        const specs = [value.specialization1, value.specialization2, value.specialization3].filter(Boolean);
        const regions = (value.regions ?? "").split(",").filter(Boolean);
        return [
          ["Specialisations", specs.map((s) => labelOf(labels.specializations, s!)).join(", ") || "None chosen"],
          ["Regions", regions.map((r) => labelOf(labels.regions, r)).join(", ") || "None chosen"],
        ];
      }
      case "clia":
        return [["CLIA number", value.cliaAgentId || "Not given"]];
      case "emails":
        return [
          ["Offers and news by e-mail", value.emailPreference === "true" ? "Yes" : "No"],
          ["Language of e-mails", labelOf(LANGUAGE_OPTIONS, value.espressoLanguage ?? "en_us")],
        ];
      case "mobile":
        return [
          [
            "Mobile number",
            // The server's grouping of the saved number; a number just typed, as the country list writes it.
            labels.mobile?.shown && labels.mobile.shown.mobilePhone === value.mobilePhone
              ? labels.mobile.shown.text
              : phoneDisplay(labels.mobile?.countries ?? [], value),
          ],
        ];
      case "texts":
        return [["Offers and news by text message", value.mobilePreference === "true" ? "Yes" : "No"]];
    }
  })();
  return <Facts items={rows} />;
}

function ItemFields({
  id,
  value,
  labels,
  errors,
}: {
  id: ProfileItemId;
  value: ItemValue;
  labels: Labels;
  errors: Record<string, string[]>;
}) {
  const input = (name: string, label: string, extra: Record<string, unknown> = {}) => (
    <Field
      label={label}
      errors={errors[name]}
      inputProps={{ name, id: `${id}-${name}`, defaultValue: value[name] ?? "", ...extra }}
    />
  );
  const check = (name: string, label: string) => (
    <CheckboxField
      label={label}
      errors={errors[name]}
      inputProps={{ name, id: `${id}-${name}`, value: "true", defaultChecked: value[name] === "true" }}
    />
  );
  const select = (name: string, label: string, options: readonly Option[], placeholder?: string) => (
    <SelectField
      label={label}
      errors={errors[name]}
      options={options}
      placeholder={placeholder}
      selectProps={{ name, id: `${id}-${name}`, defaultValue: value[name] ?? "" }}
    />
  );
  switch (id) {
    case "name":
      return (
        <>
          {input("firstName", "First name", { autoComplete: "given-name", required: true, maxLength: 50 })}
          {input("lastName", "Last name", { autoComplete: "family-name", required: true, maxLength: 50 })}
        </>
      );
    case "work":
      return (
        <>
          {input("jobTitle", "Job title", { autoComplete: "organization-title", maxLength: 80 })}
          {select("yearsIndustry", "Years in the industry", YEARS_OPTIONS, "Not given")}
          {check("homeBasedAgent", "I work from home")}
        </>
      );
    case "specialities": {
      const regions = new Set((value.regions ?? "").split(",").filter(Boolean));
      return (
        <>
          {select("specialization1", "First specialisation", labels.specializations, "None")}
          {select("specialization2", "Second specialisation", labels.specializations, "None")}
          {select("specialization3", "Third specialisation", labels.specializations, "None")}
          <fieldset className="field choices">
            <legend>Regions you sell</legend>
            <div className="choices__options">
              {labels.regions.map((r) => (
                <label key={r.value} className="choices__option">
                  <input type="checkbox" name="regions" value={r.value} defaultChecked={regions.has(r.value)} />
                  <span>{r.label}</span>
                </label>
              ))}
            </div>
            {errors.regions ? <p className="field__error">{errors.regions.join(" ")}</p> : null}
          </fieldset>
        </>
      );
    }
    case "clia":
      return input("cliaAgentId", "CLIA number", { inputMode: "numeric", maxLength: 12 });
    case "emails":
      return (
        <>
          {check("emailPreference", "Send me offers and news by e-mail")}
          {select("espressoLanguage", "Language of e-mails", LANGUAGE_OPTIONS)}
        </>
      );
    case "mobile": {
      const t = translator(labels.mobile?.texts ?? {});
      return (
        <>
          {select("telephoneCountryCode", t("fieldTelephoneCountryCode"), labels.mobile?.countries ?? [])}
          <Field
            label={t("fieldMobilePhone")}
            hint={t("hintMobilePhone")}
            errors={errors.mobilePhone}
            inputProps={{
              name: "mobilePhone",
              id: "mobile-mobilePhone",
              type: "tel",
              defaultValue: value.mobilePhone ?? "",
              autoComplete: "tel-national",
              required: true,
              maxLength: 20,
            }}
          />
        </>
      );
    }
    case "texts":
      return check("mobilePreference", "Send me offers and news by text message");
  }
}

/**
 * The mobile number's second step, as registration's: where the code went, the code field, and the
 * resend cool-down (counted down in the browser; without JavaScript the server's figure stands). The
 * typed number rides along, so nothing is lost whichever button is pressed.
 */
function MobileCodeStep({
  code,
  value,
  texts,
  errors,
}: {
  code: MobileCodeView;
  value: ItemValue;
  texts: Record<string, string>;
  errors: Record<string, string[]>;
}) {
  const t = translator(texts);
  const wait = useCountdown(code.resendIn, code);
  return (
    <>
      <input type="hidden" name="telephoneCountryCode" value={value.telephoneCountryCode ?? ""} />
      <input type="hidden" name="mobilePhone" value={value.mobilePhone ?? ""} />
      {code.notice === "resent" ? (
        <p className="notice" role="status">
          {t("otpResent")}
        </p>
      ) : null}
      <p>{t("otpSentSms", code.sentTo)}</p>
      <CodeField
        label={t("otpLabel")}
        hint={t("otpHint")}
        errors={errors.code}
        inputProps={{ id: "mobile-code", name: "code", required: true }}
      />
      {wait > 0 ? <p className="field__hint">{t("otpWaitResend", wait)}</p> : null}
    </>
  );
}
