import type { LoaderFunctionArgs } from "@remix-run/node";
import { shipImage } from "~/server/clients/catalogue.server";

/**
 * A ship's picture (the catalogue's generated SVG art) on the portal's own origin, so pages show it
 * under their `img-src 'self'`. Public art, not agent data: no sign-in, cached by the browser for a
 * day. SVG can carry script, so it goes out with a policy that runs none (and loads nothing).
 * GET (and HEAD) only: the action refuses every other method.
 */
const IMAGE_HEADERS = {
  "content-type": "image/svg+xml; charset=utf-8",
  "cache-control": "public, max-age=86400",
  "x-content-type-options": "nosniff",
  "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'",
  "cross-origin-resource-policy": "same-origin",
} as const;

const plain = (text: string, status: number, cacheControl = "no-store") =>
  new Response(text, {
    status,
    headers: {
      "content-type": "text/plain; charset=utf-8",
      "cache-control": cacheControl,
      "x-content-type-options": "nosniff",
    },
  });

export async function loader({ params }: LoaderFunctionArgs) {
  const code = params.ship ?? "";
  if (!/^[A-Z]{2}$/.test(code)) return plain("No such ship", 404);
  let svg: string | null;
  try {
    svg = await shipImage(code);
  } catch {
    // The catalogue is down, slow or answered something else: try again later, not a 500.
    return plain("The ship image is not available right now.", 503);
  }
  if (svg === null) return plain("No such ship", 404);
  return new Response(svg, { headers: IMAGE_HEADERS });
}

/** Nothing is sent to an image: 405, said here rather than by Remix's logged "no action" error. */
export function action() {
  return new Response("Method not allowed", {
    status: 405,
    headers: { allow: "GET, HEAD", "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
  });
}
