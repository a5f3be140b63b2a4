import type { Context } from "hono";
import { Hono } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { findAgentById } from "../db/agents";
import type { AppEnv, Deps } from "../lib/context";
import { verifyRemoteToken, type RemoteClaims } from "../lib/remote-tokens";
import { escapeHtml } from "./legacy";

/**
 * Partner tools (single sign-on): the portal opens them with a provider parameter `p` and a
 * token parameter (`sso` for quote and Verb, `tokenId` for the group tool, `z` otherwise). Each entry:
 * its display name and the remote-token targets it accepts (the tool code `/redirect` puts in the
 * token, and the path name as `/auth/remoteCPAccess` would).
 */
export const PARTNER_TOOLS: Readonly<Record<string, { name: string; targets: readonly string[] }>> = {
  quote: { name: "eQuote", targets: ["EQUOTE", "quote"] },
  verb: { name: "Verb", targets: ["EQUOTE", "VERB", "verb"] },
  commerce: { name: "Commerce", targets: ["COMMERCE", "commerce"] },
  "group-tool": { name: "Group Travel Tool", targets: ["GROUP-TOOL", "group-tool"] },
  friends: { name: "Friends and Family", targets: ["FRIENDS-AND-FAMILY", "friends"] },
  hotels: { name: "Hotels", targets: ["HOTELS", "hotels"] },
  "cruise-planner": { name: "Cruise Planner", targets: ["CRUISE-PLANNER", "cruise-planner"] },
  "digital-brochures": { name: "Digital Brochures", targets: ["DIGITAL-BROCHURES", "digital-brochures"] },
  "image-library": { name: "Image Library", targets: ["IMAGE-LIBRARY", "image-library"] },
};

/** The parameters that may carry the single sign-on token, in the order they are looked at. */
export const TOKEN_PARAMETERS = ["sso", "tokenId", "z"] as const;

const MAX_PARAMETERS = 50;
const MAX_VALUE_CHARS = 300;
const TOKEN_SHOWN_CHARS = 12;

/** A token value as shown: its first 12 characters and "…". */
export const shortenToken = (value: string) =>
  value.length > TOKEN_SHOWN_CHARS ? `${value.slice(0, TOKEN_SHOWN_CHARS)}…` : value;

/**
 * `GET /partners/{tool}`: a stand-in page for each partner tool, served in every mode. It lists the
 * query parameters it received (escaped; token values shortened) and says whether the token verifies
 * as a remote token of this upstream for that tool.
 */
export function partnerRoutes(deps: Deps) {
  const r = new Hono<AppEnv>();

  r.get("/:tool", async (c) => {
    const tool = c.req.param("tool");
    const partner = Object.hasOwn(PARTNER_TOOLS, tool) ? PARTNER_TOOLS[tool] : undefined;
    if (!partner) {
      return page(c, 404, "Not found", "Partner tool not found", "<p>There is no such partner tool.</p>");
    }

    const params = [...new URL(c.req.url).searchParams.entries()];
    const tokenParam = TOKEN_PARAMETERS.find((name) => params.some(([key, value]) => key === name && value !== ""));
    const token = tokenParam ? params.find(([key]) => key === tokenParam)?.[1] : undefined;
    const claims = token ? await verifyFor(deps, token, partner.targets) : null;

    let tokenText: string;
    if (!tokenParam) tokenText = "No single sign-on token was received (none of sso, tokenId or z).";
    else if (claims) {
      tokenText = `The token in “${tokenParam}” is valid: a remote token of the reference upstream for ${claims.username} (agent ${claims.sub}), application ${claims.target}.`;
    } else {
      tokenText = `The token in “${tokenParam}” is not valid: it is expired, forged, or for another application.`;
    }

    const shown = params.slice(0, MAX_PARAMETERS);
    const list = shown.length
      ? `<dl>\n${shown
          .map(([key, value]) => {
            const display = (TOKEN_PARAMETERS as readonly string[]).includes(key) ? shortenToken(value) : clip(value);
            return `<dt>${escapeHtml(clip(key))}</dt><dd>${display === "" ? "<em>(empty)</em>" : escapeHtml(display)}</dd>`;
          })
          .join(
            "\n",
          )}\n</dl>${params.length > MAX_PARAMETERS ? `\n<p>${params.length - MAX_PARAMETERS} more not shown.</p>` : ""}`
      : "<p>No parameters were received.</p>";

    const body = `<p>This page stands in for ${escapeHtml(partner.name)}, a partner application the portal opens with single sign-on.</p>
<h2>Single sign-on</h2>
<p id="token-status" data-valid="${claims ? "true" : "false"}">${escapeHtml(tokenText)}</p>
<h2>Parameters received</h2>
${list}`;
    return page(c, 200, partner.name, `${partner.name} (partner tool stand-in)`, body);
  });

  return r;
}

async function verifyFor(deps: Deps, token: string, targets: readonly string[]): Promise<RemoteClaims | null> {
  for (const target of targets) {
    const claims = await verifyRemoteToken(deps, token, target);
    if (claims) return findAgentById(deps.db, claims.sub) ? claims : null;
  }
  return null;
}

const clip = (value: string) => (value.length > MAX_VALUE_CHARS ? `${value.slice(0, MAX_VALUE_CHARS)}…` : value);

/** The same headers as the legacy-site pages: no-store, no referrer, a strict CSP, nosniff. */
function page(c: Context, status: ContentfulStatusCode, title: string, heading: string, bodyHtml: string) {
  c.header("Cache-Control", "no-store");
  c.header("Referrer-Policy", "no-referrer");
  c.header(
    "Content-Security-Policy",
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  );
  c.header("X-Content-Type-Options", "nosniff");
  return c.html(
    `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} | Partner tool</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#1a1a1a;background:#fff}dt{font-weight:600}dd{margin:0 0 .5rem 1rem;word-break:break-all}</style>
</head>
<body>
<main>
<h1>${escapeHtml(heading)}</h1>
${bodyHtml}
</main>
</body>
</html>
`,
    status,
  );
}
