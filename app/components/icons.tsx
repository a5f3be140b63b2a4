/**
 * The content service names sidebar and header icons; these are the drawings (lucide), decorative:
 * labels carry the name. Each icon is a `<use>` of one symbol in the icon sprite (/icons.svg, built
 * on the server from lucide's drawings, cached by the browser), so a page carries a short reference
 * per icon instead of its paths, and the browser bundle carries no drawing at all.
 */
import { FALLBACK_ICON, ICON_NAMES } from "~/domain/icons";

/** A short hash of the icon set: the sprite's address changes when the set does. */
function hash(text: string): string {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return (h >>> 0).toString(36);
}
export const ICON_SPRITE = `/icons.svg?v=${hash(JSON.stringify(ICON_NAMES) + FALLBACK_ICON)}`;

export function NavIcon({ name, size = 20 }: { name: string; size?: number }) {
  // The symbol carries the drawing's stroke; the icon takes the text colour (currentColor).
  return (
    <svg aria-hidden="true" focusable="false" width={size} height={size} className="icon">
      <use href={`${ICON_SPRITE}#${ICON_NAMES[name] ?? FALLBACK_ICON}`} />
    </svg>
  );
}
