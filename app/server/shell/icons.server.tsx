import * as lucide from "lucide-react";
import { renderToStaticMarkup } from "react-dom/server";
import { FALLBACK_ICON, ICON_NAMES } from "~/domain/icons";

/** lucide's component for a kebab-case icon name ("git-compare" → GitCompare). */
function component(name: string): lucide.LucideIcon {
  const pascal = name.replace(/(^|-)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());
  const icon = (lucide as unknown as Record<string, lucide.LucideIcon | undefined>)[pascal];
  if (!icon) throw new Error(`lucide has no icon ${name}`);
  return icon;
}

let sprite: string | undefined;
/** lucide's drawing style, with the portal's lighter line. */
const STROKE = 'fill="none" stroke="currentColor" stroke-width="1.75" stroke-linecap="round" stroke-linejoin="round"';

/**
 * The icon sprite: one `<symbol>` per icon of ICON_NAMES, its drawing taken from lucide's own
 * component (rendered once), so the paths are lucide's and stay theirs on an upgrade.
 */
export function iconSprite(): string {
  if (sprite) return sprite;
  const names = [...new Set([...Object.values(ICON_NAMES), FALLBACK_ICON])].sort();
  const symbols = names.map((name) => {
    const Icon = component(name);
    const inner = renderToStaticMarkup(<Icon />)
      .replace(/^<svg[^>]*>/, "")
      .replace(/<\/svg>$/, "");
    return `<symbol id="${name}" viewBox="0 0 24 24"><g ${STROKE}>${inner}</g></symbol>`;
  });
  sprite = `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join("")}</svg>`;
  return sprite;
}
