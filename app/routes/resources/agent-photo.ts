import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAgent } from "~/server/auth/auth.server";
import { imageAction } from "~/server/infra/public-svg.server";
import { agentPhotoResponse } from "~/server/profile/agent-photo.server";

/**
 * /agent-photos/{agentId}.jpg?v={version}: an uploaded photo (the header's avatar, the profile's
 * picture) on the portal's own origin, the signed-in agent's own only. GET and HEAD only.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { profile } = await requireAgent(request, { beforeLegacyVisit: true });
  return agentPhotoResponse(profile, params.file ?? "", new URL(request.url).searchParams.get("v") ?? "");
}

export const action = imageAction;
