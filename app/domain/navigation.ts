import { hasTool } from "./access";
import { QUOTE_TOOL } from "./profile";

export type BrandCode = "R" | "C" | "V";

/** Section 1: brand codes to names and back. */
export const BRAND_NAMES: Record<BrandCode, string> = { R: "Royal Caribbean", C: "Celebrity Cruises", V: "Silversea" };
export function brandCode(name: string): BrandCode | undefined {
  return (Object.keys(BRAND_NAMES) as BrandCode[]).find((code) => BRAND_NAMES[code] === name);
}

/** Section 6: the brands each partner tool serves. */
export const TOOL_BRANDS: Readonly<Record<string, readonly BrandCode[]>> = {
  HOTELS: ["C", "R"],
  "CRUISE-PLANNER": ["C", "R"],
  "DIGITAL-BROCHURES": ["C", "R", "V"],
  "IMAGE-LIBRARY": ["C", "R"],
};

export function brandsForTool(toolCode: string, fallback: readonly BrandCode[] = []): readonly BrandCode[] {
  return TOOL_BRANDS[toolCode] ?? fallback;
}

/**
 * Section 6: a menu entry with a toolCode shows only to users with that tool, except one special
 * code: the quote tool, whose entry follows the derived field hasEquoteAccess (section 3) instead of
 * the tool list (decision 015; without the quote terms it opens the internal quote page). Entries
 * without a toolCode show to all.
 */
export const MENU_EXEMPT_TOOL = QUOTE_TOOL;

export type NavEntry = { toolCode?: string | null; children?: NavEntry[] };

export function visibleTo<T extends NavEntry>(
  entries: readonly T[],
  tools: readonly { toolCode: string }[],
  access: { hasEquoteAccess: boolean },
): T[] {
  return entries
    .filter((e) => !e.toolCode || (e.toolCode === MENU_EXEMPT_TOOL ? access.hasEquoteAccess : hasTool(tools, e.toolCode)))
    .flatMap((e) => {
      if (!e.children?.length) return [e];
      // A group whose every entry is hidden is hidden too.
      const children = visibleTo(e.children, tools, access);
      return children.length > 0 ? [{ ...e, children }] : [];
    });
}
