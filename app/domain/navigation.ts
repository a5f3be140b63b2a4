import { hasTool } from "./access";
import { PARTNER_TOOLS } from "./partners";
import { QUOTE_TOOL } from "./profile";

export type BrandCode = "R" | "C" | "V";

/** Brand codes to names and back. */
export const BRAND_NAMES: Record<BrandCode, string> = { R: "Royal Caribbean", C: "Celebrity Cruises", V: "Silversea" };
export function brandCode(name: string): BrandCode | undefined {
  return (Object.keys(BRAND_NAMES) as BrandCode[]).find((code) => BRAND_NAMES[code] === name);
}

/** The brands each partner tool serves. */
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
 * A menu entry with a toolCode shows only to users with that tool, except one special
 * code: the quote tool, whose entry follows the derived field hasEquoteAccess instead of
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
    .filter(
      (e) => !e.toolCode || (e.toolCode === MENU_EXEMPT_TOOL ? access.hasEquoteAccess : hasTool(tools, e.toolCode)),
    )
    .flatMap((e) => {
      if (!e.children?.length) return [e];
      // A group whose every entry is hidden is hidden too.
      const children = visibleTo(e.children, tools, access);
      return children.length > 0 ? [{ ...e, children }] : [];
    });
}

/** One entry of the header's extensions drawer: a partner tool the agent may open. */
export type Extension = { toolCode: string; name: string; href: string };

/**
 * The header's extensions drawer: the partner tools (single sign-on) the agent may open, by the same
 * menu rule as the sidebar (their tools; the quote tool where the profile has hasEquoteAccess). Each opens at /tools/{code},
 * which asks for the brand first when the tool serves several.
 */
export function extensionsFor(
  tools: readonly { toolCode: string }[],
  access: { hasEquoteAccess: boolean },
): Extension[] {
  const entries = Object.entries(PARTNER_TOOLS).map(([toolCode, tool]) => ({
    toolCode,
    name: tool.name,
    href: `/tools/${encodeURIComponent(toolCode)}`,
  }));
  return visibleTo(entries, tools, access);
}
