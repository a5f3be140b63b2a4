import { plainText } from "~/server/infra/responses.server";
import type { UserProfile } from "~/server/clients/api.server";
import { agentPhoto } from "~/server/clients/agency.server";

/**
 * An uploaded photo (`{agentId}.jpg`, `v` naming the upload) on the portal's own origin: the
 * browser cannot reach the upstream in production and the CSP allows images only from this site
 * (and https:). The signed-in agent's own photo only; the current one is kept by the browser for
 * good (`private`: never by a shared cache).
 */
export async function agentPhotoResponse(
  profile: Pick<UserProfile, "agentId">,
  fileName: string,
  version: string,
): Promise<Response> {
  const file = /^([\w-]{1,40})\.jpg$/.exec(fileName);
  if (!file || !/^\d{1,12}$/.test(version)) return plainText("No such photo", 404);
  // The portal shows an agent only their own photo (the header, the profile): no one else's is served.
  if (file[1] !== profile.agentId) return plainText("No such photo", 404);
  let photo: Awaited<ReturnType<typeof agentPhoto>>;
  try {
    photo = await agentPhoto(file[1]!, version);
  } catch {
    return plainText("The photo is not available right now.", 503);
  }
  if (!photo) return plainText("No such photo", 404);
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
