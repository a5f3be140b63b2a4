import { KEPT_FORM_NOTICE, type KeptFields } from "~/domain/kept-forms";

/** The line on a page that gives back what was typed before a sign-out. */
export function KeptFormNotice({ kept }: { kept: unknown }) {
  if (!kept) return null;
  return (
    <p className="notice notice--success" role="status">
      {KEPT_FORM_NOTICE}
    </p>
  );
}

/** Whether a form's control holds something other than what the page rendered into it. */
function changed(element: Element): boolean {
  if (element instanceof HTMLInputElement) {
    if (element.type === "checkbox" || element.type === "radio") return element.checked !== element.defaultChecked;
    if (["hidden", "submit", "button", "reset", "file", "password", "image"].includes(element.type)) return false;
    return element.value !== element.defaultValue;
  }
  if (element instanceof HTMLTextAreaElement) return element.value !== element.defaultValue;
  if (element instanceof HTMLSelectElement) return [...element.options].some((o) => o.selected !== o.defaultSelected);
  return false;
}

/**
 * JavaScript on: the idle countdown signs out before anything is posted. Just before it
 * does, the page's own forms (those posting to this page) with unsaved changes go to
 * `POST /kept-forms`, so they come back filled in after the agent signs in again. Never throws and
 * never waits more than three seconds: the sign-out goes on regardless.
 */
export async function keepUnsavedForms(): Promise<void> {
  try {
    const here = window.location.pathname;
    const forms: KeptFields[] = [];
    for (const form of document.querySelectorAll("form")) {
      if (form.method.toLowerCase() !== "post" || new URL(form.action, window.location.href).pathname !== here)
        continue;
      if (!form.hasAttribute("data-unsaved") && ![...form.elements].some(changed)) continue;
      const fields: KeptFields = [];
      for (const [name, value] of new FormData(form)) if (typeof value === "string") fields.push([name, value]);
      forms.push(fields);
    }
    if (forms.length === 0) return;
    await fetch("/kept-forms", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      credentials: "same-origin",
      body: JSON.stringify({ path: here + window.location.search, forms }),
      signal: AbortSignal.timeout(3000),
    });
  } catch {
    // Keeping is a courtesy: the sign-out must happen whatever befalls it.
  }
}
