/** Tool codes of the specification and the ones the demo upstream grants besides. */
export const TOOL = {
  ships: "SEE-OUR-SHIPS",
  promotions: "SEARCH-PROMOTIONS",
  guestDocs: "GUEST-DOCS",
  insight: "INSIGHT",
  coupon: "COUPON",
} as const;

export type Role = "AGENT" | "ADMIN" | "RCCL" | "RCCLADMIN";

type ToolRule = { prefix: string; tools: readonly string[] };

/**
 * The tool-to-route table, most specific first. A route needs every tool of the first rule
 * whose prefix matches; /travel-docs/html/preview is public and needs none.
 */
const TOOL_RULES: readonly ToolRule[] = [
  { prefix: "/travel-docs/html/preview", tools: [] },
  { prefix: "/insights/coupon-application-details", tools: [TOOL.insight, TOOL.coupon] },
  { prefix: "/insights", tools: [TOOL.insight] },
  { prefix: "/explore-our-fleet", tools: [TOOL.ships] },
  { prefix: "/promotion", tools: [TOOL.promotions] },
  { prefix: "/travel-docs", tools: [TOOL.guestDocs] },
];

function under(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** The tools a path needs (every one of them). */
export function requiredTools(pathname: string): readonly string[] {
  return TOOL_RULES.find((rule) => under(pathname, rule.prefix))?.tools ?? [];
}

export function hasTool(tools: readonly { toolCode: string }[], code: string): boolean {
  return tools.some((t) => t.toolCode === code);
}

/** A route needs every one of its required tools; a user lacking one goes to /home. */
export function mayOpen(pathname: string, tools: readonly { toolCode: string }[]): boolean {
  return requiredTools(pathname).every((code) => hasTool(tools, code));
}

/** ADMIN alone counts as an agency administrator. */
export const isAgencyAdmin = (role: string | null | undefined) => role === "ADMIN";
/** ADMIN and RCCLADMIN see the agent management link. */
export const seesAgentManagement = (role: string | null | undefined) => role === "ADMIN" || role === "RCCLADMIN";
/** RCCL and RCCLADMIN see the Super User Log in link. */
export const seesSuperUserLogin = (role: string | null | undefined) => role === "RCCL" || role === "RCCLADMIN";

/** The auth guard: a BRA user who has not been to the legacy site goes to espresso first. */
export function mustVisitLegacyFirst(profile: { countryCode: string; legacySiteVisited: boolean }): boolean {
  return profile.countryCode === "BRA" && !profile.legacySiteVisited;
}

/** Paths the legacy first-visit rule leaves alone: the way to the legacy site, and logging out. */
export function exemptFromLegacyRule(pathname: string): boolean {
  return pathname.startsWith("/legacy/") || pathname === "/logout";
}
