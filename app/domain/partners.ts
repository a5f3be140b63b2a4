/** Partner tools opened with single sign-on, by tool code. */
export type PartnerTool = {
  slug: string;
  name: string;
  tokenParam: "sso" | "tokenId" | "z";
  provider: boolean;
  currency: boolean;
};

export const PARTNER_TOOLS: Readonly<Record<string, PartnerTool>> = {
  EQUOTE: { slug: "quote", name: "Quote", tokenParam: "sso", provider: true, currency: false },
  VERB: { slug: "verb", name: "Verb", tokenParam: "sso", provider: true, currency: false },
  "GROUP-TOOL": { slug: "group-tool", name: "Group tool", tokenParam: "tokenId", provider: true, currency: false },
  "FRIENDS-AND-FAMILY": {
    slug: "friends",
    name: "Friends and family",
    tokenParam: "z",
    provider: false,
    currency: false,
  },
  COMMERCE: { slug: "commerce", name: "Commerce", tokenParam: "z", provider: true, currency: true },
  HOTELS: { slug: "hotels", name: "Hotels", tokenParam: "z", provider: true, currency: false },
  "CRUISE-PLANNER": {
    slug: "cruise-planner",
    name: "Cruise Planner",
    tokenParam: "z",
    provider: true,
    currency: false,
  },
  "DIGITAL-BROCHURES": {
    slug: "digital-brochures",
    name: "Digital Brochures",
    tokenParam: "z",
    provider: true,
    currency: false,
  },
  "IMAGE-LIBRARY": { slug: "image-library", name: "Image Library", tokenParam: "z", provider: true, currency: false },
};

/** The provider parameter's value: who is opening the tool. */
export const PROVIDER = "professional-portal";

/**
 * The address a partner tool opens at. The provider parameter p (none for the friends
 * tool), the token as sso (quote, Verb), tokenId (group tool) or z (the rest), cur with the primary
 * currency for the commerce tool, and agency_id / tagent_id filled from the profile when the link
 * already has them, then what the tool should open on (the quote tool's sailing, class and party).
 */
export function partnerLaunchUrl(
  base: string,
  tool: PartnerTool,
  token: string,
  agent: { agencyId: string | null; agentId: string; primaryCurrency: string },
  brand?: string,
  context: ReadonlyArray<[string, string]> = [],
): string {
  const url = new URL(base);
  if (brand) url.searchParams.set("brand", brand);
  if (tool.provider) url.searchParams.set("p", PROVIDER);
  url.searchParams.set(tool.tokenParam, token);
  if (tool.currency) url.searchParams.set("cur", agent.primaryCurrency);
  if (url.searchParams.has("agency_id")) url.searchParams.set("agency_id", agent.agencyId ?? "");
  if (url.searchParams.has("tagent_id")) url.searchParams.set("tagent_id", agent.agentId);
  for (const [key, value] of context) url.searchParams.set(key, value);
  return url.href;
}
