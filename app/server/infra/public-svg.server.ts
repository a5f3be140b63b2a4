/**
 * Public generated art (ship and offer images) on the portal's own origin, so pages show it under
 * their `img-src 'self'`. Not agent data: no sign-in, cached by the browser for a day. SVG can carry
 * script, so it goes out with a policy that runs none (and loads nothing).
 */
import { plainText } from "~/server/infra/responses.server";

const IMAGE_HEADERS = {
  "content-type": "image/svg+xml; charset=utf-8",
  "cache-control": "public, max-age=86400",
  "x-content-type-options": "nosniff",
  "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'",
  "cross-origin-resource-policy": "same-origin",
} as const;

/**
 * The image `load` reads (null: not known), or a plain 404 for an id that fails `valid` or is not
 * known, or a 503 when the service is down, slow or answers something else (try again, not a 500).
 */
export async function publicSvg(
  id: string,
  valid: RegExp,
  load: (id: string) => Promise<string | null>,
  what: string,
): Promise<Response> {
  if (!valid.test(id)) return plainText(`No such ${what}`, 404);
  let svg: string | null;
  try {
    svg = await load(id);
  } catch {
    return plainText(`The ${what} image is not available right now.`, 503);
  }
  if (svg === null) return plainText(`No such ${what}`, 404);
  return new Response(svg, { headers: IMAGE_HEADERS });
}

/** Nothing is sent to an image: 405, said here rather than by Remix's logged "no action" error. */
export function imageAction() {
  return new Response("Method not allowed", {
    status: 405,
    headers: { allow: "GET, HEAD", "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
  });
}
