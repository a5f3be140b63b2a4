/**
 * Long selects (decision 014): the ~260 countries and regions of residence, ~165 currencies, ~56
 * ships and the departure ports. A loader sends such a list packed as one string of `value\tlabel`
 * lines (a line without a tab opens a group: ships by cruise line), about a third of the bytes the
 * options' HTML takes once escaped into the page's hydration data. SelectField turns it into one
 * HTML string of options, on the server and in the browser alike, with `selected` on the chosen
 * value, so the page without JavaScript, the server's HTML and the hydrated page agree, and React
 * renders one string instead of hundreds of elements. Values and labels are escaped.
 */
export type Option = { value: string; label: string };

/** Options packed for a loader: `value\tlabel` lines; a line without a tab is a group's label. */
export type PackedOptions = string;

export const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Tabs and line breaks would split an entry: a label never needs them. */
const oneLine = (text: string) => text.replace(/[\t\r\n]+/g, " ");

const packed = new WeakMap<readonly Option[], PackedOptions>();

/** A list's packed form, kept while the server keeps the same list object. */
export function packOptions(options: readonly Option[]): PackedOptions {
  let text = packed.get(options);
  if (text === undefined) {
    text = options.map((o) => `${oneLine(o.value)}\t${oneLine(o.label)}`).join("\n");
    packed.set(options, text);
  }
  return text;
}

/** Labelled groups of options (ships by cruise line) packed as one list; empty groups are left out. */
export function packGroups(groups: ReadonlyArray<{ label: string; options: readonly Option[] }>): PackedOptions {
  return groups
    .filter((group) => group.options.length > 0)
    .map((group) => `${oneLine(group.label) || " "}\n${packOptions(group.options)}`)
    .join("\n");
}

const option = (value: string, label: string) => `<option value="${escapeHtml(value)}">${escapeHtml(label)}</option>`;

function build(list: PackedOptions, placeholder: string | undefined): string {
  let html = placeholder === undefined ? "" : option("", placeholder);
  let inGroup = false;
  for (const line of list.split("\n")) {
    if (line === "") continue;
    const tab = line.indexOf("\t");
    if (tab === -1) {
      html += `${inGroup ? "</optgroup>" : ""}<optgroup label="${escapeHtml(line.trim())}">`;
      inGroup = true;
    } else {
      html += option(line.slice(0, tab), line.slice(tab + 1));
    }
  }
  return inGroup ? `${html}</optgroup>` : html;
}

/** Built strings by list and placeholder: the server sends the same few lists on every page. */
const builtLists = new Map<PackedOptions, Map<string, string>>();
const MAX_LISTS = 50;

/**
 * The options of a packed list as HTML, after an optional empty first choice (the placeholder), with
 * `selected` on the option whose value is `selected` (the placeholder's when it is "").
 */
export function packedOptionsHtml(list: PackedOptions, selected: string, placeholder?: string): string {
  let byPlaceholder = builtLists.get(list);
  if (!byPlaceholder) {
    if (builtLists.size >= MAX_LISTS) builtLists.clear();
    byPlaceholder = new Map();
    builtLists.set(list, byPlaceholder);
  }
  const key = placeholder ?? "\u0000";
  let html = byPlaceholder.get(key);
  if (html === undefined) {
    html = build(list, placeholder);
    byPlaceholder.set(key, html);
  }
  const plain = `<option value="${escapeHtml(selected)}">`;
  return html.replace(plain, `<option value="${escapeHtml(selected)}" selected="">`);
}
