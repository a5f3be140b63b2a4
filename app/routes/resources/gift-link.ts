import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireAgent } from "~/server/auth/auth.server";
import { pageLocale } from "~/server/shell/preferences.server";
import { redirect } from "~/server/infra/responses.server";
import { giftLinkPage } from "~/server/shell/gift-link.server";

/** GET /gift-link is not the way in: the sidebar's gift link posts. */
export const loader = (_: LoaderFunctionArgs) => redirect("/home");

/** POST /gift-link (the public gift link): the gift service's page, in the tab the sidebar's form opened. */
export async function action({ request }: ActionFunctionArgs) {
  const { profile } = await requireAgent(request);
  return giftLinkPage(profile, await pageLocale(request));
}
