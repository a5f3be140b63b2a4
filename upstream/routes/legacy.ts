import { randomBytes } from "node:crypto";
import { inflateRawSync } from "node:zlib";
import type { Context } from "hono";
import { Hono } from "hono";
import { deleteCookie, setCookie } from "hono/cookie";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "zod";
import { findAgentById, markLegacySiteVisited } from "../db/agents";
import type { AppEnv, Deps } from "../lib/context";
import { REMOTE_TARGET_PATTERN, verifyRemoteToken } from "../lib/remote-tokens";

/** The cookies the legacy site sets; the portal clears them at logout (`LEGACY_COOKIE_NAMES`). */
export const LEGACY_COOKIES = ["CP_SESSION", "CP_TOKEN"] as const;

/** Longest `cp` accepted (characters of base64url) and longest inflated payload (bytes). */
const MAX_CP_CHARS = 8192;
const MAX_PAYLOAD_BYTES = 16 * 1024;
const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

const payloadSchema = z.object({
  token: z.string().min(1).max(4096),
  returnUrl: z.string().max(2048).optional(),
  language: z.string().max(20).optional(),
});

const EXPIRED_TEXT = "This link has expired. Return to Professional Portal and try again.";
const SIGNED_OUT_TEXT = "You are signed out of the legacy site.";

/**
 * A stand-in for the legacy site (a different production system), served in every mode:
 * `GET /legacy/{app}?cp=…` opens it with the portal's single compressed parameter, and
 * `GET /legacy/logout?returnTo=…` signs out of it. Answers are small HTML pages, never JSON.
 */
export function legacyRoutes(deps: Deps) {
  const { db } = deps;
  const r = new Hono<AppEnv>();

  r.get("/logout", (c) => {
    for (const name of LEGACY_COOKIES) deleteCookie(c, name, { path: "/" });
    const returnTo = absoluteHttpUrl(c.req.query("returnTo"));
    if (returnTo) {
      noStore(c);
      return c.redirect(returnTo, 302);
    }
    return page(c, 200, { title: "Signed out", heading: "Signed out", text: SIGNED_OUT_TEXT });
  });

  r.get("/:app", async (c) => {
    const app = c.req.param("app");
    const payload = REMOTE_TARGET_PATTERN.test(app) ? readPayload(c.req.query("cp")) : null;
    const claims = payload ? await verifyRemoteToken(deps, payload.token, app) : null;
    const agent = claims ? findAgentById(db, claims.sub) : undefined;
    if (!payload || !claims || !agent) {
      return page(c, 400, { title: "Link expired", heading: "Link expired", text: EXPIRED_TEXT });
    }

    markLegacySiteVisited(db, agent.agent_id);
    const secure = new URL(c.req.url).protocol === "https:";
    for (const name of LEGACY_COOKIES) {
      setCookie(c, name, randomBytes(24).toString("base64url"), { path: "/", httpOnly: true, sameSite: "Lax", secure });
    }
    const name = appName(app);
    return page(c, 200, {
      title: name,
      heading: `${name} (legacy site stand-in)`,
      text: `This page stands in for the ${name} legacy application, a separate system the portal opens with single sign-on.`,
      link: absoluteHttpUrl(payload.returnUrl),
    });
  });

  return r;
}

/** base64url → raw DEFLATE → JSON → the payload schema; `null` for anything that does not fit. */
function readPayload(cp: string | undefined): z.infer<typeof payloadSchema> | null {
  if (!cp || cp.length > MAX_CP_CHARS || !BASE64URL.test(cp)) return null;
  try {
    const json = inflateRawSync(Buffer.from(cp, "base64url"), { maxOutputLength: MAX_PAYLOAD_BYTES }).toString("utf8");
    const parsed = payloadSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The value as a normalised absolute http(s) URL, or `undefined`. */
function absoluteHttpUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** `espresso` → `Espresso`, `cruise-planner` → `Cruise Planner`. */
function appName(app: string): string {
  return app
    .split("-")
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

function noStore(c: Context) {
  c.header("Cache-Control", "no-store");
  c.header("Referrer-Policy", "no-referrer");
}

function page(
  c: Context,
  status: ContentfulStatusCode,
  content: { title: string; heading: string; text: string; link?: string | undefined },
) {
  noStore(c);
  c.header(
    "Content-Security-Policy",
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  );
  c.header("X-Content-Type-Options", "nosniff");
  const link = content.link ? `\n<p><a href="${escapeHtml(content.link)}">Return to Professional Portal</a></p>` : "";
  const body = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(content.title)} | Legacy site</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#1a1a1a;background:#fff}a{color:#0b4f9c}</style>
</head>
<body>
<main>
<h1>${escapeHtml(content.heading)}</h1>
<p>${escapeHtml(content.text)}</p>${link}
</main>
</body>
</html>
`;
  return c.html(body, status);
}
