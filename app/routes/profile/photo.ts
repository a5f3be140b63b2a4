import type { ActionFunctionArgs } from "@remix-run/node";
import { requireAgent } from "~/server/auth/auth.server";
import { redirect } from "~/server/infra/responses.server";
import { photoForm } from "~/server/profile/photo-upload.server";

/**
 * POST /profile/photo: the agent's photo, uploaded or removed, from /profile/info and
 * /welcome. The one path with a body limit above 64 KB (5 MB and the multipart framing, in the front
 * door and in the guard); the body is read as it streams (Remix's multipart parser with an upload
 * handler that keeps the photo in memory only up to 5 MB).
 * The bytes must be a JPEG or PNG by their magic numbers; the upstream resizes and stores them.
 * A plain form post goes back to its page with the outcome (`?photo=`); Remix's fetch gets it as data.
 * Every refusal is a message beside the form, never an error page.
 */
export async function action({ request }: ActionFunctionArgs) {
  const agent = await requireAgent(request);
  return photoForm(request, agent);
}

/** Nothing to show here: the photo form lives on /profile/info. */
export function loader() {
  return redirect("/profile/info");
}
