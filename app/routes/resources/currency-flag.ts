import type { LoaderFunctionArgs } from "@remix-run/node";
import { currencyByCode } from "~/server/reference/currencies.server";

/**
 * A currency's flag as an image. The reference list keeps every flag as a base64 PNG;
 * serving each on its own address lets a picker show the chosen currency's flag, cached by the
 * browser, without the page carrying all of them.
 */
export function loader({ params }: LoaderFunctionArgs) {
  const currency = currencyByCode(params.code ?? "");
  if (!currency) return new Response("No such currency", { status: 404, headers: { "content-type": "text/plain" } });
  const png = Buffer.from(currency.flag.slice(currency.flag.indexOf(",") + 1), "base64");
  return new Response(png, {
    headers: {
      "content-type": "image/png",
      "cache-control": "public, max-age=86400",
      "x-content-type-options": "nosniff",
    },
  });
}
