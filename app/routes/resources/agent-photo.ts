import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAgent } from "~/server/auth/auth.server";
import { agentPhoto } from "~/server/clients/agency.server";
import { imageAction } from "~/server/infra/public-svg.server";

const plain = (text: string, status: number) =>
  new Response(text, {
    status,
    headers: {
      "content-type": "text/plain; charset=utf-8",
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });

/**
 * /agent-photos/{agentId}.jpg?v={version}: an uploaded photo (the header's avatar, the profile's
 * picture) on the portal's own origin. The upstream serves it, but the browser cannot reach the
 * upstream in production and the CSP allows images only from this site (and https:). The signed-in
 * agent's own photo only; `v` names the upload, so the current one is kept by the browser for good
 * (`private`: never by a shared cache). GET and HEAD only.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { profile } = await requireAgent(request, { beforeLegacyVisit: true });
  const file = /^([\w-]{1,40})\.jpg$/.exec(params.file ?? "");
  const version = new URL(request.url).searchParams.get("v") ?? "";
  if (!file || !/^\d{1,12}$/.test(version)) return plain("No such photo", 404);
  // The portal shows an agent only their own photo (the header, the profile): no one else's is served.
  if (file[1] !== profile.agentId) return plain("No such photo", 404);
  let photo: Awaited<ReturnType<typeof agentPhoto>>;
  try {
    photo = await agentPhoto(file[1]!, version);
  } catch {
    return plain("The photo is not available right now.", 503);
  }
  if (!photo) return plain("No such photo", 404);
  return new Response(photo.bytes, {
    headers: {
      "content-type": "image/jpeg",
      "content-length": String(photo.bytes.byteLength),
      "cache-control": photo.immutable ? "private, max-age=31536000, immutable" : "private, no-cache",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'",
      "cross-origin-resource-policy": "same-origin",
    },
  });
}

export const action = imageAction;
