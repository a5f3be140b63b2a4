/**
 * The stepper's text: `*bold*`, `~italic~`, `[link]` and `{}` placeholders. Placeholders are
 * filled in order first (a value is text, never markup); then the text is cut into segments. The
 * n-th `[link]` takes the n-th href; a link without an href stays plain text. Unclosed markers are
 * literal characters.
 */
export type StepperSegment =
  | { kind: "text"; text: string }
  | { kind: "bold"; text: string }
  | { kind: "italic"; text: string }
  | { kind: "link"; text: string; href: string };

export type StepperTextOptions = { values?: ReadonlyArray<string | number>; links?: readonly string[] };

const MARKERS: Record<string, { close: string; kind: "bold" | "italic" | "link" }> = {
  "*": { close: "*", kind: "bold" },
  "~": { close: "~", kind: "italic" },
  "[": { close: "]", kind: "link" },
};

export function parseStepperText(source: string, options: StepperTextOptions = {}): StepperSegment[] {
  const values = options.values ?? [];
  const links = options.links ?? [];
  // Placeholders become private-use sentinels so a value's own `*` or `[` is never read as markup.
  const filled: string[] = [];
  let valueIndex = 0;
  const template = source.replace(/\{\}/g, () => {
    const value = valueIndex < values.length ? String(values[valueIndex]) : "";
    valueIndex += 1;
    filled.push(value);
    return `\u{F0000}${filled.length - 1}\u{F0001}`;
  });
  const restore = (text: string) =>
    text.replace(/\u{F0000}(\d+)\u{F0001}/gu, (_, i: string) => filled[Number(i)] ?? "");

  const segments: StepperSegment[] = [];
  const push = (segment: StepperSegment) => {
    if (segment.text === "") return;
    const last = segments[segments.length - 1];
    if (segment.kind === "text" && last?.kind === "text") last.text += segment.text;
    else segments.push(segment);
  };
  let linkIndex = 0;
  let plain = "";
  let i = 0;
  while (i < template.length) {
    const marker = MARKERS[template[i]!];
    const end = marker ? template.indexOf(marker.close, i + 1) : -1;
    if (!marker || end <= i + 1) {
      plain += template[i];
      i += 1;
      continue;
    }
    push({ kind: "text", text: restore(plain) });
    plain = "";
    const inner = restore(template.slice(i + 1, end));
    if (marker.kind === "link") {
      const href = links[linkIndex];
      linkIndex += 1;
      push(href ? { kind: "link", text: inner, href } : { kind: "text", text: inner });
    } else {
      push({ kind: marker.kind, text: inner });
    }
    i = end + 1;
  }
  push({ kind: "text", text: restore(plain) });
  return segments;
}

/** The same text without markup: for titles, aria labels and plain-text places. */
export function plainStepperText(source: string, options: StepperTextOptions = {}): string {
  return parseStepperText(source, options)
    .map((segment) => segment.text)
    .join("");
}
