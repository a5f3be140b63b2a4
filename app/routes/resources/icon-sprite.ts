import { iconSprite } from "~/server/shell/icons.server";

/**
 * /icons.svg: the icon sprite every page's icons `<use>`. Public drawings; the address carries a
 * hash of the icon set, so the browser keeps it a day and a new set is a new address. No script can
 * run in it, and it loads nothing.
 */
export function loader() {
  return new Response(iconSprite(), {
    headers: {
      "content-type": "image/svg+xml; charset=utf-8",
      "cache-control": "public, max-age=86400",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'",
      "cross-origin-resource-policy": "same-origin",
    },
  });
}
