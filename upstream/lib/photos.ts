import sharp from "sharp";
import { ApiError } from "./errors";

/** The largest photo upload (`PUT /agents/{id}/photo`); the rest of the API keeps its 64 KB. */
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
/** Stored photos fit in this square (aspect ratio kept, never enlarged). */
export const PHOTO_MAX_SIDE = 400;
/** The media types an upload may declare. */
export const PHOTO_TYPES = ["image/jpeg", "image/png"] as const;
/** More pixels than this is refused before decoding (a small file can claim a huge picture). */
const MAX_INPUT_PIXELS = 40_000_000;

export type StoredPhoto = { image: Buffer; width: number; height: number };

export const invalidImage = (message = "The photo must be a JPEG or PNG image.") =>
  new ApiError(400, "INVALID_IMAGE", message);

/** The media type of a content-type header, lower case, without parameters. */
export function mediaTypeOf(contentType: string | undefined): string {
  return (contentType ?? "").split(";")[0]!.trim().toLowerCase();
}

/**
 * Decodes a JPEG or PNG upload, turns it upright (EXIF orientation), fits it in 400 × 400 and re-encodes
 * it as a JPEG on white (transparent PNG areas), without metadata. Anything else throws 400 INVALID_IMAGE.
 */
export async function processPhoto(bytes: Uint8Array): Promise<StoredPhoto> {
  if (bytes.byteLength === 0) throw invalidImage("The photo is empty.");
  let format: string | undefined;
  try {
    format = (await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    throw invalidImage();
  }
  if (format !== "jpeg" && format !== "png") throw invalidImage();
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
      .rotate()
      .resize(PHOTO_MAX_SIDE, PHOTO_MAX_SIDE, { fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 85 })
      .toBuffer({ resolveWithObject: true });
    return { image: data, width: info.width, height: info.height };
  } catch {
    throw invalidImage("The photo could not be read. Please try another image.");
  }
}
