import { PHOTO_BODY_LIMIT, PHOTO_UPLOAD_PATH } from "~/domain/agent-photo";

/**
 * The one path that takes an upload (the profile photo: 5 MB and room for the multipart framing), by
 * its plain-form and single-fetch spellings; any other spelling of the path gets the form limit.
 */
export const UPLOAD_BODY_LIMITS: ReadonlyMap<string, number> = new Map([
  [PHOTO_UPLOAD_PATH, PHOTO_BODY_LIMIT],
  [`${PHOTO_UPLOAD_PATH}.data`, PHOTO_BODY_LIMIT],
]);

/**
 * The largest body a request may carry: `formLimit` (FORM_BODY_LIMIT_KB), or an upload path's own for
 * a post there. The portal's server refuses a larger body before Remix reads it; actions check again.
 */
export function bodyLimitFor(method: string, url: string, formLimit: number): number {
  if (method !== "POST") return formLimit;
  const path = url.split("?")[0] ?? "";
  return Math.max(formLimit, UPLOAD_BODY_LIMITS.get(path) ?? 0);
}

/** Whether a request is a post to an upload path (its 413 is said as the photo form says it). */
export const isUploadPost = (method: string, url: string): boolean =>
  method === "POST" && UPLOAD_BODY_LIMITS.has(url.split("?")[0] ?? "");
