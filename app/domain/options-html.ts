/**
 * A long select's options as one HTML string (decision 014, "The ratio to the bare route"): a page
 * with the ~250 countries of residence, ~165 currencies and ~56 ships renders a few strings instead
 * of ~500 React elements, and its loader sends three strings instead of ~500 objects. `selected`
 * marks the chosen value in the string itself, so the page without JavaScript, the server's HTML and
 * the hydrated page agree. Values and labels are escaped.
 */
export type Option = { value: string; label: string };

export const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const option = ({ value, label }: Option, selected: string) =>
  `<option value="${escapeHtml(value)}"${value === selected ? ' selected=""' : ""}>${escapeHtml(label)}</option>`;

/** Unselected strings of lists the server keeps (countries, currencies), by list and placeholder. */
const built = new WeakMap<readonly Option[], Map<string, string>>();

/** Options in order, after an optional empty first choice (the placeholder). */
export function optionsHtml(options: readonly Option[], selected: string, placeholder?: string): string {
  const byPlaceholder = built.get(options) ?? new Map<string, string>();
  built.set(options, byPlaceholder);
  const key = placeholder ?? "\u0000";
  let html = byPlaceholder.get(key);
  if (html === undefined) {
    html = placeholder === undefined ? "" : option({ value: "", label: placeholder }, "\u0000");
    for (const o of options) html += option(o, "\u0000");
    byPlaceholder.set(key, html);
  }
  const plain = `<option value="${escapeHtml(selected)}">`;
  return html.replace(plain, `<option value="${escapeHtml(selected)}" selected="">`);
}

/** Options in labelled groups (ships by cruise line), after an optional empty first choice. */
export function groupedOptionsHtml(
  groups: ReadonlyArray<{ label: string; options: readonly Option[] }>,
  selected: string,
  placeholder?: string,
): string {
  let html = placeholder === undefined ? "" : option({ value: "", label: placeholder }, selected);
  for (const group of groups) {
    if (group.options.length === 0) continue;
    html += `<optgroup label="${escapeHtml(group.label)}">${optionsHtml(group.options, selected)}</optgroup>`;
  }
  return html;
}
