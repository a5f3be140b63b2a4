/**
 * The agent's photo: the upload's limits and checks, and the messages the profile and
 * welcome pages show for each outcome. Pure rules, shared by the upload route, the form and tests.
 */

/** The largest photo the upstream takes (`PUT /agents/{id}/photo`, 413 above it). */
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

/** The one path that takes an upload; every other path keeps the 64 KB form limit. */
export const PHOTO_UPLOAD_PATH = "/profile/photo";

/**
 * The largest request body of the upload path: the photo plus room for the multipart framing and the
 * form's few small fields (domain/body-limits gives it to the upload path).
 */
export const PHOTO_BODY_LIMIT = MAX_PHOTO_BYTES + 64 * 1024;

export const PHOTO_TYPES = ["image/jpeg", "image/png"] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];

/**
 * What the bytes are, by their magic numbers, not by what the browser declared: JPEG starts
 * FF D8 FF, PNG with its eight-byte signature. Anything else is null.
 */
export function sniffPhotoType(bytes: Uint8Array): PhotoType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= png.length && png.every((b, i) => bytes[i] === b)) return "image/png";
  return null;
}

/** What came of an upload or removal; the page without JavaScript gets it as `?photo=`. */
export const PHOTO_OUTCOMES = {
  saved: "Your new photo is saved.",
  removed: "Your photo is removed.",
  missing: "Choose a photo to upload.",
  "not-image": "The photo must be a JPEG or PNG image.",
  "too-large": "The photo is larger than 5 MB. Please choose a smaller one.",
  unreadable: "The photo could not be read. Please choose another JPEG or PNG image.",
  unsent: "The photo could not be sent. Please reload the page and try again.",
  failed: "Error updating agent information",
} as const;
export type PhotoOutcome = keyof typeof PHOTO_OUTCOMES;

export const isPhotoOutcome = (value: unknown): value is PhotoOutcome =>
  typeof value === "string" && Object.hasOwn(PHOTO_OUTCOMES, value);

/** Whether an outcome is a success (a status message) rather than an error (an alert). */
export const photoSucceeded = (outcome: PhotoOutcome) => outcome === "saved" || outcome === "removed";

/**
 * The page an upload without JavaScript returns to, with the outcome as `?photo=`: /welcome (keeping
 * its `redirectTo`, where sign-in goes on to) or /profile/info, whatever else was asked for.
 */
export function photoReturnPath(returnTo: string | null | undefined, outcome: PhotoOutcome): string {
  const params = new URLSearchParams();
  let path = "/profile/info";
  if (returnTo?.startsWith("/") && !returnTo.startsWith("//") && !returnTo.startsWith("/\\")) {
    try {
      const url = new URL(returnTo, "http://portal.invalid");
      if (url.origin === "http://portal.invalid" && url.pathname === "/welcome") {
        path = "/welcome";
        const onward = url.searchParams.get("redirectTo");
        if (onward) params.set("redirectTo", onward);
      }
    } catch {
      // not a path: the profile page
    }
  }
  params.set("photo", outcome);
  return `${path}?${params}`;
}

/** Up to two initials for the avatar of an agent without a photo ("Olivia Bennett" → "OB"). */
export function initialsOf(firstName: string, lastName: string, fallback = ""): string {
  const letter = (s: string) => Array.from(s.trim())[0]?.toLocaleUpperCase("en") ?? "";
  const initials = letter(firstName) + letter(lastName);
  return initials || letter(fallback);
}
