import type { UserProfile } from "~/server/clients/api.server";
import { env } from "~/server/infra/env.server";
import { requestText } from "~/server/infra/http.server";

/**
 * The specification: "Public gift link: a POST with fixed basic headers; the result opens in a new tab.
 * The payload and response are not shown." The fixed headers: HTTP Basic authorisation with the
 * portal's fixed credentials (GIFT_LINK_BASIC_AUTH), JSON in, HTML out. The credentials stay on the
 * server, so the browser posts to the portal (`POST /gift-link`) and the portal posts here (decision 024).
 */
export function giftLinkHeaders(basicAuth = env.GIFT_LINK_BASIC_AUTH): Record<string, string> {
  return { authorization: `Basic ${Buffer.from(basicAuth, "utf8").toString("base64")}` };
}

/** The gift page for this agent: the service's HTML answer, as it is. */
export async function openGiftLink(profile: UserProfile, language: string): Promise<string> {
  const address = new URL(env.GIFT_LINK_URL);
  return requestText({
    service: "gift",
    baseUrl: address.origin,
    path: address.pathname + address.search,
    method: "POST",
    // The payload is not shown in the specification: who asks, for which agency, in which language.
    json: { agencyId: profile.agencyId, agentId: profile.agentId, language },
    headers: giftLinkHeaders(),
    contentType: "text/html",
  });
}
