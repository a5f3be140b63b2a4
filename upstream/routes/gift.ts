import { timingSafeEqual } from "node:crypto";
import { Hono } from "hono";
import type { AppEnv, Deps } from "../lib/context";
import { escapeHtml } from "./legacy";

/** The fixed Basic credentials (user:password) the gift service expects; the portal's GIFT_LINK_BASIC_AUTH default. */
export const GIFT_LINK_CREDENTIALS = "portal:gift-demo";

const MAX_BODY_CHARS = 2_000;

function authorised(header: string | undefined): boolean {
  const expected = Buffer.from(`Basic ${Buffer.from(GIFT_LINK_CREDENTIALS).toString("base64")}`);
  const given = Buffer.from(header ?? "");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const field = (body: unknown, name: string): string | null => {
  const value = body && typeof body === "object" ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === "string" || typeof value === "number" ? String(value).slice(0, 64) : null;
};

/**
 * `POST /gift-link`: the stand-in for the public gift link's service (the specification: "a POST with
 * fixed basic headers; the result opens in a new tab"). It answers only the fixed Basic credentials
 * (401 otherwise) and answers the gift page (HTML) the portal opens in a new tab, naming the agency and
 * agent of its JSON payload (`{agencyId, agentId, language}`; all optional). Served in every mode.
 */
export function giftRoutes(_deps: Deps) {
  const r = new Hono<AppEnv>();
  r.post("/", async (c) => {
    c.header("Cache-Control", "no-store");
    if (!authorised(c.req.header("authorization"))) {
      c.header("WWW-Authenticate", 'Basic realm="gift"');
      return c.json({ message: { message: "Unauthorized", errorCode: "UNAUTHORIZED" } }, 401);
    }
    const text = (await c.req.text()).slice(0, MAX_BODY_CHARS);
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      return c.json({ message: { message: "The payload is not JSON", errorCode: "BAD_REQUEST" } }, 400);
    }
    const agency = field(body, "agencyId");
    const agent = field(body, "agentId");
    const who = agency
      ? `<p id="gift-for">For agency ${escapeHtml(agency)}${agent ? `, agent ${escapeHtml(agent)}` : ""}.</p>`
      : "";
    return c.html(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Gift a cruise | Gift service</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#1a1a1a;background:#fff}</style>
</head>
<body>
<main>
<h1>Gift a cruise</h1>
<p>This page stands in for the public gift service: guests' friends and family give a cruise, onboard credit or a spa day as a gift.</p>
${who}
</main>
</body>
</html>`);
  });
  return r;
}
